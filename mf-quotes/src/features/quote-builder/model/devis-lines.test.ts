import type { Task } from '@atelier/domain';

import {
  addCatalogueLine,
  addCommentLine,
  addFreeLine,
  addSection,
  moveLine,
  moveLineTo,
  setDocumentDiscount,
  updateLine,
} from './devis-lines';
import { fromStoredDraft, storedDraftSchema, toStoredDraft } from './draft-storage';
import { EMPTY_DRAFT, applyRecognisedTasks, changeLineTask, draftDevisTotals, setQuantity } from './quote-draft';

const OUVRAGE = {
  id: 'cat-42',
  name: 'Pose chauffe-eau 200 L',
  unit: 'unité',
  price: 0,
  components: [
    { kind: 'fourniture' as const, name: 'Chauffe-eau Atlantic 200 L', unit: 'unité', quantity: 1, price: 389.9 },
    { kind: 'main_oeuvre' as const, name: 'Main-d’œuvre plombier', unit: 'h', quantity: 3, price: 45 },
  ],
  coefficient: 1.1,
};
const CATALOGUE = [{ name: 'Peinture murale', unit: 'm2', price: 25 }, OUVRAGE] as Task[];

describe('devis lines (issue 27)', () => {
  it('adds free lines, comments and sections, each with its own kind', () => {
    const d = addCommentLine(addSection(addFreeLine(EMPTY_DRAFT)));
    expect(d.lines.map((l) => [l.id, l.kind, l.name])).toEqual([
      ['line-1', 'item', ''],
      ['line-2', 'section', ''],
      ['line-3', 'text', ''],
    ]);
    expect(d.lines[0]).toMatchObject({ unit: 'unité', price: 0, quantity: 1 });
  });

  it('a catalogue line is copied in: re-pricing it on this devis leaves the catalogue unchanged', () => {
    let d = addCatalogueLine(EMPTY_DRAFT, 'peinture murale', CATALOGUE);
    d = updateLine(d, 'line-1', { price: 22.5, name: 'Peinture murale (prix chantier)' });
    expect(d.lines[0]).toMatchObject({ name: 'Peinture murale (prix chantier)', price: 22.5, unit: 'm2' });
    expect(CATALOGUE[0]).toEqual({ name: 'Peinture murale', unit: 'm2', price: 25 });
    expect(addCatalogueLine(d, 'Inconnue', CATALOGUE)).toBe(d);
  });

  it('an ouvrage brings a snapshot of its components, priced by ouvrageUnitPrice at the copy', () => {
    const d = addCatalogueLine(EMPTY_DRAFT, OUVRAGE.name, CATALOGUE);
    // (389,90 + 3 × 45) × 1,1 = 524,90 × 1,1 = 577,39
    expect(d.lines[0]).toMatchObject({ price: 577.39, coefficient: 1.1, catalogueId: 'cat-42' });
    expect(d.lines[0]?.components).toEqual(OUVRAGE.components);
    expect(d.lines[0]?.components).not.toBe(OUVRAGE.components);
    // A later catalogue price never reaches it.
    OUVRAGE.components[0]!.price = 999;
    expect(d.lines[0]?.components?.[0]?.price).toBe(389.9);
    OUVRAGE.components[0]!.price = 389.9;
    const detailed = updateLine(d, 'line-1', { detailed: true });
    expect(detailed.lines[0]?.detailed).toBe(true);
    expect(updateLine(detailed, 'line-1', { detailed: true })).toBe(detailed);
  });

  it('updateLine keeps what the money model refuses (nothing typed is lost); 0 or no discount removes it', () => {
    let d = addFreeLine(EMPTY_DRAFT);
    d = updateLine(d, 'line-1', { price: -5, discount: { kind: 'percent', value: 120 } });
    expect(d.lines[0]).toMatchObject({ price: -5, discount: { kind: 'percent', value: 120 } });
    expect(updateLine(d, 'line-1', { discount: { kind: 'percent', value: 120 } })).toBe(d);
    d = updateLine(d, 'line-1', { discount: { kind: 'amount', value: 0 }, description: 'Ligne 1\nLigne 2' });
    expect(d.lines[0]?.discount).toBeUndefined();
    expect(d.lines[0]?.description).toBe('Ligne 1\nLigne 2');
    d = updateLine(d, 'line-1', { description: '', option: true });
    expect('description' in d.lines[0]!).toBe(false);
    expect(d.lines[0]?.option).toBe(true);
  });

  it('comments and headings keep no quantity change and no discount', () => {
    let d = addSection(EMPTY_DRAFT);
    expect(setQuantity(d, 'line-1', 4)).toBe(d);
    d = updateLine(d, 'line-1', { name: 'Salle de bain', discount: { kind: 'percent', value: 10 }, option: true });
    expect(d.lines[0]).toEqual({ id: 'line-1', kind: 'section', name: 'Salle de bain', unit: '', price: 0, quantity: 0, option: true });
  });

  it('moves lines by one place and to a place (clamped); the same draft when nothing moves', () => {
    const d = addCommentLine(addSection(addFreeLine(EMPTY_DRAFT)));
    expect(moveLine(d, 'line-3', -1).lines.map((l) => l.id)).toEqual(['line-1', 'line-3', 'line-2']);
    expect(moveLineTo(d, 'line-1', 99).lines.map((l) => l.id)).toEqual(['line-2', 'line-3', 'line-1']);
    expect(moveLine(d, 'line-1', -1)).toBe(d);
    expect(moveLine(d, 'nope', 1)).toBe(d);
  });

  it('the global discount: set, replaced, removed by 0', () => {
    let d = setDocumentDiscount(EMPTY_DRAFT, { kind: 'percent', value: 5 });
    expect(d.discount).toEqual({ kind: 'percent', value: 5 });
    expect(setDocumentDiscount(d, { kind: 'percent', value: 5 })).toBe(d);
    d = setDocumentDiscount(d, { kind: 'percent', value: 0 });
    expect('discount' in d).toBe(false);
  });

  it('changing the task of a line keeps its quantity, description, discount and option; recognition skips headings', () => {
    let d = applyRecognisedTasks(EMPTY_DRAFT, [{ name: 'Peinture murale', quantity: 7, unit: 'm2' }], CATALOGUE);
    d = updateLine(d, 'line-1', { description: 'Deux couches', discount: { kind: 'percent', value: 10 }, option: true });
    d = changeLineTask(d, 'line-1', OUVRAGE.name, CATALOGUE);
    expect(d.lines[0]).toMatchObject({
      name: OUVRAGE.name,
      quantity: 7,
      price: 577.39,
      description: 'Deux couches',
      discount: { kind: 'percent', value: 10 },
      option: true,
    });
    const s = updateLine(addSection(EMPTY_DRAFT), 'line-1', { name: 'Peinture murale' });
    const again = applyRecognisedTasks(s, [{ name: 'Peinture murale', quantity: 2, unit: 'm2' }], CATALOGUE);
    expect(again.lines).toHaveLength(2);
  });
});

describe('the draft kept in the browser (issue 27)', () => {
  function devisDraft() {
    let d = addSection(EMPTY_DRAFT);
    d = updateLine(d, 'line-1', { name: 'Salle de bain', option: true });
    d = addCatalogueLine(d, OUVRAGE.name, CATALOGUE);
    d = updateLine(d, 'line-2', { detailed: true, description: 'Au sous-sol', discount: { kind: 'amount', value: 20 } });
    d = addCommentLine(d);
    d = updateLine(d, 'line-3', { name: 'Accès par la cour' });
    d = addFreeLine(d);
    d = updateLine(d, 'line-4', { name: 'Fourniture robinet', price: -3 });
    return setDocumentDiscount(d, { kind: 'percent', value: 5 });
  }

  it('keeps every line field and the global discount across a reload', () => {
    const draft = devisDraft();
    const stored = JSON.parse(JSON.stringify(toStoredDraft(draft)));
    const parsed = storedDraftSchema.safeParse(stored);
    if (!parsed.success) throw new Error('refused');
    const again = fromStoredDraft(parsed.data);
    expect(again.lines).toEqual(draft.lines);
    expect(again.discount).toEqual({ kind: 'percent', value: 5 });
    expect(again.nextLineId).toBe(5);
  });

  it('reads a draft saved before issue 27 unchanged', () => {
    const old = {
      version: 1,
      title: 'Peinture',
      client: { name: 'A', email: 'a@x.fr', phone: '', address: '' },
      lines: [{ name: 'Peinture murale', unit: 'm2', price: 25, quantity: 3, vatRate: 10 }],
      vatRate: 20,
    };
    const parsed = storedDraftSchema.safeParse(old);
    expect(parsed.success && parsed.data).toEqual(old);
    // A line whose core fields are unreadable still sets the draft aside (as before), odd extras are dropped.
    expect(storedDraftSchema.safeParse({ ...old, lines: [{ name: 'x', unit: 'm2', price: 'a', quantity: 1 }] }).success).toBe(false);
    const extras = storedDraftSchema.safeParse({
      ...old,
      discount: { kind: 'bogus', value: 3 },
      lines: [{ ...old.lines[0], kind: 'weird', discount: { kind: 'percent' }, components: [{ kind: 'x' }] }],
    });
    expect(extras.success && extras.data).toEqual(old);
  });

  it('the money of the draft comes from devisTotals: section subtotal, option outside, remises', () => {
    let d = addSection(EMPTY_DRAFT);
    d = updateLine(d, 'line-1', { name: 'Salle de bain' });
    d = addCatalogueLine(d, 'Peinture murale', CATALOGUE); // 25,00
    d = updateLine(setQuantity(d, 'line-2', 4), 'line-2', { discount: { kind: 'percent', value: 10 } }); // 100 − 10
    d = addFreeLine(d);
    d = updateLine(d, 'line-3', { name: 'Robinet thermostatique', price: 80, option: true });
    d = setDocumentDiscount(d, { kind: 'percent', value: 5 }); // 90 − 4,50
    const t = draftDevisTotals(d);
    expect(t.sections).toEqual([{ index: 0, name: 'Salle de bain', subtotalCents: 9000, option: false }]);
    expect(t.options).toEqual([{ index: 2, name: 'Robinet thermostatique', netHtCents: 8000 }]);
    expect([t.grossHtCents, t.lineDiscountsCents, t.documentDiscountCents, t.netHtCents, t.vatCents, t.ttcCents]).toEqual([
      10000, 1000, 450, 8550, 1710, 10260,
    ]);
  });
});
