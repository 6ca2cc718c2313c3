// « Envoyer » (issue 26): the sending / signing history of the documents on screen, loaded in one batched query
// per table for every row shown. The send itself is @atelier/documents' sendDocument (shared with the home page).
// Plain functions over a structural supabase type.
import type { SendTable } from '@atelier/documents';
import { quoteSignStatus, type QuoteSignStatus } from '@atelier/domain';

import type { Row } from './rows';

export type { SendTable };

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
  /** The options the client accepted with the devis (migration 0093): [{ index, name }]. */
  accepted_options?: { index: number; name: string }[] | null;
}
export interface SendInfo {
  sends: SendRecord[];
  links: LinkRecord[];
  decision: DecisionRecord | null;
}

export interface SendInfoLoaderOptions {
  /** How long the loader gathers ids before it asks (ms): cards mounted by a keystroke are asked after its frame. */
  delayMs?: number;
  /** How long an answer is kept for a document shown again (ms); `fresh` asks the server anyway. */
  keepMs?: number;
  now?: () => number;
}

/**
 * History of many documents at once: one query per table for every id asked for within `delayMs`. An answer is
 * kept `keepMs` for a document shown again (a search typed in /clients unmounts and mounts the same cards).
 */
export function createSendInfoLoader(
  supabase: () => SendSupabase,
  { delayMs = 0, keepMs = 0, now = Date.now }: SendInfoLoaderOptions = {},
) {
  let pending = new Map<string, Array<(info: SendInfo) => void>>();
  let scheduled = false;
  const kept = new Map<string, { at: number; info: SendInfo }>();
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
        .select('quote_id,decision,signer_name,decided_at,refusal_reason,signed_pdf_path,accepted_options')
        .in('quote_id', ids),
    ]);
    const answered = !sends.error && !links.error && !decisions.error;
    for (const [id, callbacks] of batch) {
      const info: SendInfo = {
        sends: ((sends.data ?? []) as SendRecord[])
          .filter((s) => s.document_id === id)
          .sort((a, b) => b.created_at.localeCompare(a.created_at)),
        links: ((links.data ?? []) as LinkRecord[]).filter((l) => l.document_id === id),
        decision: ((decisions.data ?? []) as DecisionRecord[]).find((d) => d.quote_id === id) ?? null,
      };
      if (answered && keepMs > 0) kept.set(id, { at: now(), info });
      for (const callback of callbacks) callback(info);
    }
  };
  return (id: string, fresh = false): Promise<SendInfo> => {
    const hit = fresh ? undefined : kept.get(id);
    if (hit && now() - hit.at < keepMs) return Promise.resolve(hit.info);
    return new Promise((resolve) => {
      pending.set(id, [...(pending.get(id) ?? []), resolve]);
      if (!scheduled) {
        scheduled = true;
        setTimeout(() => void run().catch(() => undefined), delayMs);
      }
    });
  };
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
