// A bench on PostgreSQL (DATABASE_URL set) gets a database of its own, created empty and dropped at the end, so that
// it never meets the users a test run or an earlier bench left in the shared database (fixed e-mails would collide)
// and its figures do not depend on what else is stored. Without DATABASE_URL the bench runs on PGlite in memory.
import pg from 'pg';

export interface BenchDatabase {
  /** The connection string to give startBackend, or undefined for PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

export async function benchDatabase(name: string): Promise<BenchDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => undefined };
  const database = `atelier_bench_${name.replace(/[^a-z0-9]/gi, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${database}`);
    await admin.query(`create database ${database}`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${database}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists ${database} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
