// /auth: sign-in, or the 4-step sign-up, with a toggle between them.
import { Button, Card, PageTitle } from '@atelier/ui';
import { useState } from 'react';
import styled from 'styled-components';

import { ForgotPasswordForm } from './forgot-password-form';
import { LoginForm } from './login-form';
import { AUTH_PAGE_MESSAGES as M } from './messages';
import { SignUpWizard } from './sign-up/sign-up-wizard';
import type { SignUpStep } from './sign-up/sign-up-model';

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

  return (
    <Narrow>
      <Card>
        <PageTitle>
          {mode === 'login' ? M.loginTitle : mode === 'forgot' ? M.forgotTitle : M.signUpTitle(step)}
        </PageTitle>
        {mode === 'forgot' ? (
          <ForgotPasswordForm />
        ) : mode === 'login' ? (
          <>
            <LoginForm key={notice?.email ?? ''} initialEmail={notice?.email} notice={notice ? M.confirmEmail : null} />
            <Toggle>
              <Button $variant="ghost" onClick={() => setMode('forgot')}>
                {M.forgotPassword}
              </Button>
            </Toggle>
          </>
        ) : (
          <SignUpWizard
            step={step}
            onStepChange={setStep}
            onNeedsConfirmation={(email) => {
              setNotice({ email });
              setMode('login');
            }}
          />
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
