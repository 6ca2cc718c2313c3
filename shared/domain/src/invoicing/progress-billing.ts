// Invoices made from a signed devis: acomptes (deposit invoices, CGI 289-I-1-c, with VAT: CGI 269-2-c), the final
// invoice deducting them (BT-113), and situations (progress invoices: the cumulative % of each line minus what the
// previous situations invoiced) with an optional retenue de garantie (≤ 5 % of the TTC, loi 71-584).
import { formatEuros, type Cents } from '../money';
import { INVOICING_MESSAGES as M } from './messages';
import { shareOf } from './rounding';
import { computeDocumentTotals, lineNetCents, vatBreakdown, vatKey, type MoneyLine, type Retenue } from './totals';

export const MAX_RETENUE_PERCENT = 5;

export type DepositRequest = { percent: number } | { amountCents: Cents };

export interface DepositPlan {
  /** One line per (category, rate) of the devis: the deposit's share of that base, quantity 1. */
  lines: MoneyLine[];
  /** The share of the devis invoiced, in percent (2 decimals), for the line label. */
  percent: number;
}

/**
 * The deposit invoice's lines for a devis: the same share of each VAT base, so the deposit carries the devis'
 * VAT rates. An amount is read as TTC and turned into the share it is of the devis' TTC (the resulting TTC can
 * differ from the amount typed by a cent per rate: the screen shows the figures before issuing). Refused when
 * the deposits would exceed the devis.
 */
export function planDeposit(
  quoteLines: readonly MoneyLine[],
  request: DepositRequest,
  alreadyDepositedCents: Cents = 0,
): { ok: true; plan: DepositPlan } | { ok: false; message: string } {
  const quote = computeDocumentTotals(quoteLines);
  const remaining = quote.totalTTCCents - alreadyDepositedCents;
  let percent: number;
  if ('percent' in request) {
    if (!Number.isFinite(request.percent) || request.percent <= 0 || request.percent > 100) {
      return { ok: false, message: M.depositPercent };
    }
    percent = Math.round(request.percent * 100) / 100;
  } else {
    if (!Number.isFinite(request.amountCents) || request.amountCents <= 0)
      return { ok: false, message: M.depositEmpty };
    if (quote.totalTTCCents <= 0) return { ok: false, message: M.depositEmpty };
    percent = Math.round((request.amountCents / quote.totalTTCCents) * 10000) / 100;
    if (request.amountCents > remaining) return { ok: false, message: M.depositTooLarge(formatEuros(remaining)) };
  }
  const lines: MoneyLine[] = quote.breakdown.map((row) => ({
    quantity: 1,
    unitPriceCents: shareOf(row.baseCents, percent),
    vatRate: row.rate,
    vatCategory: row.category,
  }));
  const deposit = computeDocumentTotals(lines);
  if (deposit.totalTTCCents <= 0) return { ok: false, message: M.depositEmpty };
  if (deposit.totalTTCCents > remaining) return { ok: false, message: M.depositTooLarge(formatEuros(remaining)) };
  return { ok: true, plan: { lines, percent } };
}

/** Cumulative % per devis line (same order as its lines), 0–100, two decimals. */
export type Progress = readonly number[];

export interface SituationPlan {
  /** The amount each line adds in this situation (quantity 1, net = cumulative now − cumulative before). */
  lines: MoneyLine[];
  /** Cumulative net of each line at this situation (for the PDF's « cumul » column). */
  cumulativeNetCents: Cents[];
  /** Cumulative net of each line at the previous situation. */
  previousNetCents: Cents[];
  /** Whether every line reaches 100 %: this situation is the final invoice. */
  final: boolean;
  /**
   * The VAT of each (category, rate) of this situation, as computeDocumentTotals' `vatCents`: the VAT of the
   * cumulative base now minus the VAT of the cumulative base before, so all situations add up to the devis' VAT.
   */
  vatCents: Record<string, Cents>;
}

/** The cumulative net of a devis line at a progress %. */
export function cumulativeNet(line: MoneyLine, percent: number): Cents {
  return shareOf(lineNetCents(line), percent);
}

/**
 * Situation k of a devis: each line invoices its cumulative % now minus its cumulative % at situation k−1, so
 * the HT of all situations adds up to the devis' HT exactly once every line reaches 100 %. Refused when a % goes
 * down (corrections go through an avoir) or leaves 0–100, or when nothing new is invoiced.
 */
export function planSituation(
  quoteLines: readonly MoneyLine[],
  names: readonly string[],
  previous: Progress,
  next: Progress,
): { ok: true; plan: SituationPlan } | { ok: false; message: string } {
  const cumulativeNetCents: Cents[] = [];
  const previousNetCents: Cents[] = [];
  const lines: MoneyLine[] = [];
  for (const [index, line] of quoteLines.entries()) {
    const before = previous[index] ?? 0;
    const now = next[index] ?? before;
    if (!Number.isFinite(now) || now < 0 || now > 100) return { ok: false, message: M.situationPercentRange };
    if (now < before) {
      return {
        ok: false,
        message: M.situationPercentDown(names[index] ?? '', `${String(before).replace('.', ',')} %`),
      };
    }
    const cumulative = cumulativeNet(line, now);
    const earlier = cumulativeNet(line, before);
    cumulativeNetCents.push(cumulative);
    previousNetCents.push(earlier);
    lines.push({
      quantity: 1,
      unitPriceCents: cumulative - earlier,
      vatRate: line.vatRate,
      vatCategory: line.vatCategory,
    });
  }
  if (lines.every((l) => l.unitPriceCents === 0)) return { ok: false, message: M.situationNothing };
  const final = quoteLines.every((_, index) => (next[index] ?? previous[index] ?? 0) === 100);
  const asLines = (nets: Cents[]): MoneyLine[] =>
    quoteLines.map((line, i) => ({
      quantity: 1,
      unitPriceCents: nets[i]!,
      vatRate: line.vatRate,
      vatCategory: line.vatCategory,
    }));
  const before = new Map(vatBreakdown(asLines(previousNetCents)).map((row) => [vatKey(row.category, row.rate), row]));
  const vatCents: Record<string, Cents> = {};
  for (const row of vatBreakdown(asLines(cumulativeNetCents))) {
    const key = vatKey(row.category, row.rate);
    vatCents[key] = row.vatCents - (before.get(key)?.vatCents ?? 0);
  }
  return { ok: true, plan: { lines, cumulativeNetCents, previousNetCents, final, vatCents } };
}

/** A retenue de garantie as typed (percent, caution), or why it is refused. */
export function retenueError(retenue: Retenue | null | undefined): string | null {
  if (!retenue) return null;
  if (!Number.isFinite(retenue.ratePercent) || retenue.ratePercent < 0) return M.retenueNegative;
  if (retenue.ratePercent > MAX_RETENUE_PERCENT) return M.retenueTooHigh;
  return null;
}

/** Release date of a retenue: one year after the réception of the work (loi 71-584 art. 2). */
export function retenueReleaseDate(receptionDate: string): string {
  const [y, m, d] = receptionDate.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y + 1, m - 1, d));
  // 29 February + 1 year → 28 February, not 1 March.
  if (date.getUTCMonth() !== m - 1) date.setUTCDate(0);
  return date.toISOString().slice(0, 10);
}
