#!/usr/bin/env tsx
// Handwriting gate study (decision 0200), DEV DATA ONLY: reads each page of a set once by tesseract (the app's
// tesseract path: first read, column and deskew re-reads) and once by PP-OCR (raw, before the repairs), and writes
// both reads with their layouts to a JSON cache, so that gates and per-line choices between the two readers can be
// scored offline (`handwriting-gate.ts`) without reading the pages again. The held-out half is refused.
//
//   pnpm exec tsx scripts/study/handwriting-reads.ts --set=r3dev|round2|<dir with manifest.json> --out=<file.json>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { entriesOf, type FigureEntry } from './handwriting-figures';
import { paddleReadNode } from '../../mf-recognition/src/features/ocr/paddle/node-paddle';
import { OCR_PARAMETERS, type PageImage, recognizePage } from '../../mf-recognition/src/features/ocr/recognize';

const require = createRequire(import.meta.url);
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

export type CachedEntry = FigureEntry;

function pgmPage(pgm: Buffer): PageImage {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
  return { width: Number(header[1]), height: Number(header[2]), gray: new Uint8Array(pgm.subarray(header[0].length)) };
}

async function main() {
  const set = arg('set') ?? 'r3dev';
  const out = arg('out') ?? path.join(os.tmpdir(), `handwriting-${path.basename(set)}.json`);
  const { prepareImageForOcr } = await import('../../mf-recognition/src/features/ocr/node-ocr');
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/fra/package.json')), '4.0.0_best_int');
  const cachePath = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-hw-'));
  const worker = await createWorker('fra', OEM.LSTM_ONLY, { langPath, gzip: true, cachePath });
  await worker.setParameters(OCR_PARAMETERS);
  const pages = [];
  for (const entry of entriesOf(set)) {
    const pgm = await prepareImageForOcr(path.join(entry.dir, entry.file));
    const page = pgmPage(pgm);
    const tesseract = await recognizePage(worker, pgm, page);
    const paddle = await paddleReadNode(page);
    pages.push({ entry, tesseract, paddle });
    process.stderr.write(`${entry.id} ${tesseract.confidence.toFixed(1)} ${paddle.confidence.toFixed(1)}\n`);
  }
  await worker.terminate();
  fs.writeFileSync(out, JSON.stringify(pages));
  console.log(`${pages.length} pages → ${out}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
