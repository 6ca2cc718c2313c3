// Quantity rules of SPEC.md §5: at least 1 for counted units, default 1, word quantities converted,
// and in the image flow anything above 2000 becomes 200 (an OCR'd price or reference, not a quantity).
// Departure (README): measured units (m², ml, m³, h, jour, kg…) keep up to 2 decimals (14,5 m² is not 15 m²);
// counted units (unité, u, forfait, or none) stay whole numbers ≥ 1.
import { parseNumber } from './numbers';
import { canonicalUnit, unitFamily } from './units';

export type Flow = 'voice' | 'image';

export const IMAGE_QUANTITY_CEILING = 2000;
export const IMAGE_QUANTITY_REPLACEMENT = 200;

/** True for units a quantity is measured in (decimals allowed), false for counted ones (unité, u, forfait). */
export function isMeasuredUnit(unit: string | null | undefined): boolean {
  const canonical = canonicalUnit(unit ?? undefined);
  return canonical !== null && unitFamily(canonical) !== 'count';
}

export function normaliseQuantity(raw: unknown, flow: Flow, unit?: string | null): number {
  const value = toNumber(raw);
  if (value === null || !Number.isFinite(value) || value <= 0) return 1;
  if (isMeasuredUnit(unit)) {
    let kept = Math.round(value * 100) / 100;
    if (flow === 'image' && kept > IMAGE_QUANTITY_CEILING) kept = IMAGE_QUANTITY_REPLACEMENT;
    return kept > 0 ? kept : 0.01;
  }
  let rounded = Math.round(value);
  if (flow === 'image' && rounded > IMAGE_QUANTITY_CEILING) rounded = IMAGE_QUANTITY_REPLACEMENT;
  return Math.max(1, rounded);
}

function toNumber(raw: unknown): number | null {
  if (typeof raw === 'number') return raw;
  if (typeof raw !== 'string') return null;
  const whole = parseNumber(raw);
  if (whole !== null) return whole;
  // "25 m²", "environ 12,5": the first number in the string.
  const digits = /\d+(?:[.,]\d+)?/.exec(raw.replace(/(\d)\s(?=\d{3}\b)/g, '$1'));
  if (digits) return Number(digits[0].replace(',', '.'));
  const words = raw.trim().split(/\s+/);
  for (let i = 0; i < words.length; i += 1) {
    const parsed =
      parseNumber(words.slice(i, i + 3).join(' ')) ??
      parseNumber(words.slice(i, i + 2).join(' ')) ??
      parseNumber(words[i] ?? '');
    if (parsed !== null) return parsed;
  }
  return null;
}
