// /account: current plan (name only until billing lands), personal info, sign-out.
import { PLANS } from '@atelier/domain';
import { signOut, useAuth, usePlanState } from '@atelier/platform';
import { Banner, Button, Card, Field, Input, PageTitle, Spinner } from '@atelier/ui';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';

import { ACCOUNT_MESSAGES as M } from './messages';
import { useProfileForm } from './use-profile-form';

const Tag = styled.span`
  display: inline-block;
  margin-left: 0.5rem;
  padding: 0.1rem 0.6rem;
  border-radius: 999px;
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 700;
  background: ${({ theme }) => theme.colors.successBg};
  color: ${({ theme }) => theme.colors.success};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 0 1rem;
`;

export function AccountPage() {
  const { user } = useAuth();
  const plan = usePlanState();
  const navigate = useNavigate();
  const form = useProfileForm(user?.id ?? null, user?.user_metadata);
  const [logoutError, setLogoutError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.save();
  };

  const onLogout = async () => {
    setLogoutError(null);
    try {
      await signOut();
      navigate('/auth', { replace: true });
    } catch (error) {
      console.error('[atelier] sign-out failed', error);
      setLogoutError(M.logoutFailed);
    }
  };

  return (
    <section>
      <PageTitle>{M.title}</PageTitle>

      <Card aria-labelledby="account-plan">
        <h2 id="account-plan">{M.planSection}</h2>
        <p>
          {M.currentPlan} : <strong>{PLANS[plan.plan].name}</strong>
          {plan.active && plan.plan !== 'free' ? <Tag>{M.activeTag}</Tag> : null}
        </p>
      </Card>

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
        <Button $variant="secondary" onClick={onLogout}>
          {M.logout}
        </Button>
      </Card>
    </section>
  );
}
