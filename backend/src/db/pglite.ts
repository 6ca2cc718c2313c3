// Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly). One connection: PGlite serialises queries and
// transactions with its own mutex, so concurrent HTTP requests queue up in order.
import { PGlite, type Transaction } from '@electric-sql/pglite';

import type { Database, Queryable, QueryResult } from './database.ts';

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

export async function openPglite(dataDir: string): Promise<Database> {
  const db = await PGlite.create(dataDir, { relaxedDurability: true });
  // Timestamps in API responses are UTC (`…+00:00`) like on hosted Supabase.
  await db.exec("set timezone to 'UTC'");
  const root = wrap(db);
  return {
    engine: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}
