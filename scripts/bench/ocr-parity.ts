#!/usr/bin/env tsx
// Browser / Node OCR parity (decision 0190): each photos-r3 DEV note (or the images of --dir, e.g. a `generate.mjs
// --dev-hand` rendering) prepared by Chromium (the browser path's decode, scale, grey, flattening and the bytes its
// tesseract worker reads) and by Node (sharp), then both read in Node by the same engines (tesseract.js, PP-OCR via
// onnxruntime-web: the same WebAssembly as in the browser, so Chromium's read is reproduced exactly from its bytes).
// Per note: the pixels' mean difference, which reader kept the page and its confidence, task F1 — where the two
// runtimes part. Assets come from a production build of mf-recognition (OCR_BENCH_DIST, default mf-recognition/dist).
//
//   pnpm exec tsx scripts/bench/ocr-parity.ts [--dir=<folder with manifest.json>] [--only=<id prefix>]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { characterErrorRate } from '../../mf-recognition/src/features/ocr/ocr-quality';
import { cleanOcrText } from '../../mf-recognition/src/features/ocr/ocr-text';
import { paddleReadNode } from '../../mf-recognition/src/features/ocr/paddle/node-paddle';
import { OCR_PARAMETERS, type PageImage, recognizePage } from '../../mf-recognition/src/features/ocr/recognize';
import {
  loadPhotosR3,
  type PhotoR3Entry,
  PHOTOS_R3_DIR,
  scorePhotosR3,
} from '../../mf-recognition/src/testing/photos-r3';
import { percent as pct, reportRound2 } from '../../mf-recognition/src/testing/round-2-corpus';
import { serveBenchPage } from '../lib/bench-page.mjs';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const distDir = path.resolve(process.env.OCR_BENCH_DIST ?? path.join(repoRoot, 'mf-recognition/dist'));
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const dir = path.resolve(arg('dir') ?? PHOTOS_R3_DIR);

type Side = { page: PageImage; bytes: Buffer };

function pgmPage(pgm: Buffer): PageImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), gray: pgm.subarray(header[0].length) };
}

async function main() {
  // Imported here, as the other OCR benches do (node-ocr loads sharp on first use).
  const { prepareImageForOcr } = await import('../../mf-recognition/src/features/ocr/node-ocr');
  // Dev notes only: the held-out half is never read case by case.
  let entries = (JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as PhotoR3Entry[]).filter(
    (e) => e.half !== 'held-out',
  );
  if (dir === PHOTOS_R3_DIR) entries = loadPhotosR3().filter((e) => e.half === 'dev');
  const only = arg('only');
  if (only) entries = entries.filter((e) => e.id.startsWith(only));
  const served = await serveBenchPage(path.join(here, 'ocr-parity/harness.ts'), {
    files: { dir: distDir, under: /^\/(tesseract|paddle)\// },
  });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/fra/package.json')), '4.0.0_best_int');
  const cachePath = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-parity-'));
  const worker = await createWorker('fra', OEM.LSTM_ONLY, { langPath, gzip: true, cachePath });
  await worker.setParameters(OCR_PARAMETERS);
  try {
    const tab = await browser.newPage();
    await tab.goto(served.url);
    await tab.waitForFunction(() => Boolean(window.__parity));
    const runs: Record<'node' | 'chromium', Parameters<typeof scorePhotosR3>[0][number][]> = { node: [], chromium: [] };
    for (const entry of entries) {
      const file = path.join(dir, entry.file);
      const prepared = await tab.evaluate(
        (b) => window.__parity.prepare(new Uint8Array(b)),
        [...fs.readFileSync(file)],
      );
      const sides: Record<'node' | 'chromium', Side> = {
        chromium: {
          page: { width: prepared.width, height: prepared.height, gray: Buffer.from(prepared.gray, 'base64') },
          bytes: Buffer.from(prepared.bytes, 'base64'),
        },
        node: await prepareImageForOcr(file).then((pgm) => ({ page: pgmPage(pgm), bytes: pgm })),
      };
      const [a, b] = [sides.node.page, sides.chromium.page];
      let diff = 0;
      const sameSize = a.width === b.width && a.height === b.height;
      if (sameSize) for (let i = 0; i < a.gray.length; i++) diff += Math.abs(a.gray[i]! - b.gray[i]!);
      const line: string[] = [
        `${entry.id} ${entry.tags.includes('manuscrit') ? 'hand ' : 'print'} ${a.width}×${a.height}` +
          (sameSize ? ` Δ ${(diff / a.gray.length).toFixed(2)}` : ` / ${b.width}×${b.height}`),
      ];
      for (const side of ['node', 'chromium'] as const) {
        const read = await recognizePage(worker, sides[side].bytes, sides[side].page, paddleReadNode);
        const text = cleanOcrText(read.text);
        const run = {
          entry,
          ocrText: text,
          ocrMs: 0,
          cer: characterErrorRate(entry.text, text, { loose: true }),
          case: {
            id: entry.id,
            tags: entry.tags,
            text,
            expected: JSON.parse(fs.readFileSync(path.join(dir, entry.expected), 'utf8')),
          },
        };
        runs[side].push(run);
        const f1 = scorePhotosR3([run]).overall.f1;
        line.push(`${side} ${read.reader} ${Math.round(read.confidence)} F1 ${f1.toFixed(2)} CER ${pct(run.cer)}`);
      }
      console.log(line.join(' | '));
    }
    for (const side of ['node', 'chromium'] as const)
      for (const [part, tag] of [
        ['printed', 'imprime'],
        ['hand', 'manuscrit'],
      ] as const) {
        const list = runs[side].filter((r) => r.entry.tags.includes(tag));
        if (!list.length) continue;
        const report = reportRound2(scorePhotosR3(list), 'images');
        const cer = list.reduce((n, r) => n + r.cer, 0) / list.length;
        console.log(
          `${side} prepared, ${part}: ${list.length} images — ${report.summary}, ${report.client}, mean CER ${pct(cer)}`,
        );
      }
  } finally {
    await worker.terminate();
    await browser.close();
    served.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
