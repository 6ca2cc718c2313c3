import type { Task } from '@atelier/domain';

import {
  EMPTY_DRAFT,
  addLine,
  applyRecognisedTasks,
  changeLineTask,
  draftTotals,
  setLineVatRate,
  setOptions,
  mergeClient,
  normaliseQuantity,
  recognisedQuantity,
  removeLine,
  setClient,
  setClientField,
  setQuantity,
  setTitle,
  setVatRate,
  type QuoteDraft,
} from './quote-draft';

const CATALOGUE: Task[] = [
  { name: 'Peinture murale', unit: 'm2', price: 25 },
  { name: 'Pose carrelage', unit: 'm2', price: 45.5 },
  { name: 'Forfait déplacement', unit: 'forfait', price: 60 },
];

function draftWith(...names: string[]): QuoteDraft {
  return names.reduce(
    (d, name) => applyRecognisedTasks(d, [{ name, quantity: 1, unit: 'm2' }], CATALOGUE),
    EMPTY_DRAFT,
  );
}

describe('applyRecognisedTasks', () => {
  it('adds a line with the catalogue price and unit', () => {
    const d = applyRecognisedTasks(EMPTY_DRAFT, [{ name: 'peinture murale', quantity: 12, unit: 'h' }], CATALOGUE);
    expect(d.lines).toEqual([{ id: 'line-1', name: 'Peinture murale', unit: 'm2', price: 25, quantity: 12 }]);
  });

  it('raises the quantity of a line with the same name instead of adding a duplicate', () => {
    let d = applyRecognisedTasks(EMPTY_DRAFT, [{ name: 'Peinture murale', quantity: 10, unit: 'm2' }], CATALOGUE);
    d = applyRecognisedTasks(d, [{ name: ' PEINTURE MURALE ', quantity: 5, unit: 'm2' }], CATALOGUE);
    expect(d.lines).toHaveLength(1);
    expect(d.lines[0]?.quantity).toBe(15);
    // Within one batch too.
    d = applyRecognisedTasks(
      d,
      [
        { name: 'Pose carrelage', quantity: 2, unit: 'm2' },
        { name: 'Pose carrelage', quantity: 3, unit: 'm2' },
      ],
      CATALOGUE,
    );
    expect(d.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Peinture murale', 15],
      ['Pose carrelage', 5],
    ]);
  });

  it('keeps a task unknown to the catalogue with its recognised unit and price 0; quantities ≥ 1', () => {
    const d = applyRecognisedTasks(EMPTY_DRAFT, [{ name: 'Ragréage', quantity: 0, unit: 'm2' }], CATALOGUE);
    expect(d.lines[0]).toMatchObject({ name: 'Ragréage', unit: 'm2', price: 0, quantity: 1 });
  });

  it('ignores blank names and leaves the draft unchanged when nothing applies', () => {
    expect(applyRecognisedTasks(EMPTY_DRAFT, [{ name: '  ', quantity: 1, unit: 'm2' }], CATALOGUE)).toBe(EMPTY_DRAFT);
  });
});

describe('client', () => {
  it('mergeClient: non-empty fields win, empty ones keep the current value', () => {
    let d = mergeClient(EMPTY_DRAFT, { name: 'Jean Dupont', phone: '06 12 34 56 78' });
    d = mergeClient(d, { email: 'jean@dupont.fr', name: '  ', address: undefined });
    expect(d.client).toEqual({ name: 'Jean Dupont', email: 'jean@dupont.fr', phone: '06 12 34 56 78', address: '' });
    expect(mergeClient(d, { name: '' })).toBe(d);
  });

  it('setClient replaces the client; setClientField edits one field', () => {
    let d = mergeClient(EMPTY_DRAFT, { name: 'A', email: 'a@x.fr', phone: '01' });
    d = setClient(d, { name: 'B', email: 'b@x.fr', phone: '', address: 'Lyon' });
    expect(d.client).toEqual({ name: 'B', email: 'b@x.fr', phone: '', address: 'Lyon' });
    d = setClientField(d, 'phone', '02');
    expect(d.client.phone).toBe('02');
  });
});

describe('editing', () => {
  it('setTitle replaces the title', () => {
    expect(setTitle(EMPTY_DRAFT, 'Rénovation cuisine').title).toBe('Rénovation cuisine');
  });

  it('changeLineTask replaces the line by the catalogue task and keeps the quantity', () => {
    let d = applyRecognisedTasks(EMPTY_DRAFT, [{ name: 'Peinture murale', quantity: 7, unit: 'm2' }], CATALOGUE);
    d = changeLineTask(d, 'line-1', 'Forfait déplacement', CATALOGUE);
    expect(d.lines).toEqual([{ id: 'line-1', name: 'Forfait déplacement', unit: 'forfait', price: 60, quantity: 7 }]);
    expect(changeLineTask(d, 'line-1', 'Inconnue', CATALOGUE)).toBe(d);
  });

  it('addLine adds the first catalogue task with quantity 1; nothing without a catalogue', () => {
    const d = addLine(EMPTY_DRAFT, CATALOGUE);
    expect(d.lines).toEqual([{ id: 'line-1', name: 'Peinture murale', unit: 'm2', price: 25, quantity: 1 }]);
    expect(addLine(EMPTY_DRAFT, [])).toBe(EMPTY_DRAFT);
    // Line ids stay unique after removals.
    const d2 = addLine(removeLine(addLine(d, CATALOGUE), 'line-2'), CATALOGUE);
    expect(d2.lines.map((l) => l.id)).toEqual(['line-1', 'line-3']);
  });

  it('removeLine removes only that line', () => {
    const d = draftWith('Peinture murale', 'Pose carrelage');
    expect(removeLine(d, 'line-1').lines.map((l) => l.name)).toEqual(['Pose carrelage']);
    expect(removeLine(d, 'nope')).toBe(d);
  });

  it('setQuantity keeps quantities ≥ 1 and leaves the other lines untouched (same objects)', () => {
    const d = draftWith('Peinture murale', 'Pose carrelage');
    const d2 = setQuantity(d, 'line-1', '3.5');
    expect(d2.lines[0]?.quantity).toBe(3.5);
    expect(d2.lines[1]).toBe(d.lines[1]);
    expect(setQuantity(d, 'line-1', 0).lines[0]?.quantity).toBe(1);
    expect(setQuantity(d, 'line-1', '').lines[0]?.quantity).toBe(1);
    expect(setQuantity(d, 'line-1', -4).lines[0]?.quantity).toBe(1);
    expect(setQuantity(d, 'line-1', 1)).toBe(d);
  });

  it('normaliseQuantity', () => {
    expect(normaliseQuantity('2,5')).toBe(2.5);
    expect(normaliseQuantity('abc')).toBe(1);
    expect(normaliseQuantity(0.5)).toBe(1);
  });

  it('setVatRate: empty → 20, clamped to 0–100, one decimal', () => {
    expect(setVatRate(EMPTY_DRAFT, '5.5').vatRate).toBe(5.5);
    expect(setVatRate(EMPTY_DRAFT, '').vatRate).toBe(20);
    expect(setVatRate(EMPTY_DRAFT, '150').vatRate).toBe(100);
    expect(setVatRate(EMPTY_DRAFT, '-3').vatRate).toBe(0);
    expect(setVatRate(EMPTY_DRAFT, '10.04').vatRate).toBe(10);
    expect(setVatRate(EMPTY_DRAFT, 20)).toBe(EMPTY_DRAFT);
  });
});

describe('draftTotals', () => {
  const sums = (t: ReturnType<typeof draftTotals>) => [t.totalHTCents, t.totalVatCents, t.totalTTCCents];
  it('computes HT, TVA and TTC in integer cents (money model) and follows every change', () => {
    let d = draftWith('Peinture murale', 'Pose carrelage'); // 25 + 45.50
    expect(sums(draftTotals(d))).toEqual([7050, 1410, 8460]);
    d = setQuantity(d, 'line-2', 3); // 25 + 136.50
    expect(draftTotals(d).totalHTCents).toBe(16150);
    d = setVatRate(d, '5.5');
    expect(sums(draftTotals(d))).toEqual([16150, 888, 17038]);
    d = removeLine(d, 'line-1');
    expect(draftTotals(d).totalHTCents).toBe(13650);
  });
  it('a VAT rate per line: VAT summed and rounded per rate, one breakdown row per rate', () => {
    let d = draftWith('Peinture murale', 'Pose carrelage'); // 25 + 45.50
    d = setLineVatRate(d, 'line-1', 10);
    d = setLineVatRate(d, 'line-2', 5.5);
    const totals = draftTotals(d);
    expect(totals.breakdown.map((r) => [r.rate, r.baseCents, r.vatCents])).toEqual([
      [10, 2500, 250],
      [5.5, 4550, 250], // 250,25 → 250
    ]);
    expect(sums(totals)).toEqual([7050, 500, 7550]);
    // A rate outside the list is not taken; the same rate again changes nothing (memoised rows skip).
    expect(setLineVatRate(d, 'line-1', 8.5)).toBe(d);
    expect(setLineVatRate(d, 'line-1', 10)).toBe(d);
  });
  it('autoliquidation (sous-traitance): every line AE at 0 %, no VAT', () => {
    const d = setOptions(setLineVatRate(draftWith('Peinture murale', 'Pose carrelage'), 'line-1', 10), {
      autoliquidation: true,
    });
    const totals = draftTotals(d);
    expect(totals.breakdown).toEqual([
      { category: 'autoliquidation', code: 'AE', rate: 0, baseCents: 7050, vatCents: 0 },
    ]);
    expect(setOptions(d, { autoliquidation: true })).toBe(d);
  });
  it('a franchise-en-base company: no VAT on the devis, whatever the rates', () => {
    const d = setLineVatRate(draftWith('Peinture murale', 'Pose carrelage'), 'line-1', 10);
    expect(sums(draftTotals(d, 'franchise'))).toEqual([7050, 0, 7050]);
  });
});

describe('recognised lines keep measured decimals (issue 13 departure)', () => {
  it.each([
    [14.5, 'm2', 14.5],
    [0.75, 'h', 0.75],
    [4.2, 'ml', 4.2],
    [2.5, 'unité', 3],
    [0.4, 'forfait', 1],
    [-2, 'm2', 1],
  ])('%s %s → %s', (value, unit, expected) => expect(recognisedQuantity(value, unit)).toBe(expected));

  it('adds a recognised company to the client name', () => {
    const draft = mergeClient(EMPTY_DRAFT, { name: "Jean-Marc d'Ornano", company: 'Ornano Bâtiment' });
    expect(draft.client.name).toBe("Jean-Marc d'Ornano (Ornano Bâtiment)");
    expect(mergeClient(draft, { company: 'Ornano Bâtiment' })).toBe(draft);
  });
});
