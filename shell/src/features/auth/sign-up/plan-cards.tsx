// Deep imports: pure constants; the package index would pull zod into the /auth cold load.
import { PLAN_CATALOG, planPriceLabel } from '@atelier/domain/src/plan-catalog';
import { PLAN_IDS, type PlanId } from '@atelier/domain/src/plans';
import styled from 'styled-components';

import { AUTH_PAGE_MESSAGES as M } from '../messages';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: 0.75rem;
  margin-bottom: 1rem;
`;

const CardButton = styled.button<{ $selected: boolean }>`
  text-align: left;
  background: ${({ theme, $selected }) => ($selected ? theme.colors.infoBg : theme.colors.surface)};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radius};
  padding: 1rem;
  cursor: pointer;
  color: inherit;
  h3 {
    margin: 0 0 0.25rem;
  }
  ul {
    padding-left: 0;
    list-style: none;
    margin: 0.5rem 0 0;
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

export function PlanCards({ value, onChange }: { value: PlanId | null; onChange: (plan: PlanId) => void }) {
  return (
    <Grid role="radiogroup" aria-label={M.choosePlan}>
      {PLAN_IDS.map((id) => PLAN_CATALOG[id]).map((card) => (
        <CardButton
          key={card.id}
          type="button"
          role="radio"
          aria-checked={value === card.id}
          $selected={value === card.id}
          onClick={() => onChange(card.id)}
        >
          <h3>{card.name}</h3>
          <Price>{planPriceLabel(card.id)}</Price>
          <ul>
            {card.features.map((feature) => (
              <li key={feature.label} data-included={feature.included}>
                {feature.included ? '✓ ' : '✗ '}
                <span>{feature.label}</span>
                <span className="visually-hidden" style={{ position: 'absolute', left: '-9999px' }}>
                  {feature.included ? M.included : M.notIncluded}
                </span>
              </li>
            ))}
          </ul>
        </CardButton>
      ))}
    </Grid>
  );
}
