// `npm start` without TypeScript at run time (issue 14, start → ready ≤ 3 s): `npm run build` compiles the product
// (scripts/run-product.ts + the backend) into one ES module under .atelier/cache with esbuild, so a start on a
// built tree skips tsx's loader and the transpilation of ~100 backend files. The bundle is used only while its
// inputs are unchanged (content hash); otherwise it is rebuilt (~0.3 s), and if that fails start.mjs falls back to
// tsx. npm packages stay external (resolved from the repository's node_modules), @atelier/* workspace packages
// (TypeScript sources) are bundled, and scripts/lib/*.mjs are imported from their own place (they locate the
// repository from their own URL).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { repoRoot } from './bootstrap.mjs';

const OUT_DIR = path.join(repoRoot, '.atelier/cache');
const OUT_FILE = path.join(OUT_DIR, 'run-product.mjs');
const STAMP_FILE = path.join(OUT_DIR, 'run-product.hash');
const ENTRY = path.join(repoRoot, 'scripts/run-product.ts');

function walk(dir, files = []) {
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (/\.(ts|mjs|js|json)$/.test(entry.name) && !/\.test\./.test(entry.name)) files.push(full);
  }
  return files;
}

/** Hash of everything the bundle is made of (backend, workspace packages it may import, the entry, the lockfile). */
function inputsHash() {
  const files = [
    ENTRY,
    path.join(repoRoot, 'pnpm-lock.yaml'),
    ...walk(path.join(repoRoot, 'backend/src')),
    ...walk(path.join(repoRoot, 'shared/domain/src')),
  ].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    if (!existsSync(file) || !statSync(file).isFile()) continue;
    hash.update(path.relative(repoRoot, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

/** Builds the bundle if it is missing or stale; returns its path, or null when esbuild is unavailable or failed. */
export async function productBundle({ quiet = false } = {}) {
  const hash = inputsHash();
  if (existsSync(OUT_FILE) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, 'utf8') === hash) return OUT_FILE;
  try {
    const { build } = await import('esbuild');
    const libDir = path.join(repoRoot, 'scripts/lib');
    await build({
      entryPoints: [ENTRY],
      outfile: OUT_FILE,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: quiet ? 'silent' : 'warning',
      plugins: [
        {
          name: 'atelier-externals',
          setup(b) {
            // npm packages: external. @atelier/*: bundled (TypeScript sources).
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@atelier/') ? undefined : { path: args.path, external: true },
            );
            // scripts/lib/*.mjs: imported from where they are (they find the repository from their own URL).
            b.onResolve({ filter: /\.mjs$/ }, (args) => {
              const resolved = path.resolve(args.resolveDir, args.path);
              if (path.dirname(resolved) !== libDir) return undefined;
              return { path: `./${path.relative(OUT_DIR, resolved).split(path.sep).join('/')}`, external: true };
            });
          },
        },
      ],
    });
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(STAMP_FILE, hash);
    return OUT_FILE;
  } catch (error) {
    if (!quiet) process.stderr.write(`[atelier] product bundle not built (${error?.message ?? error}), using tsx\n`);
    return null;
  }
}
