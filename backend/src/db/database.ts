// One interface over the two engines: embedded PGlite (default) or PostgreSQL through `pg`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  const release = lockDataDir(options.dataDir);
  try {
    const db = await openPglite(options.dataDir);
    return {
      ...db,
      async close() {
        await db.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: a second backend on the same directory would corrupt it. A `<dataDir>.lock` file
 * holding the owner's pid refuses that, and is taken over when its process is gone.
 */
const heldLocks = new Set<string>();

function lockDataDir(dataDir: string): () => void {
  const lockFile = `${path.resolve(dataDir)}.lock`;
  if (heldLocks.has(lockFile)) throw new Error(`The data directory ${dataDir} is already open in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      heldLocks.add(lockFile);
      return () => {
        heldLocks.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(lockFile, 'utf8').trim());
      if (owner && owner !== process.pid && processAlive(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another backend (pid ${owner}); stop it or set ATELIER_DATA_DIR`,
          {
            cause: error,
          },
        );
      }
      rmSync(lockFile, { force: true }); // stale lock
    }
  }
  throw new Error(`Cannot lock the data directory ${dataDir}`);
}
