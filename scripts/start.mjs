#!/usr/bin/env node
// `npm start`: installs what is missing, builds the apps (cached) and starts the whole product on its
// embedded defaults: local Supabase-compatible backend on PGlite, the shell and the five remotes.
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';

import { ensureInstalled, lazyPnpm, log, repoRoot } from './lib/bootstrap.mjs';
import { buildApps } from './lib/build-apps.mjs';
import { productBundle } from './lib/product-bundle.mjs';

// PGlite's ~9 MB WebAssembly: V8's optimising tier recompiles it in the background while PostgreSQL starts, which
// on a busy 2-core machine delays the start by 1–2.5 s; Liftoff alone opens the database in about half the time and
// ran our short queries no slower (measured, issue 14). Must be set before any WebAssembly is compiled.
setFlagsFromString('--liftoff-only');

const startedAt = Date.now();
const pnpm = lazyPnpm();
ensureInstalled(pnpm);
// ATELIER_START_NO_BUILD=1 (set by `npm run bench`, which has just built them): the apps are checked, not rebuilt.
buildApps(pnpm, { build: process.env.ATELIER_START_NO_BUILD !== '1' });
log(`builds ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
// The product runs in this process: no second and third Node start-up (the tsx CLI itself spawns a child). On a
// built tree it is the JavaScript bundle `npm run build` made (product-bundle.mjs): no tsx loader, no
// transpilation at start; tsx's loader only when the bundle cannot be made.
process.env.ATELIER_STARTED_AT = String(startedAt);
process.env.ATELIER_ROOT ??= repoRoot;
const bundle = await productBundle();
if (bundle) {
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('./run-product.ts');
}
