// The business view's filters and sort over the client book (issue 29.10). The figures themselves come from
// @atelier/domain's computeReceivables; this only selects and orders clients by them.
import { emptyFigures, type ReceivableFigures } from '@atelier/domain';

import type { ClientRow } from './model';

export type BusinessFilter = 'overdue' | 'unpaid' | 'pendingQuotes';
export type BusinessSort = 'date' | 'amount';

export const BUSINESS_FILTERS: readonly BusinessFilter[] = ['overdue', 'unpaid', 'pendingQuotes'];

const NO_FIGURES = emptyFigures();

export function figuresOf(byClient: ReadonlyMap<string, ReceivableFigures>, id: string): ReceivableFigures {
  return byClient.get(id) ?? NO_FIGURES;
}

function matches(figures: ReceivableFigures, filter: BusinessFilter): boolean {
  if (filter === 'overdue') return figures.overdueCents > 0;
  if (filter === 'unpaid') return figures.unpaidCents > 0;
  return figures.pendingQuotes > 0;
}

/** Clients matching every active filter (none active: all). */
export function filterByFigures<T extends ClientRow>(
  clients: readonly T[],
  byClient: ReadonlyMap<string, ReceivableFigures>,
  filters: ReadonlySet<BusinessFilter>,
): readonly T[] {
  if (!filters.size) return clients;
  return clients.filter((client) => [...filters].every((f) => matches(figuresOf(byClient, client.id), f)));
}

function activity(client: ClientRow, figures: ReceivableFigures): string {
  return figures.lastActivity || String(client.created_at ?? '').slice(0, 10);
}

/**
 * « Date »: the most recent document (or the client's creation) first; « Montant »: the most to collect first
 * (overdue before merely unpaid, then the devis pending). Ties keep the book's order (newest client first).
 */
export function sortByFigures<T extends ClientRow>(
  clients: readonly T[],
  byClient: ReadonlyMap<string, ReceivableFigures>,
  sort: BusinessSort,
): readonly T[] {
  const keyed = clients.map((client, index) => ({ client, index, figures: figuresOf(byClient, client.id) }));
  keyed.sort((a, b) => {
    if (sort === 'amount') {
      const diff =
        b.figures.unpaidCents - a.figures.unpaidCents ||
        b.figures.overdueCents - a.figures.overdueCents ||
        b.figures.pendingQuotesCents - a.figures.pendingQuotesCents;
      if (diff) return diff;
    } else {
      const diff = activity(b.client, b.figures).localeCompare(activity(a.client, a.figures));
      if (diff) return diff;
    }
    return a.index - b.index;
  });
  return keyed.map((k) => k.client);
}
