// Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly). One connection: PGlite serialises queries and
// transactions with its own mutex, so concurrent HTTP requests queue up in order.
import { PGlite, protocol, type Transaction } from '@electric-sql/pglite';

import type { Database, Queryable, QueryResult, Statement } from './database.ts';

const { serialize } = protocol;

function concat(parts: Uint8Array[]): Uint8Array {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function textParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** "UPDATE 3" → 3, "INSERT 0 5" → 5, "SELECT 1" → 1. */
function affected(command: string): number {
  const last = command.slice(command.lastIndexOf(' ') + 1);
  const n = Number(last);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Named prepared statements for the pipeline: the request shapes of the API repeat (only values change), so
 * PostgreSQL parses and plans each shape once. Plans stay correct under role switching: PostgreSQL re-plans a
 * cached statement that depends on row-level security when the role differs, and after any DDL.
 */
class PreparedStatements {
  private readonly names = new Map<string, string>();
  private counter = 0;
  private readonly evicted: string[] = [];

  constructor(private readonly capacity = 500) {}

  lookup(sql: string): { name: string; known: boolean } {
    const name = this.names.get(sql);
    if (name) {
      // refresh recency
      this.names.delete(sql);
      this.names.set(sql, name);
      return { name, known: true };
    }
    return { name: `atelier_${++this.counter}`, known: false };
  }

  confirm(sql: string, name: string): void {
    this.names.set(sql, name);
    while (this.names.size > this.capacity) {
      const [oldestSql, oldestName] = this.names.entries().next().value as [string, string];
      this.names.delete(oldestSql);
      this.evicted.push(oldestName);
    }
  }

  /** Names to close at the start of the next pipeline. */
  takeEvicted(): string[] {
    return this.evicted.splice(0);
  }
}

/**
 * Sends every statement as (Parse)/Bind/Describe/Execute and one final Sync in a single message. PostgreSQL runs
 * them in one implicit transaction that commits at Sync; after an error it skips the rest and rolls back.
 * Values go as text parameters of unspecified type, so the server infers their types (as PostgREST's do).
 */
async function runPipeline(db: PGlite, prepared: PreparedStatements, statements: Statement[]): Promise<QueryResult[]> {
  // The transaction lock keeps the pipeline out of another request's open transaction; the query lock keeps
  // other protocol traffic out of the pipeline.
  return db._runExclusiveTransaction(() =>
    db.runExclusive(async () => {
      const parts: Uint8Array[] = [];
      for (const name of prepared.takeEvicted()) parts.push(serialize.close({ type: 'S', name }));
      const parsed: Array<{ sql: string; name: string }> = [];
      for (const statement of statements) {
        const { name, known } = prepared.lookup(statement.sql);
        if (!known) {
          parts.push(serialize.parse({ name, text: statement.sql, types: [] }));
          parsed.push({ sql: statement.sql, name });
        }
        parts.push(
          serialize.bind({ statement: name, values: statement.params.map(textParam) }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
        );
      }
      parts.push(serialize.sync());
      const { messages } = await db.execProtocol(concat(parts), { throwOnError: false });

      const results: QueryResult[] = [];
      let names: string[] = [];
      let rows: Record<string, unknown>[] = [];
      let parseCompletes = 0;
      let failure: unknown;
      for (const msg of messages) {
        switch (msg.name) {
          case 'parseComplete': {
            const done = parsed[parseCompletes++];
            if (done) prepared.confirm(done.sql, done.name);
            break;
          }
          case 'rowDescription':
            names = (msg as unknown as { fields: Array<{ name: string }> }).fields.map((f) => f.name);
            break;
          case 'dataRow': {
            const fields = (msg as unknown as { fields: Array<string | null> }).fields;
            const row: Record<string, unknown> = {};
            for (let i = 0; i < fields.length; i++) row[names[i] ?? String(i)] = fields[i];
            rows.push(row);
            break;
          }
          case 'commandComplete':
            results.push({ rows, affectedRows: affected((msg as unknown as { text: string }).text) });
            rows = [];
            names = [];
            break;
          case 'error':
            failure ??= msg;
            break;
        }
      }
      if (failure) throw failure;
      return results;
    }),
  );
}

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query(sql: string, params?: unknown[]): Promise<QueryResult> {
      const result = await target.query<Record<string, unknown>>(sql, params);
      return { rows: result.rows, affectedRows: result.affectedRows ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await target.exec(sql);
    },
  };
}

export async function openPglite(dataDir: string, load?: Blob): Promise<Database> {
  const db = await PGlite.create(dataDir, { relaxedDurability: true, ...(load ? { loadDataDir: load } : {}) });
  // Timestamps in API responses are UTC (`…+00:00`) like on hosted Supabase.
  await db.exec("set timezone to 'UTC'");
  const root = wrap(db);
  const prepared = new PreparedStatements();
  return {
    engine: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    pipeline: (statements) => runPipeline(db, prepared, statements),
    dump: () => db.dumpDataDir('none'),
    close: () => db.close(),
  };
}
