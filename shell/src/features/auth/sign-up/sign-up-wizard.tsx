// The 4-step sign-up (SPEC §2 Auth): account, identity, address, plan.
import type { PlanId } from '@atelier/domain/src/plans';
import { AUTH_MESSAGES, AuthFailure, signUp } from '@atelier/platform';
import { Banner, Button, Field, Input } from '@atelier/ui';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';

import { AUTH_PAGE_MESSAGES as M } from '../messages';
import { rememberPendingCheckout, setPostAuthDestination } from '../post-auth';
import { AddressAutocomplete } from './address-autocomplete';
import { PlanCards } from './plan-cards';
import {
  EMPTY_DRAFT,
  finalButtonLabel,
  isPaidPlan,
  validateStep,
  type SignUpDraft,
  type SignUpErrors,
  type SignUpStep,
} from './sign-up-model';

const Actions = styled.div`
  display: flex;
  gap: 0.75rem;
  justify-content: space-between;
  flex-wrap: wrap;
  margin-top: 0.5rem;
  button:last-child {
    margin-left: auto;
  }
`;

export interface SignUpWizardProps {
  step: SignUpStep;
  onStepChange: (step: SignUpStep) => void;
  /** The account exists but its email must be confirmed before signing in. */
  onNeedsConfirmation: (email: string) => void;
}

export function SignUpWizard({ step, onStepChange, onNeedsConfirmation }: SignUpWizardProps) {
  const [draft, setDraft] = useState<SignUpDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<SignUpErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = <K extends keyof SignUpDraft>(key: K, value: SignUpDraft[K]) => {
    setDraft((prev) => ({ ...prev, [key]: value }));
    setErrors((prev) => ({ ...prev, [key]: undefined }));
  };

  const text = (key: Exclude<keyof SignUpDraft, 'plan'>, label: string, type = 'text', autoComplete?: string) => (
    <Field label={label} htmlFor={`signup-${key}`} error={errors[key]}>
      <Input
        id={`signup-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={draft[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `signup-${key}-error` : undefined}
        onChange={(event) => set(key, event.target.value)}
      />
    </Field>
  );

  const submit = async () => {
    setSubmitting(true);
    setFailure(null);
    const plan = draft.plan as PlanId;
    // A paid plan continues to the payment: /account opens the checkout of that plan once signed in.
    setPostAuthDestination(isPaidPlan(plan) ? `/account?checkout=${plan}` : '/');
    try {
      const result = await signUp({
        email: draft.email,
        password: draft.password,
        firstName: draft.firstName,
        lastName: draft.lastName,
        companyName: draft.companyName,
        phone: draft.phone,
        address: draft.address,
        siret: draft.siret.replace(/\s/g, ''),
      });
      if (result.needsConfirmation) {
        setPostAuthDestination(null);
        if (plan === 'pro' || plan === 'enterprise') rememberPendingCheckout(draft.email, plan);
        onNeedsConfirmation(draft.email.trim());
      }
    } catch (error) {
      setPostAuthDestination(null);
      const message =
        error instanceof AuthFailure && error.message !== AUTH_MESSAGES.generic ? error.message : M.createFailed;
      setFailure(message);
      // Errors about the email or password belong to step 1.
      if (error instanceof AuthFailure && /email|password|credentials|weak|exists/i.test(error.code ?? ''))
        onStepChange(1);
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateStep(step, draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    if (step < 4) {
      onStepChange((step + 1) as SignUpStep);
      return;
    }
    void submit();
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={M.signUpTitle(step)}>
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      {step === 1 ? (
        <>
          {text('email', M.email, 'email', 'email')}
          {text('password', M.password, 'password', 'new-password')}
          {text('confirmPassword', M.confirmPassword, 'password', 'new-password')}
        </>
      ) : null}
      {step === 2 ? (
        <>
          {text('companyName', M.companyName, 'text', 'organization')}
          {text('firstName', M.firstName, 'text', 'given-name')}
          {text('lastName', M.lastName, 'text', 'family-name')}
          {text('phone', M.phone, 'tel', 'tel')}
        </>
      ) : null}
      {step === 3 ? (
        <>
          <Field label={M.address} htmlFor="signup-address" hint={M.addressHint} error={errors.address}>
            <AddressAutocomplete
              id="signup-address"
              value={draft.address}
              onChange={(value) => set('address', value)}
            />
          </Field>
          {text('siret', M.siret, 'text')}
        </>
      ) : null}
      {step === 4 ? (
        <>
          <h2>{M.choosePlan}</h2>
          <PlanCards value={draft.plan} onChange={(plan) => set('plan', plan)} />
          {errors.plan ? <Banner tone="error">{errors.plan}</Banner> : null}
        </>
      ) : null}
      <Actions>
        {step > 1 ? (
          <Button $variant="secondary" onClick={() => onStepChange((step - 1) as SignUpStep)} disabled={submitting}>
            {M.back}
          </Button>
        ) : null}
        <Button type="submit" disabled={submitting}>
          {step < 4 ? M.continue : submitting ? M.creating : finalButtonLabel(draft.plan)}
        </Button>
      </Actions>
    </form>
  );
}
