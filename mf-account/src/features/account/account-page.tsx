// /account: plan and billing (SPEC §2 Account, §4, §8), personal info, sign-out.
import { syncSubscription } from '@atelier/platform';
import { signOut, signOutEverywhere, useAuth } from '@atelier/platform';
import { Banner, Button, Card, Field, Input, PageTitle, Spinner } from '@atelier/ui';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';

import { PlanSection } from './billing/plan-section';
import { AccountClosing } from './closing/account-closing';
import { useBilling } from './billing/use-billing';
import { ACCOUNT_MESSAGES as M, BILLING_MESSAGES as B, RETURN_RELOAD_MS } from './messages';
import { useProfileForm } from './use-profile-form';

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 0 1rem;
`;

const LogoutRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
`;

export function AccountPage() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const form = useProfileForm(user?.id ?? null, user?.user_metadata);
  const billing = useBilling(user?.id ?? null);
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const handledReturn = useRef(false);
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (reloadTimer.current) clearTimeout(reloadTimer.current);
    },
    [],
  );

  // Return from checkout (subscription=success|canceled): message, query cleared, data reloaded after 2 s.
  // checkout=<plan> comes from the sign-up wizard's paid plan: go straight to the payment.
  const { setNotice, reload, choosePlan } = billing;
  useEffect(() => {
    if (handledReturn.current || !user) return;
    const outcome = params.get('subscription');
    const checkoutPlan = params.get('checkout');
    if (!outcome && !checkoutPlan) return;
    handledReturn.current = true;
    setParams({}, { replace: true });
    if (checkoutPlan === 'pro' || checkoutPlan === 'enterprise') {
      void choosePlan(checkoutPlan);
      return;
    }
    if (outcome === 'canceled') {
      setNotice({ tone: 'info', text: B.returnCanceled });
      return;
    }
    if (outcome === 'success') {
      setNotice({ tone: 'success', text: B.returnSuccess });
      reloadTimer.current = setTimeout(() => {
        // The webhook normally got there first; the sync covers a late one.
        void syncSubscription(null)
          .catch((error: unknown) => console.warn('[atelier] sync after checkout failed', error))
          .finally(() => void reload());
      }, RETURN_RELOAD_MS);
    }
  }, [params, setParams, user, setNotice, reload, choosePlan]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };

  const onLogout = async (everywhere: boolean) => {
    setLogoutError(null);
    try {
      await (everywhere ? signOutEverywhere() : signOut());
      navigate('/auth', { replace: true });
    } catch (error) {
      console.error('[atelier] sign-out failed', error);
      setLogoutError(M.logoutFailed);
    }
  };

  return (
    <section>
      <PageTitle>{M.title}</PageTitle>

      <PlanSection userId={user?.id ?? null} billing={billing} />

      <Card aria-labelledby="account-personal">
        <h2 id="account-personal">{M.personalInfo}</h2>
        {form.feedback ? <Banner tone={form.feedback.tone}>{form.feedback.text}</Banner> : null}
        {form.loading && user ? (
          <Spinner />
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <Row>
              <Field label={M.firstName} htmlFor="account-first-name">
                <Input
                  id="account-first-name"
                  autoComplete="given-name"
                  value={form.values.firstName}
                  onChange={(e) => form.setField('firstName', e.target.value)}
                />
              </Field>
              <Field label={M.lastName} htmlFor="account-last-name">
                <Input
                  id="account-last-name"
                  autoComplete="family-name"
                  value={form.values.lastName}
                  onChange={(e) => form.setField('lastName', e.target.value)}
                />
              </Field>
            </Row>
            <Row>
              <Field label={M.email} htmlFor="account-email">
                <Input id="account-email" type="email" value={user?.email ?? ''} readOnly />
              </Field>
              <Field label={M.phone} htmlFor="account-phone">
                <Input
                  id="account-phone"
                  type="tel"
                  autoComplete="tel"
                  value={form.values.phone}
                  onChange={(e) => form.setField('phone', e.target.value)}
                />
              </Field>
            </Row>
            <Button type="submit" disabled={form.saving}>
              {form.saving ? M.saving : M.save}
            </Button>
          </form>
        )}
      </Card>

      <Card>
        {logoutError ? <Banner tone="error">{logoutError}</Banner> : null}
        <p>{M.logoutHint}</p>
        <LogoutRow>
          <Button $variant="secondary" onClick={() => void onLogout(false)}>
            {M.logout}
          </Button>
          <Button $variant="secondary" onClick={() => void onLogout(true)}>
            {M.logoutEverywhere}
          </Button>
        </LogoutRow>
      </Card>

      <AccountClosing email={user?.email ?? ''} onDeleted={() => navigate('/auth', { replace: true })} />
    </section>
  );
}
