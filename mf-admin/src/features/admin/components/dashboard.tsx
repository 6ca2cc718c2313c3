import { PLANS } from '@atelier/domain/src/plans';
import { formatEuros } from '@atelier/ui';
import styled from 'styled-components';

import type { AdminDashboard } from '../api/admin-api';
import { ADMIN_MESSAGES } from '../messages';

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 0.75rem;
  margin: 0 0 1rem;
  div {
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    padding: 0.75rem 1rem;
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  dd {
    margin: 0.25rem 0 0;
    font-size: ${({ theme }) => theme.font.size.lg};
    font-weight: 700;
  }
`;

export function Dashboard({ figures }: { figures: AdminDashboard }) {
  const d = ADMIN_MESSAGES.dashboard;
  return (
    <Figures aria-label="Tableau de bord">
      <div>
        <dt>{d.users}</dt>
        <dd>{figures.users}</dd>
      </div>
      {(['free', 'pro', 'enterprise'] as const).map((plan) => (
        <div key={plan}>
          <dt>{PLANS[plan].name}</dt>
          <dd>{figures[plan]}</dd>
        </div>
      ))}
      <div>
        <dt>{d.mrr}</dt>
        <dd>{formatEuros(figures.mrr_cents)}</dd>
      </div>
      <div>
        <dt>{d.quotes}</dt>
        <dd>{figures.quotes_this_month}</dd>
      </div>
    </Figures>
  );
}
