// Integer-cent arithmetic. Every rounding of the money model goes through here: half away from zero to the cent
// (what EN 16931's « rounded to two decimals » and French practice mean), on integers only, so 0.1 + 0.2 never
// decides an amount.
import type { Cents } from '../money';

/** n / d rounded half away from zero, for integers n and d > 0. */
export function divRound(n: number, d: number): number {
  const r = Math.floor((2 * Math.abs(n) + d) / (2 * d));
  return n < 0 ? -r : r;
}

/** A quantity with up to 2 decimals as an integer number of hundredths (2,5 → 250). */
export function hundredths(quantity: number): number {
  return Math.round(quantity * 100);
}

/** A VAT rate in tenths of a percent (5,5 → 55): the rates of the list all have at most one decimal. */
export function rateTenths(rate: number): number {
  return Math.round(rate * 10);
}

/** unit price × quantity, rounded to the cent (quantity up to 2 decimals). */
export function multiplyCents(unitPriceCents: Cents, quantity: number): Cents {
  return divRound(unitPriceCents * hundredths(quantity), 100);
}

/** base × rate %, rounded to the cent (BR-CO-17: VAT of a category = its base × its rate). */
export function percentOf(baseCents: Cents, ratePercent: number): Cents {
  return divRound(baseCents * rateTenths(ratePercent), 1000);
}

/** amount × percent with a percent of up to 2 decimals (acomptes, situations, retenue). */
export function shareOf(amountCents: Cents, percent: number): Cents {
  return divRound(amountCents * Math.round(percent * 100), 10000);
}

/** a × b / c rounded half away from zero, exact for products beyond 2^53 (c ≠ 0). */
export function mulDivRound(a: number, b: number, c: number): number {
  const n = BigInt(a) * BigInt(b) * (c < 0 ? -1n : 1n);
  const d = BigInt(Math.abs(c));
  const abs = n < 0n ? -n : n;
  const r = (2n * abs + d) / (2n * d);
  return Number(n < 0n ? -r : r);
}
