// Builds the shell and the five remotes for production, once: an app is rebuilt only when its sources,
// the shared packages or the lockfile changed (content hash stored in dist/.build-hash).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { log, repoRoot, run } from './bootstrap.mjs';

export const APP_DIRS = ['shell', 'mf-quotes', 'mf-recognition', 'mf-clients', 'mf-account', 'mf-admin'];

/** Every file below `dir` (node_modules, dist and dot-entries left out). */
export function walk(dir, files = []) {
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else files.push(full);
  }
  return files;
}

/** Content hash of `files` (paths relative to the repository included), in a stable order. */
export function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of [...files].sort()) {
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    hash.update(path.relative(repoRoot, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** The inputs every app shares (shared/ and the lockfile), read once per run rather than once per app. */
let commonHash = null;

function hashOf(appDir) {
  commonHash ??= hashFiles([
    ...walk(path.join(repoRoot, 'shared')).filter((f) => !f.includes('.test.')),
    path.join(repoRoot, 'pnpm-lock.yaml'),
  ]);
  const own = hashFiles([
    ...walk(path.join(repoRoot, appDir, 'src')),
    path.join(repoRoot, appDir, 'webpack.config.js'),
    path.join(repoRoot, appDir, 'package.json'),
    ...walk(path.join(repoRoot, appDir, 'public')),
  ]);
  return createHash('sha256').update(commonHash).update(own).digest('hex');
}

/**
 * `build: false` only checks (the same hashing) and says which app changed since its build, without building it:
 * `npm run bench` builds the apps itself just before it starts the product, and on a tree others are editing an
 * app may change in between — rebuilding it there made the start miss the bench's 2-minute wait.
 */
export function buildApps(pnpm, { force = false, apps = APP_DIRS, build = true } = {}) {
  const built = [];
  for (const app of apps) {
    const stampFile = path.join(repoRoot, app, 'dist/.build-hash');
    const hash = hashOf(app);
    if (!force && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) continue;
    if (!build && existsSync(stampFile)) {
      log(`${app} changed since its build: not rebuilt (ATELIER_START_NO_BUILD)`);
      continue;
    }
    log(`building ${app}`);
    const started = Date.now();
    run(typeof pnpm === 'function' ? pnpm() : pnpm, ['--filter', `@atelier/${app}`, 'run', 'build'], {
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' },
    });
    writeFileSync(stampFile, hash);
    built.push({ app, ms: Date.now() - started });
  }
  return built;
}
