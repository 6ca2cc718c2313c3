#!/usr/bin/env node
// `npm start`: installs what is missing, builds the apps (cached) and starts the whole product on its
// embedded defaults: local Supabase-compatible backend on PGlite, the shell and the five remotes.
import { ensureInstalled, ensurePnpm, log, nodeBin, run } from './lib/bootstrap.mjs';
import { buildApps } from './lib/build-apps.mjs';

const startedAt = Date.now();
const pnpm = ensurePnpm();
ensureInstalled(pnpm);
buildApps(pnpm);
log(`builds ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
run(nodeBin('tsx'), ['scripts/run-product.ts'], { env: { ...process.env, ATELIER_STARTED_AT: String(startedAt) } });
