// A client's (or the whole book's) business figures (issue 29.10): devis sent and pending, invoiced, paid, to
// collect and overdue, with the days late of the oldest overdue invoice. Figures from @atelier/domain.
import type { ReceivableFigures } from '@atelier/domain';
import { formatEuros } from '@atelier/ui';
import styled from 'styled-components';

import { CLIENTS_MESSAGES as M } from '../../messages';

export const FiguresList = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(7.5rem, 1fr));
  gap: 0.25rem 0.75rem;
  margin: 0;
  > div {
    min-width: 0;
  }
  dt {
    font-size: 0.8rem;
    color: #4a5568;
  }
  dd {
    margin: 0;
    font-weight: 600;
    font-variant-numeric: tabular-nums;
  }
  .late {
    color: #c53030;
  }
`;

export function ClientFigures({ figures, label }: { figures: ReceivableFigures; label: string }) {
  const late = figures.overdueCents > 0;
  return (
    <FiguresList aria-label={label} data-testid="client-figures">
      <div>
        <dt>{M.figures.quoted}</dt>
        <dd data-figure="quoted">
          {figures.quotes} · {formatEuros(figures.quotedCents)}
        </dd>
      </div>
      <div>
        <dt>{M.figures.pendingQuotes}</dt>
        <dd data-figure="pendingQuotes">
          {figures.pendingQuotes} · {formatEuros(figures.pendingQuotesCents)}
        </dd>
      </div>
      <div>
        <dt>{M.figures.invoiced}</dt>
        <dd data-figure="invoiced">{formatEuros(figures.invoicedCents)}</dd>
      </div>
      <div>
        <dt>{M.figures.paid}</dt>
        <dd data-figure="paid">{formatEuros(figures.paidCents)}</dd>
      </div>
      <div>
        <dt>{M.figures.unpaid}</dt>
        <dd data-figure="unpaid">{formatEuros(figures.unpaidCents)}</dd>
      </div>
      <div>
        <dt>{M.figures.overdue}</dt>
        <dd data-figure="overdue" className={late ? 'late' : undefined}>
          {formatEuros(figures.overdueCents)}
          {late ? <small> ({M.daysLate(figures.maxDaysLate)})</small> : null}
        </dd>
      </div>
    </FiguresList>
  );
}
