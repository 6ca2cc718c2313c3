// The user's offline send queue (@atelier/storage sendQueueFor) flushed once per page, whichever page queued the
// send (/clients or the home page): now, whenever the network comes back, and every 10 s while something is
// pending (a phone may never fire 'online'). The queue runs one flush at a time and drops an entry once the
// server answered. Across tabs of one browser, a Web Lock (`atelier-send-queue:<user>`) lets one tab flush at a
// time; across devices (and where Web Locks are missing), each try carries the entry's idempotency key and
// send-document mails once per key (decision 0130).
import { sendQueueFor, type QueuedSend, type SendQueue } from '@atelier/storage';

import { SEND_TEXTS as M } from './messages';
import { browserOnline, sendDocument, type SendFunctions, type SendRow } from './send-document';

interface MaybeOne {
  data: unknown;
  error: unknown;
}
/** The part of the supabase client the flush needs: the document row as the server has it, and the function. */
export interface FlushSupabase extends SendFunctions {
  from(table: string): {
    select(columns: string): { eq(column: string, value: string): { maybeSingle(): PromiseLike<MaybeOne> } };
  };
}

export const SEND_RETRY_MS = 10_000;
/**
 * A document queued offline may not be on the server yet (a devis generated on the phone waits in the sync
 * outbox): its send waits for it this long before being refused.
 */
export const MISSING_ROW_PATIENCE_MS = 24 * 60 * 60 * 1000;

const flushers = new Map<string, () => void>();
const sentListeners = new Set<(entry: QueuedSend) => void>();

/** Told of each queued document that left (the page refreshes its history). */
export function onQueuedSendSent(listener: (entry: QueuedSend) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** One queued entry: the server's row, then the send (its PDF produced from the row). */
export async function sendQueued(
  supabase: FlushSupabase,
  entry: QueuedSend,
  online: () => boolean = browserOnline,
  now: () => number = Date.now,
): ReturnType<typeof sendDocument> {
  if (!online()) return 'retry';
  const { data, error } = await supabase.from(entry.table).select('*').eq('id', entry.id).maybeSingle();
  if (error) return 'retry';
  if (!data) return now() - Date.parse(entry.queuedAt) < MISSING_ROW_PATIENCE_MS ? 'retry' : { error: M.failedSend };
  return sendDocument(supabase, entry.table, data as SendRow, online, undefined, entry.key);
}

interface LockManagerLike {
  request(name: string, options: { ifAvailable: true }, run: (lock: unknown) => Promise<void>): Promise<unknown>;
}

/**
 * Flushes `queue` unless another tab of this browser is flushing this user's queue (then this tab's next timer or
 * 'online' event tries again). Without Web Locks it just flushes (the server's keys still prevent a second mail).
 */
export async function flushAcrossTabs(
  userId: string,
  queue: SendQueue,
  send: Parameters<SendQueue['flush']>[0],
  locks: LockManagerLike | undefined = typeof navigator === 'undefined'
    ? undefined
    : (navigator as { locks?: LockManagerLike }).locks,
): Promise<void> {
  if (!locks?.request) return queue.flush(send);
  await locks.request(`atelier-send-queue:${userId}`, { ifAvailable: true }, async (lock) => {
    if (lock) await queue.flush(send);
  });
}

/** Starts (once per page and user) flushing the queue; returns the function that flushes it now. */
export function startSendQueueFlushing(userId: string, supabase: () => FlushSupabase): () => void {
  const existing = flushers.get(userId);
  if (existing || typeof window === 'undefined') return existing ?? (() => undefined);
  const queue = sendQueueFor(userId);
  let retry: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(retry);
    void flushAcrossTabs(userId, queue, async (entry) => {
      const result = await sendQueued(supabase(), entry);
      if (result === 'sent') for (const listener of sentListeners) listener(entry);
      return result;
    })
      .catch(() => undefined)
      .then(() => {
        if (queue.list().some((e) => !e.error)) retry = setTimeout(flush, SEND_RETRY_MS);
      });
  };
  window.addEventListener('online', flush);
  flushers.set(userId, flush);
  flush();
  return flush;
}
