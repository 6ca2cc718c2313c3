// Sign-up wizard data and per-step validation (SPEC §2 Auth, §4 Sign-up wizard, §5).
import type { PlanId } from '@atelier/domain/src/plans';

import { AUTH_PAGE_MESSAGES as M } from '../messages';

export interface SignUpDraft {
  email: string;
  password: string;
  confirmPassword: string;
  companyName: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  siret: string;
  plan: PlanId | null;
}

export type SignUpStep = 1 | 2 | 3 | 4;
export type SignUpErrors = Partial<Record<keyof SignUpDraft, string>>;

export const EMPTY_DRAFT: SignUpDraft = {
  email: '',
  password: '',
  confirmPassword: '',
  companyName: '',
  firstName: '',
  lastName: '',
  phone: '',
  address: '',
  siret: '',
  plan: null,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function required(draft: SignUpDraft, errors: SignUpErrors, keys: (keyof SignUpDraft)[]): void {
  for (const key of keys) {
    const value = draft[key];
    if (typeof value !== 'string' || value.trim() === '') errors[key] = M.required;
  }
}

/** Errors of one step; empty object = the step may be left. */
export function validateStep(step: SignUpStep, draft: SignUpDraft): SignUpErrors {
  const errors: SignUpErrors = {};
  switch (step) {
    case 1:
      required(draft, errors, ['email', 'password', 'confirmPassword']);
      if (!errors.email && !EMAIL.test(draft.email.trim())) errors.email = M.invalidEmail;
      if (!errors.confirmPassword && !errors.password && draft.password !== draft.confirmPassword) {
        errors.confirmPassword = M.passwordsDiffer;
      }
      break;
    case 2:
      required(draft, errors, ['companyName', 'firstName', 'lastName', 'phone']);
      break;
    case 3: {
      const siret = draft.siret.replace(/\s/g, '');
      if (siret && !/^\d{14}$/.test(siret)) errors.siret = M.invalidSiret;
      break;
    }
    case 4:
      if (!draft.plan) errors.plan = M.selectPlan;
      break;
  }
  return errors;
}

export function isPaidPlan(plan: PlanId | null): boolean {
  return plan === 'pro' || plan === 'enterprise';
}

export function finalButtonLabel(plan: PlanId | null): string {
  return isPaidPlan(plan) ? M.signUpPaid : M.signUpFree;
}
