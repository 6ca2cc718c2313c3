// The draft's lines as this browser keeps them (draft-storage): the stored line of @atelier/domain, read by hand
// (no validation library on the home page's first load, issue 14). Lines saved before issue 27 read unchanged; a
// line the editor is still filling (an empty designation, a negative price awaiting correction) is kept as typed.
import { VAT_CATEGORIES, type Discount, type OuvrageComponent, type StoredLine } from '@atelier/domain';

import type { DraftLine } from './quote-draft';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const LINE_KINDS = ['item', 'text', 'section'] as const;

export function readDiscount(value: unknown): Discount | undefined {
  if (!isObject(value) || !isNumber(value.value)) return undefined;
  return value.kind === 'percent' || value.kind === 'amount' ? { kind: value.kind, value: value.value } : undefined;
}

function readComponent(value: unknown): OuvrageComponent | null {
  if (!isObject(value)) return null;
  const { kind, name, unit, quantity, price } = value;
  if (kind !== 'fourniture' && kind !== 'main_oeuvre') return null;
  if (typeof name !== 'string' || typeof unit !== 'string' || !isNumber(quantity) || !isNumber(price)) return null;
  return { kind, name, unit, quantity, price };
}

/** One stored draft line, or null when its core fields are unreadable (the draft is then set aside as corrupt). */
export function readDraftLine(value: unknown): StoredLine | null {
  if (!isObject(value)) return null;
  const { name, unit, price, quantity } = value;
  if (typeof name !== 'string' || typeof unit !== 'string' || !isNumber(price) || !isNumber(quantity)) return null;
  if (quantity < 0) return null;
  const line: StoredLine = { name, unit, price, quantity };
  if ((LINE_KINDS as readonly unknown[]).includes(value.kind)) line.kind = value.kind as StoredLine['kind'];
  if (isNumber(value.vatRate)) line.vatRate = value.vatRate;
  if ((VAT_CATEGORIES as readonly unknown[]).includes(value.vatCategory)) {
    line.vatCategory = value.vatCategory as StoredLine['vatCategory'];
  }
  if (typeof value.description === 'string' && value.description) line.description = value.description;
  const discount = readDiscount(value.discount);
  if (discount) line.discount = discount;
  if (value.option === true) line.option = true;
  if (value.accepted === true) line.accepted = true;
  if (Array.isArray(value.components)) {
    const components = value.components.map(readComponent).filter((c): c is OuvrageComponent => c !== null);
    if (components.length > 0) line.components = components;
  }
  if (isNumber(value.coefficient) && value.coefficient > 0) line.coefficient = value.coefficient;
  if (value.detailed === true) line.detailed = true;
  if (typeof value.catalogueId === 'string' && value.catalogueId) line.catalogueId = value.catalogueId;
  return line;
}

/** A draft line as stored: every field it has, without its editing identity; no undefined values. */
export function writeDraftLine(line: DraftLine): StoredLine {
  const { id: _id, ...stored } = line;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    if (value === undefined) continue;
    out[key] = key === 'components' && Array.isArray(value) ? value.map((c) => ({ ...c })) : value;
  }
  return out as unknown as StoredLine;
}
