// Offline-first copy of what the artisan owns on the server (client book, quotes, invoices, avoirs, settings):
// rows are read from a local key-value store at once (IndexedDB, one database per user id), every local change
// is recorded in an outbox persisted before the write returns, and sync() pushes the outbox then pulls the rows
// changed since the last sync (public.sync_changes, migration 0010).
//
// Exactly once: each outbox entry is an idempotent change of one row by primary key (or a delete by id), removed
// from the outbox only after the server answered; a retry after a lost answer sends the same change again, which the
// server recognises by its clocks.
// Field by field (migration 0070, decision record 0040): a write records which fields it changed, each stamped with
// the device's hybrid logical clock and the clock it was based on; the server keeps, per field, the change the user
// made last and keeps a concurrent loser as a conflict (conflicts()). The server always wins for issued invoices
// and credit notes (numbers, totals and dates are the server's).
// A change the server refuses for good is taken back out of the local copy (a new row disappears, changed fields
// get their previous values) and reported in status().rejected: nothing refused ever looks saved.
import { BehaviorSubject, type Observable } from 'rxjs';

import { changedFields, fieldClocks, overlay } from './field-changes';
import { HybridLogicalClock, type HlcState } from './hlc';

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
  /** The whole row after the write (for a remote without merge()). */
  row?: SyncRow;
  /** The fields this change sets, their clocks and the clocks they were based on. */
  fields?: Record<string, unknown>;
  clocks?: Record<string, string>;
  bases?: Record<string, string | null>;
  /** The values the fields had before (put back if the server refuses the change). */
  previous?: Record<string, unknown>;
  /** The row did not exist on this device before: a refusal removes it. */
  created?: boolean;
}

/** A field changed on two devices since their common version: the value that lost, until the user chooses. */
export interface SyncConflict {
  id: string;
  table: SyncTable;
  row_id: string;
  field: string;
  value: unknown;
  clock: string;
}

export interface PullResult {
  now: string;
  rows: Partial<Record<SyncTable, SyncRow[]>>;
  deleted: Array<{ table: SyncTable; id: string }>;
  /** Every open conflict (absent: the remote does not keep any). */
  conflicts?: SyncConflict[];
}

export interface FieldChange {
  fields: Record<string, unknown>;
  clocks: Record<string, string>;
  bases: Record<string, string | null>;
}

/** The server side, e.g. supabaseRemote(client). Errors with `permanent: true` are dropped, others retried. */
export interface SyncRemote {
  pull(since: string | null): Promise<PullResult>;
  /** Whole-row write, for a remote without merge(). Returns the row as the server keeps it. */
  upsert(table: SyncTable, row: SyncRow): Promise<SyncRow | null>;
  /** Field-level merge (public.sync_merge). Returns the row as the server keeps it, null when nothing was sent. */
  merge?(table: SyncTable, id: string, change: FieldChange): Promise<SyncRow | null>;
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
  constructor(
    message: string,
    readonly hint?: string,
  ) {
    super(message);
  }
}

export interface SyncStatus {
  pending: number;
  lastSync: string | null;
  syncing: boolean;
  /** Last error message (French when from the server), null after a clean sync. */
  error: string | null;
  /** Entries the server refused for good (e.g. the free plan's client limit), with its message and hint. */
  rejected: SyncRejection[];
}

export interface SyncRejection {
  entry: OutboxEntry;
  message: string;
  /** The server's hint (e.g. client_limit, client_email_taken), when it gave one. */
  hint?: string;
  /** The row as it was on this device when refused (to name it to the user). */
  row?: SyncRow;
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
const CLOCK_KEY = 'meta:clock';
const CONFLICTS_KEY = 'meta:conflicts';

interface ClockMeta {
  node: string;
  state: HlcState;
  /** Server time minus device time (ms), measured at the last pull. */
  offsetMs: number;
}

function newNode(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

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
  private clock = new HybridLogicalClock(newNode());
  private offsetMs = 0;
  private openConflicts: SyncConflict[] = [];
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
      this.openConflicts = (await this.options.kv.get<SyncConflict[]>(CONFLICTS_KEY)) ?? [];
      const meta = await this.options.kv.get<ClockMeta>(CLOCK_KEY);
      if (meta) {
        this.clock = new HybridLogicalClock(meta.node, meta.state);
        this.offsetMs = meta.offsetMs;
      }
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

  /** The open conflicts of a row (none on a field this device changed since: the user chose). */
  conflicts(table: SyncTable, id: string): SyncConflict[] {
    const changed = new Set(
      this.outbox.filter((e) => e.table === table && e.id === id).flatMap((e) => Object.keys(e.fields ?? {})),
    );
    return this.openConflicts.filter((c) => c.table === table && c.row_id === id && !changed.has(c.field));
  }

  /**
   * Settles a conflict: keeps the other device's value (« garder celle-ci ») or the current one. Either way the field
   * is written again from its current version, which the server takes as the user's choice (offline too).
   */
  async resolveConflict(conflict: SyncConflict, keep: 'other' | 'current'): Promise<void> {
    await this.load();
    const current = this.row(conflict.table, conflict.row_id);
    if (!current) return;
    const value = keep === 'other' ? conflict.value : current[conflict.field];
    await this.write(conflict.table, { ...current, [conflict.field]: value }, { force: [conflict.field] });
  }

  /**
   * Writes the fields of a row that changed (updated_at = now) and queues them, each with its clock and the clock
   * it was based on. A write that changes nothing queues nothing.
   */
  async write(
    table: SyncTable,
    row: { id: string; updated_at?: string; [column: string]: unknown },
    { force = [] }: { force?: readonly string[] } = {},
  ): Promise<SyncRow> {
    await this.load();
    const current = this.row(table, row.id);
    if (serverOwned(table, current)) {
      throw new PermanentSyncError('Un document émis ne peut pas être modifié.');
    }
    const fields = changedFields(current, row);
    for (const key of force) if (key in row) fields[key] = row[key];
    if (current && !Object.keys(fields).length) return current;
    const known = fieldClocks(current);
    const clocks: Record<string, string> = {};
    const bases: Record<string, string | null> = {};
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(fields)) this.clock.observe(known[key]?.c);
    const stamp = this.clock.tick(this.now().getTime() + this.offsetMs);
    const rowClocks = { ...known };
    for (const key of Object.keys(fields)) {
      clocks[key] = stamp;
      bases[key] = known[key]?.c ?? null;
      previous[key] = current?.[key] ?? null;
      rowClocks[key] = { c: stamp, b: bases[key] };
    }
    const stamped = { ...current, ...row, field_clock: rowClocks, updated_at: this.now().toISOString() } as SyncRow;
    this.tables.get(table)!.set(stamped.id, stamped);
    // One pending change per row, in the place of the first (a quote queued after its client stays after it); the
    // one being sent, if any, stays queued under its old id: sending its fields again is a no-op for the server.
    const entry: OutboxEntry = { opId: this.newId(), table, kind: 'upsert', id: stamped.id, row: stamped };
    const index = this.outbox.findIndex((e) => e.table === table && e.id === stamped.id && e.kind === 'upsert');
    const before = index >= 0 ? this.outbox[index]! : undefined;
    Object.assign(entry, {
      fields: { ...before?.fields, ...fields },
      clocks: { ...before?.clocks, ...clocks },
      bases: { ...bases, ...before?.bases },
      previous: { ...previous, ...before?.previous },
      created: before ? before.created : !current,
    });
    if (index >= 0) this.outbox[index] = entry;
    else this.outbox.push(entry);
    // The row, its outbox entry and the clock reach storage together: a page closed between two separate writes left
    // a local row newer than the server's with nothing queued, and the next pull put the server's older row back.
    await this.setAll([
      [rowKey(table, stamped.id), stamped],
      [OUTBOX_KEY, this.outbox],
      [CLOCK_KEY, this.clockMeta()],
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
    this.openConflicts = [];
    this.emit({});
  }

  private async push(): Promise<void> {
    const { remote } = this.options;
    while (this.outbox.length) {
      const entry = this.outbox[0]!;
      let refused: SyncRejection | null = null;
      try {
        if (entry.kind === 'delete') {
          await remote.remove(entry.table, entry.id);
        } else {
          const saved =
            remote.merge && entry.fields
              ? await remote.merge(entry.table, entry.id, {
                  fields: entry.fields,
                  clocks: entry.clocks ?? {},
                  bases: entry.bases ?? {},
                })
              : await remote.upsert(entry.table, entry.row!);
          if (saved) await this.acceptPushed(entry, saved);
        }
      } catch (error) {
        if (!(error as { permanent?: boolean })?.permanent) throw error;
        const message = error instanceof Error ? error.message : String(error);
        const hint = (error as { hint?: string }).hint;
        refused = { entry, message, ...(hint ? { hint } : {}), row: this.row(entry.table, entry.id) ?? entry.row };
      }
      // Only the entry just sent is removed: a write made meanwhile stays queued behind it.
      this.outbox = this.outbox.filter((e) => e.opId !== entry.opId);
      if (refused) {
        await this.takeBack(entry);
        this.emit({ rejected: [...this.statusSubject.value.rejected, refused] });
      }
      await this.persistOutbox();
    }
  }

  /** Undoes a refused change locally: a new row disappears (with its later changes), fields get their values back. */
  private async takeBack(entry: OutboxEntry): Promise<void> {
    const { table, id } = entry;
    const local = this.row(table, id);
    if (!local || entry.kind !== 'upsert') return;
    if (entry.created) {
      this.outbox = this.outbox.filter((e) => !(e.table === table && e.id === id));
      this.tables.get(table)!.delete(id);
      await this.options.kv.del(rowKey(table, id));
      return;
    }
    const later = new Set(
      this.outbox.filter((e) => e.table === table && e.id === id).flatMap((e) => Object.keys(e.fields ?? {})),
    );
    const restored: SyncRow = { ...local };
    const clocks = { ...fieldClocks(local) };
    for (const [key, value] of Object.entries(entry.previous ?? {})) {
      if (later.has(key)) continue;
      restored[key] = value;
      const base = entry.bases?.[key];
      if (base) clocks[key] = { c: base };
      else delete clocks[key];
    }
    restored.field_clock = clocks;
    this.tables.get(table)!.set(id, restored);
    await this.options.kv.set(rowKey(table, id), restored);
  }

  /** The server's answer to a push: same row, or a merged one (a client already kept under the same email). */
  private async acceptPushed(entry: OutboxEntry, saved: SyncRow): Promise<void> {
    if (saved.id !== entry.id) {
      this.tables.get(entry.table)!.delete(entry.id);
      await this.options.kv.del(rowKey(entry.table, entry.id));
      if (entry.table === 'clients') await this.remapClient(entry.id, saved.id);
    }
    // Changes queued meanwhile stay over the server's row.
    const pending = this.outbox.filter((e) => e !== entry && e.table === entry.table && e.id === saved.id);
    if (pending.length && !pending.some((e) => e.fields)) return; // whole-row entries: the local row is newer
    const shown = overlay(saved, pending);
    this.tables.get(entry.table)!.set(saved.id, shown);
    await this.options.kv.set(rowKey(entry.table, saved.id), shown);
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
    const sentAt = this.now().getTime();
    const result = await this.options.remote.pull(since);
    const serverNow = Date.parse(result.now);
    if (Number.isFinite(serverNow)) {
      this.offsetMs = Math.round(serverNow - (sentAt + this.now().getTime()) / 2);
      this.clock.rebase(this.now().getTime() + this.offsetMs);
    }
    const pendingOf = new Map<string, OutboxEntry[]>();
    for (const e of this.outbox) pendingOf.set(`${e.table}:${e.id}`, [...(pendingOf.get(`${e.table}:${e.id}`) ?? []), e]);
    // Written to the local store in one batch: a first sync brings thousands of rows.
    const writes: Array<[string, unknown]> = [];
    for (const table of SYNC_TABLES) {
      for (const server of result.rows[table] ?? []) {
        const local = this.row(table, server.id);
        const pending = pendingOf.get(`${table}:${server.id}`) ?? [];
        let shown = server;
        if (pending.length && serverOwned(table, server)) {
          // Issued on the server: the device's changes of it are dropped (the server wins).
          this.outbox = this.outbox.filter((e) => !(e.table === table && e.id === server.id && e.kind === 'upsert'));
        } else if (pending.some((e) => e.kind === 'delete')) {
          continue;
        } else if (pending.some((e) => e.fields)) {
          shown = overlay(server, pending);
        } else if (pending.length) {
          // Whole-row entries (written before field-level sync): the newer of the two.
          if (local && Date.parse(local.updated_at) > Date.parse(server.updated_at)) continue;
          this.outbox = this.outbox.filter((e) => !(e.table === table && e.id === server.id && e.kind === 'upsert'));
        } else if (local && local.updated_at === server.updated_at) {
          continue;
        }
        this.tables.get(table)!.set(server.id, shown);
        writes.push([rowKey(table, server.id), shown]);
      }
    }
    if (result.conflicts) {
      this.openConflicts = result.conflicts;
      writes.push([CONFLICTS_KEY, this.openConflicts]);
    }
    writes.push([CLOCK_KEY, this.clockMeta()]);
    await this.setAll(writes);
    const pendingIds = new Set(this.outbox.map((e) => `${e.table}:${e.id}`));
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

  private clockMeta(): ClockMeta {
    return { node: this.clock.node, state: this.clock.current, offsetMs: this.offsetMs };
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
