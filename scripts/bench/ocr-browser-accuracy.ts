#!/usr/bin/env tsx
// The browser OCR's accuracy in Chromium (decision 0145): the printed corpus (fixtures/images, 16) and the round-2
// note images (54) read by mf-recognition's readImage — ImageDecoder / canvas preparation, tesseract.js workers —
// then the embedded analyser, scored as the Node benches score them (task F1, client fields, mean CER). The second
// reader (PP-OCR) is left out: this measures tesseract's path (decision 0145). Assets come from a production build
// (OCR_BENCH_DIST, default mf-recognition/dist); the OCR code itself is bundled from the working tree.
//
//   pnpm exec tsx scripts/bench/ocr-browser-accuracy.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { extractFromText } from '../../mf-recognition/src/features/analysis/embedded/extract-from-text';
import { characterErrorRate } from '../../mf-recognition/src/features/ocr/ocr-quality';
import { loadCatalogue } from '../../mf-recognition/src/testing/dictation-corpus';
import {
  percent as pct,
  type Round2Case,
  reportRound2,
  scoreRound2,
} from '../../mf-recognition/src/testing/round-2-corpus';
import { serveBenchPage } from '../lib/bench-page.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const distDir = path.resolve(process.env.OCR_BENCH_DIST ?? path.join(repoRoot, 'mf-recognition/dist'));
const smoke = process.env.ATELIER_BENCH_SMOKE === '1';
type Entry = { id: string; file: string; expected: string; text: string; tags?: string[] };
const CORPORA = [
  { name: 'printed corpus', dir: path.join(repoRoot, 'mf-recognition/fixtures/images'), tags: ['imprime'] },
  { name: 'round-2 notes', dir: path.join(repoRoot, 'mf-recognition/fixtures/round-2/images'), tags: [] },
];

async function main() {
  const served = await serveBenchPage(path.join(here, 'ocr-browser/harness.ts'), {
    files: { dir: distDir, under: /^\/(tesseract|paddle)\// },
  });
  const origin = served.url;
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const catalogue = loadCatalogue();
  try {
    const page = await browser.newPage();
    await page.goto(origin);
    await page.waitForFunction(() => Boolean(window.__ocrBench));
    for (const corpus of CORPORA) {
      let entries = JSON.parse(fs.readFileSync(path.join(corpus.dir, 'manifest.json'), 'utf8')) as Entry[];
      if (smoke) entries = entries.slice(0, 2);
      const cases: Round2Case[] = [];
      const cers: number[] = [];
      const times: number[] = [];
      for (const entry of entries) {
        const bytes = [...fs.readFileSync(path.join(corpus.dir, entry.file))];
        const type = entry.file.endsWith('.png') ? 'image/png' : 'image/jpeg';
        const { text, ms } = await page.evaluate(
          ([b, t]) => window.__ocrBench.read(new Uint8Array(b as number[]), t as string),
          [bytes, type] as const,
        );
        times.push(ms);
        cers.push(characterErrorRate(entry.text, text, { loose: true }));
        const expected = JSON.parse(fs.readFileSync(path.join(corpus.dir, entry.expected), 'utf8'));
        cases.push({
          id: entry.id,
          tags: entry.tags ?? corpus.tags,
          text,
          expected: { tasks: expected.tasks, client: expected.client ?? {} },
        });
      }
      const score = scoreRound2(cases, (text) => extractFromText(text, catalogue, { flow: 'image' }));
      const report = reportRound2(score, 'images');
      const meanCer = cers.reduce((a, b) => a + b, 0) / cers.length;
      const median = [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
      console.log(
        `chromium ${corpus.name}: ${entries.length} images — ${report.summary}, ${report.client}, mean CER ${pct(meanCer)}, OCR median ${Math.round(median)} ms`,
      );
      console.log(
        JSON.stringify({
          bench: 'ocr-browser-accuracy',
          corpus: corpus.name,
          images: entries.length,
          taskF1: Number(score.overall.f1.toFixed(3)),
          clientAccuracy: Number(score.overall.clientAccuracy.toFixed(3)),
          meanCerLoose: Number(meanCer.toFixed(4)),
        }),
      );
    }
  } finally {
    await browser.close();
    served.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
