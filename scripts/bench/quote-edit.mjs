// Devis editor with a 200-line devis (issue 3 budget: ≤ 16 ms per change): recompute + React re-render + forced
// layout of one edit, in Chromium. The harness (scripts/bench/quote-edit/edit-200-lines.tsx) mounts mf-quotes' real
// editor with in-memory stores; it is bundled here, never part of mf-quotes' build. Prints one JSON line.
// ATELIER_BENCH_SMOKE=1: 10 lines, 3 edits, no budget.
import path from 'node:path';

import { chromium } from 'playwright-core';

import { serveBenchPage, repoRoot, SMOKE } from '../lib/bench-page.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';

const options = SMOKE ? { lines: 10, edits: 3 } : { lines: 200, edits: 60 };
const server = await serveBenchPage(path.join(repoRoot, 'scripts/bench/quote-edit/edit-200-lines.tsx'), {
  resolveFrom: path.join(repoRoot, 'mf-quotes'),
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage();
  await page.goto(server.url);
  await page.waitForFunction(() => typeof window.__bench === 'function', null, { timeout: 30_000 });
  const result = await page.evaluate((o) => window.__bench(o), options);
  if (!/€/.test(result.totalShown)) throw new Error(`the editor showed no total: ${JSON.stringify(result)}`);
  console.log(JSON.stringify({ bench: 'quote-edit', ...(SMOKE ? { smoke: true } : { budgetMs: 16 }), ...result }));
} finally {
  await browser.close();
  server.close();
}
