// « Envoyer » (issue 26): the PDF the browser supplies (a devis, or an invoice whose Factur-X is not archived
// yet), the call to the send-document function, and the sending / signing history of the documents on screen,
// loaded in one batched query per table for every row shown. Plain functions over a structural supabase type.
import { regenerateCreditNotePdf, regenerateInvoicePdf, regenerateQuotePdf } from '@atelier/documents';
import { quoteSignStatus, type QuoteSignStatus } from '@atelier/domain';
import { rowToInvoice, rowToQuote, snapshotLogos } from '@atelier/storage';

import { SEND_MESSAGES as M } from './send-messages';
import type { Row } from './rows';

export type SendTable = 'quotes' | 'invoices' | 'credit_notes';

interface Answer<T> {
  data: T | null;
  error: { message: string; context?: unknown } | null;
}
export interface SendSupabase {
  functions: { invoke(name: string, options: { body: unknown }): PromiseLike<Answer<unknown>> };
  from(table: string): {
    select(columns: string): { in(column: string, values: string[]): PromiseLike<Answer<unknown[]>> };
  };
  rpc(fn: string, args: Record<string, unknown>): PromiseLike<Answer<unknown>>;
}

export interface SendRecord {
  document_id: string;
  to_email: string;
  kind: 'document' | 'reminder';
  reminder_step: number | null;
  status: 'pending' | 'sent' | 'failed';
  created_at: string;
}
export interface LinkRecord {
  document_id: string;
  viewed_at: string | null;
  revoked_at: string | null;
  expires_at: string;
}
export interface DecisionRecord {
  quote_id: string;
  decision: 'accepted' | 'refused';
  signer_name: string | null;
  decided_at: string;
  refusal_reason: string | null;
  signed_pdf_path: string | null;
}
export interface SendInfo {
  sends: SendRecord[];
  links: LinkRecord[];
  decision: DecisionRecord | null;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

const loadLogo = (id: string) => snapshotLogos.load(id);

/** The PDF the function needs from the browser, or null when the server has the archived one. */
export async function pdfForSend(table: SendTable, row: Row): Promise<string | null> {
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

function isNetworkError(message: string): boolean {
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed|FunctionsFetchError/i.test(
    message,
  );
}

/** Sends one document: 'sent', 'retry' (no network: queue it) or the server's French refusal. */
export async function sendDocument(
  supabase: SendSupabase,
  table: SendTable,
  row: Row,
  online: () => boolean = () => typeof navigator === 'undefined' || navigator.onLine !== false,
): Promise<'sent' | 'retry' | { error: string }> {
  if (!online()) return 'retry';
  let pdf: string | null;
  try {
    pdf = await pdfForSend(table, row);
  } catch (error) {
    return { error: error instanceof Error ? error.message : M.pdfUnavailable };
  }
  try {
    const { error } = await supabase.functions.invoke('send-document', {
      body: { table, id: row.id, ...(pdf ? { pdf } : {}) },
    });
    if (!error) return 'sent';
    const context = error.context as { json?: () => Promise<{ error?: string }>; status?: number } | undefined;
    if (!context?.json)
      return isNetworkError(`${error.message} ${String((error as { name?: string }).name)}`)
        ? 'retry'
        : { error: M.failedSend };
    const body = await context.json().catch(() => ({}) as { error?: string });
    if ((context.status ?? 0) >= 500 && context.status !== 502) return 'retry';
    return { error: body.error ?? M.failedSend };
  } catch (error) {
    return isNetworkError(String((error as Error)?.message)) ? 'retry' : { error: M.failedSend };
  }
}

/** History of many documents at once: one query per table for every id asked for in the same tick. */
export function createSendInfoLoader(supabase: () => SendSupabase) {
  let pending = new Map<string, Array<(info: SendInfo) => void>>();
  let scheduled = false;
  const run = async () => {
    const batch = pending;
    pending = new Map();
    scheduled = false;
    const ids = [...batch.keys()];
    const client = supabase();
    const [sends, links, decisions] = await Promise.all([
      client
        .from('document_sends')
        .select('document_id,to_email,kind,reminder_step,status,created_at')
        .in('document_id', ids),
      client.from('document_links').select('document_id,viewed_at,revoked_at,expires_at').in('document_id', ids),
      client
        .from('quote_acceptances')
        .select('quote_id,decision,signer_name,decided_at,refusal_reason,signed_pdf_path')
        .in('quote_id', ids),
    ]);
    for (const [id, callbacks] of batch) {
      const info: SendInfo = {
        sends: ((sends.data ?? []) as SendRecord[])
          .filter((s) => s.document_id === id)
          .sort((a, b) => b.created_at.localeCompare(a.created_at)),
        links: ((links.data ?? []) as LinkRecord[]).filter((l) => l.document_id === id),
        decision: ((decisions.data ?? []) as DecisionRecord[]).find((d) => d.quote_id === id) ?? null,
      };
      for (const callback of callbacks) callback(info);
    }
  };
  return (id: string): Promise<SendInfo> =>
    new Promise((resolve) => {
      pending.set(id, [...(pending.get(id) ?? []), resolve]);
      if (!scheduled) {
        scheduled = true;
        setTimeout(() => void run().catch(() => undefined), 0);
      }
    });
}

/** brouillon / envoyé / vu / accepté / refusé / expiré of a devis, from its history (@atelier/domain's rule). */
export function quoteStatusOf(row: Row, info: SendInfo, now = new Date()): QuoteSignStatus {
  const sent = info.sends.find((s) => s.kind === 'document' && s.status === 'sent');
  const viewed = info.links.map((l) => l.viewed_at).find(Boolean) ?? null;
  return quoteSignStatus(
    {
      quoteDate: String(row.date ?? row.created_at ?? now.toISOString()),
      sentAt: sent?.created_at ?? null,
      viewedAt: viewed,
      decision: info.decision?.decision ?? null,
    },
    now,
  );
}

/** A live link the artisan may still revoke. */
export function hasLiveLink(info: SendInfo, now = new Date()): boolean {
  return info.links.some((l) => !l.revoked_at && Date.parse(l.expires_at) > now.getTime());
}
