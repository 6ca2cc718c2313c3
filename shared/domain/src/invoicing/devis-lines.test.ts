// Money of the issue 27 devis lines, every figure computed by hand in the comments.
import { formatEuros } from '../money';
import {
  DEVIS_LINE_MESSAGES as D,
  INVOICING_MESSAGES as M,
  computeDocumentTotals,
  devisTotals,
  foldDocumentDiscount,
  invoiceLinesFromDevis,
  lineNetCents,
  ouvrageUnitPrice,
  spreadDiscount,
  storedLines,
  summaryVatRate,
  toMoneyLines,
  validateDevisLines,
  type OuvrageComponent,
  type StoredLine,
  type VatContext,
} from '../index';

const ASSUJETTI: VatContext = { regime: 'assujetti', documentRate: 20 };

const COMPONENTS: OuvrageComponent[] = [
  { kind: 'fourniture', name: 'Chauffe-eau 200 L', unit: 'u', quantity: 1, price: 612.4 }, // 612,40
  { kind: 'fourniture', name: 'Raccord', unit: 'u', quantity: 3, price: 4.15 }, // 12,45
  { kind: 'main_oeuvre', name: 'Pose', unit: 'h', quantity: 2.5, price: 45.5 }, // 113,75
];

const item = (name: string, quantity: number, price: number, vatRate: number, extra: Partial<StoredLine> = {}) =>
  ({ name, unit: 'u', quantity, price, vatRate, ...extra }) as StoredLine;
const section = (name: string, extra: Partial<StoredLine> = {}): StoredLine => ({
  kind: 'section',
  name,
  unit: '',
  price: 0,
  quantity: 0,
  ...extra,
});
const text = (name: string): StoredLine => ({ kind: 'text', name, unit: '', price: 0, quantity: 0 });

// Salle de bain: 525,00 − 10 % = 472,50 ; ouvrage 849,39 − 39,39 = 810,00 → subtotal 1 282,50 (10 %).
// Cuisine: 99,99 (20 %) ; option 250,00 (20 %, not accepted) ; 7,5 × 10,07 = 75,525 → 75,53 − 15 % (11,3295 →
// 11,33) = 64,20 (5,5 %) → subtotal 164,19.
const DEVIS: StoredLine[] = [
  section('Salle de bain'),
  item('Carrelage', 12.5, 42, 10, { discount: { kind: 'percent', value: 10 } }),
  text('Pose droite, joints gris'),
  item('Chauffe-eau', 1, 849.39, 10, {
    components: COMPONENTS,
    coefficient: 1.15,
    detailed: true,
    discount: { kind: 'amount', value: 39.39 },
  }),
  section('Cuisine'),
  item('Peinture', 3, 33.33, 20, { description: 'Deux couches\nBlanc mat' }),
  item('Robinet thermostatique', 1, 250, 20, { option: true }),
  item('Isolation', 7.5, 10.07, 5.5, { discount: { kind: 'percent', value: 15 } }),
];

describe('ouvrageUnitPrice', () => {
  it('adds the rounded components then applies the coefficient', () => {
    // 612,40 + 12,45 + 113,75 = 738,60 ; × 1,15 = 849,39
    expect(ouvrageUnitPrice(COMPONENTS, 1.15)).toBe(849.39);
    expect(ouvrageUnitPrice(COMPONENTS)).toBe(738.6);
  });
  it('rounds each component and the coefficient half away from zero', () => {
    // 0,333 h × 45,00 = 14,985 → 14,99 ; 10,01 × 1,5 = 15,015 → 15,02
    expect(ouvrageUnitPrice([{ kind: 'main_oeuvre', name: 'MO', unit: 'h', quantity: 0.333, price: 45 }])).toBe(14.99);
    expect(ouvrageUnitPrice([{ kind: 'fourniture', name: 'F', unit: 'u', quantity: 1, price: 10.01 }], 1.5)).toBe(
      15.02,
    );
  });
});

describe('lineNetCents of a stored line', () => {
  it('rounds quantity × price once then takes the remise off', () => {
    expect(lineNetCents(DEVIS[7]!, ASSUJETTI)).toBe(6420); // 7 553 − 1 133
    expect(lineNetCents(DEVIS[1]!, ASSUJETTI)).toBe(47250);
    expect(lineNetCents(item('x', 1, 10, 20, { discount: { kind: 'amount', value: 12 } }), ASSUJETTI)).toBe(0);
    expect(lineNetCents(DEVIS[0]!, ASSUJETTI)).toBe(0);
    expect(lineNetCents(DEVIS[2]!, ASSUJETTI)).toBe(0);
  });
});

describe('devisTotals', () => {
  it('gives the section subtotals, excludes the option and text lines', () => {
    const t = devisTotals(DEVIS, null, ASSUJETTI);
    expect(t.sections).toEqual([
      { index: 0, name: 'Salle de bain', subtotalCents: 128250, option: false },
      { index: 4, name: 'Cuisine', subtotalCents: 16419, option: false },
    ]);
    expect(t.grossHtCents).toBe(154991); // 52 500 + 84 939 + 9 999 + 7 553
    expect(t.lineDiscountsCents).toBe(10322); // 5 250 + 3 939 + 1 133
    expect(t.lineTotalCents).toBe(144669);
    expect(t.documentDiscountCents).toBe(0);
    expect(t.netHtCents).toBe(144669);
    expect(t.options).toEqual([{ index: 6, name: 'Robinet thermostatique', netHtCents: 25000 }]);
    expect(t.lines[3]).toEqual({ grossCents: 84939, discountCents: 3939, netCents: 81000 });
    // 10 %: 128 250 → 12 825 ; 20 %: 9 999 → 1 999,8 → 2 000 ; 5,5 %: 6 420 → 353,1 → 353
    expect(t.vat.map((r) => [r.rate, r.baseCents, r.vatCents])).toEqual([
      [20, 9999, 2000],
      [10, 128250, 12825],
      [5.5, 6420, 353],
    ]);
    expect(t.ttcCents).toBe(144669 + 15178);
  });

  it('spreads a 5 % global discount over the three rates, the remainder on the largest base', () => {
    const t = devisTotals(DEVIS, { kind: 'percent', value: 5 }, ASSUJETTI);
    // 5 % of 1 446,69 = 72,3345 → 72,33. 20 %: 7 233 × 9 999 / 144 669 = 499,93 → 500 ; 5,5 %: 320,98 → 321 ;
    // 10 % (largest): 7 233 − 500 − 321 = 6 412.
    expect(t.documentDiscountCents).toBe(7233);
    expect(t.netHtCents).toBe(137436);
    expect(t.vat).toEqual([
      { rate: 20, category: 'standard', baseCents: 9499, vatCents: 1900, discountCents: 500 }, // 1 899,8
      { rate: 10, category: 'reduced_renovation', baseCents: 121838, vatCents: 12184, discountCents: 6412 }, // 12 183,8
      { rate: 5.5, category: 'reduced_renovation', baseCents: 6099, vatCents: 335, discountCents: 321 }, // 335,445
    ]);
    expect(t.vatCents).toBe(14419);
    expect(t.ttcCents).toBe(151855);
  });

  it('spreads an amount discount, VAT on the discounted base (half-cent case)', () => {
    const t = devisTotals(DEVIS, { kind: 'amount', value: 100 }, ASSUJETTI);
    // 20 %: 10 000 × 9 999 / 144 669 = 691,17 → 691 ; 5,5 %: 443,77 → 444 ; 10 %: 10 000 − 691 − 444 = 8 865
    expect(t.vat.map((r) => [r.rate, r.discountCents, r.baseCents, r.vatCents])).toEqual([
      [20, 691, 9308, 1862], // 1 861,6
      [10, 8865, 119385, 11939], // 11 938,5 → 11 939
      [5.5, 444, 5976, 329], // 328,68
    ]);
    expect(t.netHtCents).toBe(134669);
  });

  it('counts an accepted option like a line; an option section is out with its items', () => {
    const accepted = DEVIS.map((l, i) => (i === 6 ? { ...l, accepted: true } : l));
    const t = devisTotals(accepted, null, ASSUJETTI);
    expect(t.options).toEqual([]);
    expect(t.lineTotalCents).toBe(169669);
    expect(t.sections[1]!.subtotalCents).toBe(41419);
    const withTerrace = [
      ...DEVIS,
      section('Terrasse', { option: true }),
      item('Dalles', 2, 100, 20),
      text('Au choix du client'),
    ];
    const out = devisTotals(withTerrace, null, ASSUJETTI);
    expect(out.sections[2]).toEqual({ index: 8, name: 'Terrasse', subtotalCents: 20000, option: true });
    expect(out.lineTotalCents).toBe(144669);
    expect(out.options.map((o) => o.name)).toEqual(['Robinet thermostatique', 'Dalles']);
    const yes = withTerrace.map((l, i) => (i === 8 ? { ...l, accepted: true } : l));
    expect(devisTotals(yes, null, ASSUJETTI).lineTotalCents).toBe(164669);
  });

  it('agrees with computeDocumentTotals over toMoneyLines (what the PDF, rows and XML read)', () => {
    const discount = { kind: 'percent', value: 5 } as const;
    const money = computeDocumentTotals(toMoneyLines(DEVIS, ASSUJETTI), { documentDiscount: discount });
    const t = devisTotals(DEVIS, discount, ASSUJETTI);
    expect(money.totalHTCents).toBe(t.netHtCents);
    expect(money.totalTTCCents).toBe(t.ttcCents);
    expect(money.lineTotalCents).toBe(144669);
    expect(toMoneyLines(DEVIS, ASSUJETTI)).toHaveLength(4);
  });
});

describe('spreadDiscount', () => {
  it('puts the remainder cent on the largest base', () => {
    expect(spreadDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(spreadDiscount([50, 200, 50], 3)).toEqual([1, 1, 1]);
    expect(spreadDiscount([1000, 0], 7)).toEqual([7, 0]);
    expect(spreadDiscount([-300, -100], -100)).toEqual([-75, -25]);
  });
});

describe('validateDevisLines', () => {
  const ok = (lines: StoredLine[], discount: Parameters<typeof validateDevisLines>[1] = null) =>
    validateDevisLines(lines, discount, ASSUJETTI);
  it('accepts the devis', () => {
    expect(ok(DEVIS, { kind: 'percent', value: 5 })).toBeNull();
  });
  it('refuses bad numbers and remises with French messages', () => {
    expect(ok([item('Mur', 1, -5, 20)])).toBe(`Mur : ${M.negativePrice}`);
    expect(ok([item('Mur', -1, 5, 20)])).toBe(`Mur : ${M.negativeQuantity}`);
    expect(ok([item('Mur', 1, 5, 20, { discount: { kind: 'percent', value: 150 } })])).toBe(
      `Mur : ${D.discountOver100}`,
    );
    expect(ok([item('Mur', 1, 5, 20, { discount: { kind: 'percent', value: -1 } })])).toBe(
      `Mur : ${D.discountNegative}`,
    );
    expect(ok([item('Mur', 2, 5, 20, { discount: { kind: 'amount', value: 10.01 } })])).toBe(
      `Mur : ${D.discountOverLine(formatEuros(1000))}`,
    );
    expect(ok([item('Mur', 1, Number.NaN, 20)])).toBe(`Mur : ${D.notANumber}`);
    expect(ok(DEVIS, { kind: 'percent', value: 100.5 })).toBe(D.discountOver100);
    expect(ok(DEVIS, { kind: 'amount', value: -3 })).toBe(D.discountNegative);
    expect(ok(DEVIS, { kind: 'amount', value: 1446.7 })).toBe(D.discountOverTotal(formatEuros(144669)));
    expect(ok(DEVIS, { kind: 'amount', value: 1446.69 })).toBeNull();
  });
  it('refuses an empty section, an ouvrage without components, a negative component, too long texts', () => {
    expect(ok([section('Cuisine'), section('Salon'), item('Mur', 1, 5, 20)])).toBe(D.emptySection('Cuisine'));
    expect(ok([item('Mur', 1, 5, 20), section('Fin'), text('rien')])).toBe(D.emptySection('Fin'));
    expect(ok([item('Ouvrage', 1, 5, 20, { components: [] })])).toBe(`Ouvrage : ${D.ouvrageEmpty}`);
    expect(ok([item('Ouvrage', 1, 5, 20, { components: [{ ...COMPONENTS[0]!, price: -1 }] })])).toBe(
      `Ouvrage : ${D.componentNegative('Chauffe-eau 200 L')}`,
    );
    expect(ok([item('Mur', 1, 5, 20, { description: 'x'.repeat(2001) })])).toBe(`Mur : ${D.descriptionTooLong(2000)}`);
    expect(ok([item('Mur', 1, 5, 20, { description: 'x'.repeat(2000) })])).toBeNull();
  });
  it('keeps the VAT checks of validateLines on the items', () => {
    expect(ok([section('A'), item('Mur', 1, 5, 7)])).toBe(`Mur : ${M.rateNotAllowed}`);
  });
});

describe('invoiceLinesFromDevis', () => {
  it('drops unaccepted options, keeps everything else, accepted options become lines', () => {
    const lines = [
      ...DEVIS.map((l, i) => (i === 6 ? { ...l, accepted: true } : l)),
      section('Terrasse', { option: true }),
      item('Dalles', 2, 100, 20),
      text('Au choix du client'),
      section('Vide'),
      item('Option seule', 1, 10, 20, { option: true }),
    ];
    const out = invoiceLinesFromDevis(lines);
    expect(out.map((l) => l.name)).toEqual([
      'Salle de bain',
      'Carrelage',
      'Pose droite, joints gris',
      'Chauffe-eau',
      'Cuisine',
      'Peinture',
      'Robinet thermostatique',
      'Isolation',
    ]);
    expect(out[6]).toEqual({ name: 'Robinet thermostatique', unit: 'u', quantity: 1, price: 250, vatRate: 20 });
    expect(out[3]).toEqual(DEVIS[3]);
    const before = devisTotals(lines, { kind: 'percent', value: 5 }, ASSUJETTI);
    const after = devisTotals(out, { kind: 'percent', value: 5 }, ASSUJETTI);
    expect(after.ttcCents).toBe(before.ttcCents);
    expect(after.vat).toEqual(before.vat);
  });
});

describe('foldDocumentDiscount', () => {
  it('spreads each rate share over its lines: the folded breakdown is the discounted devis', () => {
    const folded = foldDocumentDiscount(toMoneyLines(DEVIS, ASSUJETTI), { kind: 'percent', value: 5 });
    // 10 %: 6 412 over 47 250 and 81 000 → 47 250 × 6 412 / 128 250 = 2 362,3 → 2 362 ; the larger gets 4 050
    expect(folded.map((l) => l.discountCents ?? 0)).toEqual([5250 + 2362, 3939 + 4050, 500, 1133 + 321]);
    const t = computeDocumentTotals(folded);
    expect(t.breakdown.map((r) => [r.baseCents, r.vatCents])).toEqual([
      [9499, 1900],
      [121838, 12184],
      [6099, 335],
    ]);
  });
});

describe('stored lines of a devis', () => {
  it('keep the editor fields, VAT made explicit on items only; the summary rate ignores text and sections', () => {
    const stored = storedLines(DEVIS, ASSUJETTI);
    expect(stored[0]).toEqual({ kind: 'section', name: 'Salle de bain', unit: '', price: 0, quantity: 0 });
    expect(stored[3]).toMatchObject({
      vatRate: 10,
      vatCategory: 'reduced_renovation',
      coefficient: 1.15,
      detailed: true,
    });
    expect(stored[3]!.components).toEqual(COMPONENTS);
    expect(stored[6]).toMatchObject({ option: true, vatCategory: 'standard' });
    expect(summaryVatRate(stored, 20)).toBe(20);
    expect(summaryVatRate([stored[0]!], 10)).toBe(10);
  });
});
