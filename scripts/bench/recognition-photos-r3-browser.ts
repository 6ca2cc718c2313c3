#!/usr/bin/env tsx
// Round-3 note images through mf-recognition's BROWSER OCR in Chromium (decision 0135): what the app does on a
// phone — prepare (ImageDecoder / canvas), tesseract.js in its worker, and for pages tesseract reads under
// SECOND_READ_BELOW_CONFIDENCE the PP-OCR worker (onnxruntime-web) — then the same embedded analyser and scoring as
// recognition-photos-r3.ts. `--second=0` leaves the second reader out (before/after on the same build). Assets come
// from a production build of mf-recognition (OCR_BENCH_DIST, default mf-recognition/dist).
//
//   pnpm exec tsx scripts/bench/recognition-photos-r3-browser.ts [--half=dev|held-out] [--second=0]
//   [--only=<dev id prefix>] [--verbose] (prints the dev notes' text)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { percent as pct, reportRound2 } from '../../mf-recognition/src/testing/round-2-corpus';
import { loadPhotosR3, readPhotosR3, scorePhotosR3 } from '../../mf-recognition/src/testing/photos-r3';
import { serveBenchPage } from '../lib/bench-page.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const distDir = path.resolve(process.env.OCR_BENCH_DIST ?? path.join(repoRoot, 'mf-recognition/dist'));
const args = process.argv.slice(2);
const half = args.find((a) => a.startsWith('--half='))?.slice('--half='.length);
const second = !args.includes('--second=0');
const smoke = process.env.ATELIER_BENCH_SMOKE === '1';
async function main() {
  if (!fs.existsSync(path.join(distDir, 'paddle')) || !fs.existsSync(CHROMIUM_PATH)) {
    console.error(
      `recognition-photos-r3-browser: skipped (${distDir}/paddle or ${CHROMIUM_PATH} missing: build mf-recognition)`,
    );
    console.log(JSON.stringify({ bench: 'recognition-photos-r3-chromium', skipped: 'mf-recognition not built' }));
    return;
  }
  const served = await serveBenchPage(path.join(here, 'photos-browser/harness.ts'), {
    files: { dir: distDir, under: /^\/(tesseract|paddle)\// },
  });
  const origin = served.url;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => Boolean(window.__bench));
    let entries = loadPhotosR3().filter((e) => !half || e.half === half);
    if (smoke) entries = entries.filter((e) => e.half === 'dev').slice(0, 2);
    const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
    if (only) entries = entries.filter((e) => e.half === 'dev' && e.id.startsWith(only));
    const times: Record<string, number[]> = { printed: [], hand: [] };
    const runs = await readPhotosR3(entries, undefined, async (file, entry) => {
      const bytes = [...fs.readFileSync(file)];
      const { text, ms } = await page.evaluate(
        ([b, s]) => window.__bench.read(new Uint8Array(b as number[]), s as boolean),
        [bytes, second] as const,
      );
      times[entry.tags.includes('manuscrit') ? 'hand' : 'printed']!.push(ms);
      // Dev notes only: the held-out half is read in summary.
      if (args.includes('--verbose') && entry.half === 'dev')
        console.error(`[${entry.id}] ${Math.round(ms)} ms\n${text}\n`);
      return text;
    });
    const result: Record<string, unknown> = { bench: 'recognition-photos-r3-chromium', second, images: runs.length };
    for (const h of ['dev', 'held-out']) {
      const inHalf = runs.filter((r) => r.entry.half === h);
      if (!inHalf.length) continue;
      for (const [part, list] of [
        ['all', inHalf],
        ['printed', inHalf.filter((r) => r.entry.tags.includes('imprime'))],
        ['hand', inHalf.filter((r) => r.entry.tags.includes('manuscrit'))],
      ] as const) {
        if (!list.length) continue;
        const report = reportRound2(scorePhotosR3(list), 'images');
        const cer = list.reduce((n, r) => n + r.cer, 0) / list.length;
        console.log(
          `chromium photos r3 ${h} ${part}: ${list.length} images — ${report.summary}, ${report.client}, mean CER ${pct(cer)}`,
        );
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    for (const [k, xs] of Object.entries(times))
      if (xs.length)
        console.log(`chromium OCR ${k}: median ${Math.round(median(xs))} ms over ${xs.length} (first page included)`);
    console.log(JSON.stringify(result));
  } finally {
    await browser.close();
    served.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
