// Documents the user asked to send while offline (issue 26): kept per user in localStorage (`sendQueue.<user id>`)
// and sent once the network is back, exactly once each (an entry leaves the queue when the server answered, sent
// or refused for good). A refusal is kept on the entry so the page can tell the user.
export interface QueuedSend {
  table: 'quotes' | 'invoices' | 'credit_notes';
  id: string;
  queuedAt: string;
  /** Set when the server refused the send for good (French message). */
  error?: string;
}

type Listener = () => void;

export interface SendQueue {
  list(): QueuedSend[];
  add(entry: Pick<QueuedSend, 'table' | 'id'>): void;
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

function isEntry(value: unknown): value is QueuedSend {
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
      return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
    } catch {
      return [];
    }
  };
  const write = (entries: QueuedSend[]) => {
    memory = entries.slice(-MAX_ENTRIES);
    try {
      storage?.setItem(key, JSON.stringify(memory));
    } catch {
      // quota: the in-memory copy still holds the entries for this page
    }
    for (const listener of listeners) listener();
  };

  const queue: SendQueue = {
    list: read,
    add(entry) {
      const rest = read().filter((e) => e.id !== entry.id);
      write([...rest, { table: entry.table, id: entry.id, queuedAt: new Date().toISOString() }]);
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
        for (const entry of read()) {
          if (entry.error) continue;
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
