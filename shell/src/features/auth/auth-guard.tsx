// Route guards (SPEC §2, §8): protected routes need a valid session, /auth is for signed-out visitors.
import { isAuthenticated, useAuth } from '@atelier/platform';
import { Banner, Button, Spinner } from '@atelier/ui';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

import { SHELL_MESSAGES } from '../../messages';
import { peekPostAuthDestination, setPostAuthDestination } from './post-auth';

function GuardError({ reason }: { reason: string }) {
  return (
    <div>
      <Banner tone="error">{SHELL_MESSAGES.guardError(reason)}</Banner>
      <Button onClick={() => window.location.reload()}>{SHELL_MESSAGES.retry}</Button>
    </div>
  );
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const { pathname } = useLocation();
  // Re-check on navigation; the answer is cached for 5 s, so this costs one request at most per 5 s.
  const failed = !!auth.error;
  useEffect(() => {
    if (!failed) void isAuthenticated();
  }, [pathname, failed]);
  if (auth.error) return <GuardError reason={auth.error} />;
  if (auth.status === 'loading') return <Spinner />;
  if (auth.status === 'signed-out') return <Navigate to="/auth" replace />;
  return <>{children}</>;
}

export function PublicOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading' && !auth.error) return <Spinner />;
  if (auth.status === 'signed-in') return <RedirectAfterAuth />;
  return <>{children}</>;
}

function RedirectAfterAuth() {
  const [to] = useState(peekPostAuthDestination);
  useEffect(() => setPostAuthDestination(null), []);
  return <Navigate to={to} replace />;
}
