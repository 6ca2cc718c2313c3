#!/usr/bin/env node
import { ensureInstalled, ensurePnpm } from './lib/bootstrap.mjs';
import { buildApps } from './lib/build-apps.mjs';
import { productBundle } from './lib/product-bundle.mjs';

const pnpm = ensurePnpm();
ensureInstalled(pnpm);
const built = buildApps(pnpm, { force: process.argv.includes('--force') });
for (const { app, ms } of built) process.stdout.write(`${app}: ${(ms / 1000).toFixed(1)} s\n`);
// The backend and run-product.ts as one JavaScript module: `npm start` runs it without tsx (issue 14).
const bundleStarted = Date.now();
if (await productBundle())
  process.stdout.write(`product bundle: ${((Date.now() - bundleStarted) / 1000).toFixed(1)} s\n`);
