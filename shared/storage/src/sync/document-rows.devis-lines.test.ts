// Issue 27: a devis with sections, comments, remises and options as a quotes row and back: the editor's fields
// kept, the remise globale in `discount`, totals from the money model, a finite legacy vat_rate.
import { devisTotals, quoteSchema, type QuoteLine } from '@atelier/domain';

import { quoteToRow, rowToQuote } from './document-rows';

const blank = { unit: '', price: 0, quantity: 0 };
const LINES: QuoteLine[] = [
  { kind: 'section', name: 'Cuisine', ...blank },
  { name: 'Peinture', unit: 'm2', quantity: 3, price: 33.33, vatRate: 20, description: 'Deux couches' },
  { kind: 'text', name: 'Accès par la cour', ...blank },
  {
    name: 'Isolation',
    unit: 'm2',
    quantity: 7.5,
    price: 10.07,
    vatRate: 5.5,
    discount: { kind: 'percent', value: 15 },
  },
  { name: 'Robinet', unit: 'u', quantity: 1, price: 250, vatRate: 20, option: true },
];

it('writes and reads a devis with sections, remises, options and a remise globale', () => {
  const quote = quoteSchema.parse({
    id: 'quote-27',
    number: 'DE0027',
    date: '2026-11-27T10:00:00.000Z',
    tasks: LINES,
    total: 0,
    totalHT: 0,
    tva: 0,
    tvaRate: 20,
    vatRegime: 'assujetti',
    discount: { kind: 'amount', value: 10 },
  });
  const row = quoteToRow(quote, { userId: '11111111-1111-4111-8111-111111111111', clientId: null as never });
  const expected = devisTotals(LINES, { kind: 'amount', value: 10 }, { regime: 'assujetti', documentRate: 20 });
  // 99,99 + 64,20 = 164,19 ; − 10,00 spread: 20 % 6,09 (6,0899), 5,5 % 3,91 → HT 154,19.
  expect(expected.netHtCents).toBe(15419);
  expect(row).toMatchObject({
    discount: { kind: 'amount', value: 10 },
    total_ht_cents: expected.netHtCents,
    tva_cents: expected.vatCents,
    total_ttc_cents: expected.ttcCents,
    vat_rate: 20,
  });
  const back = rowToQuote({ ...row, date: quote.date });
  expect(back.discount).toEqual({ kind: 'amount', value: 10 });
  expect(back.tasks.map((l) => l.kind ?? 'item')).toEqual(['section', 'item', 'text', 'item', 'item']);
  expect(back.tasks[3]).toMatchObject({ discount: { kind: 'percent', value: 15 } });
  expect(back.tasks[4]).toMatchObject({ option: true });
});
