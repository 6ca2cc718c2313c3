// In-memory databases (tests, e2e) start from a cached snapshot of a freshly migrated PGlite instead of running
// initdb and the migrations each time (≈ 0.4 s instead of ≈ 3 s). The cache key covers the migration files and
// the PGlite version, so a changed migration makes a new snapshot; a broken snapshot is dropped and rebuilt.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import type { Database } from './database.ts';
import { openDatabase } from './database.ts';
import { applyMigrations, listMigrations } from './migrations.ts';

function snapshotKey(migrationsDir: string, root: string): string {
  const hash = createHash('sha256');
  try {
    const require = createRequire(path.join(root, 'backend', 'package.json'));
    const entry = require.resolve('@electric-sql/pglite');
    hash.update(readFileSync(path.join(path.dirname(entry), '..', 'package.json')));
  } catch {
    hash.update('pglite-unknown');
  }
  for (const migration of listMigrations(migrationsDir)) {
    hash.update(path.basename(migration.file));
    hash.update(readFileSync(migration.file));
  }
  return hash.digest('hex').slice(0, 16);
}

export async function openMigratedMemoryDatabase(
  migrationsDir: string,
  cacheDir: string,
  root: string,
  log: (line: string) => void,
): Promise<Database> {
  const key = snapshotKey(migrationsDir, root);
  const file = path.join(cacheDir, `pglite-${key}.tar`);
  if (existsSync(file)) {
    try {
      const db = await openDatabase({ dataDir: 'memory://', load: new Blob([readFileSync(file)]) });
      await applyMigrations(db, migrationsDir);
      return db;
    } catch (error) {
      log(
        `[backend] ignoring the database snapshot ${file}: ${error instanceof Error ? error.message : String(error)}`,
      );
      rmSync(file, { force: true });
    }
  }
  const db = await openDatabase({ dataDir: 'memory://' });
  await applyMigrations(db, migrationsDir);
  try {
    const dump = await db.dump?.();
    if (dump) {
      mkdirSync(cacheDir, { recursive: true });
      const temporary = `${file}.${process.pid}.tmp`;
      writeFileSync(temporary, Buffer.from(await dump.arrayBuffer()));
      renameSync(temporary, file);
      for (const old of readdirSync(cacheDir)) {
        if (/^pglite-[0-9a-f]+\.tar$/.test(old) && old !== path.basename(file))
          rmSync(path.join(cacheDir, old), { force: true });
      }
    }
  } catch (error) {
    log(`[backend] could not cache the database snapshot: ${error instanceof Error ? error.message : String(error)}`);
  }
  return db;
}
