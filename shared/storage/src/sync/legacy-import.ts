// The spec's legacy localStorage client book (`clients`: clients with quotes[] and invoices[] and pdfData data
// URLs) imported into the signed-in account at activation, then moved aside (`clients.imported-<user id>`): once,
// without duplicates (rows ids derived from the user and the legacy ids, legacy_id unique on the server,
// public.import_legacy_data of migration 0015). The legacy PDFs are kept in this browser's document files under
// the document id and, when an uploader is given, archived on the server (pdf_path).
import type { Client } from '@atelier/domain';

import type { DocumentFiles } from '../document-files';
import { browserLocalStorage } from '../stored-value';
import { clientsStore, STORAGE_KEYS } from '../stores';
import { documentRowId, invoiceToRow, quoteToRow } from './document-rows';
import type { SyncEngine } from './sync-engine';

/** A row the server did not import (import_legacy_data's `errors`): its kind, legacy id and French reason. */
export interface LegacyImportRowError {
  kind: string;
  legacyId: string | null;
  message: string;
}

export interface LegacyImportCounts {
  clients: number;
  quotes: number;
  invoices: number;
  skipped: number;
  /** Rows refused one by one (e.g. a devis without a valid id); the rest was imported. */
  errors: LegacyImportRowError[];
  /** The account had already imported this browser's data (hint legacy_import_done): nothing done, no error. */
  alreadyImported?: boolean;
}

export interface LegacyImportDeps {
  /** supabase.rpc */
  rpc(
    fn: string,
    args: Record<string, unknown>,
  ): PromiseLike<{ data: unknown; error: { message: string; hint?: string | null; code?: string } | null }>;
  /** Where the legacy PDF bytes are kept in this browser (by document id). */
  documentFiles?: DocumentFiles;
  /** Archives a legacy PDF on the server; returns its storage path (null when refused, e.g. storage full). */
  uploadPdf?(rowId: string, fileName: string, bytes: Uint8Array): Promise<string | null>;
}

/** The bytes of a `data:application/pdf;base64,…` URL (null when it is not one). */
export function dataUrlBytes(dataUrl: string | undefined): Uint8Array | null {
  const match = /^data:[^;,]*(;[^,]*)?;base64,(.*)$/s.exec(dataUrl ?? '');
  if (!match) return null;
  try {
    const binary = atob(match[2]!.replace(/\s+/g, ''));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function moveAside(raw: string, userId: string): void {
  const storage = browserLocalStorage();
  if (!storage) return;
  let aside = `${STORAGE_KEYS.clients}.imported-${userId}`;
  if (storage.getItem(aside) !== null && storage.getItem(aside) !== raw) aside = `${aside}-${Date.now()}`;
  storage.setItem(aside, raw);
  storage.removeItem(STORAGE_KEYS.clients);
}

async function keepPdf(
  deps: LegacyImportDeps,
  docId: string,
  rowId: string,
  fileName: string,
  pdfData: string | undefined,
): Promise<string | null> {
  const bytes = dataUrlBytes(pdfData);
  if (!bytes) return null;
  try {
    await deps.documentFiles?.put(docId, bytes);
  } catch {
    /* the server copy below, or the snapshot, still gives the PDF */
  }
  try {
    return (await deps.uploadPdf?.(rowId, fileName, bytes)) ?? null;
  } catch {
    return null;
  }
}

/** The rows import_legacy_data() takes, PDFs kept on the way. */
export async function legacyPayload(userId: string, book: readonly Client[], deps: LegacyImportDeps) {
  const payload = [];
  for (const client of book) {
    const quoteNumbers = new Map(client.quotes.map((q) => [q.id, q.number ?? null]));
    const quotes = [];
    for (const quote of client.quotes) {
      const row = quoteToRow(quote, { userId, clientId: null });
      const pdfPath = await keepPdf(deps, quote.id, row.id, `devis-${quote.number ?? quote.id}.pdf`, quote.pdfData);
      quotes.push({ ...row, pdf_path: pdfPath });
    }
    const invoices = [];
    for (const invoice of client.invoices) {
      const known = quoteNumbers.has(invoice.quoteId);
      const row = invoiceToRow(invoice, {
        userId,
        clientId: null,
        quoteId: known ? documentRowId(userId, invoice.quoteId) : null,
        quoteNumber: quoteNumbers.get(invoice.quoteId) ?? null,
      });
      const pdfPath = await keepPdf(
        deps,
        invoice.id,
        row.id,
        `facture-${invoice.number ?? invoice.id}.pdf`,
        invoice.pdfData,
      );
      invoices.push({ ...row, pdf_path: pdfPath });
    }
    payload.push({
      name: client.name,
      email: client.email,
      phone: client.phone,
      address: client.address,
      quotes,
      invoices,
    });
  }
  return payload;
}

/**
 * Imports the legacy `clients` key into the account of `engine` and moves it aside; null when there is nothing to
 * import. Throws when the server could not be reached (the key stays for the next sign-in).
 */
export async function importLegacyClientBook(
  engine: SyncEngine,
  deps: LegacyImportDeps,
): Promise<LegacyImportCounts | null> {
  const storage = browserLocalStorage();
  const raw = storage?.getItem(STORAGE_KEYS.clients) ?? null;
  if (raw === null) return null;
  // Validated as the key always was: a corrupt value is set aside (and reported), never dropped.
  const book = clientsStore.get();
  if (!book.length) {
    if (storage?.getItem(STORAGE_KEYS.clients) !== null) moveAside(raw, engine.userId);
    return null;
  }
  const payload = await legacyPayload(engine.userId, book, deps);
  const total: LegacyImportCounts = { clients: 0, quotes: 0, invoices: 0, skipped: 0, errors: [] };
  const lots = importLots(payload);
  for (const [index, lot] of lots.entries()) {
    const { data, error } = await deps.rpc('import_legacy_data', {
      p_clients: lot,
      p_final: index === lots.length - 1,
    });
    if (error?.hint === 'legacy_import_done' && index === 0) {
      // Imported before (another browser, or an earlier sign-in whose answer was lost): the source is kept
      // aside as after any import, and nothing is reported as failed.
      moveAside(raw, engine.userId);
      return { ...total, alreadyImported: true };
    }
    if (error) throw new Error(error.message);
    const counts = (data ?? {}) as Partial<Omit<LegacyImportCounts, 'errors'>> & { errors?: unknown };
    total.clients += counts.clients ?? 0;
    total.quotes += counts.quotes ?? 0;
    total.invoices += counts.invoices ?? 0;
    total.skipped += counts.skipped ?? 0;
    total.errors.push(...rowErrors(counts.errors));
  }
  moveAside(raw, engine.userId);
  await engine.sync();
  return total;
}

/**
 * Clients and documents per call: half what import_legacy_data accepts (migration 0053), so that each lot holds
 * the database about a tenth of a second (PGlite cannot interrupt a running statement).
 */
export const LEGACY_LOT_CLIENTS = 25;
export const LEGACY_LOT_DOCUMENTS = 250;

/**
 * The payload cut in lots the server takes in a fraction of a second each (≤ 25 clients, ≤ 250 documents);
 * always at least one lot, the last one ending the import.
 */
export function importLots<T extends { quotes: unknown[]; invoices: unknown[] }>(payload: readonly T[]): T[][] {
  const lots: T[][] = [];
  let lot: T[] = [];
  let documents = 0;
  for (const client of payload) {
    const count = client.quotes.length + client.invoices.length;
    if (lot.length && (lot.length >= LEGACY_LOT_CLIENTS || documents + count > LEGACY_LOT_DOCUMENTS)) {
      lots.push(lot);
      lot = [];
      documents = 0;
    }
    lot.push(client);
    documents += count;
  }
  lots.push(lot);
  return lots;
}

/** The server's `errors` array, kept only in the shape the message needs (a hostile answer cannot inject more). */
function rowErrors(value: unknown): LegacyImportRowError[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    .map((e) => ({
      kind: typeof e.kind === 'string' ? e.kind : '',
      legacyId: typeof e.legacy_id === 'string' ? e.legacy_id.slice(0, 100) : null,
      message: typeof e.message === 'string' ? e.message.slice(0, 300) : '',
    }))
    .filter((e) => e.message !== '');
}
