// Server rows of the client book (migration 0010: quotes, invoices, credit_notes) ↔ the drafts made from them,
// statuses and file names. Reading a row into the domain shapes the @atelier/documents renderers take is
// @atelier/storage's rowToQuote / rowToInvoice (reading 'stored': the row id, dates as stored). Pure functions
// (tested in rows.test.ts).
import { calendarToday, rowText as str } from '@atelier/storage';

export type Row = { id: string; [column: string]: unknown };

/** Today as a French calendar day (YYYY-MM-DD). */
export const today = calendarToday;

export interface PaymentChoice {
  isPaid: boolean;
  /** YYYY-MM-DD; only kept when isPaid. */
  paymentDate?: string | null;
}

const COPIED = ['client_id', 'project_title', 'lines', 'vat_rate', 'total_ht_cents', 'tva_cents', 'total_ttc_cents'];

function copy(row: Row, columns: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const column of columns) if (column in row) out[column] = row[column];
  return out;
}

/**
 * A company without a VAT number is under the franchise en base: its invoice PDF says « TVA non applicable,
 * art. 293 B du CGI » with no VAT line (@atelier/documents), so the invoice row is issued at 0 % with TTC = HT —
 * the amounts kept by the server, shown on the card and printed on the PDF are then the same.
 */
function withoutVatWhenExempt(row: Record<string, unknown>, snapshot: unknown): Record<string, unknown> {
  const company = (snapshot as { company?: { tva?: unknown } } | null | undefined)?.company;
  if (!company || (typeof company.tva === 'string' && company.tva.trim() !== '')) return row;
  return { ...row, vat_rate: 0, tva_cents: 0, total_ttc_cents: row.total_ht_cents ?? 0 };
}

/** The draft invoice made from a quote: its client, lines, VAT, totals, snapshot and number. */
export function draftInvoiceFromQuote(quote: Row, id: string, payment: PaymentChoice, now = new Date()): Row {
  return {
    ...withoutVatWhenExempt(copy(quote, COPIED), quote.snapshot),
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

/** « Corriger »: a new draft pre-filled from the cancelled invoice (same client, lines, quote reference). */
export function draftInvoiceFromInvoice(invoice: Row, id: string, now = new Date()): Row {
  return {
    ...copy(invoice, [...COPIED, 'quote_id', 'quote_number', 'snapshot', 'service_date']),
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
