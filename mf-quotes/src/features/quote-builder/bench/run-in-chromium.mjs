// Runs the 200-line edit benchmark in Chromium against mf-quotes' production build (standalone mount).
// Usage: (cd mf-quotes && pnpm build) && node mf-quotes/src/features/quote-builder/bench/run-in-chromium.mjs
// Prints one JSON line with per-edit timings (ms): recompute + React re-render + forced layout.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../../scripts/lib/chromium.cjs';
import { serveDist } from '../../../../../scripts/lib/serve-dist.mjs';

const dist = resolve(fileURLToPath(import.meta.url), '../../../../../dist');

const server = await serveDist(dist);
const { port } = server;

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => typeof window.__atelierQuoteEditBench === 'function', null, { timeout: 30_000 });
  const result = await page.evaluate(() => window.__atelierQuoteEditBench({ lines: 200, edits: 60 }));
  console.log(JSON.stringify({ bench: 'quote-edit-200-lines', budgetMs: 16, ...result }));
} finally {
  await browser.close();
  server.close();
}
