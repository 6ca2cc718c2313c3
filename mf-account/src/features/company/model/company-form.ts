// The company form: flat values, validation (SPEC.md §5: name, address, phone, email and SIRET required,
// website must be a URL) and the conversion to and from the stored CompanyInfo.
import {
  OPERATION_NATURES,
  VAT_REGIMES,
  companyVatRegime,
  normaliseBic,
  normaliseIban,
  normaliseSiret as validSiret,
  normaliseVatNumber,
  type CompanyInfo,
} from '@atelier/domain';

import { companyMessages } from '../messages';

const e = companyMessages.errors;

export interface CompanyFormValues {
  name: string;
  address: string;
  phone: string;
  email: string;
  website: string;
  siret: string;
  tva: string;
  bank: string;
  iban: string;
  bic: string;
  logo: string;
  footer: string;
  insuranceName: string;
  insurer: string;
  insurerAddress: string;
  insuranceCoverage: string;
  /** 'assujetti' | 'franchise' (explicit; a company that never chose is shown as assujetti, the domain default). */
  vatRegime: string;
  /** 'true' when the débits option is taken. */
  vatOnDebits: string;
  legalForm: string;
  capital: string;
  registration: string;
  /** 'services' | 'biens' | 'mixte'. */
  operationNature: string;
}

export type CompanyField = keyof CompanyFormValues;
export type CompanyFormErrors = Partial<Record<CompanyField, string>>;

export const REQUIRED_FIELDS: readonly CompanyField[] = ['name', 'address', 'phone', 'email', 'siret'];

export function toFormValues(info: CompanyInfo): CompanyFormValues {
  return {
    name: info.name ?? '',
    address: info.address ?? '',
    phone: info.phone ?? '',
    email: info.email ?? '',
    website: info.website ?? '',
    siret: info.siret ?? '',
    tva: info.tva ?? '',
    bank: info.rib?.bank ?? '',
    iban: info.rib?.iban ?? '',
    bic: info.rib?.bic ?? '',
    logo: info.logo ?? '',
    footer: info.footer ?? '',
    insuranceName: info.insurance?.name ?? '',
    insurer: info.insurance?.insurer ?? '',
    insurerAddress: info.insurance?.address ?? '',
    insuranceCoverage: info.insurance?.coverage ?? '',
    vatRegime: companyVatRegime(info),
    vatOnDebits: info.vatOnDebits ? 'true' : '',
    legalForm: info.legalForm ?? '',
    capital: info.capital ?? '',
    registration: info.registration ?? '',
    operationNature: info.operationNature ?? 'services',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function digits(value: string): string {
  return value.replace(/[\s.\-/]/g, '');
}

/** French phone: 10 digits starting with 0, or +33 / 0033 followed by 9 digits. */
export function isValidPhone(value: string): boolean {
  const d = digits(value).replace(/^(\+33|0033)/, '0');
  return /^0[1-9]\d{8}$/.test(d);
}

/** A web address: http(s) URL, or a bare domain such as « www.exemple.fr » (https:// is added on save). */
export function normaliseWebsite(value: string): string | null {
  const v = value.trim();
  if (!v) return '';
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(v) ? v : `https://${v}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) || /\s/.test(v)) return null;
    return candidate;
  } catch {
    return null;
  }
}

export function normaliseSiret(value: string): string {
  return value.replace(/\s/g, '');
}

/** IBAN with its country length and ISO 13616 mod-97 check (@atelier/domain, also used by the public page). */
export function isValidIban(value: string): boolean {
  return normaliseIban(value) !== null;
}

export function isValidBic(value: string): boolean {
  return normaliseBic(value) !== null;
}

/** FR + 2-character key + 9-digit SIREN, or another EU number (2 letters then 2–13 characters). */
export function isValidVatNumber(value: string): boolean {
  const v = value.replace(/\s/g, '').toUpperCase();
  if (v.startsWith('FR')) return /^FR[0-9A-Z]{2}\d{9}$/.test(v);
  return /^[A-Z]{2}[0-9A-Z]{2,13}$/.test(v);
}

export function validateCompanyField(field: CompanyField, values: CompanyFormValues): string | undefined {
  const v = values[field].trim();
  switch (field) {
    case 'name':
      return v ? undefined : e.nameRequired;
    case 'address':
      return v ? undefined : e.addressRequired;
    case 'phone':
      if (!v) return e.phoneRequired;
      return isValidPhone(v) ? undefined : e.phoneInvalid;
    case 'email':
      if (!v) return e.emailRequired;
      return EMAIL.test(v) ? undefined : e.emailInvalid;
    case 'website':
      return normaliseWebsite(v) === null ? e.websiteInvalid : undefined;
    case 'siret':
      if (!v) return e.siretRequired;
      // The Luhn key of the SIRET and the French VAT key are checked by @atelier/domain (issue 28).
      return validSiret(v) ? undefined : e.siretInvalid;
    case 'tva':
      return !v || normaliseVatNumber(v) ? undefined : e.tvaInvalid;
    case 'iban':
      return !v || isValidIban(v) ? undefined : e.ibanInvalid;
    case 'bic':
      return !v || isValidBic(v) ? undefined : e.bicInvalid;
    default:
      return undefined;
  }
}

export const FORM_FIELDS: readonly CompanyField[] = [
  'name',
  'address',
  'phone',
  'email',
  'website',
  'siret',
  'tva',
  'bank',
  'iban',
  'bic',
  'logo',
  'footer',
  'insuranceName',
  'insurer',
  'insurerAddress',
  'insuranceCoverage',
  'vatRegime',
  'vatOnDebits',
  'legalForm',
  'capital',
  'registration',
  'operationNature',
];

export function validateCompanyForm(values: CompanyFormValues): CompanyFormErrors {
  const errors: CompanyFormErrors = {};
  for (const field of FORM_FIELDS) {
    const error = validateCompanyField(field, values);
    if (error) errors[field] = error;
  }
  return errors;
}

/** Stored shape (key companyInfo), trimmed and normalised. Call only on valid values. */
export function toCompanyInfo(values: CompanyFormValues): CompanyInfo {
  const upper = (s: string) => s.replace(/\s+/g, ' ').trim().toUpperCase();
  const insurance = {
    name: values.insuranceName.trim(),
    insurer: values.insurer.trim(),
    address: values.insurerAddress.trim(),
    coverage: values.insuranceCoverage.trim(),
  };
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    phone: values.phone.trim(),
    email: values.email.trim().toLowerCase(),
    website: normaliseWebsite(values.website) ?? values.website.trim(),
    siret: normaliseSiret(values.siret),
    tva: values.tva.replace(/\s/g, '').toUpperCase(),
    rib: { bank: values.bank.trim(), iban: upper(values.iban), bic: values.bic.replace(/\s/g, '').toUpperCase() },
    logo: values.logo,
    footer: values.footer.trim(),
    ...(Object.values(insurance).some(Boolean) ? { insurance } : {}),
    vatRegime: (VAT_REGIMES as readonly string[]).includes(values.vatRegime)
      ? (values.vatRegime as (typeof VAT_REGIMES)[number])
      : 'assujetti',
    vatOnDebits: values.vatOnDebits === 'true',
    ...(values.legalForm.trim() ? { legalForm: values.legalForm.trim() } : {}),
    ...(values.capital.trim() ? { capital: values.capital.trim() } : {}),
    ...(values.registration.trim() ? { registration: values.registration.trim() } : {}),
    operationNature: (OPERATION_NATURES as readonly string[]).includes(values.operationNature)
      ? (values.operationNature as (typeof OPERATION_NATURES)[number])
      : 'services',
  };
}

/** What the sign-up form collected about the company (the profile, plus the account's email). */
export interface SignUpCompanyDetails {
  companyName?: string;
  address?: string;
  phone?: string;
  email?: string;
  siret?: string;
}

/** True while nothing has been saved on /company yet: the first visit, when sign-up details are offered. */
export function isCompanyUnset(info: CompanyInfo): boolean {
  return REQUIRED_FIELDS.every((field) => !(toFormValues(info)[field] ?? '').trim());
}

/** Fills the empty fields with the sign-up details; returns the values and whether anything was filled. */
export function prefillFromSignUp(
  values: CompanyFormValues,
  details: SignUpCompanyDetails,
): { values: CompanyFormValues; filled: boolean } {
  const next = { ...values };
  let filled = false;
  const pairs: [CompanyField, string | undefined][] = [
    ['name', details.companyName],
    ['address', details.address],
    ['phone', details.phone],
    ['email', details.email],
    ['siret', details.siret],
  ];
  for (const [field, value] of pairs) {
    const v = value?.trim();
    if (v && !next[field].trim()) {
      next[field] = v;
      filled = true;
    }
  }
  return { values: next, filled };
}
