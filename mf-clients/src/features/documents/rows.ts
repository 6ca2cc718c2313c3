// Server rows of the client book (migration 0010: quotes, invoices, credit_notes) ↔ the drafts made from them,
// statuses and file names. Reading a row into the domain shapes the @atelier/documents renderers take is
// @atelier/storage's rowToQuote / rowToInvoice (reading 'stored': the row id, dates as stored). Pure functions
// (tested in rows.test.ts).
import {
  computeDocumentTotals,
  discountSchema,
  foldDocumentDiscount,
  invoiceLinesFromDevis,
  linesInTotal,
  regimeChangeError,
  storedLines,
  storedVatContext,
  summaryVatRate,
  toMoneyLines,
  totalsColumns,
  type Discount,
  type DocumentSnapshot,
  type MoneyLine,
  type VatContext,
  type VatRegime,
} from '@atelier/domain';
import { calendarToday, rowLines, rowText as str } from '@atelier/storage';

export type Row = { id: string; [column: string]: unknown };

/** Today as a French calendar day (YYYY-MM-DD). */
export const today = calendarToday;

export interface PaymentChoice {
  isPaid: boolean;
  /** YYYY-MM-DD; only kept when isPaid. */
  paymentDate?: string | null;
}

const COPIED = ['client_id', 'project_title'];

function copy(row: Row, columns: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) if (column in row) out[column] = row[column];
  return out;
}

function snapshotCompany(row: Row): DocumentSnapshot['company'] | undefined {
  const company = (row.snapshot as { company?: unknown } | null | undefined)?.company;
  return company && typeof company === 'object' ? (company as DocumentSnapshot['company']) : undefined;
}

/** The VAT context a stored devis / invoice row was made in (its regime, its legacy single rate). */
export function rowVatContext(row: Row): VatContext {
  const rate = Number(row.vat_rate);
  return storedVatContext(
    {
      vatRegime: typeof row.vat_regime === 'string' ? row.vat_regime : null,
      tvaRate: Number.isFinite(rate) ? rate : 20,
      tasks: rowLines(row.lines),
    },
    snapshotCompany(row),
  );
}

/** A row's remise globale (`discount`, migration 0067), or null. */
export function rowDiscount(row: Row): Discount | null {
  const parsed = discountSchema.safeParse(row.discount);
  return parsed.success ? parsed.data : null;
}

/** The row's lines in the total (no text, section or option not accepted): what acomptes and situations bill. */
export function rowPricedLines(row: Row): ReturnType<typeof rowLines> {
  return linesInTotal(rowLines(row.lines));
}

/**
 * A row's lines in the total as money (rates and categories resolved under its regime), with its remise globale
 * folded into their remises (foldDocumentDiscount): acomptes and situations are shares of the discounted devis.
 */
export function rowMoneyLines(row: Row): MoneyLine[] {
  return foldDocumentDiscount(toMoneyLines(rowLines(row.lines), rowVatContext(row)), rowDiscount(row));
}

/**
 * Why the company cannot invoice this devis now, or null: its VAT regime moved since the devis (an invoice carries
 * exactly the devis' lines and rates: the devis must be made again).
 */
export function invoiceFromQuoteError(quote: Row, currentRegime: VatRegime): string | null {
  return regimeChangeError(rowVatContext(quote).regime, currentRegime);
}

/**
 * The money columns of a document with these lines: lines with their rate and category, regime, totals and VAT
 * breakdown from the domain's money model (computeDocumentTotals), the legacy single rate.
 */
export function moneyColumns(
  lines: ReturnType<typeof rowLines>,
  context: VatContext,
  prepaidCents = 0,
  discount: Discount | null = null,
) {
  const explicit = storedLines(lines, context);
  const totals = computeDocumentTotals(toMoneyLines(explicit, context), { prepaidCents, documentDiscount: discount });
  return {
    lines: explicit,
    discount,
    vat_regime: context.regime,
    vat_rate: summaryVatRate(explicit as { vatRate: number }[], context.documentRate),
    ...totalsColumns(totals),
  };
}

/**
 * The draft invoice made from a quote: its client, exactly its lines and rates (the regime of the devis), the
 * totals of the money model, snapshot and number. Check invoiceFromQuoteError first.
 */
export function draftInvoiceFromQuote(quote: Row, id: string, payment: PaymentChoice, now = new Date()): Row {
  return {
    ...copy(quote, COPIED),
    // Issue 27: options not accepted dropped, sections / remises / ouvrages kept, the remise globale carried.
    ...moneyColumns(invoiceLinesFromDevis(rowLines(quote.lines)), rowVatContext(quote), 0, rowDiscount(quote)),
    id,
    status: 'draft',
    quote_id: quote.id,
    quote_number: str(quote.number) ?? null,
    snapshot: quote.snapshot ?? null,
    service_date: today(now),
    is_paid: payment.isPaid,
    payment_date: payment.isPaid ? (payment.paymentDate ?? today(now)) : null,
    created_at: now.toISOString(),
  };
}

/**
 * The invoice's snapshot client completed with the client row's SIREN, VAT number and site address (issue 28:
 * printed on the invoice, the VAT number required for autoliquidation); the row's site address is kept too.
 */
export function withClientIdentifiers(draft: Row, client: Row | undefined): Row {
  if (!client) return draft;
  const snapshot = draft.snapshot as { client?: Record<string, unknown> } | null | undefined;
  const extra: Record<string, string> = {};
  if (typeof client.siren === 'string' && client.siren) extra.siren = client.siren;
  if (typeof client.vat_number === 'string' && client.vat_number) extra.vatNumber = client.vat_number;
  if (typeof client.site_address === 'string' && client.site_address) extra.siteAddress = client.site_address;
  if (Object.keys(extra).length === 0 || !snapshot?.client) return draft;
  return {
    ...draft,
    ...(extra.siteAddress ? { site_address: extra.siteAddress } : {}),
    snapshot: { ...snapshot, client: { ...snapshot.client, ...extra } },
  };
}

/** « Corriger »: a new draft pre-filled from the cancelled invoice (same client, lines, quote reference). */
export function draftInvoiceFromInvoice(invoice: Row, id: string, now = new Date()): Row {
  return {
    ...copy(invoice, [...COPIED, 'quote_id', 'quote_number', 'snapshot', 'service_date']),
    ...moneyColumns(rowLines(invoice.lines), rowVatContext(invoice), 0, rowDiscount(invoice)),
    id,
    status: 'draft',
    is_paid: false,
    payment_date: null,
    created_at: now.toISOString(),
  };
}

export type DocumentStatus = 'paid' | 'pending' | 'late' | 'draft' | 'cancelled';

/** Status at a glance: draft, cancelled by an avoir, else payée / en retard (past its due date) / en attente. */
export function invoiceStatus(invoice: Row, hasCreditNote: boolean, day = today()): DocumentStatus {
  if (invoice.status !== 'issued') return 'draft';
  if (hasCreditNote) return 'cancelled';
  if (invoice.is_paid) return 'paid';
  return typeof invoice.due_date === 'string' && invoice.due_date < day ? 'late' : 'pending';
}

/** Rows grouped by a column once (per client, per invoice), each group newest first. */
export function groupBy<T extends Row>(rows: readonly T[], column: string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const key = String(row[column] ?? '');
    let list = map.get(key);
    if (!list) map.set(key, (list = []));
    list.push(row);
  }
  const stamp = (r: Row) => String(r.created_at ?? r.date ?? r.updated_at ?? '');
  for (const list of map.values()) list.sort((a, b) => stamp(b).localeCompare(stamp(a)));
  return map;
}

export function quoteFileName(row: Row): string {
  return `devis-${str(row.number) ?? row.id}.pdf`;
}
export function invoiceFileName(row: Row): string {
  return `facture-${str(row.number) ?? 'brouillon'}.pdf`;
}
export function creditNoteFileName(row: Row): string {
  return `avoir-${str(row.number) ?? row.id}.pdf`;
}

/** Where an issued document's PDF is archived in the private `documents` bucket. */
export function archivePath(userId: string, fileName: string): string {
  return `${userId}/${fileName}`;
}
