// The devis line picker's type-ahead over a 5 000-item catalogue (issue 27 budget: ≤ 50 ms per keystroke). In
// Chromium, keys are typed into the real combobox input (Playwright keyboard) of mf-quotes' CataloguePicker
// (scripts/bench/catalogue-picker/picker-page.tsx mounts it over a generated catalogue). Each keystroke is measured
// in the page from the key event's timestamp to the first frame painted after the list was updated
// (requestAnimationFrame, then the next task) — the client-search bench's method. Prints one JSON line.
// ATELIER_BENCH_SMOKE=1: 50 items, one word, no budget.
import path from 'node:path';

import { chromium } from 'playwright-core';

import { serveBenchPage, repoRoot, SMOKE } from '../lib/bench-page.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';

const BUDGET_MS = 50;
const items = SMOKE ? 50 : 5000;
// Accents and case on purpose (« DEPOSE », « cable » for « câble »), a category, several words, no match.
const words = SMOKE ? ['pose'] : ['DEPOSE cable', 'plomberie tuyau', 'REF. 1234', 'electricite cloison', 'zzz'];

const log = (message) => process.stderr.write(`[catalogue-picker] ${message}\n`);
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: +at(0.5).toFixed(1), p95: +at(0.95).toFixed(1), max: +(sorted.at(-1) ?? 0).toFixed(1) };
};

const server = await serveBenchPage(path.join(repoRoot, 'scripts/bench/catalogue-picker/picker-page.tsx'), {
  resolveFrom: path.join(repoRoot, 'mf-quotes'),
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.url);
  await page.waitForFunction(() => typeof window.__bench === 'function', null, { timeout: 30_000 });
  await page.evaluate((n) => window.__bench({ items: n }), items);
  const input = page.getByRole('combobox', { name: 'Ajouter depuis le catalogue' });
  await input.waitFor();
  await page.evaluate(() => {
    const state = { keyAt: 0, samples: [] };
    window.__keystrokes = state;
    document.addEventListener('keydown', (event) => (state.keyAt = event.timeStamp), true);
    document.addEventListener('input', () => {
      const keyAt = state.keyAt;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => state.samples.push(performance.now() - keyAt);
        channel.port2.postMessage(null);
      });
    });
  });
  await input.focus();
  const options = page.getByRole('option');
  let typed = 0;
  for (const word of words) {
    for (const [i, key] of [...word, ...Array(word.length).fill('Backspace')].entries()) {
      if (i === word.length) {
        // Sanity: the typed word reached the real input and filtered the list.
        const status = await page.getByRole('status').textContent();
        const shown = (await page.getByText('Aucune tâche du catalogue ne correspond.').count())
          ? 0
          : await options.count();
        if (word !== 'zzz' && !(shown > 0)) throw new Error(`typing « ${word} » showed no option`);
        if (word === 'zzz' && shown !== 0) throw new Error(`« zzz » showed ${shown} options`);
        log(`« ${word} » → ${status || 'aucun résultat'}`);
      }
      const before = await page.evaluate(() => window.__keystrokes.samples.length);
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await page.waitForFunction((n) => window.__keystrokes.samples.length > n, before, { polling: 'raf' });
      typed += 1;
    }
  }
  // The picker does its job: ↓ then Enter picks an item.
  await page.keyboard.type('pose');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const picked = await page.evaluate(() => window.__picked);
  if (picked.length !== 1) throw new Error(`Enter picked ${picked.length} items`);

  const keystrokeMs = stats(await page.evaluate(() => window.__keystrokes.samples));
  const record = {
    bench: 'catalogue-picker',
    items,
    keystrokes: typed,
    keystrokeMs,
    ...(SMOKE
      ? { smoke: true }
      : { budgetMs: BUDGET_MS, withinBudget: keystrokeMs.median <= BUDGET_MS && keystrokeMs.max <= BUDGET_MS }),
  };
  console.log(JSON.stringify(record));
  log(
    `key typed → list painted over ${items} items: median ${keystrokeMs.median} ms, p95 ${keystrokeMs.p95} ms, ` +
      `max ${keystrokeMs.max} ms over ${typed} keys${SMOKE ? ' [smoke]' : ` (budget ${BUDGET_MS} ms)`}`,
  );
} finally {
  await browser.close();
  server.close();
}
