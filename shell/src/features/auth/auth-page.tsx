// /auth: sign-in, or the 4-step sign-up, with a toggle between them.
import { takeSignOutReason } from '@atelier/platform';
import { Button, Card, PageTitle, Spinner } from '@atelier/ui';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';

import { LoginForm } from './login-form';
import { AUTH_PAGE_MESSAGES as M } from './messages';
import type { SignUpStep } from './sign-up/sign-up-model';

// Only the sign-in form is on /auth's first load (≤ 150 KB, issue 14): the sign-up wizard (plans, address search)
// and the forgotten-password form load when asked for.
const SignUpWizard = lazy(() => import('./sign-up/sign-up-wizard').then((m) => ({ default: m.SignUpWizard })));
const ForgotPasswordForm = lazy(() =>
  import('./forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);

const Narrow = styled.div`
  max-width: 640px;
  margin: 0 auto;
`;

const Toggle = styled.div`
  text-align: center;
  margin-top: 1rem;
`;

export function AuthPage() {
  const [mode, setMode] = useState<'login' | 'signup' | 'forgot'>('login');
  const [step, setStep] = useState<SignUpStep>(1);
  const [notice, setNotice] = useState<{ email: string } | null>(null);
  // A session the upgraded server no longer recognises was dropped: say why instead of a silent sign-in page.
  const [updated] = useState(() => takeSignOutReason() === 'updated');

  return (
    <Narrow>
      <Card>
        <PageTitle>
          {mode === 'login' ? M.loginTitle : mode === 'forgot' ? M.forgotTitle : M.signUpTitle(step)}
        </PageTitle>
        {mode === 'forgot' ? (
          <Suspense fallback={<Spinner />}>
            <ForgotPasswordForm />
          </Suspense>
        ) : mode === 'login' ? (
          <>
            <LoginForm key={notice?.email ?? ''} initialEmail={notice?.email} notice={notice ? M.confirmEmail : updated ? M.appUpdated : null} />
            <Toggle>
              <Button $variant="ghost" onClick={() => setMode('forgot')}>
                {M.forgotPassword}
              </Button>
            </Toggle>
          </>
        ) : (
          <Suspense fallback={<Spinner />}>
            <SignUpWizard
              step={step}
              onStepChange={setStep}
              onNeedsConfirmation={(email) => {
                setNotice({ email });
                setMode('login');
              }}
            />
          </Suspense>
        )}
        <Toggle>
          <Button
            $variant="ghost"
            onClick={() => {
              setMode(mode === 'login' ? 'signup' : 'login');
              setStep(1);
            }}
          >
            {mode === 'login' ? M.toSignUp : M.toLogin}
          </Button>
        </Toggle>
      </Card>
    </Narrow>
  );
}
