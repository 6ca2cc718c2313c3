// Node side of the embedded OCR (CLI, tests, bench): tesseract.js with the French LSTM model from
// node_modules — no network, nothing written to the working directory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Worker } from 'tesseract.js';

import type { PageLayout } from './ocr-layout';
import { cleanOcrText } from './ocr-text';
import { flattenIllumination, whitenRuling } from './preprocess';
import { OCR_PARAMETERS, type PageImage, recognizePage, type SecondReader } from './recognize';
import { OCR_MAX_SIDE } from './scale';

let workerPromise: Promise<Worker> | null = null;

function frenchModelDir(): string {
  // A folder holding another `fra.traineddata.gz` (benches: a fine-tuned model against the shipped one).
  if (process.env.ATELIER_OCR_FRA_DIR) return process.env.ATELIER_OCR_FRA_DIR;
  const pkg = path.dirname(require.resolve('@tesseract.js-data/fra/package.json'));
  return path.join(pkg, '4.0.0_best_int');
}

async function getWorker(): Promise<Worker> {
  workerPromise ??= (async () => {
    const { createWorker, OEM } = await import('tesseract.js');
    const cachePath = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-ocr-'));
    const worker = await createWorker('fra', OEM.LSTM_ONLY, { langPath: frenchModelDir(), gzip: true, cachePath });
    await worker.setParameters(OCR_PARAMETERS);
    return worker;
  })();
  try {
    return await workerPromise;
  } catch (error) {
    workerPromise = null;
    throw error;
  }
}

/**
 * The second reader of pages tesseract reads unsure (PP-OCRv4, decision 0135), loaded on first use.
 * ATELIER_OCR_SECOND_READER=0 leaves it out (the benches' before/after comparison).
 */
const secondReader: SecondReader | undefined =
  process.env.ATELIER_OCR_SECOND_READER === '0'
    ? undefined
    : async (page) => (await import('./paddle/node-paddle')).paddleReadNode(page);

/** EXIF-oriented, greyscale, longest side ≤ OCR_MAX_SIDE, lighting flattened, ruling whitened, as PGM bytes. */
export async function prepareImageForOcr(input: string | Buffer): Promise<Buffer> {
  return (await preparePage(input)).pgm;
}

/** The prepared page as PGM bytes (what tesseract reads) and as pixels (what the second reader and the passes use). */
export async function preparePage(input: string | Buffer): Promise<{ pgm: Buffer; page: PageImage }> {
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(input, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: OCR_MAX_SIDE, height: OCR_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const flattened = flattenIllumination(data, info.width, info.height);
  const flat = whitenRuling(flattened.slice());
  const pgm = Buffer.concat([
    Buffer.from(`P5\n${info.width} ${info.height}\n255\n`),
    Buffer.from(flat.buffer, flat.byteOffset, flat.byteLength),
  ]);
  return { pgm, page: { gray: flat, width: info.width, height: info.height, flattened } };
}

/** Text of a printed note (image file path or bytes). The worker is created once and reused. */
export async function recognizeImageFile(input: string | Buffer): Promise<string> {
  const [worker, { pgm, page }] = await Promise.all([getWorker(), preparePage(input)]);
  return cleanOcrText((await recognizePage(worker, pgm, page, secondReader)).text);
}

/** Text of a note with where each line and word was read and how sure the OCR was (bench, tests). */
export async function readImageFile(
  input: string | Buffer,
): Promise<{ text: string; confidence: number; layout: PageLayout | null }> {
  const [worker, { pgm, page }] = await Promise.all([getWorker(), preparePage(input)]);
  const read = await recognizePage(worker, pgm, page, secondReader);
  return { text: cleanOcrText(read.text), confidence: read.confidence, layout: read.layout };
}

/** Ends the shared worker (tests and CLI call it so the process can exit). */
export async function terminateNodeOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  if (pending) await (await pending).terminate();
}
