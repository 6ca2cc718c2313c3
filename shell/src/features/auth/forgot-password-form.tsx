// « Mot de passe oublié ? »: asks the backend to mail a reset link (POST /recover). The answer never reveals
// whether the address has an account.
import { mapAuthError, requestPasswordReset } from '@atelier/platform';
import { Banner, Button, Field, Input } from '@atelier/ui';
import { useState, type FormEvent } from 'react';

import { AUTH_PAGE_MESSAGES as M } from './messages';

export const RESET_PASSWORD_PATH = '/auth/nouveau-mot-de-passe';

export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    try {
      await requestPasswordReset(email, `${window.location.origin}${RESET_PASSWORD_PATH}`);
      setSent(true);
    } catch (failure) {
      setError(mapAuthError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={M.forgotTitle}>
      <p>{M.forgotIntro}</p>
      {sent ? <Banner tone="success">{M.resetLinkSent}</Banner> : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      <Field label={M.email} htmlFor="forgot-email">
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Button type="submit" $block disabled={submitting}>
        {submitting ? M.sendingResetLink : M.sendResetLink}
      </Button>
    </form>
  );
}
