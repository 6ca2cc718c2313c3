// The one place a document's money is computed (DESIGN.md §7): line nets, VAT per rate, HT / TVA / TTC, deposits
// already invoiced (BT-113), retenue de garantie, what remains to pay. The editor, the PDFs, the server's check at
// issue time and the Factur-X XML all read these figures; nobody recomputes them.
import type { Cents } from '../money';
import { multiplyCents, percentOf, shareOf } from './rounding';
import { VAT_CATEGORY_CODES, type VatCategory, type VatRate } from './vat';

/** A line as money sees it: quantity (≤ 2 decimals) × unit price HT in cents, at a rate of the list. */
export interface MoneyLine {
  quantity: number;
  unitPriceCents: Cents;
  vatRate: VatRate;
  vatCategory: VatCategory;
}

/** One row of the VAT breakdown (BG-23): all lines of one category and rate. */
export interface VatBreakdownRow {
  category: VatCategory;
  /** EN 16931 code (S, AE, E). */
  code: 'S' | 'AE' | 'E';
  rate: VatRate;
  baseCents: Cents;
  vatCents: Cents;
}

export interface Retenue {
  /** Percent of the TTC (≤ 5, loi 71-584). */
  ratePercent: number;
  /** Replaced by a caution bancaire: stated, nothing withheld. */
  caution: boolean;
}

export interface DocumentTotals {
  /** Net amount of each line, in the order given (BT-131). */
  lineNetCents: Cents[];
  /** Highest rate first; one row per (category, rate). */
  breakdown: VatBreakdownRow[];
  /** BT-109 = Σ line nets. */
  totalHTCents: Cents;
  /** BT-110 = Σ breakdown VAT (each rounded per rate). */
  totalVatCents: Cents;
  /** BT-112. */
  totalTTCCents: Cents;
  /** BT-113: deposits invoiced before and deducted here. */
  prepaidCents: Cents;
  /** BT-115 = BT-112 − BT-113. */
  payableCents: Cents;
  /** Retenue de garantie withheld by the client (0 with a caution bancaire). */
  retenueCents: Cents;
  /** What the client pays now: payable − retenue. */
  netDueCents: Cents;
}

export interface TotalsOptions {
  prepaidCents?: Cents;
  retenue?: Retenue | null;
  /**
   * VAT of some breakdown rows given instead of computed, keyed by vatKey(category, rate): a situation's VAT is
   * the VAT of its cumulative base minus the VAT of the previous cumulative base (planSituation), so that the
   * situations add up to the devis to the cent; it stays within one cent of base × rate (EN 16931 BR-S-09).
   */
  vatCents?: Readonly<Record<string, Cents>>;
}

export function lineNetCents(line: Pick<MoneyLine, 'quantity' | 'unitPriceCents'>): Cents {
  return multiplyCents(line.unitPriceCents, line.quantity);
}

export const vatKey = (category: VatCategory, rate: number) => `${category}|${rate}`;
const key = vatKey;

export function vatBreakdown(lines: readonly MoneyLine[], nets = lines.map(lineNetCents)): VatBreakdownRow[] {
  const rows = new Map<string, VatBreakdownRow>();
  lines.forEach((line, index) => {
    const k = key(line.vatCategory, line.vatRate);
    let row = rows.get(k);
    if (!row) {
      row = {
        category: line.vatCategory,
        code: VAT_CATEGORY_CODES[line.vatCategory],
        rate: line.vatRate,
        baseCents: 0,
        vatCents: 0,
      };
      rows.set(k, row);
    }
    row.baseCents += nets[index]!;
  });
  const out = [...rows.values()];
  for (const row of out) row.vatCents = percentOf(row.baseCents, row.rate);
  return out.sort((a, b) => b.rate - a.rate || a.category.localeCompare(b.category));
}

export function computeDocumentTotals(lines: readonly MoneyLine[], options: TotalsOptions = {}): DocumentTotals {
  const lineNet = lines.map(lineNetCents);
  const breakdown = vatBreakdown(lines, lineNet);
  for (const row of breakdown) {
    const given = options.vatCents?.[vatKey(row.category, row.rate)];
    if (given !== undefined) row.vatCents = given;
  }
  const totalHTCents = breakdown.reduce((sum, row) => sum + row.baseCents, 0);
  const totalVatCents = breakdown.reduce((sum, row) => sum + row.vatCents, 0);
  const totalTTCCents = totalHTCents + totalVatCents;
  const prepaidCents = options.prepaidCents ?? 0;
  const payableCents = totalTTCCents - prepaidCents;
  const retenue = options.retenue;
  const retenueCents = retenue && !retenue.caution ? shareOf(totalTTCCents, retenue.ratePercent) : 0;
  return {
    lineNetCents: lineNet,
    breakdown,
    totalHTCents,
    totalVatCents,
    totalTTCCents,
    prepaidCents,
    payableCents,
    retenueCents,
    netDueCents: payableCents - retenueCents,
  };
}

/** The same document with every amount negated (an avoir cancelling an invoice). */
export function negateLines(lines: readonly MoneyLine[]): MoneyLine[] {
  return lines.map((line) => ({ ...line, unitPriceCents: -line.unitPriceCents }));
}
