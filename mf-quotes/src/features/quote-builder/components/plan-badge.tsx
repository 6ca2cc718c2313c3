import styled from 'styled-components';

import { QUOTE_MESSAGES as M } from '../messages';
import type { QuotaState } from '../services';

const Badge = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 0.75rem;
  flex-wrap: wrap;
`;

const Pill = styled.span<{ $plan: string }>`
  padding: 0.2rem 0.75rem;
  border-radius: 999px;
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: #fff;
  background: ${({ theme, $plan }) =>
    $plan === 'enterprise' ? theme.colors.secondary : $plan === 'pro' ? theme.colors.accent : theme.colors.muted};
`;

export function PlanBadge({ quota }: { quota: QuotaState | null }) {
  if (!quota) return null;
  const showRemaining = quota.plan === 'free' && !quota.loading && quota.remaining !== null;
  return (
    <Badge data-testid="plan-badge" aria-label={`${M.planBadgeLabel} ${M.planNames[quota.plan]}`}>
      <Pill $plan={quota.plan}>{M.planNames[quota.plan]}</Pill>
      {showRemaining && <span>{M.remainingQuotes(quota.remaining ?? 0)}</span>}
    </Badge>
  );
}
