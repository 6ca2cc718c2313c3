// What an artisan's clients owe (issue 29.10, the business view of /clients): per client and in total, the devis
// made, what was invoiced, paid, still to collect and overdue, to the cent, from the stored documents' own totals
// (never recomputed from lines: an issued document keeps the totals it was issued with).
//
// Rules:
//  * devis: a numbered devis counts as made (« devis envoyés »); it is pending (« en attente ») until an issued
//    invoice of any kind (acompte, situation, facture) refers to it;
//  * invoiced: each issued invoice minus the deposits it deducts (`prepaid_cents`: they were invoiced, and are
//    collected, as acomptes of their own), minus its avoir. Drafts count for nothing;
//  * due: `net_due_cents` (TTC − deposits − retenue de garantie), minus the avoir; an invoice cancelled by an avoir
//    of its whole amount owes nothing and counts neither as paid nor unpaid. The retenue is reported apart
//    (`retainedCents`): it is collected when released, not at the due date;
//  * paid: the due amount of an invoice marked paid; unpaid: the due amount of one that is not;
//  * overdue: unpaid past its due date (stored `due_date`, else issue date + 30 days, the legal default of
//    art. L441-10 C. com.), with the days late counted from the day after the due date to `today`.
import type { Cents } from '../money';

export const DEFAULT_PAYMENT_DAYS = 30;

type StoredRow = { id: string; [column: string]: unknown };

export type InvoiceStanding = 'draft' | 'cancelled' | 'paid' | 'unpaid' | 'overdue';

export interface InvoiceReceivable {
  id: string;
  clientId: string;
  standing: InvoiceStanding;
  /** YYYY-MM-DD, or null for a draft / an invoice with no date at all. */
  dueDate: string | null;
  /** What is still to be paid on it (0 when paid, cancelled or draft). */
  outstandingCents: Cents;
  /** Days past its due date when overdue, else 0. */
  daysLate: number;
}

export interface ReceivableFigures {
  /** Numbered devis and their TTC total. */
  quotes: number;
  quotedCents: Cents;
  /** Numbered devis no issued invoice refers to yet. */
  pendingQuotes: number;
  pendingQuotesCents: Cents;
  invoicedCents: Cents;
  paidCents: Cents;
  unpaidCents: Cents;
  overdueCents: Cents;
  overdueInvoices: number;
  /** The largest number of days late among its overdue invoices (0 when none). */
  maxDaysLate: number;
  retainedCents: Cents;
  /** The most recent document date (YYYY-MM-DD), '' when none. */
  lastActivity: string;
}

export interface Receivables {
  byClient: Map<string, ReceivableFigures>;
  total: ReceivableFigures;
  invoices: Map<string, InvoiceReceivable>;
}

export interface StoredDocuments {
  quotes: readonly StoredRow[];
  invoices: readonly StoredRow[];
  creditNotes: readonly StoredRow[];
}

export function emptyFigures(): ReceivableFigures {
  return {
    quotes: 0,
    quotedCents: 0,
    pendingQuotes: 0,
    pendingQuotesCents: 0,
    invoicedCents: 0,
    paidCents: 0,
    unpaidCents: 0,
    overdueCents: 0,
    overdueInvoices: 0,
    maxDaysLate: 0,
    retainedCents: 0,
    lastActivity: '',
  };
}

function cents(value: unknown): Cents {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n) : 0;
}

function day(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

function dayNumber(iso: string): number {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * 86_400_000).toISOString().slice(0, 10);
}

/** Whole days from `due` to `today` (positive when `today` is after `due`). */
export function daysPastDue(due: string, today: string): number {
  return dayNumber(today) - dayNumber(due);
}

/** The due date of an issued invoice: the stored one, else its issue date + 30 days. */
export function invoiceDueDate(invoice: StoredRow, paymentDays = DEFAULT_PAYMENT_DAYS): string | null {
  const stored = day(invoice.due_date);
  if (stored) return stored;
  const issued = day(invoice.issue_date) ?? day(invoice.created_at);
  return issued ? addDays(issued, paymentDays) : null;
}

function later(a: string, b: string | null): string {
  return b && b > a ? b : a;
}

/** One invoice's standing on `today`, given the avoirs issued for it. */
export function invoiceReceivable(
  invoice: StoredRow,
  creditNotes: readonly StoredRow[],
  today: string,
  paymentDays = DEFAULT_PAYMENT_DAYS,
): InvoiceReceivable & { billedCents: Cents; dueCents: Cents; retainedCents: Cents } {
  const clientId = String(invoice.client_id ?? '');
  const base = { id: invoice.id, clientId, outstandingCents: 0, daysLate: 0, billedCents: 0, dueCents: 0 };
  if (invoice.status !== 'issued') return { ...base, standing: 'draft', dueDate: null, retainedCents: 0 };
  const ttc = cents(invoice.total_ttc_cents);
  const prepaid = cents(invoice.prepaid_cents);
  const retenue = cents(invoice.retenue_cents);
  const credited = creditNotes.reduce((sum, note) => sum + Math.abs(cents(note.total_ttc_cents)), 0);
  const dueDate = invoiceDueDate(invoice, paymentDays);
  if (credited >= ttc && creditNotes.length > 0) {
    return { ...base, standing: 'cancelled', dueDate, retainedCents: 0 };
  }
  const netDue = invoice.net_due_cents === null || invoice.net_due_cents === undefined
    ? ttc - prepaid - retenue
    : cents(invoice.net_due_cents);
  const billedCents = ttc - prepaid - credited;
  const dueCents = Math.max(0, netDue - credited);
  if (invoice.is_paid === true) {
    return { ...base, standing: 'paid', dueDate, billedCents, dueCents, retainedCents: retenue };
  }
  const daysLate = dueDate ? Math.max(0, daysPastDue(dueDate, today)) : 0;
  return {
    ...base,
    standing: daysLate > 0 && dueCents > 0 ? 'overdue' : 'unpaid',
    dueDate,
    outstandingCents: dueCents,
    daysLate: dueCents > 0 ? daysLate : 0,
    billedCents,
    dueCents,
    retainedCents: retenue,
  };
}

function add(target: ReceivableFigures, part: Partial<ReceivableFigures>): void {
  for (const [key, value] of Object.entries(part) as [keyof ReceivableFigures, number | string][]) {
    if (key === 'lastActivity') target.lastActivity = later(target.lastActivity, value as string);
    else if (key === 'maxDaysLate') target.maxDaysLate = Math.max(target.maxDaysLate, value as number);
    else (target[key] as number) += value as number;
  }
}

/**
 * Per client (by `client_id`) and in total: the devis made and pending, invoiced, paid, unpaid and overdue
 * amounts on `today` (YYYY-MM-DD, the user's calendar day), and each issued invoice's standing.
 */
export function computeReceivables(
  documents: StoredDocuments,
  today: string,
  paymentDays = DEFAULT_PAYMENT_DAYS,
): Receivables {
  const byClient = new Map<string, ReceivableFigures>();
  const total = emptyFigures();
  const invoices = new Map<string, InvoiceReceivable>();
  const figures = (clientId: string) => {
    let f = byClient.get(clientId);
    if (!f) byClient.set(clientId, (f = emptyFigures()));
    return f;
  };
  const record = (clientId: string, part: Partial<ReceivableFigures>) => {
    add(figures(clientId), part);
    add(total, part);
  };

  const notesByInvoice = new Map<string, StoredRow[]>();
  for (const note of documents.creditNotes) {
    const key = String(note.invoice_id ?? '');
    notesByInvoice.set(key, [...(notesByInvoice.get(key) ?? []), note]);
  }

  const invoicedQuotes = new Set<string>();
  for (const invoice of documents.invoices) {
    const standing = invoiceReceivable(invoice, notesByInvoice.get(invoice.id) ?? [], today, paymentDays);
    if (standing.standing === 'draft') continue;
    if (typeof invoice.quote_id === 'string') invoicedQuotes.add(invoice.quote_id);
    const { billedCents, dueCents, retainedCents, ...receivable } = standing;
    invoices.set(invoice.id, receivable);
    const activity = day(invoice.issue_date) ?? day(invoice.created_at) ?? '';
    if (receivable.standing === 'cancelled') {
      record(receivable.clientId, { lastActivity: activity });
      continue;
    }
    record(receivable.clientId, {
      invoicedCents: billedCents,
      paidCents: receivable.standing === 'paid' ? dueCents : 0,
      unpaidCents: receivable.outstandingCents,
      overdueCents: receivable.standing === 'overdue' ? receivable.outstandingCents : 0,
      overdueInvoices: receivable.standing === 'overdue' ? 1 : 0,
      maxDaysLate: receivable.daysLate,
      retainedCents,
      lastActivity: activity,
    });
  }

  for (const quote of documents.quotes) {
    if (typeof quote.number !== 'string' || !quote.number) continue;
    const ttc = cents(quote.total_ttc_cents);
    const pending = !invoicedQuotes.has(quote.id);
    record(String(quote.client_id ?? ''), {
      quotes: 1,
      quotedCents: ttc,
      pendingQuotes: pending ? 1 : 0,
      pendingQuotesCents: pending ? ttc : 0,
      lastActivity: day(quote.date) ?? day(quote.created_at) ?? '',
    });
  }
  return { byClient, total, invoices };
}
