import styled from 'styled-components';

import { QUOTE_MESSAGES as M } from '../messages';
import type { QuotaState } from '../services';

const Badge = styled.div`
  display: inline-flex;
  align-items: center;
  gap: 0.75rem;
  flex-wrap: wrap;
`;

// Fixed boxes (issue 14, CLS): the badge takes the same room before the plan is known as after, whatever the
// plan, so the header and everything below it do not move when the plan state arrives.
const Pill = styled.span<{ $plan: string }>`
  display: inline-block;
  min-width: 6.75rem;
  text-align: center;
  padding: 0.2rem 0.75rem;
  border-radius: 999px;
  font-weight: 700;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: #fff;
  background: ${({ theme, $plan }) =>
    $plan === 'enterprise' ? theme.colors.secondary : $plan === 'pro' ? theme.colors.accent : theme.colors.muted};
  &[data-unknown] {
    visibility: hidden;
  }
`;

// One line tall even when empty (unknown plan, paid plans): on a narrow phone (360 px) the badge wraps and this
// line is its second row.
const Remaining = styled.span`
  display: inline-block;
  min-width: 13.5rem;
  min-height: 1.5em;
`;

export function PlanBadge({ quota }: { quota: QuotaState | null }) {
  if (!quota) {
    return (
      <Badge aria-hidden="true">
        <Pill $plan="free" data-unknown="">
          {'\u00a0'}
        </Pill>
        <Remaining />
      </Badge>
    );
  }
  const showRemaining = quota.plan === 'free' && !quota.loading && quota.remaining !== null;
  return (
    <Badge data-testid="plan-badge" aria-label={`${M.planBadgeLabel} ${M.planNames[quota.plan]}`}>
      <Pill $plan={quota.plan}>{M.planNames[quota.plan]}</Pill>
      <Remaining>{showRemaining ? M.remainingQuotes(quota.remaining ?? 0) : null}</Remaining>
    </Badge>
  );
}
