// The one place a document's money is computed (DESIGN.md §7): line nets, VAT per rate, HT / TVA / TTC, deposits
// already invoiced (BT-113), retenue de garantie, what remains to pay. The editor, the PDFs, the server's check at
// issue time and the Factur-X XML all read these figures; nobody recomputes them.
import type { Cents } from '../money';
import { isItemLine } from './line-roles';
import { toMoneyLine, type Discount, type StoredLine, type VatContext } from './document-lines';
import { mulDivRound, multiplyCents, percentOf, shareOf } from './rounding';
import { VAT_CATEGORY_CODES, type VatCategory, type VatRate } from './vat';

/** A line as money sees it: quantity (≤ 2 decimals) × unit price HT in cents, at a rate of the list. */
export interface MoneyLine {
  quantity: number;
  unitPriceCents: Cents;
  vatRate: VatRate;
  vatCategory: VatCategory;
  /** The line's remise in cents (BT-136), already bounded by its gross amount; absent = none. */
  discountCents?: Cents | undefined;
}

/** One row of the VAT breakdown (BG-23): all lines of one category and rate. */
export interface VatBreakdownRow {
  category: VatCategory;
  /** EN 16931 code (S, AE, E). */
  code: 'S' | 'AE' | 'E';
  rate: VatRate;
  /** BT-116: the lines' nets of this rate minus its share of the document discount. */
  baseCents: Cents;
  vatCents: Cents;
  /** BT-92: this rate's share of the document discount; absent when the document has none. */
  discountCents?: Cents | undefined;
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
  /** BT-106 = Σ line nets (the « Total HT avant remise » when a document discount applies). */
  lineTotalCents: Cents;
  /** BT-107: the document discount (remise globale), 0 when none. */
  documentDiscountCents: Cents;
  /** BT-109 = BT-106 − BT-107. */
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
  /** The document discount (remise globale, before VAT), spread over the rates (documentDiscountSpread). */
  documentDiscount?: Discount | null | undefined;
}

/** quantity × unit price, rounded once. */
export function lineGrossCents(line: Pick<MoneyLine, 'quantity' | 'unitPriceCents'>): Cents {
  return multiplyCents(line.unitPriceCents, line.quantity);
}

type MoneyLineAmount = Pick<MoneyLine, 'quantity' | 'unitPriceCents' | 'discountCents'>;

/**
 * BT-131: quantity × unit price rounded once, minus the line's remise (never below 0). Of a stored line under its
 * VAT context, or of a money line; a text or section line has none (0).
 */
export function lineNetCents(line: StoredLine, context: VatContext): Cents;
export function lineNetCents(line: MoneyLineAmount): Cents;
export function lineNetCents(line: MoneyLineAmount | StoredLine, context?: unknown): Cents {
  if (typeof context === 'object' && context !== null && 'regime' in context) {
    const stored = line as StoredLine;
    return isItemLine(stored) ? lineNetCents(toMoneyLine(stored, context as VatContext)) : 0;
  }
  const money = line as MoneyLineAmount;
  return lineGrossCents(money) - (money.discountCents ?? 0);
}

/**
 * The document discount in cents on a total HT: a percentage of it (half away from zero), or the amount, never
 * more than the total (an avoir's negative total gets a negative discount).
 */
export function documentDiscountCents(totalCents: Cents, discount: Discount | null | undefined): Cents {
  if (!discount || totalCents === 0) return 0;
  if (discount.kind === 'percent') return shareOf(totalCents, discount.value);
  const amount = Math.min(Math.round(Math.abs(discount.value) * 100), Math.abs(totalCents));
  return totalCents < 0 ? -amount : amount;
}

/**
 * A document discount spread over VAT bases in proportion to them (each share rounded half away from zero), the
 * remainder cent(s) on the largest base (the first of the largest, in the order given).
 */
export function spreadDiscount(bases: readonly Cents[], discountCents: Cents): Cents[] {
  const total = bases.reduce((sum, b) => sum + b, 0);
  if (discountCents === 0 || total === 0) return bases.map(() => 0);
  let largest = 0;
  bases.forEach((b, i) => {
    if (Math.abs(b) > Math.abs(bases[largest]!)) largest = i;
  });
  const shares = bases.map((b, i) => (i === largest ? 0 : mulDivRound(discountCents, b, total)));
  shares[largest] = discountCents - shares.reduce((sum, s) => sum + s, 0);
  return shares;
}

export const vatKey = (category: VatCategory, rate: number) => `${category}|${rate}`;
const key = vatKey;

export function vatBreakdown(
  lines: readonly MoneyLine[],
  nets = lines.map((line) => lineNetCents(line)),
): VatBreakdownRow[] {
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

/** The breakdown after the document discount: each rate's base lowered by its share, VAT on the lowered base. */
export function discountBreakdown(breakdown: VatBreakdownRow[], discount: Discount | null | undefined): Cents {
  const lineTotal = breakdown.reduce((sum, row) => sum + row.baseCents, 0);
  const total = documentDiscountCents(lineTotal, discount);
  if (!discount) return 0;
  const shares = spreadDiscount(
    breakdown.map((row) => row.baseCents),
    total,
  );
  breakdown.forEach((row, i) => {
    row.discountCents = shares[i]!;
    row.baseCents -= shares[i]!;
    row.vatCents = percentOf(row.baseCents, row.rate);
  });
  return total;
}

export function computeDocumentTotals(lines: readonly MoneyLine[], options: TotalsOptions = {}): DocumentTotals {
  const lineNet = lines.map((line) => lineNetCents(line));
  const breakdown = vatBreakdown(lines, lineNet);
  const lineTotalCents = breakdown.reduce((sum, row) => sum + row.baseCents, 0);
  const discountTotal = discountBreakdown(breakdown, options.documentDiscount);
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
    lineTotalCents,
    documentDiscountCents: discountTotal,
    totalHTCents,
    totalVatCents,
    totalTTCCents,
    prepaidCents,
    payableCents,
    retenueCents,
    netDueCents: payableCents - retenueCents,
  };
}

/**
 * The lines with the document discount folded into their remises: each rate's share (discountBreakdown) spread
 * over that rate's lines in proportion to their nets, the remainder on the largest. Their breakdown is the
 * discounted document's to the cent: acomptes and situations take their shares of these (planDeposit,
 * planSituation), as the server's document_lines_net does.
 */
export function foldDocumentDiscount(lines: readonly MoneyLine[], discount: Discount | null | undefined): MoneyLine[] {
  if (!discount) return [...lines];
  const nets = lines.map((line) => lineNetCents(line));
  const breakdown = vatBreakdown(lines, nets);
  discountBreakdown(breakdown, discount);
  const out = lines.map((line) => ({ ...line }));
  for (const row of breakdown) {
    const members = lines.flatMap((line, i) =>
      line.vatCategory === row.category && line.vatRate === row.rate ? [i] : [],
    );
    const shares = spreadDiscount(
      members.map((i) => nets[i]!),
      row.discountCents ?? 0,
    );
    members.forEach((i, k) => {
      const total = (out[i]!.discountCents ?? 0) + shares[k]!;
      if (total) out[i]!.discountCents = total;
    });
  }
  return out;
}

/** The same document with every amount negated (an avoir cancelling an invoice). */
export function negateLines(lines: readonly MoneyLine[]): MoneyLine[] {
  return lines.map((line) => ({
    ...line,
    unitPriceCents: -line.unitPriceCents,
    ...(line.discountCents ? { discountCents: -line.discountCents } : {}),
  }));
}
