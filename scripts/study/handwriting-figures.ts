#!/usr/bin/env tsx
// Handwriting figure study (decision 0215), DEV DATA ONLY: reads each page of a dev set through the app's Node OCR
// path (tesseract, the second reader under its gate, repairs, strikes) and writes to a JSON cache, per page, the kept
// read (text as the analyser gets it, layout, reader) and tesseract's and PP-OCR's own layouts, so that lost tasks can
// be classified (figure / word / layout / analyser) and figure re-reads scored offline. The held-out half is refused.
//
//   pnpm exec tsx scripts/study/handwriting-figures.ts --set=r3dev|round2|<dir with manifest.json> --out=<file.json>
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { layoutOf, type PageLayout } from '../../mf-recognition/src/features/ocr/ocr-layout';
import { cleanOcrText } from '../../mf-recognition/src/features/ocr/ocr-text';
import { paddleReadNode } from '../../mf-recognition/src/features/ocr/paddle/node-paddle';
import { OCR_PARAMETERS, recognizePage } from '../../mf-recognition/src/features/ocr/recognize';
import { loadPhotosR3, PHOTOS_R3_DIR } from '../../mf-recognition/src/testing/photos-r3';
import { loadPhotoManifest, ROUND_2_IMAGES_DIR } from '../../mf-recognition/src/testing/round-2-photos';

const require = createRequire(import.meta.url);
const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

export type FigureEntry = { id: string; dir: string; file: string; expected: string; tags: string[]; text: string };
export type FigurePage = {
  entry: FigureEntry;
  kept: { text: string; raw: string; layout: PageLayout | null; reader: string; confidence: number };
  tesseract: { confidence: number; layout: PageLayout } | null;
  paddle: { confidence: number; layout: PageLayout } | null;
};

export function entriesOf(set: string): FigureEntry[] {
  if (set === 'r3dev')
    return loadPhotosR3()
      .filter((e) => e.half === 'dev')
      .map((e) => ({ ...e, dir: PHOTOS_R3_DIR }));
  if (set === 'round2') return loadPhotoManifest().map((e) => ({ ...e, dir: ROUND_2_IMAGES_DIR }));
  const dir = path.resolve(set);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as FigureEntry[];
  return manifest.filter((e) => !/held/.test((e as { half?: string }).half ?? '')).map((e) => ({ ...e, dir }));
}

async function main() {
  // Imported here, not at the top: under tsx, node-ocr's own `import('sharp')` fails to resolve from a static import.
  const { preparePage } = await import('../../mf-recognition/src/features/ocr/node-ocr');
  const set = arg('set') ?? 'r3dev';
  const out = arg('out') ?? path.join(os.tmpdir(), `figures-${path.basename(set)}.json`);
  const { createWorker, OEM } = await import('tesseract.js');
  const langPath = path.join(path.dirname(require.resolve('@tesseract.js-data/fra/package.json')), '4.0.0_best_int');
  const cachePath = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-hw-'));
  const worker = await createWorker('fra', OEM.LSTM_ONLY, { langPath, gzip: true, cachePath });
  await worker.setParameters(OCR_PARAMETERS);
  const pages: FigurePage[] = [];
  for (const entry of entriesOf(set)) {
    const { pgm, page } = await preparePage(path.join(entry.dir, entry.file));
    const reads: { confidence: number; blocks: unknown }[] = [];
    const recorder = new Proxy(worker, {
      get(target, key, receiver) {
        if (key !== 'recognize') return Reflect.get(target, key, receiver);
        return async (...args: Parameters<typeof worker.recognize>) => {
          const result = await target.recognize(...args);
          reads.push({ confidence: result.data.confidence, blocks: result.data.blocks });
          return result;
        };
      },
    });
    let paddle: FigurePage['paddle'] = null;
    const read = await recognizePage(recorder, pgm, page, async (p) => {
      const r = await paddleReadNode(p);
      paddle = { confidence: r.confidence, layout: r.layout };
      return r;
    });
    const best = reads.sort((a, b) => b.confidence - a.confidence)[0];
    pages.push({
      entry,
      kept: {
        text: cleanOcrText(read.text),
        raw: read.text,
        layout: read.layout,
        reader: read.reader,
        confidence: read.confidence,
      },
      tesseract: best
        ? { confidence: best.confidence, layout: layoutOf(best.blocks as never, page.width, page.height) }
        : null,
      paddle,
    });
    process.stderr.write(`${entry.id} ${read.reader} ${read.confidence.toFixed(1)}\n`);
  }
  await worker.terminate();
  fs.writeFileSync(out, JSON.stringify(pages));
  console.log(`${pages.length} pages → ${out}`);
}

if (process.argv[1] && /handwriting-figures/.test(process.argv[1]))
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
