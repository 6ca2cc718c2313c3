// One interface over the two engines: embedded PGlite (default) or PostgreSQL through `pg`.
import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

import { lockDirectory } from '../security/lock.ts';

export type Row = Record<string, unknown>;

export interface QueryResult {
  rows: Row[];
  /** Rows touched by INSERT/UPDATE/DELETE without RETURNING. */
  affectedRows: number;
}

export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<QueryResult>;
  /** Runs a script of several statements (migrations), without parameters. */
  exec(sql: string): Promise<void>;
}

/** One statement of a pipeline: its rows come back as text (no type parsing), keyed by column name. */
export interface Statement {
  sql: string;
  params: unknown[];
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /**
   * Runs the statements as one atomic unit (all commit or none), returning each statement's result. On PGlite
   * this is a single extended-protocol pipeline (Parse/Bind/Execute… Sync: one implicit transaction, one call
   * into PostgreSQL), which is the request hot path of /rest/v1.
   */
  pipeline(statements: Statement[]): Promise<QueryResult[]>;
  /** PGlite only: a tarball of the whole data directory (PGlite's dumpDataDir). */
  dump?(): Promise<Blob>;
  /** Runs `fn` in one transaction (READ COMMITTED); rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A database error as both engines report it (pg's DatabaseError / PGlite's DatabaseError). */
export interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code) &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string; load?: Blob }): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import('./postgres.ts');
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import('./pglite.ts');
  if (options.dataDir === 'memory://' || options.dataDir.startsWith('idb://'))
    return openPglite(options.dataDir, options.load);
  const parent = path.dirname(path.resolve(options.dataDir));
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  // PGlite is single-process: a second backend on the same directory would corrupt it.
  const release = await lockDirectory(options.dataDir);
  // Files PostgreSQL creates from now on (WAL segments, relations) are owner-only too; kept for the process's
  // life because PGlite keeps creating files.
  process.umask(0o077);
  try {
    const db = await openPglite(options.dataDir);
    restrictPermissions(options.dataDir);
    return {
      ...db,
      async close() {
        await db.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}

/** Data directory and the files PostgreSQL writes in it: owner only (0700 / 0600). */
function restrictPermissions(dir: string): void {
  const walk = (current: string): void => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        chmodSync(full, 0o700);
        walk(full);
      } else if (entry.isFile()) {
        chmodSync(full, 0o600);
      }
    }
  };
  try {
    chmodSync(dir, 0o700);
    walk(dir);
  } catch {
    // best effort (e.g. files owned by another user)
  }
}
