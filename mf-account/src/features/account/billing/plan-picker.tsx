// « Changer de plan »: the plan cards with Sélectionner, or 'Plan actuel' (disabled) — same names, prices and
// features as the sign-up cards (PLAN_CATALOG).
import { PLAN_CATALOG, PLAN_IDS, planPriceLabel, type PlanId } from '@atelier/domain';
import { Banner, Button } from '@atelier/ui';
import { useEffect, useRef } from 'react';
import styled from 'styled-components';

import { BILLING_MESSAGES as M } from '../messages';
import type { BillingNotice } from './use-billing';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(210px, 1fr));
  gap: 0.75rem;
  margin: 0.75rem 0 1rem;
`;

const PlanCard = styled.article<{ $current: boolean }>`
  display: flex;
  flex-direction: column;
  border: 2px solid ${({ theme, $current }) => ($current ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  padding: 1rem;
  h3 {
    margin: 0 0 0.25rem;
  }
  ul {
    list-style: none;
    padding: 0;
    margin: 0.5rem 0 1rem;
    flex: 1;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  li[data-included='false'] {
    color: ${({ theme }) => theme.colors.muted};
    text-decoration: line-through;
  }
`;

const Price = styled.p`
  font-size: 1.4rem;
  font-weight: 700;
  margin: 0;
`;

/** The answer to a click on a card's button, right under it and scrolled into view (a phone shows no top banner). */
function CardNotice({ notice }: { notice: NonNullable<BillingNotice> }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [notice]);
  return (
    <div ref={box} data-testid="plan-notice">
      <Banner tone={notice.tone}>{notice.text}</Banner>
    </div>
  );
}

export function PlanPicker({
  current,
  disabled,
  notice = null,
  onSelect,
}: {
  current: PlanId;
  disabled: boolean;
  notice?: BillingNotice;
  onSelect: (plan: PlanId) => void;
}) {
  return (
    <Grid role="list" aria-label={M.choosePlan}>
      {PLAN_IDS.map((id) => {
        const entry = PLAN_CATALOG[id];
        const isCurrent = id === current;
        return (
          <PlanCard key={id} role="listitem" aria-label={entry.name} $current={isCurrent} data-plan={id}>
            <h3>{entry.name}</h3>
            <Price>{planPriceLabel(id)}</Price>
            <ul>
              {entry.features.map((feature) => (
                <li key={feature.label} data-included={feature.included}>
                  {feature.included ? '✓ ' : '✗ '}
                  {feature.label}
                </li>
              ))}
            </ul>
            <Button
              $variant={isCurrent ? 'secondary' : 'primary'}
              disabled={isCurrent || disabled}
              onClick={() => onSelect(id)}
              aria-label={isCurrent ? `${M.currentPlanButton} ${entry.name}` : `${M.select} ${entry.name}`}
            >
              {isCurrent ? M.currentPlanButton : M.select}
            </Button>
            {notice?.plan === id ? <CardNotice notice={notice} /> : null}
          </PlanCard>
        );
      })}
    </Grid>
  );
}
