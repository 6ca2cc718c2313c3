import { computeReceivables } from '@atelier/domain';

import { filterByFigures, sortByFigures } from './business';
import type { ClientRow } from './model';

const client = (id: string, created: string): ClientRow => ({
  id,
  name: id,
  email: `${id}@example.fr`,
  phone: '06',
  address: 'Lyon',
  created_at: created,
});
const clients = [client('late', '2026-01-03'), client('unpaid', '2026-01-02'), client('quote', '2026-01-01')];
const { byClient } = computeReceivables(
  {
    quotes: [
      { id: 'q1', client_id: 'quote', number: 'DE0001', total_ttc_cents: 50_000, date: '2026-11-20T09:00:00Z' },
    ],
    invoices: [
      {
        id: 'f1',
        client_id: 'late',
        status: 'issued',
        total_ttc_cents: 12_000,
        net_due_cents: 12_000,
        issue_date: '2026-09-01',
        due_date: '2026-10-01',
        is_paid: false,
      },
      {
        id: 'f2',
        client_id: 'unpaid',
        status: 'issued',
        total_ttc_cents: 30_000,
        net_due_cents: 30_000,
        issue_date: '2026-11-10',
        due_date: '2026-12-10',
        is_paid: false,
      },
    ],
    creditNotes: [],
  },
  '2026-11-27',
);

it('filters on overdue, to collect and pending devis, combined', () => {
  const ids = (filters: string[]) =>
    filterByFigures(clients, byClient, new Set(filters as never[])).map((c) => c.id);
  expect(ids([])).toEqual(['late', 'unpaid', 'quote']);
  expect(ids(['overdue'])).toEqual(['late']);
  expect(ids(['unpaid'])).toEqual(['late', 'unpaid']);
  expect(ids(['pendingQuotes'])).toEqual(['quote']);
  expect(ids(['unpaid', 'pendingQuotes'])).toEqual([]);
});

it('sorts by the latest document or by the amount to collect', () => {
  expect(sortByFigures(clients, byClient, 'date').map((c) => c.id)).toEqual(['quote', 'unpaid', 'late']);
  expect(sortByFigures(clients, byClient, 'amount').map((c) => c.id)).toEqual(['unpaid', 'late', 'quote']);
});
