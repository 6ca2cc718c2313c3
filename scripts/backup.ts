// npm run backup [-- FILE]   /   npm run restore -- FILE
// A consistent snapshot of an install: the data directory (PGlite database, stored PDFs) and the secret files
// beside it (<dir>.jwt-secret: the key sessions are signed with; <dir>.stripe-sandbox), in one .tar.gz. Atelier
// must be stopped: the data directory's lock is taken for the whole copy, so a running backend (or one starting
// meanwhile) and a backup never overlap. A restore never deletes anything: what is in the way is moved aside to
// <dir>.avant-restauration-<date>. Restorable on a fresh checkout (same relative layout).
//
// ATELIER_DATA_DIR selects the directory (default .atelier/data). With DATABASE_URL the database is PostgreSQL's:
// back it up with pg_dump; this script then saves the stored PDFs and the secrets.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import path from 'node:path';

import { DataDirLockedError, lockDirectory } from '../backend/src/security/lock.ts';

// npm runs scripts from the repository's root.
const root = process.cwd();
const SECRET_SUFFIXES = ['.jwt-secret', '.stripe-sandbox'];

export function dataDirOf(env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.ATELIER_DATA_DIR || path.join(root, '.atelier', 'data'));
}

/** The entries of an install, relative to the data directory's parent. */
function members(dataDir: string): string[] {
  const base = path.basename(dataDir);
  const parent = path.dirname(dataDir);
  return [base, ...SECRET_SUFFIXES.map((s) => base + s)].filter((name) => existsSync(path.join(parent, name)));
}

async function locked<T>(dataDir: string, fn: () => T): Promise<T> {
  let release: () => Promise<void>;
  try {
    release = await lockDirectory(dataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new Error(`Atelier est en cours d’exécution sur ${dataDir} : arrêtez-le (Ctrl+C) puis relancez.`, {
        cause: error,
      });
    }
    throw error;
  }
  try {
    return fn();
  } finally {
    await release();
  }
}

const stamp = () =>
  new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');

export async function backup(dataDir: string, file?: string): Promise<string> {
  if (!existsSync(dataDir)) throw new Error(`Aucune donnée à sauvegarder dans ${dataDir}.`);
  const out = path.resolve(file ?? path.join(root, '.atelier', 'backups', `atelier-${stamp()}.tar.gz`));
  mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  await locked(dataDir, () => {
    execFileSync('tar', ['-czf', out, '-C', path.dirname(dataDir), ...members(dataDir)], { stdio: 'inherit' });
  });
  return out;
}

export async function restore(dataDir: string, file: string): Promise<{ movedAside: string[] }> {
  const archive = path.resolve(file);
  if (!existsSync(archive) || !statSync(archive).isFile()) throw new Error(`Sauvegarde introuvable : ${file}`);
  const listed = execFileSync('tar', ['-tzf', archive], { encoding: 'utf8' })
    .split('\n')
    .filter(Boolean)
    .map((name) => name.replace(/^\.\//, '').split('/')[0]!);
  const tops = [...new Set(listed)];
  const origin = tops.find((name) => !SECRET_SUFFIXES.some((s) => name.endsWith(s)));
  if (!origin || tops.some((name) => name !== origin && !SECRET_SUFFIXES.some((s) => name === origin + s))) {
    throw new Error(`${file} n’est pas une sauvegarde d’Atelier (npm run backup).`);
  }
  const parent = path.dirname(dataDir);
  const base = path.basename(dataDir);
  mkdirSync(parent, { recursive: true, mode: 0o700 });
  return locked(dataDir, () => {
    const movedAside: string[] = [];
    const aside = `.avant-restauration-${stamp()}`;
    for (const name of [base, ...SECRET_SUFFIXES.map((s) => base + s)]) {
      const target = path.join(parent, name);
      if (!existsSync(target)) continue;
      if (name === base && statSync(target).isDirectory() && !readdirSync(target).length) continue;
      renameSync(target, target + aside);
      movedAside.push(target + aside);
    }
    // Extracted under the archive's names, then renamed to this install's data directory name if it differs.
    const scratch = path.join(parent, `.restauration-${process.pid}`);
    mkdirSync(scratch, { mode: 0o700 });
    execFileSync('tar', ['-xzf', archive, '-C', scratch], { stdio: 'inherit' });
    for (const name of tops) {
      renameSync(path.join(scratch, name), path.join(parent, base + name.slice(origin.length)));
    }
    execFileSync('rmdir', [scratch]);
    return { movedAside };
  });
}

async function main() {
  const [command, file] = process.argv.slice(2);
  const dataDir = dataDirOf();
  if (process.env.DATABASE_URL) {
    process.stdout.write('DATABASE_URL est défini : la base PostgreSQL se sauvegarde avec pg_dump / pg_restore.\n');
  }
  if (command === 'backup') {
    const out = await backup(dataDir, file);
    process.stdout.write(`Sauvegarde écrite : ${out}\n(restaurer : npm run restore -- ${out})\n`);
  } else if (command === 'restore' && file) {
    const { movedAside } = await restore(dataDir, file);
    for (const moved of movedAside) process.stdout.write(`Données précédentes conservées : ${moved}\n`);
    process.stdout.write(`Restauré dans ${dataDir}. Lancez npm start.\n`);
  } else {
    process.stdout.write('Usage : npm run backup [-- FICHIER]   |   npm run restore -- FICHIER\n');
    process.exitCode = 2;
  }
}

if (process.argv[1] && path.basename(process.argv[1]) === 'backup.ts') {
  main().catch((error) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
