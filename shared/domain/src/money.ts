// Money is integer cents end to end; euros appear only at the edges (storage shapes, display).
import { frenchDigits } from './numbers';
export type Cents = number;

export const DEFAULT_VAT_RATE = 20;

export function eurosToCents(euros: number): Cents {
  return Math.round(euros * 100);
}

export function centsToEuros(cents: Cents): number {
  return cents / 100;
}

export interface LineAmountInput {
  /** Unit price in euros, excluding tax. */
  price: number;
  quantity: number;
}

export interface Totals {
  totalHTCents: Cents;
  tvaCents: Cents;
  totalTTCCents: Cents;
}

export function lineTotalCents(line: LineAmountInput): Cents {
  return Math.round(eurosToCents(line.price) * line.quantity);
}

/** Normalises a VAT rate typed by the user: empty or invalid → 20, clamped to 0–100, one decimal. */
export function normaliseVatRate(input: number | string | null | undefined): number {
  if (input === '' || input === null || input === undefined) return DEFAULT_VAT_RATE;
  const n = typeof input === 'number' ? input : Number(String(input).replace(',', '.'));
  if (!Number.isFinite(n)) return DEFAULT_VAT_RATE;
  return Math.round(Math.min(100, Math.max(0, n)) * 10) / 10;
}

export function computeTotals(lines: readonly LineAmountInput[], vatRate: number): Totals {
  const totalHTCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const tvaCents = Math.round((totalHTCents * vatRate) / 100);
  return { totalHTCents, tvaCents, totalTTCCents: totalHTCents + tvaCents };
}

/**
 * « 1 234,50 € »: what Intl's fr-FR euro format writes (narrow no-break spaces between thousands, a no-break space
 * before « € »), without loading Intl's locale data (`frenchDigits`).
 */
export function formatEuros(cents: Cents): string {
  return `${frenchDigits(cents / 100, 2, 2)}\u00A0€`;
}
