// Issue 27: « Générer la facture » on a devis with sections, a comment, an ouvrage, line remises, a remise
// globale and options keeps every amount (the invoice's totals are the devis' with its accepted option); acomptes
// and situations are shares of the discounted devis and follow its priced lines only.
import { devisTotals, type QuoteLine } from '@atelier/domain';

import { draftDepositFromQuote, draftSituationFromQuote, previousProgress } from './progress-rows';
import { draftInvoiceFromQuote, rowMoneyLines } from './rows';

const blank = { unit: '', price: 0, quantity: 0 };
const LINES: QuoteLine[] = [
  { kind: 'section', name: 'Salle de bain', ...blank },
  { name: 'Carrelage', unit: 'm2', quantity: 12.5, price: 42, vatRate: 10, discount: { kind: 'percent', value: 10 } },
  { kind: 'text', name: 'Pose droite', ...blank },
  {
    name: 'Chauffe-eau',
    unit: 'u',
    quantity: 1,
    price: 849.39,
    vatRate: 10,
    components: [{ kind: 'fourniture', name: 'Chauffe-eau 200 L', unit: 'u', quantity: 1, price: 738.6 }],
    coefficient: 1.15,
    detailed: true,
    discount: { kind: 'amount', value: 39.39 },
  },
  { kind: 'section', name: 'Cuisine', ...blank },
  { name: 'Peinture', unit: 'm2', quantity: 3, price: 33.33, vatRate: 20 },
  { name: 'Robinet thermostatique', unit: 'u', quantity: 1, price: 250, vatRate: 20, option: true, accepted: true },
  {
    name: 'Isolation',
    unit: 'm2',
    quantity: 7.5,
    price: 10.07,
    vatRate: 5.5,
    discount: { kind: 'percent', value: 15 },
  },
  { name: 'Mitigeur', unit: 'u', quantity: 1, price: 120, vatRate: 20, option: true },
];
const FIVE = { kind: 'percent', value: 5 } as const;
const ASSUJETTI = { regime: 'assujetti' as const, documentRate: 20 };
const quote = {
  id: 'q27',
  client_id: 'c1',
  number: 'DE0027',
  lines: LINES,
  discount: FIVE,
  vat_rate: 20,
  vat_regime: 'assujetti',
  snapshot: null,
};

it('the invoice from the devis keeps every amount, the sections and remises, and the remise globale', () => {
  const draft = draftInvoiceFromQuote(quote, 'i27', { isPaid: false });
  const expected = devisTotals(LINES, FIVE, ASSUJETTI);
  // 1 446,69 + 250,00 accepted option = 1 696,69 ; 5 % = 84,83 → HT 1 611,86.
  expect(expected.lineTotalCents).toBe(169669);
  expect(expected.netHtCents).toBe(161186);
  expect(draft).toMatchObject({
    discount: FIVE,
    total_ht_cents: expected.netHtCents,
    tva_cents: expected.vatCents,
    total_ttc_cents: expected.ttcCents,
  });
  const lines = draft.lines as QuoteLine[];
  expect(lines.map((l) => l.name)).toEqual([
    'Salle de bain',
    'Carrelage',
    'Pose droite',
    'Chauffe-eau',
    'Cuisine',
    'Peinture',
    'Robinet thermostatique',
    'Isolation',
  ]);
  expect(lines[1]).toMatchObject({ discount: { kind: 'percent', value: 10 }, vatRate: 10 });
  expect(lines[3]).toMatchObject({ coefficient: 1.15, detailed: true, discount: { kind: 'amount', value: 39.39 } });
  expect(lines[6]!.option).toBeUndefined();
  expect(lines[0]).toEqual({ kind: 'section', name: 'Salle de bain', unit: '', price: 0, quantity: 0 });
});

it('an acompte of 30 % is a share of the discounted devis', () => {
  const planned = draftDepositFromQuote(quote, 'd27', { percent: 30 }, []);
  if (!planned.ok) throw new Error(planned.message);
  const expected = devisTotals(LINES, FIVE, ASSUJETTI);
  const ttc = Number(planned.row.total_ttc_cents);
  // 30 % of each discounted base, VAT per rate: within a cent per rate of 30 % of the devis' TTC.
  expect(Math.abs(ttc - Math.round(expected.ttcCents * 0.3))).toBeLessThanOrEqual(3);
});

it('situations follow the priced lines (no section, comment or option) and add up to the discounted devis', () => {
  expect(rowMoneyLines(quote)).toHaveLength(5);
  expect(previousProgress(quote, [])).toEqual([0, 0, 0, 0, 0]);
  const all100 = [100, 100, 100, 100, 100];
  const planned = draftSituationFromQuote(quote, 's27', all100, []);
  if (!planned.ok) throw new Error(planned.message);
  const expected = devisTotals(LINES, FIVE, ASSUJETTI);
  expect(planned.row).toMatchObject({
    total_ht_cents: expected.netHtCents,
    tva_cents: expected.vatCents,
    total_ttc_cents: expected.ttcCents,
  });
  expect((planned.row.lines as QuoteLine[]).map((l) => l.name)).toEqual([
    'Carrelage',
    'Chauffe-eau',
    'Peinture',
    'Robinet thermostatique',
    'Isolation',
  ]);
});
