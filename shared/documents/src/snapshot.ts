// Documents keep the snapshot they were issued with (DESIGN.md §4): the company details, customisation and
// client as they were. These helpers turn a stored quote/invoice back into renderer input, so a PDF whose
// bytes are missing from IndexedDB is regenerated as it was issued — not with today's company or colours.
import {
  documentSnapshotSchema,
  discountSchema,
  quoteLineSchema,
  type CompanyInfo,
  type DocumentSnapshot,
  type Invoice,
  type Quote,
  type QuoteCustomization,
  type QuoteLine,
  vatKey,
} from '@atelier/domain';

import type {
  CreditNoteDocumentInput,
  CreditNoteReason,
  DocumentClient,
  InvoiceDocumentInput,
  QuoteDocumentInput,
} from './layout';
import { renderCreditNotePdf, renderInvoicePdf, renderQuotePdf, type RenderedDocument } from './pdf/render';

/** Used only for documents issued before snapshots existed: today's data. */
export interface SnapshotFallback {
  client: DocumentClient;
  company: CompanyInfo;
  customization: QuoteCustomization;
}

/** The snapshot to store on a document being issued (a copy: later edits of the inputs do not leak in). */
export function takeSnapshot(input: SnapshotFallback): DocumentSnapshot {
  const { name, email, phone, address } = input.client;
  return jsonCopy({
    company: input.company,
    customization: input.customization,
    client: { name, email, phone, address },
  });
}

function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The snapshot to store: its logo kept aside by `keepLogo` (once per image, in IndexedDB) and referenced by
 * id. If the logo cannot be kept aside, the snapshot keeps it inline (heavier, but complete).
 */
export async function detachSnapshotLogo(
  snapshot: DocumentSnapshot,
  keepLogo: ((dataUrl: string) => Promise<string>) | undefined,
): Promise<DocumentSnapshot> {
  const logo = snapshot.company.logo;
  if (!logo || !keepLogo) return snapshot;
  try {
    const logoId = await keepLogo(logo);
    return { ...snapshot, company: { ...snapshot.company, logo: '' }, logoId };
  } catch {
    return snapshot;
  }
}

/** The snapshot with its logo back in place (a logo that is gone leaves the document without one). */
export async function attachSnapshotLogo(
  snapshot: DocumentSnapshot,
  loadLogo: ((id: string) => Promise<string | undefined>) | undefined,
): Promise<DocumentSnapshot> {
  if (!snapshot.logoId || snapshot.company.logo || !loadLogo) return snapshot;
  let logo: string | undefined;
  try {
    logo = await loadLogo(snapshot.logoId);
  } catch {
    logo = undefined;
  }
  return logo ? { ...snapshot, company: { ...snapshot.company, logo } } : snapshot;
}

export interface RegenerateOptions {
  /** Today's data, used only for documents issued before snapshots existed. */
  fallback?: SnapshotFallback | undefined;
  /** Reads a snapshot logo kept aside (@atelier/storage's `snapshotLogos.load`). */
  loadLogo?: ((id: string) => Promise<string | undefined>) | undefined;
}

async function withLogo<D extends Quote | Invoice>(document: D, loadLogo: RegenerateOptions['loadLogo']): Promise<D> {
  if (!document.snapshot) return document;
  return { ...document, snapshot: await attachSnapshotLogo(document.snapshot, loadLogo) };
}

/** The fields that have a value (the issue-28 options are absent on most documents). */
function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function sourceOf(
  snapshot: DocumentSnapshot | undefined,
  fallback: SnapshotFallback | undefined,
): SnapshotFallback | null {
  if (snapshot) return snapshot;
  return fallback ?? null;
}

/**
 * Renderer input for a stored quote: its own snapshot, else (legacy quote) the fallback, else null.
 * A quote without a number (legacy) is printed under its id. Pure: a logo kept aside (`snapshot.logoId`)
 * must be attached first (`attachSnapshotLogo`, or use `regenerateQuotePdf`).
 */
export function quoteDocumentInput(quote: Quote, fallback?: SnapshotFallback): QuoteDocumentInput | null {
  const source = sourceOf(quote.snapshot, fallback);
  if (!source) return null;
  return {
    quote: {
      number: quote.number ?? quote.id,
      date: quote.date,
      tasks: quote.tasks,
      tvaRate: quote.tvaRate,
      projectTitle: quote.projectTitle,
      ...defined({
        vatRegime: quote.vatRegime,
        depositPercent: quote.depositPercent,
        progressBilling: quote.progressBilling,
        retenuePercent: quote.retenuePercent,
        retenueCaution: quote.retenueCaution,
        discount: quote.discount,
      }),
    },
    client: source.client,
    company: source.company,
    customization: source.customization,
  };
}

/** Renderer input for a stored invoice (same rules as quotes). */
export function invoiceDocumentInput(
  invoice: Invoice,
  options: { quoteNumber?: string; fallback?: SnapshotFallback } = {},
): InvoiceDocumentInput | null {
  const source = sourceOf(invoice.snapshot, options.fallback);
  if (!source) return null;
  return {
    invoice: {
      number: invoice.number ?? invoice.id,
      date: invoice.date,
      tasks: invoice.tasks,
      tvaRate: invoice.tvaRate,
      isPaid: invoice.isPaid,
      paymentDate: invoice.paymentDate,
      projectTitle: invoice.projectTitle,
      serviceDate: invoice.serviceDate,
      dueDate: invoice.dueDate,
      ...defined({
        vatRegime: invoice.vatRegime,
        kind: invoice.kind,
        prepaidCents: invoice.prepaidCents,
        deductions: invoice.deductions,
        retenuePercent: invoice.retenuePercent,
        retenueCaution: invoice.retenueCaution,
        situationNumber: invoice.situationNumber,
        progress: invoice.progress,
        depositPercent: invoice.depositPercent,
        discount: invoice.discount,
        vatCents: invoice.vatBreakdown
          ? Object.fromEntries(invoice.vatBreakdown.map((b) => [vatKey(b.category, b.rate), b.vat_cents]))
          : undefined,
      }),
    },
    quoteNumber: options.quoteNumber,
    client: source.client,
    company: source.company,
    customization: source.customization,
  };
}

/** The quote's PDF again, from its snapshot; null when it has none and no fallback is given. */
export async function regenerateQuotePdf(
  quote: Quote,
  options: RegenerateOptions = {},
): Promise<RenderedDocument | null> {
  const input = quoteDocumentInput(await withLogo(quote, options.loadLogo), options.fallback);
  return input ? renderQuotePdf(input) : null;
}

/** The invoice's PDF again, from its snapshot; null when it has none and no fallback is given. */
export async function regenerateInvoicePdf(
  invoice: Invoice,
  options: RegenerateOptions & { quoteNumber?: string } = {},
): Promise<RenderedDocument | null> {
  const input = invoiceDocumentInput(await withLogo(invoice, options.loadLogo), options);
  return input ? renderInvoicePdf(input) : null;
}

/**
 * A `credit_notes` row as the server returns it (migration 0010; `sync_changes` / PostgREST). bigint columns
 * may arrive as strings. Its snapshot is the invoice's snapshot plus `invoiceNumber` and `invoiceDate`.
 */
export interface CreditNoteRow {
  id?: string;
  number: string;
  reason: CreditNoteReason | string;
  issue_date: string;
  project_title?: string | null;
  lines: unknown;
  vat_rate: number | string;
  total_ht_cents: number | string;
  tva_cents: number | string;
  total_ttc_cents: number | string;
  vat_regime?: string | null;
  /** The invoice's remise globale (migration 0067). */
  discount?: unknown;
  snapshot?: unknown;
}

export interface CreditNoteInputOptions {
  /** The invoice's number and date, when the row's snapshot lacks them. */
  invoiceNumber?: string | undefined;
  invoiceDate?: string | undefined;
  /** Used only when the row has no readable snapshot (today's data). */
  fallback?: SnapshotFallback | undefined;
}

function parseLines(value: unknown): QuoteLine[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line) => {
    const parsed = quoteLineSchema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

function cents(value: number | string): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? Math.round(n) : 0;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/**
 * Renderer input for an avoir (a `credit_notes` row): its own snapshot (the invoice's, as issued), else the
 * fallback, else null. Totals are the row's (negative) cents. Pure: attach a kept-aside logo first
 * (`attachSnapshotLogo`), or use `regenerateCreditNotePdf`.
 */
export function creditNoteDocumentInput(
  row: CreditNoteRow,
  options: CreditNoteInputOptions = {},
): CreditNoteDocumentInput | null {
  const raw = (row.snapshot && typeof row.snapshot === 'object' ? row.snapshot : {}) as Record<string, unknown>;
  const parsed = documentSnapshotSchema.safeParse(raw);
  const source = sourceOf(parsed.success ? parsed.data : undefined, options.fallback);
  if (!source) return null;
  return {
    creditNote: {
      number: row.number,
      date: row.issue_date,
      reason: row.reason === 'correct' ? 'correct' : 'cancel',
      invoiceNumber: text(raw.invoiceNumber) ?? options.invoiceNumber ?? '',
      invoiceDate: text(raw.invoiceDate) ?? options.invoiceDate,
      tasks: parseLines(row.lines),
      tvaRate: Number.isFinite(Number(row.vat_rate)) ? Number(row.vat_rate) : 0,
      vatRegime: row.vat_regime === 'franchise' || row.vat_regime === 'assujetti' ? row.vat_regime : undefined,
      projectTitle: row.project_title ?? undefined,
      ...(discountSchema.safeParse(row.discount).success ? { discount: discountSchema.parse(row.discount) } : {}),
      totals: {
        totalHTCents: cents(row.total_ht_cents),
        tvaCents: cents(row.tva_cents),
        totalTTCCents: cents(row.total_ttc_cents),
      },
    },
    client: source.client,
    company: source.company,
    customization: source.customization,
  };
}

/** The avoir's PDF (`avoir-{number}.pdf`) from its row; null when it has no snapshot and no fallback is given. */
export async function regenerateCreditNotePdf(
  row: CreditNoteRow,
  options: CreditNoteInputOptions & Pick<RegenerateOptions, 'loadLogo'> = {},
): Promise<RenderedDocument | null> {
  let snapshot = row.snapshot;
  const parsed = documentSnapshotSchema.safeParse(snapshot ?? null);
  if (parsed.success && options.loadLogo) {
    const withLogo = await attachSnapshotLogo(parsed.data, options.loadLogo);
    snapshot = { ...(snapshot as Record<string, unknown>), company: withLogo.company };
  }
  const input = creditNoteDocumentInput({ ...row, snapshot }, options);
  return input ? renderCreditNotePdf(input) : null;
}
