// The devis editor's line transitions (issue 27): free lines, comments, section headings, catalogue lines copied
// in, per-line edits (designation, unit, price, description, discount, option, detailed ouvrage), reordering and
// the global discount. Pure: each returns the same draft when nothing changes (memoised rows skip re-rendering).
// Amounts are never computed here: the money model (@atelier/domain) prices what these keep.
import type { Discount, Task } from '@atelier/domain';

import { lineFromCatalogue } from './catalogue-line';
import { findCatalogueTask, isItemLine, mapLine, withLine, type DraftLine, type QuoteDraft } from './quote-draft';

/** The fields of a line the editor changes (not its identity, quantity — see setQuantity — or kind). */
export type LinePatch = Partial<
  Pick<DraftLine, 'name' | 'unit' | 'price' | 'description' | 'discount' | 'option' | 'detailed' | 'vatRate'>
>;

export const FREE_LINE_UNIT = 'unité';

/** « Ligne libre »: a priced line typed for this devis only (designation, unit, unit price HT, VAT rate). */
export function addFreeLine(draft: QuoteDraft): QuoteDraft {
  return withLine(draft, { kind: 'item', name: '', unit: FREE_LINE_UNIT, price: 0, quantity: 1 });
}

/** « Commentaire »: a text-only line (no amount). */
export function addCommentLine(draft: QuoteDraft): QuoteDraft {
  return withLine(draft, { kind: 'text', name: '', unit: '', price: 0, quantity: 0 });
}

/** « Section »: a heading (« Salle de bain »); the items after it, up to the next section, form it. */
export function addSection(draft: QuoteDraft): QuoteDraft {
  return withLine(draft, { kind: 'section', name: '', unit: '', price: 0, quantity: 0 });
}

/** A catalogue item (picked, or by name) copied in with quantity 1 (an ouvrage with its components). */
export function addCatalogueLine(draft: QuoteDraft, picked: Task | string, catalogue: readonly Task[]): QuoteDraft {
  const task = typeof picked === 'string' ? findCatalogueTask(catalogue, picked) : picked;
  if (!task) return draft;
  return withLine(draft, { ...lineFromCatalogue(task), quantity: 1 });
}

function sameDiscount(a: Discount | undefined, b: Discount | undefined): boolean {
  return a === b || (!!a && !!b && a.kind === b.kind && a.value === b.value);
}

/** A discount of 0 is no discount: the field emptied removes it. */
export function normaliseDiscount(discount: Discount | undefined): Discount | undefined {
  return discount && discount.value !== 0 && Number.isFinite(discount.value) ? discount : undefined;
}

/**
 * One line's fields as typed. What the money model refuses (a negative price, a discount over 100 %) is kept as
 * typed: validateDevisLines says why next to the field and at generation, and nothing the artisan typed is lost.
 */
export function updateLine(draft: QuoteDraft, lineId: string, patch: LinePatch): QuoteDraft {
  return mapLine(draft, lineId, (line) => {
    let next: DraftLine = line;
    for (const key of Object.keys(patch) as (keyof LinePatch)[]) {
      const value = key === 'discount' ? normaliseDiscount(patch.discount) : patch[key];
      const same = key === 'discount' ? sameDiscount(line.discount, value as Discount | undefined) : line[key] === value;
      if (same) continue;
      if (next === line) next = { ...line };
      if (value === undefined || value === false || value === '') {
        delete (next as unknown as Record<string, unknown>)[key];
        if (key === 'vatRate') delete next.vatCategory;
      } else {
        (next as unknown as Record<string, unknown>)[key] = value;
        if (key === 'vatRate') delete next.vatCategory;
      }
    }
    if (next !== line && !isItemLine(line)) {
      // Comments and headings carry no amount.
      delete next.discount;
      delete next.detailed;
    }
    return next;
  });
}

/** Moves a line to another place (drag and drop); out-of-range places are clamped. */
export function moveLineTo(draft: QuoteDraft, lineId: string, toIndex: number): QuoteDraft {
  const from = draft.lines.findIndex((line) => line.id === lineId);
  if (from < 0) return draft;
  const to = Math.max(0, Math.min(draft.lines.length - 1, Math.trunc(toIndex)));
  if (to === from) return draft;
  const lines = [...draft.lines];
  const [moved] = lines.splice(from, 1);
  lines.splice(to, 0, moved!);
  return { ...draft, lines };
}

/** « Monter » (-1) / « Descendre » (+1), Alt+↑ / Alt+↓. */
export function moveLine(draft: QuoteDraft, lineId: string, delta: number): QuoteDraft {
  const from = draft.lines.findIndex((line) => line.id === lineId);
  return from < 0 ? draft : moveLineTo(draft, lineId, from + delta);
}

/** The devis' global discount (% or € HT, before VAT); undefined or 0 removes it. */
export function setDocumentDiscount(draft: QuoteDraft, discount: Discount | undefined): QuoteDraft {
  const next = normaliseDiscount(discount);
  if (sameDiscount(draft.discount, next)) return draft;
  const { discount: _previous, ...rest } = draft;
  return next ? { ...rest, discount: next } : rest;
}
