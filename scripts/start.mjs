#!/usr/bin/env node
// `npm start`: installs what is missing, builds the apps (cached) and starts the whole product on its
// embedded defaults: local Supabase-compatible backend on PGlite, the shell and the five remotes.
import { ensureInstalled, lazyPnpm, log } from './lib/bootstrap.mjs';
import { buildApps } from './lib/build-apps.mjs';

const startedAt = Date.now();
const pnpm = lazyPnpm();
ensureInstalled(pnpm);
buildApps(pnpm);
log(`builds ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
// The product runs in this process (tsx's loader registered here): no second and third Node start-up
// (the tsx CLI itself spawns a child), which is a good part of `npm start`'s time on a ready tree.
process.env.ATELIER_STARTED_AT = String(startedAt);
const { register } = await import('tsx/esm/api');
register();
await import('./run-product.ts');
