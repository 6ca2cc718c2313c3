import { mapAuthError, signIn } from '@atelier/platform';
import { Banner, Button, Field, Input } from '@atelier/ui';
import { useState, type FormEvent } from 'react';

import { AUTH_PAGE_MESSAGES as M } from './messages';
import { destinationAfterSignIn, setPostAuthDestination } from './post-auth';

export function LoginForm({ initialEmail = '', notice }: { initialEmail?: string; notice?: string | null }) {
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitting(true);
    setError(null);
    setPostAuthDestination(destinationAfterSignIn(email));
    try {
      await signIn(email, password);
    } catch (failure) {
      setError(mapAuthError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={M.loginTitle}>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      <Field label={M.email} htmlFor="login-email">
        <Input
          id="login-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field label={M.password} htmlFor="login-password">
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" $block disabled={submitting}>
        {submitting ? M.loggingIn : M.login}
      </Button>
    </form>
  );
}
