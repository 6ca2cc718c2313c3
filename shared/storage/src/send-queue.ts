// Documents the user asked to send while offline (issue 26): kept per user in localStorage (`sendQueue.<user id>`)
// and sent once the network is back, exactly once each (an entry leaves the queue when the server answered, sent
// or refused for good). A refusal is kept on the entry so the page can tell the user.
export interface QueuedSend {
  table: 'quotes' | 'invoices' | 'credit_notes';
  id: string;
  queuedAt: string;
  /**
   * The send's idempotency key (a random UUID made when the send was asked for): every try of this entry, from any
   * tab or device, carries it, and send-document mails once per key.
   */
  key: string;
  /** Set when the server refused the send for good (French message). */
  error?: string;
}

type Listener = () => void;

export interface SendQueue {
  list(): QueuedSend[];
  /** Queues a send; `key`: the idempotency key of a try already made (else a new one). */
  add(entry: Pick<QueuedSend, 'table' | 'id'> & { key?: string }): void;
  remove(id: string): void;
  fail(id: string, error: string): void;
  subscribe(listener: Listener): () => void;
  /**
   * Sends every pending entry with `send` (one at a time; a second call while one runs waits for it). `send`
   * resolves 'sent', 'retry' (network again: kept) or a French refusal (kept with its error, not retried).
   */
  flush(send: (entry: QueuedSend) => Promise<'sent' | 'retry' | { error: string }>): Promise<void>;
}

const MAX_ENTRIES = 200;
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A random v4 UUID (crypto.randomUUID is missing outside secure contexts, e.g. a phone on the LAN over http). */
export function newSendKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function isEntry(value: unknown): value is Omit<QueuedSend, 'key'> & { key?: unknown } {
  const v = value as QueuedSend;
  return (
    !!v &&
    typeof v.id === 'string' &&
    ['quotes', 'invoices', 'credit_notes'].includes(v.table) &&
    typeof v.queuedAt === 'string'
  );
}

export function createSendQueue(userId: string, storage: Storage | null = globalThis.localStorage ?? null): SendQueue {
  const key = `sendQueue.${userId}`;
  const listeners = new Set<Listener>();
  let memory: QueuedSend[] = [];
  let running: Promise<void> | null = null;

  const read = (): QueuedSend[] => {
    if (!storage) return memory;
    try {
      const parsed = JSON.parse(storage.getItem(key) ?? '[]') as unknown;
      const entries = Array.isArray(parsed) ? parsed.filter(isEntry) : [];
      if (entries.every((e) => typeof e.key === 'string' && KEY.test(e.key))) return entries as QueuedSend[];
      // Queued by an older version (no key): the first tab to read gives each a key and keeps it.
      const keyed = entries.map((e) =>
        typeof e.key === 'string' && KEY.test(e.key) ? e : { ...e, key: newSendKey() },
      );
      persist(keyed as QueuedSend[]);
      return keyed as QueuedSend[];
    } catch {
      return [];
    }
  };
  const persist = (entries: QueuedSend[]) => {
    memory = entries.slice(-MAX_ENTRIES);
    try {
      storage?.setItem(key, JSON.stringify(memory));
    } catch {
      // quota: the in-memory copy still holds the entries for this page
    }
  };
  const write = (entries: QueuedSend[]) => {
    persist(entries);
    for (const listener of listeners) listener();
  };

  const queue: SendQueue = {
    list: read,
    add(entry) {
      const rest = read().filter((e) => e.id !== entry.id);
      const sendKey = entry.key && KEY.test(entry.key) ? entry.key : newSendKey();
      write([...rest, { table: entry.table, id: entry.id, queuedAt: new Date().toISOString(), key: sendKey }]);
    },
    remove(id) {
      write(read().filter((e) => e.id !== id));
    },
    fail(id, error) {
      write(read().map((e) => (e.id === id ? { ...e, error } : e)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush(send) {
      // Set before the run can end (a run over an empty queue finishes at once): `finally` runs asynchronously.
      running ??= (async () => {
        for (const listed of read()) {
          // Read again: another tab may have sent (removed) or refused this entry meanwhile.
          const entry = read().find((e) => e.id === listed.id && e.key === listed.key);
          if (!entry || entry.error) continue;
          const result = await send(entry);
          if (result === 'retry') break;
          if (result === 'sent') queue.remove(entry.id);
          else queue.fail(entry.id, result.error);
        }
      })().finally(() => {
        running = null;
      });
      return running;
    },
  };
  return queue;
}

const queues = new Map<string, SendQueue>();

/** The one queue of a user on this page. */
export function sendQueueFor(userId: string): SendQueue {
  let queue = queues.get(userId);
  if (!queue) {
    queue = createSendQueue(userId);
    queues.set(userId, queue);
  }
  return queue;
}
