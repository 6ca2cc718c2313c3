// Offline-first copy of what the artisan owns on the server (client book, quotes, invoices, avoirs, settings):
// rows are read from a local key-value store at once (IndexedDB, one database per user id), every local change
// is recorded in an outbox persisted before the write returns, and sync() pushes the outbox then pulls the rows
// changed since the last sync (public.sync_changes, migration 0010).
//
// Exactly once: each outbox entry is an idempotent upsert by primary key (or a delete by id), removed from the
// outbox only after the server answered; a retry after a lost answer rewrites the same row, never a second one.
// Conflicts: last write wins by updated_at for clients, quotes, draft invoices and settings; the server always
// wins for issued invoices and credit notes (numbers, totals and dates are the server's).
import { BehaviorSubject, type Observable } from 'rxjs';

export type SyncTable = 'clients' | 'quotes' | 'invoices' | 'credit_notes' | 'user_settings';
export const SYNC_TABLES: readonly SyncTable[] = ['clients', 'quotes', 'invoices', 'credit_notes', 'user_settings'];

export interface SyncRow {
  /** Primary key; for user_settings, the setting key. */
  id: string;
  updated_at: string;
  [column: string]: unknown;
}

export interface OutboxEntry {
  opId: string;
  table: SyncTable;
  kind: 'upsert' | 'delete';
  id: string;
  row?: SyncRow;
}

export interface PullResult {
  now: string;
  rows: Partial<Record<SyncTable, SyncRow[]>>;
  deleted: Array<{ table: SyncTable; id: string }>;
}

/** The server side, e.g. supabaseRemote(client). Errors with `permanent: true` are dropped, others retried. */
export interface SyncRemote {
  pull(since: string | null): Promise<PullResult>;
  /** Returns the row as the server keeps it (its id may differ: clients merge by email). */
  upsert(table: SyncTable, row: SyncRow): Promise<SyncRow | null>;
  remove(table: SyncTable, id: string): Promise<void>;
}

/** A small async key-value store: IndexedDB in the browser (idbKeyValue), a Map in tests. */
export interface KeyValue {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  /** Several writes in one transaction (a first sync brings thousands of rows); optional. */
  setMany?(entries: Array<[string, unknown]>): Promise<void>;
  /** Every [key, value] whose key starts with prefix. */
  entries<T>(prefix: string): Promise<Array<[string, T]>>;
  clear(): Promise<void>;
}

export class PermanentSyncError extends Error {
  readonly permanent = true;
}

export interface SyncStatus {
  pending: number;
  lastSync: string | null;
  syncing: boolean;
  /** Last error message (French when from the server), null after a clean sync. */
  error: string | null;
  /** Entries the server refused for good (e.g. the free plan's client limit), with its message. */
  rejected: Array<{ entry: OutboxEntry; message: string }>;
}

export interface SyncEngineOptions {
  userId: string;
  kv: KeyValue;
  remote: SyncRemote;
  now?: () => Date;
  newId?: () => string;
  /** Overlap of pulls (ms) so that a transaction that committed late is not missed; merges are idempotent. */
  pullOverlapMs?: number;
}

const OUTBOX_KEY = 'meta:outbox';
const LAST_SYNC_KEY = 'meta:lastSync';

/** Issued documents: the server always wins. */
function serverOwned(table: SyncTable, row: SyncRow | undefined): boolean {
  if (!row) return false;
  return table === 'credit_notes' || (table === 'invoices' && row.status === 'issued');
}

function rowKey(table: SyncTable, id: string): string {
  return `row:${table}:${id}`;
}

export class SyncEngine {
  private readonly tables = new Map<SyncTable, Map<string, SyncRow>>(SYNC_TABLES.map((t) => [t, new Map()]));
  private outbox: OutboxEntry[] = [];
  private lastSync: string | null = null;
  private running: Promise<void> | null = null;
  private following: Promise<void> | null = null;
  private loaded: Promise<void> | null = null;
  private readonly changes = new BehaviorSubject<number>(0);
  private readonly statusSubject = new BehaviorSubject<SyncStatus>({
    pending: 0,
    lastSync: null,
    syncing: false,
    error: null,
    rejected: [],
  });

  constructor(private readonly options: SyncEngineOptions) {}

  get userId(): string {
    return this.options.userId;
  }

  /** Reads the local copy (once). */
  load(): Promise<void> {
    this.loaded ??= (async () => {
      for (const [key, row] of await this.options.kv.entries<SyncRow>('row:')) {
        const [, table, ...id] = key.split(':');
        this.tables.get(table as SyncTable)?.set(id.join(':'), row);
      }
      this.outbox = (await this.options.kv.get<OutboxEntry[]>(OUTBOX_KEY)) ?? [];
      this.lastSync = (await this.options.kv.get<string>(LAST_SYNC_KEY)) ?? null;
      this.emit({});
    })();
    return this.loaded;
  }

  rows(table: SyncTable): SyncRow[] {
    return [...this.tables.get(table)!.values()];
  }

  row(table: SyncTable, id: string): SyncRow | undefined {
    return this.tables.get(table)!.get(id);
  }

  /** A counter bumped on every local or pulled change. */
  changes$(): Observable<number> {
    return this.changes.asObservable();
  }

  status$(): Observable<SyncStatus> {
    return this.statusSubject.asObservable();
  }

  status(): SyncStatus {
    return this.statusSubject.value;
  }

  /** Writes a row locally (updated_at = now) and queues it for the server. */
  async write(table: SyncTable, row: { id: string; updated_at?: string; [column: string]: unknown }): Promise<SyncRow> {
    await this.load();
    if (serverOwned(table, this.row(table, row.id))) {
      throw new PermanentSyncError('Un document émis ne peut pas être modifié.');
    }
    const stamped: SyncRow = { ...row, updated_at: this.now().toISOString() } as SyncRow;
    this.tables.get(table)!.set(stamped.id, stamped);
    // One pending upsert per row: the newest replaces an older one still waiting.
    this.outbox = this.outbox.filter((e) => !(e.table === table && e.id === stamped.id && e.kind === 'upsert'));
    this.outbox.push({ opId: this.newId(), table, kind: 'upsert', id: stamped.id, row: stamped });
    // The row and its outbox entry reach storage together: a page closed between two separate writes left a local
    // row newer than the server's with nothing queued, and the next pull put the server's older row back.
    await this.setAll([
      [rowKey(table, stamped.id), stamped],
      [OUTBOX_KEY, this.outbox],
    ]);
    this.emit({});
    return stamped;
  }

  async remove(table: SyncTable, id: string): Promise<void> {
    await this.load();
    const existing = this.row(table, id);
    this.tables.get(table)!.delete(id);
    this.outbox = this.outbox.filter((e) => !(e.table === table && e.id === id));
    if (existing) this.outbox.push({ opId: this.newId(), table, kind: 'delete', id });
    await this.options.kv.del(rowKey(table, id));
    await this.persistOutbox();
    this.emit({});
  }

  /**
   * Forgets a row locally without telling the server (a row the server refused for good, e.g. the free plan's
   * 11th client): nothing is queued, a pending write of it is dropped.
   */
  async discard(table: SyncTable, id: string): Promise<void> {
    await this.load();
    this.tables.get(table)!.delete(id);
    this.outbox = this.outbox.filter((e) => !(e.table === table && e.id === id));
    await this.options.kv.del(rowKey(table, id));
    await this.persistOutbox();
    this.emit({});
  }

  /**
   * Push then pull. A call while a run is under way gets one more run after it, shared by every call made meanwhile:
   * the run under way may have pulled before the caller's own change reached the server (an invoice marked paid
   * through an RPC), and `await sync()` must then show it.
   */
  sync(): Promise<void> {
    if (this.running) {
      this.following ??= this.running.then(() => {
        this.following = null;
        return this.sync();
      });
      return this.following;
    }
    this.running = (async () => {
      this.emit({ syncing: true });
      try {
        await this.load();
        await this.push();
        await this.pull();
        this.emit({ syncing: false, error: null });
      } catch (error) {
        this.emit({ syncing: false, error: error instanceof Error ? error.message : String(error) });
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /**
   * Syncs on start, on `online`, on window focus and every intervalMs (30 s). Returns the stop function.
   */
  start(intervalMs = 30_000): () => void {
    const run = () => void this.sync();
    run();
    const timer = setInterval(run, intervalMs);
    if (typeof window !== 'undefined') {
      window.addEventListener('online', run);
      window.addEventListener('focus', run);
    }
    return () => {
      clearInterval(timer);
      if (typeof window !== 'undefined') {
        window.removeEventListener('online', run);
        window.removeEventListener('focus', run);
      }
    };
  }

  /** Forgets the local copy of this user (sign-out on a shared device). */
  async clear(): Promise<void> {
    await this.options.kv.clear();
    for (const rows of this.tables.values()) rows.clear();
    this.outbox = [];
    this.lastSync = null;
    this.emit({});
  }

  private async push(): Promise<void> {
    while (this.outbox.length) {
      const entry = this.outbox[0]!;
      try {
        if (entry.kind === 'delete') {
          await this.options.remote.remove(entry.table, entry.id);
        } else {
          const saved = await this.options.remote.upsert(entry.table, entry.row!);
          if (saved) await this.acceptPushed(entry, saved);
        }
      } catch (error) {
        if (!(error as { permanent?: boolean })?.permanent) throw error;
        const rejected = [
          ...this.statusSubject.value.rejected,
          { entry, message: error instanceof Error ? error.message : String(error) },
        ];
        this.emit({ rejected });
      }
      // Only the entry just sent is removed: a write made meanwhile stays queued behind it.
      this.outbox = this.outbox.filter((e) => e.opId !== entry.opId);
      await this.persistOutbox();
    }
  }

  /** The server's answer to a push: same row, or a merged one (a client already kept under the same email). */
  private async acceptPushed(entry: OutboxEntry, saved: SyncRow): Promise<void> {
    const local = this.row(entry.table, entry.id);
    if (saved.id !== entry.id) {
      this.tables.get(entry.table)!.delete(entry.id);
      await this.options.kv.del(rowKey(entry.table, entry.id));
      if (entry.table === 'clients') await this.remapClient(entry.id, saved.id);
    }
    // A newer local write (queued meanwhile) keeps the local row.
    if (local && local !== entry.row && saved.id === entry.id) return;
    this.tables.get(entry.table)!.set(saved.id, saved);
    await this.options.kv.set(rowKey(entry.table, saved.id), saved);
    this.emit({});
  }

  private async remapClient(from: string, to: string): Promise<void> {
    for (const table of ['quotes', 'invoices'] as const) {
      for (const row of this.rows(table)) {
        if (row.client_id !== from) continue;
        const moved = { ...row, client_id: to };
        this.tables.get(table)!.set(row.id, moved);
        await this.options.kv.set(rowKey(table, row.id), moved);
      }
    }
    this.outbox = this.outbox.map((e) =>
      e.row && e.row.client_id === from ? { ...e, row: { ...e.row, client_id: to } } : e,
    );
  }

  private async pull(): Promise<void> {
    const overlap = this.options.pullOverlapMs ?? 5_000;
    const since = this.lastSync ? new Date(Date.parse(this.lastSync) - overlap).toISOString() : null;
    const result = await this.options.remote.pull(since);
    const pendingIds = new Set(this.outbox.map((e) => `${e.table}:${e.id}`));
    // Written to the local store in one batch: a first sync brings thousands of rows.
    const writes: Array<[string, SyncRow]> = [];
    for (const table of SYNC_TABLES) {
      for (const server of result.rows[table] ?? []) {
        const local = this.row(table, server.id);
        const pending = pendingIds.has(`${table}:${server.id}`);
        const keepLocal =
          pending &&
          local &&
          !serverOwned(table, server) &&
          Date.parse(local.updated_at) > Date.parse(server.updated_at);
        if (keepLocal) continue;
        if (local && local.updated_at === server.updated_at && !pending) continue;
        this.tables.get(table)!.set(server.id, server);
        writes.push([rowKey(table, server.id), server]);
        if (pending && !keepLocal) {
          this.outbox = this.outbox.filter((e) => !(e.table === table && e.id === server.id && e.kind === 'upsert'));
        }
      }
    }
    await this.setAll(writes);
    for (const { table, id } of result.deleted) {
      if (pendingIds.has(`${table}:${id}`)) continue;
      this.tables.get(table)?.delete(id);
      await this.options.kv.del(rowKey(table, id));
    }
    this.lastSync = result.now;
    await this.options.kv.set(LAST_SYNC_KEY, result.now);
    await this.persistOutbox();
    this.emit({});
  }

  /** Several writes in one transaction where the store has one (setMany), else one after the other. */
  private async setAll(entries: Array<[string, unknown]>): Promise<void> {
    if (this.options.kv.setMany) await this.options.kv.setMany(entries);
    else for (const [key, value] of entries) await this.options.kv.set(key, value);
  }

  private async persistOutbox(): Promise<void> {
    await this.options.kv.set(OUTBOX_KEY, this.outbox);
  }

  private emit(patch: Partial<SyncStatus>): void {
    this.statusSubject.next({
      ...this.statusSubject.value,
      ...patch,
      pending: this.outbox.length,
      lastSync: this.lastSync,
    });
    this.changes.next(this.changes.value + 1);
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private newId(): string {
    return this.options.newId?.() ?? globalThis.crypto.randomUUID();
  }
}

/** A KeyValue over a Map (tests, a page without IndexedDB). */
export function memoryKeyValue(data = new Map<string, unknown>()): KeyValue {
  const clone = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));
  return {
    get: async <T>(key: string) => clone(data.get(key) as T | undefined),
    set: async (key, value) => void data.set(key, clone(value)),
    del: async (key) => void data.delete(key),
    entries: async <T>(prefix: string) =>
      [...data.entries()].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k, clone(v) as T] as [string, T]),
    clear: async () => data.clear(),
  };
}
