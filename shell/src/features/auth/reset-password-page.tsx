// /auth/nouveau-mot-de-passe: where the reset link of the mail lands (through the backend's GET /verify, with
// the recovery session in the URL fragment). Installs the session, then asks for the new password.
import { mapAuthError, openRecoverySession, signOutEverywhere, updatePassword } from '@atelier/platform';
import { Banner, Button, Card, Field, Input, PageTitle } from '@atelier/ui';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import { AUTH_PAGE_MESSAGES as M } from './messages';

const Narrow = styled.div`
  max-width: 640px;
  margin: 0 auto;
`;

type LinkState = 'checking' | 'ready' | 'invalid' | 'done';

export function ResetPasswordPage() {
  const [state, setState] = useState<LinkState>('checking');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const navigate = useNavigate();

  useEffect(() => {
    const fragment = window.location.hash;
    // The tokens must not stay in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname);
    openRecoverySession(fragment).then(
      (ok) => setState(ok ? 'ready' : 'invalid'),
      () => setState('invalid'),
    );
  }, []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!password) return setError(M.required);
    if (password !== confirm) return setError(M.passwordsDiffer);
    setSubmitting(true);
    try {
      await updatePassword(password);
      setState('done');
    } catch (failure) {
      setError(mapAuthError(failure));
    } finally {
      setSubmitting(false);
    }
  };

  const onLogoutEverywhere = async () => {
    setError(null);
    try {
      await signOutEverywhere();
      navigate('/auth', { replace: true });
    } catch (failure) {
      console.error('[atelier] sign-out of every device failed', failure);
      setError(M.logoutFailed);
    }
  };

  return (
    <Narrow>
      <Card>
        <PageTitle>{M.resetTitle}</PageTitle>
        {state === 'checking' ? <p>{M.checkingLink}</p> : null}
        {state === 'invalid' ? (
          <>
            <Banner tone="error">{M.resetLinkInvalid}</Banner>
            <Link to="/auth">{M.backToLogin}</Link>
          </>
        ) : null}
        {state === 'done' ? (
          <>
            <Banner tone="success">{M.resetDone}</Banner>
            {error ? <Banner tone="error">{error}</Banner> : null}
            <p>{M.resetLogoutOffer}</p>
            <Button type="button" $variant="secondary" onClick={() => void onLogoutEverywhere()}>
              {M.logoutEverywhere}
            </Button>
            <p>
              <Link to="/">{M.toHome}</Link>
            </p>
          </>
        ) : null}
        {state === 'ready' ? (
          <form onSubmit={onSubmit} noValidate aria-label={M.resetFormLabel}>
            {error ? <Banner tone="error">{error}</Banner> : null}
            <Field label={M.newPassword} htmlFor="reset-password">
              <Input
                id="reset-password"
                type="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Field>
            <Field label={M.confirmPassword} htmlFor="reset-confirm">
              <Input
                id="reset-confirm"
                type="password"
                autoComplete="new-password"
                value={confirm}
                onChange={(e) => setConfirm(e.target.value)}
              />
            </Field>
            <Button type="submit" $block disabled={submitting}>
              {submitting ? M.savingNewPassword : M.saveNewPassword}
            </Button>
          </form>
        ) : null}
      </Card>
    </Narrow>
  );
}
