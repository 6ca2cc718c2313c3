// The server rows of the client book (migration 0010: clients, quotes, invoices) ↔ the domain shapes of
// @atelier/domain (Quote, Invoice: euros, the legacy localStorage shapes). Totals are integer cents on the server.
//
// Ids: server rows have uuid ids. A domain document whose id is not a uuid (the legacy `quote-1712…` ids) keeps
// it as `legacy_id`, and its row id is derived from (user id, legacy id), so importing it again from any browser
// writes the same row (never a duplicate).
import {
  DEFAULT_VAT_RATE,
  documentSnapshotSchema,
  eurosToCents,
  centsToEuros,
  parisDayFormat,
  discountSchema,
  quoteLineSchema,
  storedDocumentRegime,
  storedDocumentTotals,
  summaryVatRate,
  totalsColumns,
  storedLines,
  type DocumentSnapshot,
  type Invoice,
  type Quote,
  type QuoteLine,
  type VatRegime,
  vatCategorySchema,
} from '@atelier/domain';

import type { SyncRow } from './sync-engine';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

// 32-bit FNV-1a with a seed; four of them give 128 bits. Not cryptographic: only a stable, well-spread id.
function fnv1a(text: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // Final avalanche (murmur3 fmix32) so close inputs give unrelated ids.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

/** A stable uuid (version 8, RFC 9562 « custom ») for a name: the same name always gives the same id. */
export function stableUuid(name: string): string {
  const hex = [0x9e3779b9, 0x7f4a7c15, 0x94d049bb, 0x2545f491]
    .map((seed) => fnv1a(name, seed).toString(16).padStart(8, '0'))
    .join('');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The row id of a domain document id: itself when it is a uuid, else derived from the user and the legacy id. */
export function documentRowId(userId: string, id: string): string {
  return isUuid(id) ? id : stableUuid(`${userId}:${id}`);
}

/** The row id of a legacy client (no id in the legacy shape: its email identifies it). */
export function clientRowId(userId: string, email: string): string {
  return stableUuid(`${userId}:client:${normaliseEmail(email)}`);
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The columns of public.clients the browser writes (plus created_at for the local sort). */
export interface ClientRowFields {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/** The valid lines of a row's `lines` column (an unreadable line is left out, never a crash). */
export function rowLines(value: unknown): QuoteLine[] {
  if (!Array.isArray(value)) return [];
  const out: QuoteLine[] = [];
  for (const item of value) {
    const parsed = quoteLineSchema.safeParse(item);
    if (parsed.success) out.push(parsed.data);
  }
  return out;
}

/**
 * The snapshot a document was issued with; undefined when it has none or it is unreadable. The row keeps its
 * value as it is (in the local copy and on the server): nothing is dropped, and the PDF actions tell the user
 * in French that the document's PDF is not available rather than printing a document from damaged data.
 */
function rowSnapshot(value: unknown): DocumentSnapshot | undefined {
  if (value === null || value === undefined) return undefined;
  const parsed = documentSnapshotSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/** A non-empty string column, else undefined. */
export function rowText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** An ISO date-time (the quotes.date column) from a legacy date string; now when unreadable. */
function isoDate(value: string | undefined, fallback: () => Date = () => new Date()): string {
  const ms = value ? Date.parse(value) : NaN;
  return (Number.isFinite(ms) ? new Date(ms) : fallback()).toISOString();
}

/** Today as a French calendar day (YYYY-MM-DD). */
export function calendarToday(now = new Date()): string {
  return parisDayFormat().format(now);
}

/** A calendar date (YYYY-MM-DD, the invoices' date columns) from an ISO date or date-time. */
function calendarDate(value: string | undefined): string | null {
  if (!value) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const ms = Date.parse(value);
  if (!Number.isFinite(ms)) return null;
  // Dates are French calendar days: read the instant in Europe/Paris.
  return calendarToday(new Date(ms));
}

/**
 * The columns a quote row and an invoice row share: title, lines (each with its VAT rate and category), the
 * regime, the totals and VAT breakdown of the money model (@atelier/domain computes them from the lines; a
 * situation keeps its own, whose VAT per rate is the cumulative VAT minus the previous situations').
 */
function contentColumns(document: Quote | Invoice) {
  const title = document.projectTitle?.trim();
  const company = document.snapshot?.company;
  const regime = storedDocumentRegime(document, company);
  const context = { regime, documentRate: document.tvaRate };
  const lines = storedLines(document.tasks, context);
  const situation = 'kind' in document && document.kind === 'situation';
  const totals = situation
    ? {
        total_ht_cents: eurosToCents(document.totalHT),
        tva_cents: eurosToCents(document.tva),
        total_ttc_cents: eurosToCents(document.total),
      }
    : totalsColumns(storedDocumentTotals({ ...document, tasks: lines }, company));
  return {
    project_title: title ? title.slice(0, 200) : null,
    lines,
    // Issue 27 (migration 0067): the remise globale, null = none.
    discount: document.discount ?? null,
    vat_rate: summaryVatRate(lines as { vatRate: number }[], document.tvaRate),
    vat_regime: regime,
    ...totals,
  };
}

/** What a quote and an invoice read from a row share: lines, totals in euros, VAT rate and regime (no PDF data URL). */
function readContent(row: Record<string, unknown>) {
  const vatRegime: VatRegime | undefined =
    row.vat_regime === 'assujetti' || row.vat_regime === 'franchise' ? row.vat_regime : undefined;
  const discount = discountSchema.safeParse(row.discount);
  return {
    tasks: rowLines(row.lines),
    ...(discount.success ? { discount: discount.data } : {}),
    totalHT: centsToEuros(num(row.total_ht_cents)),
    tva: centsToEuros(num(row.tva_cents)),
    total: centsToEuros(num(row.total_ttc_cents)),
    tvaRate: num(row.vat_rate, DEFAULT_VAT_RATE),
    pdfData: '',
    ...(vatRegime ? { vatRegime } : {}),
  };
}

/** The project title and the snapshot of a row, each only when it has one. */
function readTitleAndSnapshot(row: Record<string, unknown>): Pick<Quote, 'projectTitle' | 'snapshot'> {
  const projectTitle = rowText(row.project_title);
  const snapshot = rowSnapshot(row.snapshot);
  return { ...(projectTitle ? { projectTitle } : {}), ...(snapshot ? { snapshot } : {}) };
}

function optionalNumber(value: unknown): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) ? n : undefined;
}

/** A devis row's options (migration 0060): requested deposit, progress billing and its retenue. */
function readQuoteOptions(row: Record<string, unknown>): Partial<Quote> {
  const depositPercent = optionalNumber(row.deposit_percent);
  const retenuePercent = optionalNumber(row.retenue_percent);
  return {
    ...(depositPercent !== undefined ? { depositPercent } : {}),
    ...(row.progress_billing === true ? { progressBilling: true } : {}),
    ...(retenuePercent ? { retenuePercent } : {}),
    ...(row.retenue_caution === true ? { retenueCaution: true } : {}),
  };
}

/** An invoice row's kind and what comes with it (acompte, situation, deposits deducted, retenue). */
function readInvoiceKind(row: Record<string, unknown>): Partial<Invoice> {
  const kind = row.kind === 'deposit' || row.kind === 'situation' ? row.kind : undefined;
  const prepaidCents = optionalNumber(row.prepaid_cents);
  const retenuePercent = optionalNumber(row.retenue_percent);
  const situationNumber = optionalNumber(row.situation_number);
  const depositPercent = optionalNumber(row.deposit_percent);
  const deductions = Array.isArray(row.deductions)
    ? row.deductions
        .filter((d): d is Record<string, unknown> => !!d && typeof d === 'object')
        .map((d) => ({
          number: String(d.number ?? ''),
          ...(typeof d.issue_date === 'string' ? { issue_date: d.issue_date } : {}),
          total_ttc_cents: num(d.total_ttc_cents),
        }))
    : [];
  const progress = Array.isArray(row.progress)
    ? row.progress.map((p) => {
        const entry = (p ?? {}) as Record<string, unknown>;
        const cents = (key: string) => (optionalNumber(entry[key]) !== undefined ? { [key]: num(entry[key]) } : {});
        return {
          previous: num(entry.previous),
          current: num(entry.current),
          ...cents('quote_net_cents'),
          ...cents('cumulative_cents'),
          ...cents('previous_cents'),
        };
      })
    : [];
  const breakdown = Array.isArray(row.vat_breakdown)
    ? row.vat_breakdown.flatMap((b) => {
        const item = (b ?? {}) as Record<string, unknown>;
        const parsed = vatCategorySchema.safeParse(item.category);
        return parsed.success ? [{ category: parsed.data, rate: num(item.rate), vat_cents: num(item.vat_cents) }] : [];
      })
    : [];
  return {
    ...(kind ? { kind } : {}),
    ...(kind === 'situation' && breakdown.length > 0 ? { vatBreakdown: breakdown } : {}),
    ...(prepaidCents ? { prepaidCents } : {}),
    ...(deductions.length > 0 ? { deductions } : {}),
    ...(retenuePercent ? { retenuePercent } : {}),
    ...(row.retenue_caution === true ? { retenueCaution: true } : {}),
    ...(situationNumber !== undefined ? { situationNumber } : {}),
    ...(progress.length > 0 ? { progress } : {}),
    ...(depositPercent !== undefined ? { depositPercent } : {}),
  };
}

export interface QuoteRowContext {
  /** The signed-in user (derives row ids of legacy documents). */
  userId: string;
  /** The client row the quote belongs to. */
  clientId: string | null;
}

/** A quote row (public.quotes) from a domain quote. `pdfData` data URLs are not sent: bytes live elsewhere. */
export function quoteToRow(quote: Quote, { userId, clientId }: QuoteRowContext): SyncRow {
  const id = documentRowId(userId, quote.id);
  return {
    id,
    updated_at: '',
    client_id: clientId,
    legacy_id: isUuid(quote.id) ? null : quote.id,
    number: quote.number ?? null,
    date: isoDate(quote.date),
    ...contentColumns(quote),
    deposit_percent: quote.depositPercent ?? null,
    progress_billing: quote.progressBilling === true,
    retenue_percent: quote.retenuePercent ?? 0,
    retenue_caution: quote.retenueCaution === true,
    snapshot: quote.snapshot ?? null,
  };
}

/**
 * How a row is read back into a domain document:
 * - 'legacy' (default): the legacy localStorage shapes (the client book of the home page, checkpoints): the id the
 *   browser knew the document by (its legacy id when it has one) and ISO date-times;
 * - 'stored': the row as the server keeps it (/clients' PDFs and actions): its own row id and its dates as stored,
 *   so an invoice's calendar days stay `YYYY-MM-DD` (the PDF renderers read them as that day wherever the browser is).
 */
export type RowReading = 'legacy' | 'stored';

/** The domain quote of a row (see RowReading for its id and date). */
export function rowToQuote(row: Record<string, unknown>, reading: RowReading = 'legacy'): Quote {
  const number = rowText(row.number);
  const stored = reading === 'stored';
  return {
    id: (!stored && rowText(row.legacy_id)) || String(row.id),
    ...(number ? { number } : {}),
    date: stored
      ? (rowText(row.date) ?? rowText(row.created_at) ?? new Date().toISOString())
      : isoDate(rowText(row.date), () => new Date(rowText(row.created_at) ?? Date.now())),
    ...readContent(row),
    ...readQuoteOptions(row),
    ...readTitleAndSnapshot(row),
  };
}

export interface InvoiceRowContext extends QuoteRowContext {
  /** The row id of the quote the invoice was made from (null when unknown). */
  quoteId: string | null;
  quoteNumber?: string | null;
}

/**
 * An invoice row (public.invoices) from a domain invoice. A numbered legacy invoice is an issued one (it was
 * sent): status 'issued', kept as is; only public.import_legacy_data() may write it (RLS takes drafts only).
 */
export function invoiceToRow(invoice: Invoice, { userId, clientId, quoteId, quoteNumber }: InvoiceRowContext): SyncRow {
  const id = documentRowId(userId, invoice.id);
  const issueDate = calendarDate(invoice.date);
  return {
    id,
    updated_at: '',
    client_id: clientId,
    quote_id: quoteId,
    quote_number: quoteNumber ?? null,
    legacy_id: isUuid(invoice.id) ? null : invoice.id,
    status: invoice.number ? 'issued' : 'draft',
    number: invoice.number ?? null,
    issue_date: invoice.number ? issueDate : null,
    service_date: issueDate,
    ...contentColumns(invoice),
    is_paid: invoice.isPaid,
    payment_date: invoice.isPaid ? calendarDate(invoice.paymentDate) : null,
    snapshot: invoice.snapshot ?? null,
  };
}

export interface InvoiceReading {
  /** See RowReading (default 'legacy'). */
  reading?: RowReading;
  /** The domain id of the invoice's quote from its row id (default: the row id); e.g. its legacy id, as rowToQuote gives it. */
  quoteIdOf?: (rowId: string) => string;
}

/**
 * The domain invoice of a row, dated by its issue date (the service date for a draft), with its service and due
 * dates as stored (calendar days) when it has them.
 */
export function rowToInvoice(
  row: Record<string, unknown>,
  { reading = 'legacy', quoteIdOf }: InvoiceReading = {},
): Invoice {
  const number = rowText(row.number);
  const paymentDate = rowText(row.payment_date);
  const serviceDate = rowText(row.service_date);
  const dueDate = rowText(row.due_date);
  const quoteId = rowText(row.quote_id);
  const stored = reading === 'stored';
  return {
    id: (!stored && rowText(row.legacy_id)) || String(row.id),
    ...(number ? { number } : {}),
    ...(serviceDate ? { serviceDate } : {}),
    ...(dueDate ? { dueDate } : {}),
    quoteId: quoteId ? (quoteIdOf?.(quoteId) ?? quoteId) : '',
    date: stored
      ? (rowText(row.issue_date) ?? serviceDate ?? calendarToday())
      : isoDate(rowText(row.issue_date) ?? serviceDate, () => new Date(rowText(row.created_at) ?? Date.now())),
    ...readContent(row),
    isPaid: row.is_paid === true,
    ...(paymentDate ? { paymentDate } : {}),
    ...readInvoiceKind(row),
    ...readTitleAndSnapshot(row),
  };
}
