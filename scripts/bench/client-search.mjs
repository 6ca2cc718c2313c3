// /clients search with 500 clients and 3 000 documents (issue 8 budget: a key typed into the search field shows
// the updated list in ≤ 50 ms). In Chromium, keys are typed into the real search input (Playwright keyboard) of the
// page's search (scripts/bench/client-search/search-page.tsx: useClientBook and the ClientSearchList of /clients,
// fed with a generated book). Each keystroke is measured in the page from the key event's timestamp to the first
// frame painted after the list was rendered for the new query (requestAnimationFrame, then the next task).
// The whole page with the backend is measured by client-book.ts. ATELIER_BENCH_SMOKE=1: 20 clients, no budget.
import path from 'node:path';

import { chromium } from 'playwright-core';

import { serveBenchPage, repoRoot, SMOKE } from '../lib/bench-page.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';

const BUDGET_MS = 50;
const sizes = SMOKE
  ? { clients: 20, quotes: 30, invoices: 20, creditNotes: 5 }
  : { clients: 500, quotes: 1500, invoices: 1200, creditNotes: 300 };
const words = SMOKE ? ['lyon'] : ['eloise durand', 'LYON', '06 12', 'client42@', 'besancon', 'zzz'];

const log = (message) => process.stderr.write(`[client-search] ${message}\n`);
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: +at(0.5).toFixed(1), p95: +at(0.95).toFixed(1), max: +(sorted.at(-1) ?? 0).toFixed(1) };
};

const server = await serveBenchPage(path.join(repoRoot, 'scripts/bench/client-search/search-page.tsx'), {
  resolveFrom: path.join(repoRoot, 'mf-clients'),
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.url);
  await page.evaluate((options) => window.__bench(options), sizes);
  const input = page.getByLabel('Rechercher un client');
  await page.getByTestId('client-card').first().waitFor();
  await page.evaluate(() => {
    // Key event → the list rendered for the new query (the list's data-query attribute changes when React commits
    // it) → the frame painted after it (requestAnimationFrame, then the next task).
    const state = { keyAt: 0, samples: [] };
    window.__keystrokes = state;
    document.addEventListener('keydown', (event) => (state.keyAt = event.timeStamp), true);
    const list = document.querySelector('[data-testid="client-list"]');
    new MutationObserver(() => {
      const keyAt = state.keyAt;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => state.samples.push(performance.now() - keyAt);
        channel.port2.postMessage(null);
      });
    }).observe(list, { attributes: true, attributeFilter: ['data-query'] });
  });
  await input.focus();
  // The query the list is rendered for, and whether it shows « no match » or at least one card.
  const listQuery = () => page.getByTestId('client-list').getAttribute('data-query');
  let typed = 0;
  const roundTrips = [];
  for (const word of words) {
    for (const [i, key] of [...word, ...Array(word.length).fill('Backspace')].entries()) {
      if (i === word.length && typed === word.length) {
        // Sanity, once: the list was rendered for the typed word — the keys reached the real search.
        if ((await listQuery()) !== word)
          throw new Error(`typing « ${word} »: the list shows « ${await listQuery()} »`);
      }
      const before = await page.evaluate(() => window.__keystrokes.samples.length);
      const started = Date.now();
      await page.keyboard.press(key);
      await page.waitForFunction((n) => window.__keystrokes.samples.length > n, before, { polling: 'raf' });
      roundTrips.push(Date.now() - started);
      typed += 1;
    }
  }
  const samples = await page.evaluate(() => window.__keystrokes.samples);
  const keystrokeMs = stats(samples);
  const record = {
    bench: 'client-book-search',
    ...sizes,
    keystrokes: typed,
    keystrokeMs,
    // The same keystrokes seen from Node (CDP key press + polling every frame): adds two round trips.
    fromNodeMs: stats(roundTrips),
    ...(SMOKE ? { smoke: true } : { budgetMs: BUDGET_MS, withinBudget: keystrokeMs.median <= BUDGET_MS }),
  };
  console.log(JSON.stringify(record));
  log(
    `key typed → list painted: median ${keystrokeMs.median} ms, p95 ${keystrokeMs.p95} ms, max ${keystrokeMs.max} ms` +
      ` over ${typed} keys (from Node: median ${record.fromNodeMs.median} ms)${SMOKE ? ' [smoke]' : ` (budget ${BUDGET_MS} ms)`}`,
  );
} finally {
  await browser.close();
  server.close();
}
