import { INVOICING_MESSAGES } from '@atelier/domain';

import { depositedCents, draftDepositFromQuote, draftSituationFromQuote, previousProgress } from './progress-rows';

// The reference devis (shared/reference/e-invoicing-and-btp.md): HT 3 098,00, TVA 254,00, TTC 3 352,00.
const quote = {
  id: 'q1',
  client_id: 'c1',
  number: 'DE0001',
  vat_rate: 20,
  vat_regime: 'assujetti',
  retenue_percent: 5,
  progress_billing: true,
  lines: [
    { name: 'Carrelage', unit: 'm2', price: 30, quantity: 65, vatRate: 5.5, vatCategory: 'reduced_renovation' },
    { name: 'Plomberie', unit: 'forfait', price: 828.5, quantity: 1, vatRate: 10, vatCategory: 'reduced_renovation' },
    { name: 'Fourniture', unit: 'forfait', price: 319.5, quantity: 1, vatRate: 20, vatCategory: 'standard' },
  ],
  snapshot: null,
};
const now = new Date('2026-11-26T10:00:00Z');

it('a 30 % acompte carries the devis rates, its totals from the money model', () => {
  const planned = draftDepositFromQuote(quote, 'd1', { percent: 30 }, [], now);
  if (!planned.ok) throw new Error(planned.message);
  expect(planned.row).toMatchObject({
    kind: 'deposit',
    status: 'draft',
    quote_id: 'q1',
    quote_number: 'DE0001',
    deposit_percent: 30,
    total_ht_cents: 92940,
    tva_cents: 7621,
    total_ttc_cents: 100561,
  });
  expect((planned.row.lines as Array<{ price: number; vatRate: number }>).map((l) => [l.vatRate, l.price])).toEqual([
    [20, 95.85],
    [10, 248.55],
    [5.5, 585],
  ]);
});

it('refuses an acompte over what remains of the devis', () => {
  const first = { id: 'd1', quote_id: 'q1', kind: 'deposit', status: 'issued', total_ttc_cents: 300000 };
  expect(depositedCents([first], 'q1')).toBe(300000);
  const planned = draftDepositFromQuote(quote, 'd2', { percent: 30 }, [first], now);
  expect(planned.ok).toBe(false);
  if (!planned.ok) expect(planned.message).toBe(INVOICING_MESSAGES.depositTooLarge('352,00\u00A0€'));
});

it('situations 30 / 70 / 100 with a 5 % retenue add up to the devis, each starting where the last stopped', () => {
  const issued: Array<Record<string, unknown> & { id: string }> = [];
  const totals: number[][] = [];
  for (const [k, percent] of [30, 70, 100].entries()) {
    const planned = draftSituationFromQuote(quote, `s${k}`, [percent, percent, percent], issued, now);
    if (!planned.ok) throw new Error(planned.message);
    const row = planned.row;
    totals.push([Number(row.total_ht_cents), Number(row.tva_cents), Number(row.total_ttc_cents)]);
    expect(row).toMatchObject({ kind: 'situation', retenue_percent: 5, retenue_caution: false });
    expect(row.retenue_cents).toBe([5028, 6704, 5028][k]);
    issued.push({ ...row, status: 'issued', situation_number: k + 1 });
  }
  expect(totals).toEqual([
    [92940, 7621, 100561],
    [123920, 10160, 134080],
    [92940, 7619, 100559],
  ]);
  expect(totals.reduce((sum, t) => sum + t[2]!, 0)).toBe(335200);
  expect(previousProgress(quote, issued)).toEqual([100, 100, 100]);
  // Each line's devis HT, cumulative HT now and before, for the situation PDF's columns.
  expect(issued[1]!.progress).toEqual([
    { previous: 30, current: 70, quote_net_cents: 195000, cumulative_cents: 136500, previous_cents: 58500 },
    { previous: 30, current: 70, quote_net_cents: 82850, cumulative_cents: 57995, previous_cents: 24855 },
    { previous: 30, current: 70, quote_net_cents: 31950, cumulative_cents: 22365, previous_cents: 9585 },
  ]);
  // Going down is refused with the domain's French message.
  const down = draftSituationFromQuote(quote, 'x', [50, 100, 100], issued, now);
  expect(down).toEqual({ ok: false, message: INVOICING_MESSAGES.situationPercentDown('Carrelage', '100 %') });
});

it('refuses a retenue over 5 %', () => {
  expect(draftSituationFromQuote({ ...quote, retenue_percent: 6 }, 's', [30, 30, 30], [], now)).toEqual({
    ok: false,
    message: INVOICING_MESSAGES.retenueTooHigh,
  });
});
