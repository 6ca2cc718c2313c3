// The subscription diagnostic (SPEC §2 Account): the rows the user can read, the status the SPEC §4 rules give
// for them (the same function the server applies), and the sync action.
import { resolveSubscriptionStatus, type BillingPlanId } from '@atelier/domain';
import { getRuntimeConfig, type BillingDetails } from '@atelier/platform';
import { Banner, Button, formatDateTime } from '@atelier/ui';
import styled from 'styled-components';

import { BILLING_MESSAGES as M } from '../messages';

const Table = styled.dl`
  display: grid;
  grid-template-columns: minmax(140px, max-content) 1fr;
  gap: 0.35rem 1rem;
  margin: 0.5rem 0 1rem;
  font-size: ${({ theme }) => theme.font.size.sm};
  dt {
    font-weight: 600;
  }
  dd {
    margin: 0;
    overflow-wrap: anywhere;
    font-family: ui-monospace, monospace;
  }
`;

const NAMES: Record<BillingPlanId, string> = { free: 'free', pro: 'pro', enterprise: 'enterprise' };

export function DiagnosticPanel({
  userId,
  details,
  failed,
  syncing,
  onSync,
}: {
  userId: string;
  details: BillingDetails | null;
  failed: boolean;
  syncing: boolean;
  onSync: () => void;
}) {
  const R = M.rows;
  const config = getRuntimeConfig();
  const computed = details
    ? resolveSubscriptionStatus({
        provider: details.provider,
        local: details.local,
        hasQuotas: details.hasQuotas,
        prices: { pro: config.stripePricePro, enterprise: config.stripePriceEnterprise },
      }).status
    : null;
  const provider = details?.provider;
  const local = details?.local;
  return (
    <section aria-label={M.diagnosticTitle} data-testid="subscription-diagnostic">
      <h3>{M.diagnosticTitle}</h3>
      {failed ? <Banner tone="error">{M.diagnosticError}</Banner> : null}
      <Table>
        <dt>{R.user}</dt>
        <dd>{userId}</dd>
        <dt>{R.customer}</dt>
        <dd>{details?.customerId ?? R.none}</dd>
        <dt>{R.providerSubscription}</dt>
        <dd>{provider?.subscription_id ?? R.none}</dd>
        <dt>{R.providerStatus}</dt>
        <dd>{provider?.status ?? R.none}</dd>
        <dt>{R.price}</dt>
        <dd>{provider?.price_id ?? R.none}</dd>
        <dt>{R.periodEnd}</dt>
        <dd>{provider?.current_period_end ? formatDateTime(provider.current_period_end * 1000) : R.none}</dd>
        <dt>{R.cancelAtPeriodEnd}</dt>
        <dd>{provider ? (provider.cancel_at_period_end ? R.yes : R.no) : R.none}</dd>
        <dt>{R.localRecord}</dt>
        <dd>{local ? `${local.plan_id} / ${local.status}` : R.none}</dd>
        <dt>{R.computed}</dt>
        <dd data-testid="computed-status">{computed ? `${computed.status} / ${NAMES[computed.plan_id]}` : R.none}</dd>
      </Table>
      <Button $variant="secondary" onClick={onSync} disabled={syncing}>
        {syncing ? M.syncing : M.sync}
      </Button>
    </section>
  );
}
