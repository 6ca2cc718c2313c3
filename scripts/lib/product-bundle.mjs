// `npm start` without TypeScript at run time (issue 14, start → ready ≤ 3 s): `npm run build` compiles the product
// (scripts/run-product.ts + the backend) into one ES module under .atelier/cache with esbuild, so a start on a
// built tree skips tsx's loader and the transpilation of ~100 backend files. The bundle is used only while its
// inputs are unchanged (content hash); otherwise it is rebuilt (~0.3 s), and if that fails start.mjs falls back to
// tsx. npm packages stay external (resolved from the repository's node_modules), @atelier/* workspace packages
// (TypeScript sources) are bundled, and scripts/lib/*.mjs are imported from their own place (they locate the
// repository from their own URL).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { repoRoot } from './bootstrap.mjs';
import { hashFiles, walk } from './build-apps.mjs';

const OUT_DIR = path.join(repoRoot, '.atelier/cache');
const OUT_FILE = path.join(OUT_DIR, 'run-product.mjs');
const STAMP_FILE = path.join(OUT_DIR, 'run-product.hash');
const ENTRY = path.join(repoRoot, 'scripts/run-product.ts');

/** Hash of everything the bundle is made of (backend, workspace packages it may import, the entry, the lockfile). */
function inputsHash() {
  const sources = (dir) => walk(dir).filter((file) => /\.(ts|mjs|js|json)$/.test(file) && !/\.test\./.test(file));
  return hashFiles([
    ENTRY,
    path.join(repoRoot, 'pnpm-lock.yaml'),
    ...sources(path.join(repoRoot, 'backend/src')),
    ...sources(path.join(repoRoot, 'shared/domain/src')),
  ]);
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
