#!/usr/bin/env node
import { ensureInstalled, ensurePnpm } from './lib/bootstrap.mjs';
import { buildApps } from './lib/build-apps.mjs';

const pnpm = ensurePnpm();
ensureInstalled(pnpm);
const built = buildApps(pnpm, { force: process.argv.includes('--force') });
for (const { app, ms } of built) process.stdout.write(`${app}: ${(ms / 1000).toFixed(1)} s\n`);
