// PostgreSQL through node-postgres. The connection user must own the schema (or be a superuser) so that it can
// switch to the API roles per transaction, as PostgREST's `authenticator` does.
import pg from 'pg';

import type { Database, Queryable, QueryResult } from './database.ts';

function wrap(client: pg.PoolClient | pg.Pool): Queryable {
  return {
    async query(sql: string, params?: unknown[]): Promise<QueryResult> {
      const result = await client.query(sql, params as unknown[] | undefined);
      const last = Array.isArray(result) ? result[result.length - 1] : result;
      return { rows: last?.rows ?? [], affectedRows: last?.rowCount ?? 0 };
    },
    async exec(sql: string): Promise<void> {
      await client.query(sql);
    },
  };
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString,
    max: Number(process.env.DB_POOL_SIZE ?? 8),
    options: '-c TimeZone=UTC',
    application_name: 'atelier-backend',
  });
  // Fail at start, not on the first request, when the database is unreachable.
  await pool.query('select 1');
  const root = wrap(pool);
  const database: Database = {
    engine: 'postgres',
    query: root.query,
    exec: root.exec,
    async transaction(fn) {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        try {
          await client.query('rollback');
        } catch {
          broken = true;
        }
        throw error;
      } finally {
        client.release(broken);
      }
    },
    pipeline(statements) {
      return database.transaction(async (tx) => {
        const results: QueryResult[] = [];
        for (const statement of statements) results.push(await tx.query(statement.sql, statement.params));
        return results;
      });
    },
    close: () => pool.end(),
  };
  return database;
}
