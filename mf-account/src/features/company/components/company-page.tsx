// /company: the company details printed on quotes and invoices (key companyInfo).
import { DEFAULT_COMPANY_INFO, companyInfoStore, useStoredValue } from '@atelier/storage';
import { Banner, Card, Field, Input, PageTitle, SaveButton, TextArea } from '@atelier/ui';
import { getAuthState, getProfile } from '@atelier/platform';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import styled from 'styled-components';

import {
  REQUIRED_FIELDS,
  isCompanyUnset,
  prefillFromSignUp,
  type SignUpCompanyDetails,
  toCompanyInfo,
  toFormValues,
  validateCompanyField,
  validateCompanyForm,
  type CompanyField,
  type CompanyFormErrors,
  type CompanyFormValues,
} from '../model/company-form';
import { companyMessages as m } from '../messages';
import { LogoField } from './logo-field';

const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  column-gap: 1rem;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    grid-template-columns: 1fr;
  }
  .wide {
    grid-column: 1 / -1;
  }
`;

const SectionTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin: 0 0 1rem;
  color: ${({ theme }) => theme.colors.primary};
`;

const Intro = styled.p`
  margin: -0.5rem 0 1rem;
  color: ${({ theme }) => theme.colors.muted};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
`;

/** Required mark drawn by CSS, so the label's accessible name stays the field name (aria-required says it). */
const RequiredLabel = styled.span`
  &::after {
    content: ' *';
    color: ${({ theme }) => theme.colors.danger};
  }
`;

type TextField = Exclude<CompanyField, 'logo' | 'vatRegime' | 'vatOnDebits' | 'operationNature'>;

const INPUT_TYPES: Partial<
  Record<TextField, { type: string; autoComplete?: string; inputMode?: 'tel' | 'email' | 'url' | 'numeric' }>
> = {
  name: { type: 'text', autoComplete: 'organization' },
  phone: { type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  email: { type: 'email', autoComplete: 'email', inputMode: 'email' },
  website: { type: 'url', autoComplete: 'url', inputMode: 'url' },
  siret: { type: 'text', inputMode: 'numeric' },
};

/** The signed-in user's sign-up details (profile row + account email); null when signed out or unreadable. */
export async function loadSignUpDetails(): Promise<SignUpCompanyDetails | null> {
  const user = getAuthState().user;
  if (!user) return null;
  const profile = await getProfile(user.id).catch(() => null);
  return {
    companyName: profile?.companyName,
    address: profile?.address,
    phone: profile?.phone,
    siret: profile?.siret,
    email: user.email ?? undefined,
  };
}

export interface CompanyPageProps {
  /** Where the first visit's pre-filled details come from (tests pass their own). */
  signUpDetails?: () => Promise<SignUpCompanyDetails | null>;
}

export function CompanyPage({ signUpDetails = loadSignUpDetails }: CompanyPageProps = {}) {
  const stored = useStoredValue(companyInfoStore);
  const [values, setValues] = useState<CompanyFormValues>(() => toFormValues(stored));
  const [errors, setErrors] = useState<CompanyFormErrors>({});
  const [touched, setTouched] = useState<Partial<Record<CompanyField, boolean>>>({});
  const [banner, setBanner] = useState<string | null>(null);
  const [prefilled, setPrefilled] = useState(false);
  // Whether the user typed since the form last took the stored value: until then, a stored value arriving later
  // (the sync pulling the details saved at sign-up on another device or by the server) replaces the form's.
  const edited = useRef(false);
  useEffect(() => {
    if (edited.current || isCompanyUnset(stored)) return;
    setValues(toFormValues(stored));
    setPrefilled(false);
  }, [stored]);

  // First visit after sign-up: offer what the sign-up form collected; nothing is stored until the user saves.
  useEffect(() => {
    if (!isCompanyUnset(companyInfoStore.get())) return undefined;
    let cancelled = false;
    signUpDetails()
      .then((details) => {
        if (cancelled || !details) return;
        // Only empty fields are filled, so anything typed meanwhile stays.
        setValues((prev) => prefillFromSignUp(prev, details).values);
        setPrefilled(prefillFromSignUp(toFormValues(DEFAULT_COMPANY_INFO), details).filled);
      })
      .catch(() => {
        /* Offline or no profile yet: the form simply starts empty. */
      });
    return () => {
      cancelled = true;
    };
  }, [signUpDetails]);

  const set = (field: CompanyField, value: string) => {
    edited.current = true;
    const next = { ...values, [field]: value };
    setValues(next);
    setBanner(null);
    if (touched[field] || errors[field]) setErrors((prev) => ({ ...prev, [field]: validateCompanyField(field, next) }));
  };

  const blur = (field: CompanyField) => {
    setTouched((prev) => ({ ...prev, [field]: true }));
    setErrors((prev) => ({ ...prev, [field]: validateCompanyField(field, values) }));
  };

  const save = async () => {
    setBanner(null);
    const found = validateCompanyForm(values);
    setErrors(found);
    const firstInvalid = (Object.keys(found) as CompanyField[])[0];
    if (firstInvalid) {
      setBanner(m.errors.fixFields);
      document.getElementById(`company-${firstInvalid}`)?.focus();
      throw new Error('invalid company form');
    }
    const result = companyInfoStore.set(toCompanyInfo(values));
    if (!result.ok) {
      setBanner(`${m.saveError} ${result.message}`);
      throw new Error(result.message);
    }
    setValues(toFormValues(companyInfoStore.get()));
    setPrefilled(false);
    edited.current = false;
  };

  const text = (field: TextField, options: { wide?: boolean; multiline?: boolean; hint?: string } = {}) => {
    const id = `company-${field}`;
    const required = REQUIRED_FIELDS.includes(field);
    const input = INPUT_TYPES[field];
    const common = {
      id,
      name: field,
      value: values[field],
      'aria-invalid': errors[field] ? true : undefined,
      'aria-required': required || undefined,
      'aria-describedby': errors[field] ? `${id}-error` : undefined,
      onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(field, e.target.value),
      onBlur: () => blur(field),
    };
    return (
      <div className={options.wide ? 'wide' : undefined}>
        <Field
          htmlFor={id}
          label={required ? <RequiredLabel>{m.labels[field]}</RequiredLabel> : m.labels[field]}
          hint={options.hint}
          error={errors[field] ?? null}
        >
          {options.multiline ? (
            <TextArea {...common} rows={3} />
          ) : (
            <Input
              {...common}
              type={input?.type ?? 'text'}
              autoComplete={input?.autoComplete}
              inputMode={input?.inputMode}
            />
          )}
        </Field>
      </div>
    );
  };

  return (
    <div>
      <PageTitle>{m.title}</PageTitle>
      <Intro>
        {m.intro} {m.requiredNote}
      </Intro>
      {prefilled && <Banner tone="info">{m.prefilled}</Banner>}
      {banner && <Banner tone="error">{banner}</Banner>}
      <form noValidate aria-label={m.title} onSubmit={(e) => e.preventDefault()}>
        <Card>
          <SectionTitle>{m.sections.identity}</SectionTitle>
          <Grid>
            {text('name', { wide: true })}
            {text('address', { wide: true, multiline: true })}
            {text('phone')}
            {text('email')}
            {text('website', { hint: m.hints.website })}
            {text('siret', { hint: m.hints.siret })}
            {text('tva', { hint: m.hints.tva })}
          </Grid>
        </Card>
        <Card>
          <SectionTitle>{m.sections.vat}</SectionTitle>
          <Grid>
            <div className="wide">
              <Field htmlFor="company-vatRegime" label={m.labels.vatRegime} hint={m.hints.vatRegime}>
                <select
                  id="company-vatRegime"
                  name="vatRegime"
                  value={values.vatRegime}
                  onChange={(e) => set('vatRegime', e.target.value)}
                >
                  <option value="assujetti">{m.vatRegimes.assujetti}</option>
                  <option value="franchise">{m.vatRegimes.franchise}</option>
                </select>
              </Field>
            </div>
            {values.vatRegime !== 'franchise' && (
              <div className="wide">
                <label>
                  <input
                    type="checkbox"
                    name="vatOnDebits"
                    checked={values.vatOnDebits === 'true'}
                    onChange={(e) => set('vatOnDebits', e.target.checked ? 'true' : '')}
                  />{' '}
                  {m.labels.vatOnDebits}
                </label>
              </div>
            )}
            <div>
              <Field htmlFor="company-operationNature" label={m.labels.operationNature}>
                <select
                  id="company-operationNature"
                  name="operationNature"
                  value={values.operationNature}
                  onChange={(e) => set('operationNature', e.target.value)}
                >
                  <option value="services">{m.operationNatures.services}</option>
                  <option value="biens">{m.operationNatures.biens}</option>
                  <option value="mixte">{m.operationNatures.mixte}</option>
                </select>
              </Field>
            </div>
            {text('legalForm', { hint: m.hints.legalForm })}
            {text('capital')}
            {text('registration', { hint: m.hints.registration })}
          </Grid>
        </Card>
        <Card>
          <SectionTitle>{m.sections.bank}</SectionTitle>
          <Grid>
            {text('bank', { wide: true })}
            {text('iban')}
            {text('bic')}
          </Grid>
        </Card>
        <Card>
          <SectionTitle>{m.sections.insurance}</SectionTitle>
          <Intro>{m.hints.insurance}</Intro>
          <Grid>
            {text('insuranceName', { hint: m.hints.insuranceName })}
            {text('insurer')}
            {text('insurerAddress', { wide: true, multiline: true })}
            {text('insuranceCoverage', { hint: m.hints.insuranceCoverage })}
          </Grid>
        </Card>
        <Card>
          <SectionTitle>{m.sections.logo}</SectionTitle>
          <LogoField value={values.logo} onChange={(dataUrl) => set('logo', dataUrl)} />
        </Card>
        <Card>
          <SectionTitle>{m.sections.footer}</SectionTitle>
          {text('footer', { multiline: true, hint: m.hints.footer })}
        </Card>
        <Actions>
          <SaveButton onSave={save}>{m.save}</SaveButton>
        </Actions>
      </form>
    </div>
  );
}
