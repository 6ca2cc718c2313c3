// Dependency-free helpers that make a fresh machine ready: pnpm, node_modules, system Chromium.
// Used by start.mjs and test.mjs before anything else is importable.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { CHROMIUM_PATH } from './chromium.cjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PNPM_VERSION = '10.34.8';

export function log(message) {
  process.stdout.write(`[atelier] ${message}\n`);
}

function has(cmd, args = ['--version']) {
  return spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;
}

export function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: repoRoot, ...options });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (exit ${result.status})`);
}

/** pnpm 10 through npm (corepack's signature check fails against the registry mirror: DESIGN.md §10). */
export function ensurePnpm() {
  const version = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  if (version.status === 0 && version.stdout.trim().startsWith('10.')) return 'pnpm';
  log(`installing pnpm@${PNPM_VERSION}`);
  const global = spawnSync('npm', ['install', '-g', `pnpm@${PNPM_VERSION}`], { stdio: 'inherit' });
  if (global.status === 0 && has('pnpm')) return 'pnpm';
  // No permission for a global install: keep a local copy under .atelier/.
  const prefix = path.join(repoRoot, '.atelier/tools');
  run('npm', ['install', '--prefix', prefix, `pnpm@${PNPM_VERSION}`]);
  return path.join(prefix, 'node_modules/.bin/pnpm');
}

/** `pnpm install` when the lockfile changed since the last install (`pnpm`: a path, or a function giving one). */
export function ensureInstalled(pnpm) {
  const stamp = path.join(repoRoot, 'node_modules/.atelier-install-stamp');
  const lock = path.join(repoRoot, 'pnpm-lock.yaml');
  const lockTime = existsSync(lock) ? statSync(lock).mtimeMs : 0;
  if (existsSync(stamp) && Number(readFileSync(stamp, 'utf8')) === lockTime) return;
  log('installing dependencies (pnpm install)');
  run(typeof pnpm === 'function' ? pnpm() : pnpm, ['install', '--frozen-lockfile']);
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, String(lockTime));
}

/** ensurePnpm() only when pnpm is actually needed: spawning it costs ~0.4 s of `npm start` on a ready tree. */
export function lazyPnpm() {
  let bin = null;
  return () => (bin ??= ensurePnpm());
}

export { CHROMIUM_PATH };

/** Debian's chromium package: Playwright's own browser download cannot work offline. */
export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  log('installing Chromium from Debian (apt-get install chromium)');
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium', 'fonts-dejavu-core']);
  return CHROMIUM_PATH;
}

/**
 * The Debian tools of the offline e-invoice checks (scripts/lib/validate-einvoice.cjs): xmllint (Factur-X XSD),
 * Saxon-HE on a JRE (EN 16931 schematron XSLT) and pdffonts (fonts embedded). Installed when one is missing.
 */
export function ensureEinvoiceTools() {
  const missing = [];
  if (!has('xmllint', ['--version'])) missing.push('libxml2-utils');
  if (!existsSync(process.env.SAXON_JAR || '/usr/share/java/Saxon-HE.jar')) missing.push('libsaxonhe-java');
  if (!has('java', ['-version'])) missing.push('default-jre-headless');
  if (!has('pdffonts', ['-v'])) missing.push('poppler-utils');
  if (missing.length === 0) return;
  log(`installing ${missing.join(' ')} from Debian (e-invoice validation)`);
  const sudo = process.getuid && process.getuid() !== 0 ? ['sudo'] : [];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', sudo.length ? ['apt-get', ...args] : args, {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...missing]);
}

export function pnpmExec(pnpm, args, options = {}) {
  return run(pnpm, args, options);
}

export function nodeBin(name) {
  return path.join(repoRoot, 'node_modules/.bin', name);
}

export function gitHead() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
