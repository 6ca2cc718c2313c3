// Runs the 200-line edit benchmark in Chromium against mf-quotes' production build (standalone mount).
// Usage: (cd mf-quotes && pnpm build) && node mf-quotes/src/features/quote-builder/bench/run-in-chromium.mjs
// Prints one JSON line with per-edit timings (ms): recompute + React re-render + forced layout.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../../../scripts/lib/chromium.cjs';

const dist = resolve(fileURLToPath(import.meta.url), '../../../../../dist');
const types = { '.js': 'text/javascript', '.html': 'text/html', '.json': 'application/json', '.css': 'text/css' };

const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file = join(dist, path);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) {
    if (path.endsWith('.json') || extname(path)) {
      res.writeHead(404).end();
      return;
    }
    file = join(dist, 'index.html');
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const { port } = server.address();

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
