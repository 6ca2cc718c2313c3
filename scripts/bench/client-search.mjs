// /clients with 500 clients and 3 000 documents (issue 8): search keystroke → list updated, in Chromium against
// mf-clients' production build (standalone mount). Budget ≤ 50 ms per keystroke.
// Usage: (cd mf-clients && pnpm build) && node scripts/bench/client-search.mjs
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';
import { serveDist } from '../lib/serve-dist.mjs';

const dist = resolve(fileURLToPath(import.meta.url), '../../../mf-clients/dist');

if (!existsSync(join(dist, 'index.html'))) {
  console.log(JSON.stringify({ bench: 'client-book-search', skipped: 'mf-clients/dist missing: build it first' }));
  process.exit(0);
}

const server = await serveDist(dist);
const { port } = server;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => typeof window.__atelierClientBookBench === 'function', null, { timeout: 30_000 });
  const result = await page.evaluate(() => window.__atelierClientBookBench({ clients: 500 }));
  console.log(
    JSON.stringify({
      bench: 'client-book-search',
      budgetMs: 50,
      ...result,
      withinBudget: result.keystrokeMs.p95 <= 50,
    }),
  );
} finally {
  await browser.close();
  server.close();
}
