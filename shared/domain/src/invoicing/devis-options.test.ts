import {
  acceptedOptionsValid,
  acceptedQuoteSummary,
  devisOptionChoices,
  devisTotals,
  invoiceLinesFromDevis,
  publicDevisLines,
  withAcceptedOptions,
  type StoredLine,
} from '../index';

const CONTEXT = { regime: 'assujetti' as const, documentRate: 20 };
const LINES: StoredLine[] = [
  { kind: 'section', name: 'Salle de bain', unit: '', price: 0, quantity: 0 },
  { name: 'Chauffe-eau', unit: 'u', price: 900, quantity: 1, vatRate: 20, discount: { kind: 'percent', value: 10 } },
  { name: 'Robinetterie thermostatique', unit: 'u', price: 150, quantity: 1, vatRate: 20, option: true },
  { kind: 'section', name: 'Cuisine', unit: '', price: 0, quantity: 0, option: true },
  { kind: 'text', name: 'Selon disponibilité', unit: '', price: 0, quantity: 0 },
  { name: 'Évier inox', unit: 'u', price: 200, quantity: 2, vatRate: 20 },
  { name: 'Mitigeur', unit: 'u', price: 80.5, quantity: 1, vatRate: 20, option: true },
];

describe('devis options accepted online', () => {
  it('sums up an acceptance: the retained options with their net HT and the totals with them', () => {
    // 900 − 10 % = 810 + option 150 = 960 HT, remise globale 5 % → 912 HT, TVA 182,40 → 1 094,40 TTC.
    expect(acceptedQuoteSummary(LINES, { kind: 'percent', value: 5 }, CONTEXT, [2])).toEqual({
      options: [{ name: 'Robinetterie thermostatique', netHtCents: 15000 }],
      netHtCents: 91200,
      ttcCents: 109440,
    });
    // The Cuisine section (400 + its own option 80,50): 810 + 480,50 = 1 290,50 HT, TVA 258,10 → 1 548,60 TTC.
    expect(acceptedQuoteSummary(LINES, null, CONTEXT, [3])).toEqual({
      options: [{ name: 'Cuisine', netHtCents: 48050 }],
      netHtCents: 129050,
      ttcCents: 154860,
    });
    // None retained: the devis' own total (810 HT, 972 TTC).
    expect(acceptedQuoteSummary(LINES, null, CONTEXT, [])).toEqual({ options: [], netHtCents: 81000, ttcCents: 97200 });
  });

  it('lists an option item and an option section (with its items) as choices, priced', () => {
    expect(devisOptionChoices(LINES, CONTEXT)).toEqual([
      { index: 2, name: 'Robinetterie thermostatique', netHtCents: 15000 },
      { index: 3, name: 'Cuisine', netHtCents: 48050 },
    ]);
  });

  it('validates indexes: only choices, integers, once', () => {
    expect(acceptedOptionsValid(LINES, [])).toBe(true);
    expect(acceptedOptionsValid(LINES, [3, 2])).toBe(true);
    for (const bad of [[1], [0], [4], [5], [6], [-1], [2.5], ['2'], [2, 2], null, '2', { 0: 2 }]) {
      expect(acceptedOptionsValid(LINES, bad)).toBe(false);
    }
    expect(acceptedOptionsValid(LINES, Array.from({ length: 1001 }, () => 2))).toBe(false);
  });

  it('accepted options join the totals and the invoice lines', () => {
    const before = devisTotals(LINES, null, CONTEXT);
    expect(before.netHtCents).toBe(81000);
    const one = withAcceptedOptions(LINES, [2]);
    expect(devisTotals(one, null, CONTEXT).netHtCents).toBe(96000);
    expect(devisOptionChoices(one, CONTEXT).map((c) => c.index)).toEqual([3]);
    const all = withAcceptedOptions(LINES, [2, 3]);
    // 810 + 150 + 400 + 80,50 = 1440,50 HT, TVA 288,10
    expect(devisTotals(all, null, CONTEXT).netHtCents).toBe(144050);
    expect(devisTotals(all, null, CONTEXT).ttcCents).toBe(172860);
    expect(all[6]).toMatchObject({ option: true, accepted: true });
    expect(invoiceLinesFromDevis(all).map((l) => l.name)).toEqual([
      'Salle de bain',
      'Chauffe-eau',
      'Robinetterie thermostatique',
      'Cuisine',
      'Selon disponibilité',
      'Évier inox',
      'Mitigeur',
    ]);
    expect(invoiceLinesFromDevis(one).map((l) => l.name)).not.toContain('Évier inox');
  });

  it('the public lines leave out the catalogue id, the coefficient and hidden components', () => {
    const [shown, hidden] = publicDevisLines([
      {
        name: 'Ouvrage',
        unit: 'u',
        price: 10,
        quantity: 1,
        catalogueId: 'cat-1',
        coefficient: 1.3,
        detailed: true,
        components: [{ kind: 'main_oeuvre', name: 'Pose', unit: 'h', quantity: 1, price: 7.69 }],
      },
      { name: 'Secret', unit: 'u', price: 5, quantity: 2, components: [{ name: 'x', price: 1 }], catalogueId: 'c' },
    ]);
    expect(shown).toEqual({
      name: 'Ouvrage',
      unit: 'u',
      price: 10,
      quantity: 1,
      detailed: true,
      components: [{ kind: 'main_oeuvre', name: 'Pose', unit: 'h', quantity: 1, price: 7.69 }],
    });
    expect(hidden).toEqual({ name: 'Secret', unit: 'u', price: 5, quantity: 2 });
    expect(publicDevisLines('x')).toEqual([]);
  });
});
