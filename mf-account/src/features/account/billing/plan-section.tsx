// « Mon abonnement »: current plan ('Actif' when paid and active), renewal or end date, quotas / features /
// support panels, « Changer de plan », « Gérer mon abonnement » and the Diagnostic toggle.
import { PLAN_CATALOG, planPriceLabel } from '@atelier/domain';
import { getRuntimeConfig } from '@atelier/platform';
import { Banner, Button, Card, formatDate } from '@atelier/ui';
import { useState } from 'react';
import styled from 'styled-components';

import { ACCOUNT_MESSAGES as A, BILLING_MESSAGES as M } from '../messages';
import { DiagnosticPanel } from './diagnostic-panel';
import { PlanPicker } from './plan-picker';
import type { useBilling } from './use-billing';

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

const TestTag = styled(Tag)`
  background: ${({ theme }) => theme.colors.warningBg};
  color: ${({ theme }) => theme.colors.warning};
`;

const Panels = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr));
  gap: 0.75rem;
  margin: 0.75rem 0;
  section {
    background: ${({ theme }) => theme.colors.background};
    border-radius: ${({ theme }) => theme.radius};
    padding: 0.75rem 1rem;
  }
  h3 {
    margin: 0 0 0.4rem;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  ul {
    margin: 0;
    padding-left: 1.1rem;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`;

export function PlanSection({ userId, billing }: { userId: string | null; billing: ReturnType<typeof useBilling> }) {
  const [showPlans, setShowPlans] = useState(false);
  const [showDiagnostic, setShowDiagnostic] = useState(false);
  const { plan, details, notice, activated, busy } = billing;
  const entry = PLAN_CATALOG[plan.plan];
  const paidActive = plan.active && plan.plan !== 'free';
  const local = details?.local;
  const periodEnd = local?.current_period_end ? formatDate(local.current_period_end) : '';

  return (
    <Card aria-labelledby="account-plan">
      <h2 id="account-plan">
        {A.planSection}
        {getRuntimeConfig().billingMode === 'test' ? (
          <TestTag data-testid="billing-test-mode" title={M.testModeHint}>
            {M.testMode}
          </TestTag>
        ) : null}
      </h2>
      {activated && notice?.text !== M.activated ? <Banner tone="success">{M.activated}</Banner> : null}
      {/* A message about one plan shows next to its card's button when the cards are open (issue 29.5). */}
      {notice && !(showPlans && notice.plan) ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
      <p data-testid="current-plan">
        {A.currentPlan} : <strong>{entry.name}</strong> ({planPriceLabel(plan.plan)})
        {paidActive ? <Tag>{A.activeTag}</Tag> : null}
      </p>
      {paidActive && periodEnd ? (
        <p data-testid="subscription-period">
          {local?.cancel_at_period_end ? M.endsOn(periodEnd) : M.renewsOn(periodEnd)}
          {local?.cancel_at_period_end ? (
            <>
              <br />
              <small>{M.cancelAtPeriodEnd}</small>
            </>
          ) : null}
        </p>
      ) : null}
      <Panels>
        <section aria-label={M.quotasPanel}>
          <h3>{M.quotasPanel}</h3>
          <ul>
            {entry.details.quotas.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-label={M.featuresPanel}>
          <h3>{M.featuresPanel}</h3>
          <ul>
            {entry.details.features.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
        <section aria-label={M.supportPanel}>
          <h3>{M.supportPanel}</h3>
          <ul>
            {entry.details.support.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </Panels>
      <Actions>
        <Button onClick={() => setShowPlans((v) => !v)} aria-expanded={showPlans}>
          {showPlans ? M.hidePlans : M.changePlan}
        </Button>
        {paidActive ? (
          <Button $variant="secondary" onClick={() => void billing.openPortal()} disabled={busy !== null}>
            {busy === 'portal' ? M.opening : M.manage}
          </Button>
        ) : null}
        <Button $variant="ghost" onClick={() => setShowDiagnostic((v) => !v)} aria-expanded={showDiagnostic}>
          {showDiagnostic ? M.hideDiagnostic : M.diagnostic}
        </Button>
      </Actions>
      {busy === 'checkout' ? <p role="status">{paidActive ? M.changing : M.redirecting}</p> : null}
      {showPlans ? (
        <PlanPicker
          current={plan.plan}
          disabled={busy !== null}
          notice={notice?.plan ? notice : null}
          onSelect={(id) => void billing.choosePlan(id)}
        />
      ) : null}
      {showDiagnostic && userId ? (
        <DiagnosticPanel
          userId={userId}
          details={details}
          failed={billing.detailsFailed}
          syncing={busy === 'sync'}
          onSync={() => void billing.sync()}
        />
      ) : null}
    </Card>
  );
}
