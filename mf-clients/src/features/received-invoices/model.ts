// « Factures reçues »: reading a dropped file (the e-invoice reader and pdf-lib loaded only then), archiving it in
// the user's `documents/<user>/recues/…` folder (never upserted) and recording it in received_invoices
// (migration 0065). A refused file is never archived; a failed archive keeps the file in the page for a retry.
import type { ReceivedFile } from '@atelier/domain/src/einvoice';

import { RECEIVED_MESSAGES as M } from './messages';

export const RECEIVED_BUCKET = 'documents';

/** A row of public.received_invoices. */
export interface ReceivedRow {
  id: string;
  storage_path: string;
  format: 'pdf' | 'xml';
  syntax: 'CII' | 'UBL';
  file_size: number;
  type_code: string;
  is_credit_note: boolean;
  number: string;
  issue_date: string | null;
  due_date: string | null;
  currency: string;
  supplier_name: string;
  supplier_siren: string | null;
  supplier_vat_id: string | null;
  ht_cents: number;
  vat_cents: number;
  ttc_cents: number;
  due_cents: number;
  vat_breakdown: { code: string; rate: number; baseCents: number; vatCents: number }[];
  warnings: string[];
  received_at: string;
}

export type ReceivedInsert = Omit<ReceivedRow, 'id' | 'received_at'>;

/** The part of supabase-js this feature uses (injected, so tests run without a server). */
export interface ReceivedSupabase {
  storage: {
    from(bucket: string): {
      upload(
        path: string,
        body: Blob,
        options: { upsert: boolean; contentType: string },
      ): Promise<{ error: { message?: string; statusCode?: string; status?: number } | null }>;
      download(path: string): Promise<{ data: Blob | null; error: unknown }>;
    };
  };
  from(table: 'received_invoices'): {
    insert(row: ReceivedInsert): {
      select(): {
        single(): PromiseLike<{ data: ReceivedRow | null; error: { code?: string; message?: string } | null }>;
      };
    };
    select(columns: string): {
      eq(column: string, value: string): PromiseLike<{ data: { id: string }[] | null; error: unknown }>;
      order(
        column: string,
        options: { ascending: boolean },
      ): { limit(n: number): PromiseLike<{ data: ReceivedRow[] | null; error: unknown }> };
    };
  };
}

/** A refusal or failure shown to the user as it is (French). */
export class ReceivedError extends Error {
  constructor(
    message: string,
    /** The file may be archived by retrying (network, server hiccup); false when it never will be. */
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'ReceivedError';
  }
}

/** A dropped file read and validated, with where it is archived. */
export interface ReadFile {
  file: ReceivedFile;
  storagePath: string;
}

/**
 * Reads and validates a dropped file in the browser. The reader (fast-xml-parser, pdf-lib) is loaded only now,
 * in its own chunk; a refusal is the reader's French message.
 */
export async function readDroppedFile(userId: string, bytes: Uint8Array): Promise<ReadFile> {
  const [{ readReceivedFile }, { EInvoiceError, receivedInvoicePath }] = await Promise.all([
    import(/* webpackChunkName: "einvoice-reader" */ '@atelier/domain/src/einvoice/pdf'),
    import(/* webpackChunkName: "einvoice-reader" */ '@atelier/domain/src/einvoice'),
  ]);
  try {
    const file = await readReceivedFile(bytes);
    return { file, storagePath: receivedInvoicePath(userId, file) };
  } catch (error) {
    throw new ReceivedError(error instanceof EInvoiceError ? error.message : M.unreadable, false);
  }
}

/** What received_invoices records of a read file (the figures as the file states them). */
export function receivedInsert(storagePath: string, file: ReceivedFile, size: number): ReceivedInsert {
  const inv = file.invoice;
  return {
    storage_path: storagePath,
    format: file.format,
    syntax: inv.syntax,
    file_size: size,
    type_code: inv.typeCode,
    is_credit_note: inv.isCreditNote,
    number: inv.number,
    issue_date: inv.issueDate,
    due_date: inv.dueDate,
    currency: inv.currency,
    supplier_name: inv.supplier.name,
    supplier_siren: inv.supplier.siren,
    supplier_vat_id: inv.supplier.vatId,
    ht_cents: inv.totals.htCents,
    vat_cents: inv.totals.vatCents,
    ttc_cents: inv.totals.ttcCents,
    due_cents: inv.totals.dueCents,
    vat_breakdown: inv.vatBreakdown,
    warnings: inv.warnings,
  };
}

const isDuplicate = (error: { message?: string; statusCode?: string; status?: number }) =>
  error.status === 409 || error.statusCode === '409' || /already exists|duplicate/i.test(error.message ?? '');

/** The plan's storage limit (migration 0011's French message), shown as it is. */
const frenchRefusal = (message: string | undefined) =>
  message && /^Espace de stockage insuffisant/.test(message) ? message : null;

export interface ArchiveDeps {
  supabase: ReceivedSupabase;
  online?: () => boolean;
}

/**
 * Archives a read file: upload without upsert to its conventional path, then the row. A second upload of the same
 * invoice is refused by storage; when no row exists for it yet (an earlier attempt stopped between the two steps)
 * the row is recorded now, otherwise it is reported as a duplicate.
 */
export async function archiveReceived(
  deps: ArchiveDeps,
  bytes: Uint8Array,
  { file, storagePath }: ReadFile,
): Promise<ReceivedRow> {
  const online = deps.online ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  if (!online()) throw new ReceivedError(M.needsNetwork, true);
  const contentType = file.format === 'pdf' ? 'application/pdf' : 'application/xml';
  const table = () => deps.supabase.from('received_invoices');
  let upload: Awaited<ReturnType<ReturnType<ReceivedSupabase['storage']['from']>['upload']>>;
  try {
    upload = await deps.supabase.storage
      .from(RECEIVED_BUCKET)
      .upload(storagePath, new Blob([bytes as BlobPart], { type: contentType }), { upsert: false, contentType });
  } catch {
    throw new ReceivedError(online() ? M.archiveFailed : M.needsNetwork, true);
  }
  if (upload.error) {
    if (!isDuplicate(upload.error)) {
      const refusal = frenchRefusal(upload.error.message);
      throw new ReceivedError(refusal ?? (online() ? M.archiveFailed : M.needsNetwork), !refusal);
    }
    const existing = await table().select('id').eq('storage_path', storagePath);
    if (existing.error) throw new ReceivedError(M.archiveFailed, true);
    if (existing.data?.length) throw new ReceivedError(M.duplicate(file.invoice.number), false);
  }
  let inserted: { data: ReceivedRow | null; error: { code?: string; message?: string } | null };
  try {
    inserted = await table()
      .insert(receivedInsert(storagePath, file, bytes.length))
      .select()
      .single();
  } catch {
    throw new ReceivedError(online() ? M.archiveFailed : M.needsNetwork, true);
  }
  if (inserted.error || !inserted.data) {
    if (inserted.error?.code === '23505' || (upload.error && inserted.error?.code === '42501')) {
      // Same path already recorded, or the archived object is another file (different size): a duplicate.
      throw new ReceivedError(M.duplicate(file.invoice.number), false);
    }
    throw new ReceivedError(M.archiveFailed, true);
  }
  return inserted.data;
}

export async function listReceived(supabase: ReceivedSupabase): Promise<ReceivedRow[]> {
  const { data, error } = await supabase
    .from('received_invoices')
    .select('*')
    .order('received_at', { ascending: false })
    .limit(500);
  if (error || !data) throw error ?? new Error('no data');
  return data;
}

const cacheKey = (userId: string) => `atelier:received-invoices:${userId}`;

/** The last list read from the server, shown offline. */
export function cachedList(userId: string): ReceivedRow[] | null {
  try {
    const raw = localStorage.getItem(cacheKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? (parsed as ReceivedRow[]) : null;
  } catch {
    return null;
  }
}

export function cacheList(userId: string, rows: readonly ReceivedRow[]): void {
  try {
    localStorage.setItem(cacheKey(userId), JSON.stringify(rows));
  } catch {
    // Storage full or disabled: the list is read from the server next time.
  }
}

/** The archived file's name when downloaded again. */
export const downloadName = (row: Pick<ReceivedRow, 'storage_path'>) =>
  row.storage_path.slice(row.storage_path.lastIndexOf('/') + 1);
