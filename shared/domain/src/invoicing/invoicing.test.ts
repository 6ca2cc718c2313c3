import {
  INVOICING_MESSAGES as M,
  computeDocumentTotals,
  documentVatRegime,
  frenchVatNumber,
  legalMentions,
  normaliseSiren,
  normaliseSiret,
  normaliseVatNumber,
  paymentTerms,
  percentOf,
  planDeposit,
  planSituation,
  regimeChangeError,
  retenueError,
  retenueReleaseDate,
  toMoneyLines,
  validateLines,
  multiplyCents,
  type MoneyLine,
} from '../index';

const line = (
  quantity: number,
  unitPriceCents: number,
  vatRate: MoneyLine['vatRate'],
  vatCategory: MoneyLine['vatCategory'] = 'standard',
): MoneyLine => ({
  quantity,
  unitPriceCents,
  vatRate,
  vatCategory,
});

// The reference's invoice F2026-0042 (shared/reference/e-invoicing-and-btp.md): HT 3 098,00, TVA 254,00.
const threeRates = [
  line(65, 3000, 5.5, 'reduced_renovation'), // 1 950,00 → 107,25
  line(1, 82850, 10, 'reduced_renovation'), // 828,50 → 82,85
  line(1, 31950, 20), // 319,50 → 63,90
];

describe('rounding to the cent', () => {
  it('multiplies a unit price by a quantity with two decimals, half away from zero', () => {
    expect(multiplyCents(1235, 2.5)).toBe(3088); // 30,875 → 30,88
    expect(multiplyCents(10, 0.33)).toBe(3); // 3,3 cents
    expect(multiplyCents(-1235, 2.5)).toBe(-3088);
    expect(multiplyCents(1999, 0.07)).toBe(140); // 139,93 → 140 (float 0.07 * 100 = 7.000000000000001)
  });
  it('rounds VAT half up per rate', () => {
    expect(percentOf(5, 10)).toBe(1); // 0,5 cent → 1
    expect(percentOf(-5, 10)).toBe(-1);
    expect(percentOf(10, 5.5)).toBe(1); // 0,55 → 1
    expect(percentOf(50, 2.1)).toBe(1); // 1,05 → 1
    expect(percentOf(1250, 2.1)).toBe(26); // 26,25 → 26
  });
});

describe('computeDocumentTotals', () => {
  it('gives the reference invoice to the cent, one breakdown row per rate, highest first', () => {
    const totals = computeDocumentTotals(threeRates, { prepaidCents: 100000 });
    expect(totals.breakdown.map((r) => [r.rate, r.code, r.baseCents, r.vatCents])).toEqual([
      [20, 'S', 31950, 6390],
      [10, 'S', 82850, 8285],
      [5.5, 'S', 195000, 10725],
    ]);
    expect(totals.totalHTCents).toBe(309800);
    expect(totals.totalVatCents).toBe(25400);
    expect(totals.totalTTCCents).toBe(335200);
    expect(totals.payableCents).toBe(235200);
    expect(totals.netDueCents).toBe(235200);
  });
  it('rounds VAT on the sum of a rate, not line by line', () => {
    // 3 × 0,09 € at 5,5 %: per line 0,495 cent → 0 each; on 0,27 € → 1,485 → 1 cent.
    const totals = computeDocumentTotals([line(1, 9, 5.5), line(1, 9, 5.5), line(1, 9, 5.5)]);
    expect(totals.totalVatCents).toBe(1);
  });
  it('keeps autoliquidation and franchise lines at 0 with their own codes', () => {
    expect(computeDocumentTotals([line(2, 50000, 0, 'autoliquidation')]).breakdown).toEqual([
      { category: 'autoliquidation', code: 'AE', rate: 0, baseCents: 100000, vatCents: 0 },
    ]);
    expect(computeDocumentTotals([line(1, 48600, 0, 'franchise')]).totalTTCCents).toBe(48600);
  });
  it('withholds a retenue de garantie from what is paid now, or states a caution', () => {
    const lines = [line(1, 300000, 10)];
    expect(computeDocumentTotals(lines, { retenue: { ratePercent: 5, caution: false } })).toMatchObject({
      totalTTCCents: 330000,
      retenueCents: 16500,
      netDueCents: 313500,
    });
    expect(computeDocumentTotals(lines, { retenue: { ratePercent: 5, caution: true } }).retenueCents).toBe(0);
  });
});

describe('acomptes', () => {
  it('invoices the same share of each VAT base, and the final invoice deducts it', () => {
    const deposit = planDeposit(threeRates, { percent: 30 });
    if (!deposit.ok) throw new Error(deposit.message);
    const totals = computeDocumentTotals(deposit.plan.lines);
    expect(deposit.plan.lines.map((l) => l.unitPriceCents)).toEqual([9585, 24855, 58500]);
    expect(totals.totalHTCents).toBe(92940);
    expect(totals.totalVatCents).toBe(1917 + 2486 + 3218); // 19,17 + 24,855 → 24,86 + 32,175 → 32,18
    expect(totals.totalTTCCents).toBe(100561);
    const final = computeDocumentTotals(threeRates, { prepaidCents: totals.totalTTCCents });
    expect(final.payableCents).toBe(335200 - 100561);
  });
  it('reads an amount as TTC and refuses more than what remains', () => {
    const ok = planDeposit([line(1, 100000, 20)], { amountCents: 36000 });
    if (!ok.ok) throw new Error(ok.message);
    expect(ok.plan.percent).toBe(30);
    expect(computeDocumentTotals(ok.plan.lines).totalTTCCents).toBe(36000);
    expect(planDeposit([line(1, 100000, 20)], { amountCents: 120001 })).toEqual({
      ok: false,
      message: M.depositTooLarge('1\u202F200,00\u00A0€'),
    });
    expect(planDeposit([line(1, 100000, 20)], { percent: 50 }, 100000).ok).toBe(false);
    expect(planDeposit([line(1, 100000, 20)], { percent: 0 })).toEqual({ ok: false, message: M.depositPercent });
    expect(planDeposit([line(1, 100000, 20)], { percent: 101 })).toEqual({ ok: false, message: M.depositPercent });
  });
});

describe('situations', () => {
  const names = ['Carrelage', 'Plomberie', 'Fourniture'];
  function run(steps: number[][], retenue = { ratePercent: 5, caution: false }) {
    let previous: number[] = [0, 0, 0];
    return steps.map((next) => {
      const planned = planSituation(threeRates, names, previous, next);
      if (!planned.ok) throw new Error(planned.message);
      previous = next;
      return {
        plan: planned.plan,
        totals: computeDocumentTotals(planned.plan.lines, { retenue, vatCents: planned.plan.vatCents }),
      };
    });
  }
  it('30 %, 70 %, 100 %: each situation invoices the cumulative minus the previous, and they add up to the devis', () => {
    const [s1, s2, s3] = run([
      [30, 30, 30],
      [70, 70, 70],
      [100, 100, 100],
    ]);
    expect(s1!.totals).toMatchObject({ totalHTCents: 92940, totalVatCents: 7621, totalTTCCents: 100561 });
    expect(s2!.totals).toMatchObject({ totalHTCents: 123920, totalVatCents: 10160, totalTTCCents: 134080 });
    expect(s3!.totals).toMatchObject({ totalHTCents: 92940, totalVatCents: 7619, totalTTCCents: 100559 });
    const sum = (f: 'totalHTCents' | 'totalVatCents' | 'totalTTCCents' | 'retenueCents') =>
      [s1, s2, s3].reduce((n, s) => n + s!.totals[f], 0);
    expect(sum('totalHTCents')).toBe(309800);
    expect(sum('totalVatCents')).toBe(25400);
    expect(sum('totalTTCCents')).toBe(335200);
    // 5 % of each situation's TTC: 50,28 + 67,04 + 50,28 (the retenue of the whole = 167,60).
    expect([s1, s2, s3].map((s) => s!.totals.retenueCents)).toEqual([5028, 6704, 5028]);
    expect(s1!.totals.netDueCents).toBe(100561 - 5028);
    expect(s3!.plan.final).toBe(true);
    expect(s1!.plan.final).toBe(false);
    // Each situation's VAT stays within a cent of its base × rate (EN 16931 BR-S-09).
    for (const s of [s1, s2, s3]) {
      for (const row of s!.totals.breakdown)
        expect(Math.abs(row.vatCents - percentOf(row.baseCents, row.rate))).toBeLessThanOrEqual(1);
    }
  });
  it('a percentage per line, and one line only moving', () => {
    const [s1] = run([[100, 0, 50]]);
    expect(s1!.plan.lines.map((l) => l.unitPriceCents)).toEqual([195000, 0, 15975]);
  });
  it('refuses a percentage going down, over 100 %, or a situation adding nothing', () => {
    expect(planSituation(threeRates, names, [50, 0, 0], [40, 0, 0])).toEqual({
      ok: false,
      message: M.situationPercentDown('Carrelage', '50 %'),
    });
    expect(planSituation(threeRates, names, [0, 0, 0], [101, 0, 0])).toEqual({
      ok: false,
      message: M.situationPercentRange,
    });
    expect(planSituation(threeRates, names, [30, 30, 30], [30, 30, 30])).toEqual({
      ok: false,
      message: M.situationNothing,
    });
  });
  it('caps the retenue at 5 % and releases it a year after réception', () => {
    expect(retenueError({ ratePercent: 5.01, caution: false })).toBe(M.retenueTooHigh);
    expect(retenueError({ ratePercent: -1, caution: false })).toBe(M.retenueNegative);
    expect(retenueError({ ratePercent: 5, caution: true })).toBeNull();
    expect(retenueReleaseDate('2026-03-15')).toBe('2027-03-15');
    expect(retenueReleaseDate('2028-02-29')).toBe('2029-02-28');
  });
});

describe('VAT regime and lines', () => {
  const stored = (vatRate?: number) => ({ name: 'Pose', unit: 'm2', price: 10, quantity: 2, vatRate });
  it('a franchise company cannot put VAT on a line; its lines are E at 0', () => {
    expect(validateLines([stored(20)], { regime: 'franchise', documentRate: 20 })).toBe(M.franchiseWithVat);
    expect(validateLines([stored(0)], { regime: 'franchise', documentRate: 20 })).toBeNull();
    expect(toMoneyLines([stored(0)], { regime: 'franchise', documentRate: 20 })[0]).toMatchObject({
      vatRate: 0,
      vatCategory: 'franchise',
    });
  });
  it('refuses rates outside the list and mixed autoliquidation', () => {
    expect(validateLines([stored(8.5)], { regime: 'assujetti', documentRate: 20 })).toBe(`Pose : ${M.rateNotAllowed}`);
    expect(validateLines([stored(0), stored(20)], { regime: 'assujetti', documentRate: 20 })).toBe(
      M.mixedAutoliquidation,
    );
    expect(validateLines([stored(5.5), stored(10), stored(20)], { regime: 'assujetti', documentRate: 20 })).toBeNull();
    expect(validateLines([{ ...stored(20), price: -1 }], { regime: 'assujetti', documentRate: 20 })).toBe(
      `Pose : ${M.negativePrice}`,
    );
  });
  it('lines without a rate take the document rate (documents made before per-line VAT)', () => {
    expect(toMoneyLines([stored()], { regime: 'assujetti', documentRate: 10 })[0]).toMatchObject({
      vatRate: 10,
      vatCategory: 'reduced_renovation',
      unitPriceCents: 1000,
    });
  });
  it('never guesses the regime of a new document; old 0 % invoices of a company without VAT number were 293 B', () => {
    expect(documentVatRegime({ vatRegime: 'assujetti', tva: '' }, 0)).toBe('assujetti');
    expect(documentVatRegime({ tva: '' }, 0)).toBe('franchise');
    expect(documentVatRegime({ tva: '' }, 10)).toBe('assujetti');
    expect(regimeChangeError('assujetti', 'franchise')).toBe(M.regimeChanged);
    expect(regimeChangeError('assujetti', 'assujetti')).toBeNull();
  });
});

describe('identifiers', () => {
  it('checks SIREN and SIRET keys (Luhn) and the French VAT key', () => {
    expect(normaliseSiren('732 829 320')).toBe('732829320');
    expect(normaliseSiren('732829321')).toBeNull();
    expect(normaliseSiret('732 829 320 00074')).toBe('73282932000074');
    expect(normaliseSiret('73282932000075')).toBeNull();
    expect(frenchVatNumber('732829320')).toBe('FR44732829320');
    expect(normaliseVatNumber('fr 44 732829320')).toBe('FR44732829320');
    expect(normaliseVatNumber('FR45732829320')).toBeNull();
    expect(normaliseVatNumber('DE123456789')).toBe('DE123456789');
  });
});

describe('mentions and payment terms', () => {
  const base = {
    regime: 'assujetti' as const,
    vatOnDebits: false,
    autoliquidation: false,
    reducedRenovation: false,
    energyRenovation: false,
    nature: 'services' as const,
  };
  it('prints the client certification on a devis with a reduced rate, not on invoices', () => {
    expect(legalMentions({ ...base, kind: 'quote', reducedRenovation: true }).certification).toHaveLength(1);
    expect(
      legalMentions({ ...base, kind: 'quote', reducedRenovation: true, energyRenovation: true }).certification,
    ).toHaveLength(2);
    expect(legalMentions({ ...base, kind: 'invoice', reducedRenovation: true }).certification).toEqual([]);
  });
  it('says 293 B, autoliquidation, débits and the retenue', () => {
    expect(legalMentions({ ...base, kind: 'invoice', regime: 'franchise' }).vat).toEqual([
      'TVA non applicable, art. 293 B du CGI',
    ]);
    expect(legalMentions({ ...base, kind: 'invoice', autoliquidation: true }).vat[0]).toMatch(/^Autoliquidation/);
    expect(legalMentions({ ...base, kind: 'invoice', vatOnDebits: true }).vat).toEqual([
      "Option pour le paiement de la taxe d'après les débits",
    ]);
    expect(
      legalMentions({
        ...base,
        kind: 'situation',
        retenue: { ratePercent: 5, caution: false, amountCents: 5028, releaseDate: '2027-03-15' },
      }).retenue,
    ).toBe(
      'Retenue de garantie de 5 % du TTC (loi n° 71-584 du 16 juillet 1971) : 50,28\u00A0€, libérable le 15/03/2027.',
    );
    expect(legalMentions({ ...base, kind: 'invoice' }).payment[0]).toMatch(/40 €/);
  });
  it('gives one payment term, capped at 60 days', () => {
    expect(paymentTerms('2026-11-26', 0)).toEqual({ dueDate: '2026-11-26', text: 'Paiement à réception de facture' });
    expect(paymentTerms('2026-11-26', 30)).toEqual({
      dueDate: '2026-12-26',
      text: 'Paiement à 30 jours, au plus tard le 26/12/2026',
    });
    expect(paymentTerms('2026-11-26', 90).dueDate).toBe('2027-01-25');
  });
});
