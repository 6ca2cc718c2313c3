// Generation of a devis written with issue 27's lines: the refusals (French, from the money model and the
// editor), and the stored snapshot carrying every line field and the remise globale with totals after remises.
import { quoteSchema } from '@atelier/domain';
import { quoteToRow } from '@atelier/storage';

import { addCatalogueLine, addCommentLine, addFreeLine, addSection, setDocumentDiscount, updateLine } from './devis-lines';
import { buildQuote, validateForGeneration } from './generate-quote';
import { draftFromSavedQuote } from './saved-quote';
import { EMPTY_DRAFT, mergeClient, setQuantity, type QuoteDraft } from './quote-draft';

const OUVRAGE = {
  name: 'Chauffe-eau posé',
  unit: 'unité',
  price: 524.9,
  components: [
    { kind: 'fourniture' as const, name: 'Chauffe-eau Atlantic 200 L', unit: 'unité', quantity: 1, price: 389.9 },
    { kind: 'main_oeuvre' as const, name: 'Pose plombier', unit: 'h', quantity: 3, price: 45 },
  ],
};
const CATALOGUE = [{ name: 'Peinture murale', unit: 'm2', price: 25 }, OUVRAGE];
const COMPANY = { name: 'Atelier Martin' };

function devis(): QuoteDraft {
  let d = mergeClient(EMPTY_DRAFT, { name: 'Jean Dupont', email: 'jean@dupont.fr' });
  d = addSection(d);
  d = updateLine(d, 'line-1', { name: 'Salle de bain' });
  d = addCatalogueLine(d, 'Chauffe-eau posé', CATALOGUE);
  d = updateLine(d, 'line-2', { detailed: true, description: 'Au sous-sol' });
  d = addCommentLine(d);
  d = updateLine(d, 'line-3', { name: 'Accès par la cour' });
  d = addSection(d);
  d = updateLine(d, 'line-4', { name: 'Cuisine' });
  d = addCatalogueLine(d, 'Peinture murale', CATALOGUE);
  d = updateLine(setQuantity(d, 'line-5', 10), 'line-5', { price: 22, discount: { kind: 'percent', value: 10 } });
  d = addFreeLine(d);
  d = updateLine(d, 'line-6', { name: 'Robinet thermostatique', price: 80, option: true });
  return setDocumentDiscount(d, { kind: 'percent', value: 5 });
}

describe('validateForGeneration (issue 27)', () => {
  it('refuses with the French messages: empty section, blank designation, negative price, remise over 100 %', () => {
    expect(validateForGeneration(devis(), COMPANY)).toBeNull();
    expect(validateForGeneration(addSection(devis()), COMPANY)).toBe('Donnez un titre à la section (ligne 7).');
    const empty = updateLine(addSection(devis()), 'line-7', { name: 'Garage' });
    expect(validateForGeneration(empty, COMPANY)).toBe(
      'La section « Garage » est vide : ajoutez-y une ligne ou supprimez-la.',
    );
    expect(validateForGeneration(addFreeLine(devis()), COMPANY)).toBe('Donnez une désignation à la ligne 7.');
    expect(validateForGeneration(updateLine(devis(), 'line-6', { price: -2 }), COMPANY)).toBe(
      'Robinet thermostatique : Le prix unitaire ne peut pas être négatif.',
    );
    expect(
      validateForGeneration(updateLine(devis(), 'line-5', { discount: { kind: 'percent', value: 120 } }), COMPANY),
    ).toMatch(/^Peinture murale : Une remise en pourcentage ne peut pas dépasser 100 %/);
    // Headings and comments alone are not a task.
    const onlyHeading = updateLine(addSection(mergeClient(EMPTY_DRAFT, { name: 'A', email: 'a@b.fr' })), 'line-1', {
      name: 'X',
    });
    expect(validateForGeneration(onlyHeading, COMPANY)).toBe('Au moins une tâche est requise pour générer un devis.');
  });
});

describe('buildQuote (issue 27)', () => {
  it('stores every line field and the remise globale; totals after remises, options outside', () => {
    const quote = buildQuote(devis(), { id: 'q1', number: 'DE0001', date: new Date('2026-11-27T10:00:00Z') });
    // Ouvrage 524,90; peinture 220 − 22 = 198; lines 722,90; remise 5 % = 36,15 (36,145 half-up) → 686,75 HT.
    expect([quote.totalHT, quote.tva, quote.total]).toEqual([686.75, 137.35, 824.1]);
    expect(quote.discount).toEqual({ kind: 'percent', value: 5 });
    expect(quote.tasks.map((l) => [l.kind ?? 'item', l.name])).toEqual([
      ['section', 'Salle de bain'],
      ['item', 'Chauffe-eau posé'],
      ['text', 'Accès par la cour'],
      ['section', 'Cuisine'],
      ['item', 'Peinture murale'],
      ['item', 'Robinet thermostatique'],
    ]);
    expect(quote.tasks[1]).toMatchObject({ detailed: true, description: 'Au sous-sol', price: 524.9, vatRate: 20 });
    expect(quote.tasks[1]?.components).toHaveLength(2);
    expect(quote.tasks[4]).toMatchObject({ price: 22, quantity: 10, discount: { kind: 'percent', value: 10 } });
    expect(quote.tasks[5]).toMatchObject({ option: true, price: 80 });
    // The stored shape reads back whole (the client book / sync rows parse it with quoteSchema).
    const parsed = quoteSchema.safeParse(JSON.parse(JSON.stringify(quote)));
    expect(parsed.success && parsed.data.tasks).toEqual(quote.tasks);
  });

  it('an empty comment is left out of the stored devis', () => {
    const quote = buildQuote(addCommentLine(devis()), { id: 'q1', number: 'DE0001', date: new Date() });
    expect(quote.tasks).toHaveLength(6);
  });
});

describe('a saved devis opened again (« Modifier »)', () => {
  it('comes back from its server row with every line field and the remise globale', () => {
    const quote = buildQuote(devis(), { id: 'q1', number: 'DE0001', date: new Date('2026-11-27T10:00:00Z') });
    const row = JSON.parse(JSON.stringify(quoteToRow(quote, { userId: 'u1', clientId: null })));
    expect(row.discount).toEqual({ kind: 'percent', value: 5 });
    expect(row.total_ht_cents).toBe(68675);
    const draft = draftFromSavedQuote(row, undefined);
    expect(draft.discount).toEqual({ kind: 'percent', value: 5 });
    expect(draft.lines.map(({ id: _id, ...line }) => line)).toEqual(quote.tasks);
  });
});
