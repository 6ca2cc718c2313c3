// Applies supabase/migrations/*.sql in file-name order, in one transaction, and records them in
// supabase_migrations.schema_migrations (the table the Supabase CLI uses), so restarts apply only new files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Database } from './database.ts';

// Arbitrary constant: serialises concurrent backends starting on the same PostgreSQL database.
const MIGRATION_LOCK_KEY = 5432_1001;

export interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

export function listMigrations(dir: string): MigrationFile[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => {
      const base = file.replace(/\.sql$/, '');
      const separator = base.indexOf('_');
      return {
        version: separator > 0 ? base.slice(0, separator) : base,
        name: separator > 0 ? base.slice(separator + 1) : base,
        file: path.join(dir, file),
      };
    });
}

export async function applyMigrations(db: Database, dir: string): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
    await tx.exec(`
      create schema if not exists supabase_migrations;
      create table if not exists supabase_migrations.schema_migrations (
        version text primary key,
        statements text[],
        name text
      );`);
    const done = new Set(
      (await tx.query('select version from supabase_migrations.schema_migrations')).rows.map((r) => String(r.version)),
    );
    for (const migration of listMigrations(dir)) {
      if (done.has(migration.version)) continue;
      const sql = readFileSync(migration.file, 'utf8');
      // All pending files share one transaction: a failing file leaves the database as it was.
      try {
        await tx.exec(sql);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`migration ${path.basename(migration.file)} failed: ${message}`, { cause: error });
      }
      await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.version);
    }
  });
  return applied;
}
