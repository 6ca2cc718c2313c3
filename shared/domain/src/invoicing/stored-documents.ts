// A stored devis / invoice (the legacy euro shape, or a server row) read as money: the regime it was made under,
// its lines with their VAT made explicit, its totals and the row columns that keep them. Compositions of the
// money model only (toMoneyLines, computeDocumentTotals): the apps, the storage mapping and the PDFs call these
// instead of adding amounts themselves.
import type { Cents } from '../money';
import {
  documentVatRegime,
  toMoneyLine,
  toMoneyLines,
  type Discount,
  type StoredLine,
  type VatContext,
} from './document-lines';
import { computeDocumentTotals, type DocumentTotals, type TotalsOptions, type VatBreakdownRow } from './totals';
import { VAT_REGIMES, type VatRegime } from './vat';

export interface StoredDocumentVat {
  /** The regime stored with the document (`vat_regime`, new documents), when any. */
  vatRegime?: string | null | undefined;
  /** The document's single legacy rate (`vat_rate`). */
  tvaRate: number;
  tasks: readonly StoredLine[];
  /** The document discount (`discount` column, migration 0067), null = none. */
  discount?: Discount | null | undefined;
}

type CompanyLike = Parameters<typeof documentVatRegime>[0];

function isRegime(value: unknown): value is VatRegime {
  return typeof value === 'string' && (VAT_REGIMES as readonly string[]).includes(value);
}

/**
 * The regime a stored document was made under: the one stored with it; else what its lines say (a line in the
 * franchise category was made under the franchise); else, for documents made before per-line VAT, the rule of
 * documentVatRegime on the company of its snapshot.
 */
export function storedDocumentRegime(document: StoredDocumentVat, company: CompanyLike): VatRegime {
  if (isRegime(document.vatRegime)) return document.vatRegime;
  const categories = document.tasks.map((line) => line.vatCategory).filter(Boolean);
  if (categories.length > 0) return categories.includes('franchise') ? 'franchise' : 'assujetti';
  return documentVatRegime(company, document.tvaRate);
}

export function storedVatContext(document: StoredDocumentVat, company: CompanyLike): VatContext {
  return { regime: storedDocumentRegime(document, company), documentRate: document.tvaRate };
}

/** The lines as a new document writes them: each with its rate and category (the contract's stored line). */
export function withExplicitVat<L extends StoredLine>(lines: readonly L[], context: VatContext): L[] {
  return lines.map((line) => {
    const money = toMoneyLine(line, context);
    return { ...line, vatRate: money.vatRate, vatCategory: money.vatCategory };
  });
}

const OPTIONAL_FIELDS = [
  'vatRate',
  'vatCategory',
  'description',
  'discount',
  'option',
  'accepted',
  'components',
  'coefficient',
  'detailed',
  'catalogueId',
] as const;

/** One line with the stored line's fields only (whatever else an editor keeps is dropped). */
export function storedLineFields(line: StoredLine): StoredLine {
  const out: StoredLine = {
    ...(line.kind && line.kind !== 'item' ? { kind: line.kind } : {}),
    name: line.name,
    unit: line.unit,
    price: line.price,
    quantity: line.quantity,
  };
  for (const key of OPTIONAL_FIELDS) {
    if (line[key] !== undefined) (out as unknown as Record<string, unknown>)[key] = line[key];
  }
  if (out.components)
    out.components = out.components.map(({ kind, name, unit, quantity, price }) => ({
      kind,
      name,
      unit,
      quantity,
      price,
    }));
  return out;
}

/**
 * Lines as a document stores them (the stored line's fields only), each item with its VAT rate and category made
 * explicit (text and section lines carry no VAT).
 */
export function storedLines(lines: readonly StoredLine[], context: VatContext): StoredLine[] {
  return lines.map((line) => {
    const stored = storedLineFields(line);
    return stored.kind === 'text' || stored.kind === 'section' ? stored : withExplicitVat([stored], context)[0]!;
  });
}

export function storedDocumentTotals(
  document: StoredDocumentVat,
  company: CompanyLike,
  options: TotalsOptions = {},
): DocumentTotals {
  const context = storedVatContext(document, company);
  return computeDocumentTotals(toMoneyLines(document.tasks, context), {
    documentDiscount: document.discount,
    ...options,
  });
}

/** A breakdown row as the `vat_breakdown` jsonb column keeps it (migration 0060). */
export interface StoredBreakdownRow {
  category: VatBreakdownRow['category'];
  code: VatBreakdownRow['code'];
  rate: number;
  base_cents: Cents;
  vat_cents: Cents;
  /** The row's share of the remise globale (migration 0067), when the document has one. */
  discount_cents?: Cents;
}

export function breakdownColumn(breakdown: readonly VatBreakdownRow[]): StoredBreakdownRow[] {
  return breakdown.map((row) => ({
    category: row.category,
    code: row.code,
    rate: row.rate,
    base_cents: row.baseCents,
    vat_cents: row.vatCents,
    ...(row.discountCents !== undefined ? { discount_cents: row.discountCents } : {}),
  }));
}

/** The total columns of a quotes / invoices row from the domain's totals. */
export function totalsColumns(totals: DocumentTotals): {
  total_ht_cents: Cents;
  tva_cents: Cents;
  total_ttc_cents: Cents;
  vat_breakdown: StoredBreakdownRow[];
} {
  return {
    total_ht_cents: totals.totalHTCents,
    tva_cents: totals.totalVatCents,
    total_ttc_cents: totals.totalTTCCents,
    vat_breakdown: breakdownColumn(totals.breakdown),
  };
}

/**
 * The single `vat_rate` a document row still carries (legacy column, NOT NULL): the rate of its lines when they
 * all share one, else the highest (only old readers use it; every line carries its own).
 */
export function summaryVatRate(lines: readonly { vatRate?: number | undefined }[], fallback: number): number {
  // Text and section lines (issue 27) carry no rate.
  const rates = lines.map((line) => line.vatRate).filter((rate): rate is number => typeof rate === 'number');
  if (rates.length === 0) return fallback;
  return Math.max(...rates);
}
