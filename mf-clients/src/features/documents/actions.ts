// What the buttons of a quote / invoice / avoir do: through the user's sync engine for drafts, through the
// server (issue_invoice, issue_credit_note, the `documents` storage bucket) for what only the server may do
// (numbers, immutable documents, archived PDFs). Every failure is a French DocumentError; nothing is lost: a
// draft stays in the local copy (and its outbox) until it is issued.
import {
  regenerateCreditNotePdf,
  regenerateInvoicePdf,
  regenerateQuotePdf,
  type RenderedDocument,
} from '@atelier/documents';
import { companyVatRegime, type CompanyInfo } from '@atelier/domain';
import { companyInfoStore, rowToInvoice, rowToQuote, type SyncEngine, type SyncRow } from '@atelier/storage';
import { saveFile as saveDownload } from '@atelier/ui';

import { CLIENTS_MESSAGES as M } from '../../messages';

import type { Planned } from './progress-rows';
import {
  archivePath,
  creditNoteFileName,
  draftInvoiceFromInvoice,
  draftInvoiceFromQuote,
  invoiceFileName,
  invoiceFromQuoteError,
  quoteFileName,
  type PaymentChoice,
  withClientIdentifiers,
  type Row,
} from './rows';

interface ErrorLike {
  message: string;
  code?: string;
  status?: number;
  statusCode?: string | number;
}
type Result<T> = { data: T | null; error: ErrorLike | null };

/** The part of supabase-js these actions use (typed structurally: easy to fake in unit tests). */
export interface DocumentsSupabase {
  rpc(fn: string, args: Record<string, unknown>): PromiseLike<Result<unknown>>;
  from(table: string): {
    update(values: Record<string, unknown>): {
      eq(column: string, value: string): { select(): { single(): PromiseLike<Result<Record<string, unknown>>> } };
    };
  };
  /** Edge Functions (the `facturx` archive, issue 28); absent in tests that do not exercise it. */
  functions?: {
    invoke(
      name: string,
      options: { body: Record<string, unknown> },
    ): PromiseLike<{ data: unknown; error: (ErrorLike & { context?: unknown }) | null }>;
  };
  storage: {
    from(bucket: string): {
      upload(
        path: string,
        body: Blob,
        options?: { contentType?: string; upsert?: boolean },
      ): PromiseLike<Result<unknown>>;
      download(path: string): PromiseLike<Result<Blob>>;
    };
  };
}

export interface DocumentServices {
  userId: string;
  engine: SyncEngine;
  supabase: DocumentsSupabase;
  /** Reads a snapshot logo kept aside (@atelier/storage's snapshotLogos.load). */
  loadLogo?: (id: string) => Promise<string | undefined>;
  online?: () => boolean;
  newId?: () => string;
  /** The company as set on /company now (its VAT regime); default: the signed-in user's stored companyInfo. */
  company?: () => Pick<CompanyInfo, 'vatRegime'> | null;
}

function currentCompany(services: DocumentServices): Pick<CompanyInfo, 'vatRegime'> | null {
  if (services.company) return services.company();
  try {
    return companyInfoStore.get();
  } catch {
    return null;
  }
}

/** A failure with its French message for the user. */
export class DocumentError extends Error {}

export interface PdfFile {
  bytes: Uint8Array;
  fileName: string;
}

function online(services: DocumentServices): boolean {
  return services.online?.() ?? (typeof navigator === 'undefined' || navigator.onLine !== false);
}

function isNetworkError(error: ErrorLike | unknown): boolean {
  const message =
    error instanceof Error || (error && typeof error === 'object') ? String((error as ErrorLike).message) : '';
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed/i.test(message);
}

function userMessage(error: ErrorLike, fallback: string): string {
  if (isNetworkError(error)) return M.needsNetwork;
  // The server's refusals are French (validation of spec §5, plan limits, immutability).
  return /[a-zà-ÿ]/i.test(error.message) && !/^(TypeError|Error):/.test(error.message) ? error.message : fallback;
}

async function render(pending: Promise<RenderedDocument | null>, unavailable: string): Promise<PdfFile> {
  const rendered = await pending;
  if (!rendered) throw new DocumentError(unavailable);
  return { bytes: rendered.bytes, fileName: rendered.fileName };
}

export function quotePdf(services: DocumentServices, quote: Row): Promise<PdfFile> {
  return render(
    regenerateQuotePdf(rowToQuote(quote, 'stored'), { loadLogo: services.loadLogo }),
    M.quotePdfUnavailable,
  ).then((file) => ({ ...file, fileName: quoteFileName(quote) }));
}

function regenerateInvoice(services: DocumentServices, invoice: Row): Promise<PdfFile> {
  return render(
    regenerateInvoicePdf(rowToInvoice(invoice, { reading: 'stored' }), {
      loadLogo: services.loadLogo,
      quoteNumber: typeof invoice.quote_number === 'string' ? invoice.quote_number : undefined,
    }),
    M.invoicePdfUnavailable,
  ).then((file) => ({ ...file, fileName: invoiceFileName(invoice) }));
}

function regenerateCreditNote(services: DocumentServices, note: Row): Promise<PdfFile> {
  return render(
    regenerateCreditNotePdf(note as unknown as Parameters<typeof regenerateCreditNotePdf>[0], {
      loadLogo: services.loadLogo,
    }),
    M.creditNotePdfUnavailable,
  ).then((file) => ({ ...file, fileName: creditNoteFileName(note) }));
}

async function downloadArchived(services: DocumentServices, path: string): Promise<Uint8Array | null> {
  if (!online(services)) return null;
  try {
    const { data, error } = await services.supabase.storage.from('documents').download(path);
    if (error || !data) return null;
    return new Uint8Array(await data.arrayBuffer());
  } catch {
    return null;
  }
}

/**
 * Archives an issued document's PDF in the private bucket (`<user id>/<file name>`) and records its path.
 * Returns the refusal's French message (e.g. the plan's storage limit) or null when archived.
 */
function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

type FacturX = { path: string } | { unavailable: true };

/**
 * The Factur-X archive (issue 28): the `facturx` Edge Function builds the XML from the server's rows, embeds it in
 * the rendered PDF (PDF/A-3), archives it and records its path. When the function is not deployed or cannot make
 * it, the caller keeps today's archive of the visual PDF.
 */
async function archiveFacturX(
  services: DocumentServices,
  table: 'invoices' | 'credit_notes',
  row: Row,
  file: PdfFile,
): Promise<FacturX> {
  const functions = services.supabase.functions;
  if (!functions) return { unavailable: true };
  try {
    const { data, error } = await functions.invoke('facturx', {
      body: { documentId: row.id, table, pdf: base64(file.bytes) },
    });
    const path = (data as { path?: unknown } | null)?.path;
    if (!error && typeof path === 'string') return { path };
    // Already archived (a retry after a lost answer): the archived file is the one to give.
    const context = error?.context as { status?: number; json?: () => Promise<unknown> } | undefined;
    if (context?.status === 409 && context.json) {
      const body = (await context.json().catch(() => null)) as { path?: unknown } | null;
      if (typeof body?.path === 'string') return { path: body.path };
    }
  } catch {
    // Not deployed / not reachable: today's archive path below.
  }
  return { unavailable: true };
}

async function archive(
  services: DocumentServices,
  table: 'invoices' | 'credit_notes',
  row: Row,
  file: PdfFile,
): Promise<string | null> {
  const path = archivePath(services.userId, file.fileName);
  try {
    const blob = new Blob([file.bytes as BlobPart], { type: 'application/pdf' });
    const up = await services.supabase.storage.from('documents').upload(path, blob, { contentType: 'application/pdf' });
    // Already there (a retry after a lost answer): the archived file is never overwritten, only referenced.
    const duplicate = up.error && (String(up.error.statusCode) === '409' || /exist|duplicate/i.test(up.error.message));
    if (up.error && !duplicate) return userMessage(up.error, M.updateError);
    const set = await services.supabase.from(table).update({ pdf_path: path }).eq('id', row.id).select().single();
    if (set.error) return userMessage(set.error, M.updateError);
    return null;
  } catch (error) {
    return userMessage(error as ErrorLike, M.updateError);
  }
}

/** The invoice's PDF: the archived file when there is one, else regenerated from its snapshot (and archived). */
export async function invoicePdf(services: DocumentServices, invoice: Row): Promise<PdfFile> {
  if (typeof invoice.pdf_path === 'string') {
    const bytes = await downloadArchived(services, invoice.pdf_path);
    if (bytes) return { bytes, fileName: invoiceFileName(invoice) };
  }
  const file = await regenerateInvoice(services, invoice);
  if (invoice.status === 'issued' && !invoice.pdf_path && online(services)) {
    // Issued offline or archived before: its Factur-X now (the archived file is then the one given).
    const facturx = await archiveFacturX(services, 'invoices', invoice, file);
    if ('path' in facturx) {
      void services.engine.sync();
      const archived = await downloadArchived(services, facturx.path);
      return archived ? { ...file, bytes: archived } : file;
    }
    if (!(await archive(services, 'invoices', invoice, file))) void services.engine.sync();
  }
  return file;
}

/** The avoir's PDF, archived or regenerated (same rules). */
export async function creditNotePdf(services: DocumentServices, note: Row): Promise<PdfFile> {
  if (typeof note.pdf_path === 'string') {
    const bytes = await downloadArchived(services, note.pdf_path);
    if (bytes) return { bytes, fileName: creditNoteFileName(note) };
  }
  const file = await regenerateCreditNote(services, note);
  if (!note.pdf_path && online(services)) {
    if (!(await archive(services, 'credit_notes', note, file))) void services.engine.sync();
  }
  return file;
}

export interface Issued {
  row: Row;
  file: PdfFile;
  /** Set when the document is issued but its PDF could not be archived (e.g. storage limit). */
  warning: string | null;
}

/** Pushes a draft through the engine's outbox; throws needsNetwork when it could not reach the server. */
async function pushDraft(services: DocumentServices, id: string): Promise<void> {
  const { engine } = services;
  if (!online(services)) throw new DocumentError(M.needsNetwork);
  // A sync already running (e.g. pulling) when the draft was written may end without pushing it: run again.
  for (let attempt = 0; attempt < 3; attempt++) {
    await engine.sync();
    if (engine.status().pending === 0 || engine.status().error) break;
  }
  const status = engine.status();
  const refused = status.rejected.find((r) => r.entry.table === 'invoices' && r.entry.id === id);
  if (refused) throw new DocumentError(refused.message);
  if (status.pending > 0 && status.error) throw new DocumentError(M.needsNetwork);
}

/** Issues a draft invoice: FA… number from the server, its PDF rendered and archived, local copy refreshed. */
export async function issueDraft(services: DocumentServices, draftId: string): Promise<Issued> {
  await pushDraft(services, draftId);
  let issued: Row;
  try {
    const { data, error } = await services.supabase.rpc('issue_invoice', { p_id: draftId });
    if (error || !data) throw new DocumentError(userMessage(error ?? { message: '' }, M.invoiceGenerationError));
    issued = data as Row;
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError(isNetworkError(error) ? M.needsNetwork : M.invoiceGenerationError);
  }
  let file = await regenerateInvoice(services, issued);
  // Factur-X when the `facturx` function is there (the archived file is then the one the user gets), else the
  // visual PDF archived as before.
  const facturx = await archiveFacturX(services, 'invoices', issued, file);
  let refusal: string | null = null;
  if ('path' in facturx) {
    const archived = await downloadArchived(services, facturx.path);
    if (archived) file = { ...file, bytes: archived };
  } else {
    refusal = await archive(services, 'invoices', issued, file);
  }
  await services.engine.sync();
  const number = String(issued.number);
  return { row: issued, file, warning: refusal ? M.archiveFailed(number, refusal) : null };
}

/**
 * « Générer la facture » on a quote: a draft invoice copied from it (client, lines, VAT, totals, snapshot,
 * quote number, payment), written through the engine, then issued. Offline, the draft is kept and the
 * user is told the number needs the network.
 */
export async function generateInvoice(services: DocumentServices, quote: Row, payment: PaymentChoice): Promise<Issued> {
  const refused = invoiceFromQuoteError(quote, companyVatRegime(currentCompany(services)));
  if (refused) throw new DocumentError(refused);
  const id = services.newId?.() ?? crypto.randomUUID();
  const client = services.engine.row('clients', String(quote.client_id ?? '')) as Row | undefined;
  await services.engine.write(
    'invoices',
    withClientIdentifiers(draftInvoiceFromQuote(quote, id, payment), client) as SyncRow,
  );
  return issueDraft(services, id);
}

/**
 * « Facture d'acompte » / « Facture de situation » on a devis: the draft planned by the money model (refused
 * with its French message before anything is written), written through the engine, then issued like any draft.
 */
export async function generateFromQuote(
  services: DocumentServices,
  quote: Row,
  plan: (id: string, invoices: readonly Row[]) => Planned,
): Promise<Issued> {
  const refused = invoiceFromQuoteError(quote, companyVatRegime(currentCompany(services)));
  if (refused) throw new DocumentError(refused);
  const id = services.newId?.() ?? crypto.randomUUID();
  const planned = plan(id, services.engine.rows('invoices') as Row[]);
  if (!planned.ok) throw new DocumentError(planned.message);
  const client = services.engine.row('clients', String(quote.client_id ?? '')) as Row | undefined;
  await services.engine.write('invoices', withClientIdentifiers(planned.row, client) as SyncRow);
  return issueDraft(services, id);
}

/** Marks an invoice paid (with its date) or unpaid: only is_paid and payment_date change. */
export async function setPaid(
  services: DocumentServices,
  invoice: Row,
  isPaid: boolean,
  paymentDate: string | null,
): Promise<void> {
  const values = { is_paid: isPaid, payment_date: isPaid ? paymentDate : null };
  if (invoice.status !== 'issued') {
    const current = services.engine.row('invoices', invoice.id);
    if (!current) throw new DocumentError(M.invoiceNotFound);
    await services.engine.write('invoices', { ...current, ...values });
    void services.engine.sync();
    return;
  }
  if (!online(services)) throw new DocumentError(M.needsNetwork);
  try {
    const { error } = await services.supabase.from('invoices').update(values).eq('id', invoice.id).select().single();
    if (error) throw new DocumentError(userMessage(error, M.updateError));
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError(isNetworkError(error) ? M.needsNetwork : M.updateError);
  }
  await services.engine.sync();
}

export interface CreditNoteIssued extends Issued {
  /** « Corriger »: the new draft invoice pre-filled from the cancelled one. */
  draft: Row | null;
}

/** « Annuler » / « Corriger »: the avoir (AV…) of an issued invoice, its PDF archived; a new draft for Corriger. */
export async function issueCreditNote(
  services: DocumentServices,
  invoice: Row,
  reason: 'cancel' | 'correct',
): Promise<CreditNoteIssued> {
  if (!online(services)) throw new DocumentError(M.needsNetwork);
  let note: Row;
  try {
    const { data, error } = await services.supabase.rpc('issue_credit_note', {
      p_invoice_id: invoice.id,
      p_reason: reason,
    });
    if (error || !data) throw new DocumentError(userMessage(error ?? { message: '' }, M.updateError));
    note = data as Row;
  } catch (error) {
    if (error instanceof DocumentError) throw error;
    throw new DocumentError(isNetworkError(error) ? M.needsNetwork : M.updateError);
  }
  const file = await regenerateCreditNote(services, note);
  const refusal = note.pdf_path ? null : await archive(services, 'credit_notes', note, file);
  let draft: Row | null = null;
  if (reason === 'correct') {
    const id = services.newId?.() ?? crypto.randomUUID();
    draft = await services.engine.write('invoices', draftInvoiceFromInvoice(invoice, id) as SyncRow);
  }
  await services.engine.sync();
  const number = String(note.number);
  return { row: note, file, warning: refusal ? M.creditArchiveFailed(number, refusal) : null, draft };
}

/** Hands a PDF to the browser as a download. */
export function saveFile(file: PdfFile): void {
  saveDownload(file.fileName, new Blob([file.bytes as BlobPart], { type: 'application/pdf' }));
}
