// « Envoyer » (issue 26): one call to the send-document Edge Function for a devis, invoice or avoir, with the PDF
// the browser supplies (a devis, or an invoice whose Factur-X is not archived yet). Shared by /clients and the home
// page so both send the same way; the answer says 'sent', 'retry' (no network: queue it) or the server's French
// refusal. Plain functions over a structural supabase type.
import { rowToInvoice, rowToQuote, snapshotLogos } from '@atelier/storage';

import { regenerateCreditNotePdf, regenerateInvoicePdf, regenerateQuotePdf } from '../snapshot';

import { SEND_TEXTS as M } from './messages';

export type SendTable = 'quotes' | 'invoices' | 'credit_notes';
export type SendRow = Record<string, unknown> & { id: string };
export type SendResult = 'sent' | 'retry' | { error: string; status?: number };

interface Answer<T> {
  data: T | null;
  error: { message: string; context?: unknown } | null;
}
/** The part of the supabase client a send needs. */
export interface SendFunctions {
  functions: { invoke(name: string, options: { body: unknown }): PromiseLike<Answer<unknown>> };
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const loadLogo = (id: string) => snapshotLogos.load(id);

/** The PDF the function needs from the browser (base64), or null when the server has the archived one. */
export async function pdfForSend(table: SendTable, row: SendRow): Promise<string | null> {
  if (table !== 'quotes' && typeof row.pdf_path === 'string') return null;
  const rendered =
    table === 'quotes'
      ? await regenerateQuotePdf(rowToQuote(row, 'stored'), { loadLogo })
      : table === 'invoices'
        ? await regenerateInvoicePdf(rowToInvoice(row, { reading: 'stored' }), {
            loadLogo,
            quoteNumber: typeof row.quote_number === 'string' ? row.quote_number : undefined,
          })
        : await regenerateCreditNotePdf(row as unknown as Parameters<typeof regenerateCreditNotePdf>[0], { loadLogo });
  if (!rendered) throw new Error(M.pdfUnavailable);
  return base64(rendered.bytes);
}

export function isNetworkError(message: string): boolean {
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed|FunctionsFetchError/i.test(
    message,
  );
}

export const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * Sends one document: 'sent', 'retry' (no network, or the server did not answer: queue it) or the server's French
 * refusal with its HTTP status. `pdf`: the exact bytes already on screen (the home page's fresh devis), else the
 * PDF is produced again from the row. `idempotencyKey`: the send's key (queued sends keep theirs across tries and
 * tabs): the server mails once per key.
 */
export async function sendDocument(
  supabase: SendFunctions,
  table: SendTable,
  row: SendRow,
  online: () => boolean = browserOnline,
  pdf?: Uint8Array,
  idempotencyKey?: string,
): Promise<SendResult> {
  if (!online()) return 'retry';
  let attachment: string | null;
  try {
    attachment = pdf ? base64(pdf) : await pdfForSend(table, row);
  } catch (error) {
    return { error: error instanceof Error ? error.message : M.pdfUnavailable };
  }
  try {
    const { error } = await supabase.functions.invoke('send-document', {
      body: {
        table,
        id: row.id,
        ...(attachment ? { pdf: attachment } : {}),
        ...(idempotencyKey ? { idempotencyKey } : {}),
      },
    });
    if (!error) return 'sent';
    const context = error.context as { json?: () => Promise<{ error?: string }>; status?: number } | undefined;
    if (!context?.json)
      return isNetworkError(`${error.message} ${String((error as { name?: string }).name)}`)
        ? 'retry'
        : { error: M.failedSend };
    const body = await context.json().catch(() => ({}) as { error?: string });
    if ((context.status ?? 0) >= 500 && context.status !== 502) return 'retry';
    return { error: body.error ?? M.failedSend, status: context.status };
  } catch (error) {
    return isNetworkError(String((error as Error)?.message)) ? 'retry' : { error: M.failedSend };
  }
}
