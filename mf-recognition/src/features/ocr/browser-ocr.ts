// Browser side of the embedded OCR: tesseract.js + the French LSTM model, all served from this remote's
// own assets (no CDN). Nothing here is loaded before the first analysis: callers import this module
// dynamically, and tesseract.js itself is imported on first use. One worker is kept for later images.
import type { Worker } from 'tesseract.js';

import { tesseractAssetUrls } from './asset-urls';
import { idleEnd } from './idle-end';
import { encodedImageSize } from './image-size';
import { seedModelCache } from './model-cache';
import { layoutOf, type PageLayout } from './ocr-layout';
import { cleanOcrText } from './ocr-text';
import { flattenIllumination, rgbaToGray, whitenRuling } from './preprocess';
import {
  OCR_PARAMETERS,
  type PageImage,
  recognizePage,
  restoreCommas,
  SECOND_READ_BELOW_CONFIDENCE,
  type SecondReader,
} from './recognize';
import { jpegScaledSize, jpegScaleEighths, type Size, scaledSize } from './scale';
import { joinLayouts, joinTexts, pageBand, SPLIT_KEEP_CONFIDENCE, splitRow } from './split-read';

declare const __webpack_public_path__: string | undefined;

let workerPromise: Promise<Worker> | null = null;
/** A second worker, started after the first page has been read: long printed pages are read in two halves at once. */
let helperPromise: Promise<Worker> | null = null;
let helper: Worker | null = null;
/** Set once the page has started putting the French model into the worker's cache (model-cache.ts). */
let modelSeeded = false;

function publicPath(): string | undefined {
  return typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : undefined;
}

async function startWorker(): Promise<Worker> {
  const urls = tesseractAssetUrls(publicPath(), document.baseURI);
  if (!modelSeeded) {
    // On a first visit the model's fetch and unpacking run beside the core's load instead of after it (decision 0205).
    modelSeeded = true;
    void seedModelCache(`${urls.langPath}/fra.traineddata.gz`);
  }
  // Preloaded with this module's chunk: the worker starts as soon as both are in (decision 0205).
  const { createWorker, OEM } = await import(/* webpackChunkName: "tesseract", webpackPreload: true */ 'tesseract.js');
  const worker = await createWorker('fra', OEM.LSTM_ONLY, { ...urls, gzip: true });
  await worker.setParameters(OCR_PARAMETERS);
  return worker;
}

async function getWorker(): Promise<Worker> {
  workerPromise ??= startWorker();
  try {
    return await workerPromise;
  } catch (error) {
    workerPromise = null; // a failed start (offline asset, CSP) may succeed on retry
    throw error;
  }
}

type Canvas2D = OffscreenCanvas | HTMLCanvasElement;

function makeCanvas(width: number, height: number): Canvas2D {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

async function encode(canvas: Canvas2D, type: string, quality?: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('Canvas encoding failed'))), type, quality),
  );
}

/** The prepared grey page and the bytes the worker reads (the parity bench compares them with the Node path's). */
export async function preparedForBench(blob: Blob): Promise<{ page: PageImage; encoded: Blob }> {
  const { page, encoded } = await preparePage(blob);
  return { page, encoded: await encoded() };
}

type Prepared = {
  /** The whole page for the worker (PGM). */
  encoded: () => Promise<Blob>;
  page: PageImage;
  /** Set when the page is worth reading in two halves (split-read.ts): the cut row and each half encoded. */
  halves?: { cut: number; top: Blob; bottom: Blob };
};

/**
 * Upright (EXIF orientation applied), ≤ 1200 px, greyscale with lighting flattened and ruling whitened, as the raw
 * grey pixels (PGM) the worker reads: the bytes the Node path gives tesseract (decision 0190). A JPEG of them (0.95)
 * moved tesseract's confidences by a few points, enough to send other hand notes to the second reader or to
 * read them otherwise than Node (photos-r3 dev hand 0.820 in Chromium against 0.871 in Node); and its grey pixels (to
 * look again for dropped decimal commas).
 * With `split`, a long printed page is also given as its two halves (PGM bands of the same pixels).
 */
async function preparePage(blob: Blob, split = false): Promise<Prepared> {
  let t = performance.now();
  const decoded = await decodeScaled(blob);
  measure('atelier:ocr:decode', t);
  try {
    t = performance.now();
    const { width, height } = decoded.target;
    const canvas = makeCanvas(width, height);
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as
      OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!ctx) throw new Error('Canvas 2D indisponible');
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(decoded.image, 0, 0, width, height);
    const image = ctx.getImageData(0, 0, width, height);
    measure('atelier:ocr:scale', t);
    t = performance.now();
    const flattened = flattenIllumination(rgbaToGray(image.data, width, height), width, height);
    const flat = whitenRuling(flattened.slice());
    measure('atelier:ocr:flatten', t);
    t = performance.now();
    // `flattened`: a faint note tesseract finds no word on is read again less whitened (recognize.ts, decision 0200).
    const page = { gray: flat, width, height, flattened };
    const cut = split ? splitRow(page) : null;
    const whole = pgmOf(page, 0, height);
    measure('atelier:ocr:encode', t);
    const halves = cut === null ? undefined : { cut, top: pgmOf(page, 0, cut), bottom: pgmOf(page, cut, height) };
    return { encoded: async () => whole, page, halves };
  } finally {
    decoded.image.close();
  }
}

/** Rows [y0, y1) of the grey page as a binary PGM (P5), the format the Node path gives tesseract. */
function pgmOf({ gray, width }: PageImage, y0: number, y1: number): Blob {
  const pixels = gray as Uint8ClampedArray<ArrayBuffer>;
  const header = `P5\n${width} ${y1 - y0}\n255\n`;
  return new Blob([header, pixels.subarray(y0 * width, y1 * width)], { type: 'image/x-portable-graymap' });
}

type Decoded = { image: (ImageBitmap | VideoFrame) & CanvasImageSource; target: Size };

/**
 * The image, upright, at least the OCR size. A JPEG whose header gives its size is decoded at a reduced scale by the
 * WebCodecs ImageDecoder (libjpeg's DCT scaling: 3/8 for a 12 MP photo, never below the OCR size), else decoded
 * straight to the OCR size by createImageBitmap (which decodes the whole image, then scales it), else whole.
 */
async function decodeScaled(blob: Blob): Promise<Decoded> {
  const header = new Uint8Array(await blob.slice(0, 256 * 1024).arrayBuffer());
  const size = encodedImageSize(header);
  if (size) {
    const target = scaledSize(size);
    if (target.width < size.width) {
      const frame = isJpeg(header) ? await decodeJpegScaled(blob, size, target) : null;
      if (frame) return { image: frame, target };
      const bitmap = await createImageBitmap(blob, {
        imageOrientation: 'from-image',
        resizeWidth: target.width,
        resizeHeight: target.height,
        resizeQuality: 'high',
      });
      if (bitmap.width === target.width && bitmap.height === target.height) return { image: bitmap, target };
      bitmap.close();
    }
  }
  const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
  return { image: bitmap, target: scaledSize({ width: bitmap.width, height: bitmap.height }) };
}

const isJpeg = (bytes: Uint8Array) => bytes[0] === 0xff && bytes[1] === 0xd8;

/**
 * A JPEG decoded at the smallest n/8 scale still at least `target` (upright sizes), or null when the browser has no
 * ImageDecoder or does not give that much. Chromium decodes at the largest scale whose pixel count fits in
 * desiredWidth × desiredHeight, and the frame it returns is drawn upright (EXIF orientation).
 */
async function decodeJpegScaled(blob: Blob, size: Size, target: Size): Promise<VideoFrame | null> {
  if (typeof ImageDecoder === 'undefined') return null;
  const eighths = jpegScaleEighths(size, target);
  if (eighths >= 8) return null;
  const desired = jpegScaledSize(size, eighths);
  let decoder: ImageDecoder | null = null;
  try {
    decoder = new ImageDecoder({
      data: blob.stream(),
      type: 'image/jpeg',
      desiredWidth: desired.width,
      desiredHeight: desired.height,
    });
    const { image } = await decoder.decode();
    if (image.displayWidth >= target.width && image.displayHeight >= target.height) return image;
    image.close();
  } catch {
    /* not decodable here: createImageBitmap below */
  } finally {
    decoder?.close();
  }
  return null;
}

function measure(name: string, start: number): void {
  // Read by scripts/bench/ocr.ts; harmless elsewhere.
  try {
    performance.measure(name, { start, end: performance.now() });
  } catch {
    /* very old browsers */
  }
}

/** Text of a photographed or scanned printed note. */
export async function recognizeImage(blob: Blob): Promise<string> {
  return (await readImage(blob)).text;
}

/**
 * The second reader of pages tesseract reads unsure (PP-OCRv4 in its own worker, decision 0135): its code, worker,
 * runtime and models are loaded on the first such page, never before.
 */
const secondReader: SecondReader = async (page) => {
  const read = await (await import(/* webpackChunkName: "paddle" */ './paddle/browser-paddle')).paddleReadBrowser(page);
  secondLoaded = true;
  return read;
};
/** Set once the second reader has read a page: its worker and models are loaded, starting it costs no download. */
let secondLoaded = false;

/**
 * Text of a note, with where each line and word was read and how sure the OCR was of each word.
 * `second: false` leaves the second reader out, `split: false` the reading of long pages in two halves (a bench's
 * before/after comparison).
 */
export async function readImage(
  blob: Blob,
  { second = true, split = true }: { second?: boolean; split?: boolean } = {},
): Promise<{ text: string; layout: PageLayout | null }> {
  const t0 = performance.now();
  helperIdle.begin();
  pagesAsked += 1;
  const twin = split ? helper : null; // ready (started and warmed up after an earlier page), else read whole
  let prepared = false;
  try {
    const [worker, { encoded, page, halves }] = await Promise.all([
      getWorker().finally(() => measure('atelier:ocr:worker', t0)),
      preparePage(blob, twin !== null).finally(() => measure('atelier:ocr:prepare', t0)),
    ]);
    prepared = true;
    const t1 = performance.now();
    let reader = secondReader;
    if (halves && twin) {
      const read = await readHalves(worker, twin, page, halves);
      if ('text' in read) {
        measure('atelier:ocr:halves', t1);
        measure('atelier:ocr:recognize', t1);
        measure('atelier:ocr:total', t0);
        return { text: cleanOcrText(read.text), layout: read.layout };
      }
      // Halves read unsure (a hand note, mostly): with the second reader already loaded, its read starts now, beside
      // tesseract's whole read, instead of after tesseract's first read of the whole page; recognizePage takes it only
      // where it would have asked for it (same result; decision 0190).
      if (second && secondLoaded && read.confidence < SECOND_READ_BELOW_CONFIDENCE) {
        const started = secondReader(page);
        started.catch(() => undefined); // unused when the whole page reads sure
        reader = () => started;
      }
    }
    const data = await recognizePage(worker, await encoded(), page, second ? reader : undefined);
    measure('atelier:ocr:recognize', t1);
    measure('atelier:ocr:total', t0);
    return { text: cleanOcrText(data.text), layout: data.layout };
  } finally {
    if (split && prepared) startHelper();
    helperIdle.done(); // also when the image could not be read: the idle end of the second worker must not stall
  }
}

/**
 * A long page read as two halves by the two workers at once (split-read.ts), or the less sure half's confidence when
 * either half is read under SPLIT_KEEP_CONFIDENCE (a hand note, a hard page: it is then read whole, with the re-reads
 * of recognizePage).
 */
async function readHalves(
  worker: Worker,
  twin: Worker,
  page: PageImage,
  { cut, top, bottom }: { cut: number; top: Blob; bottom: Blob },
): Promise<{ text: string; layout: PageLayout } | { confidence: number }> {
  const output = { text: true, blocks: true };
  const [a, b] = await Promise.all([worker.recognize(top, {}, output), twin.recognize(bottom, {}, output)]);
  const confidence = Math.min(a.data.confidence, b.data.confidence);
  if (confidence < SPLIT_KEEP_CONFIDENCE) return { confidence };
  const topPage = pageBand(page, 0, cut);
  const bottomPage = pageBand(page, cut, page.height);
  return {
    text: joinTexts(restoreCommas(a.data, topPage), restoreCommas(b.data, bottomPage)),
    layout: joinLayouts(
      layoutOf(a.data.blocks, page.width, cut),
      layoutOf(b.data.blocks, page.width, page.height - cut),
      cut,
    ),
  };
}

/**
 * The second worker ends after this long without a page being read, freeing its WebAssembly heap; the next page is
 * read whole and starts it again (as after a session's first photo). Warm reads a few seconds apart keep it.
 */
export const HELPER_IDLE_MS = 60_000;
const helperIdle = idleEnd(HELPER_IDLE_MS, () => void endHelper());

async function endHelper(): Promise<void> {
  const pending = helperPromise;
  helperPromise = null;
  helper = null;
  if (pending) await (await pending.catch(() => null))?.terminate();
}

/** Starts the second worker once, after a first page (so that it never slows the first photo), and warms it up. */
function startHelper(): void {
  helperPromise ??= (async () => {
    const worker = await startWorker();
    const sample = await syntheticLines();
    if (sample) await worker.recognize(sample);
    helper = worker;
    return worker;
  })();
  helperPromise.catch(() => {
    helperPromise = null; // offline asset: read pages whole
  });
}

let warmUp: Promise<void> | null = null;
/** Pages asked for in this page's life (readImage calls). */
let pagesAsked = 0;

/**
 * Starts the worker and loads the model ahead of the first image (the photo panel on idle, a photo button pressed),
 * then reads a few synthetic lines once: the engine's WebAssembly is compiled function by function on first call and
 * tiered up while it runs, so without this the first real page runs on baseline code (with the worker already
 * started, the first 12 MP page took 2.6 s to recognise against 1.1 s warm — issue 30, decision 0019).
 */
export function warmUpOcr(): void {
  warmUp ??= (async () => {
    const worker = await getWorker();
    const sample = await syntheticLines();
    // A photo chosen before the engine was up (picked the instant the button was pressed) warms it up itself: the
    // sample would only be read before it (decision 0205).
    if (sample && pagesAsked === 0) await worker.recognize(sample);
  })().catch(() => {
    warmUp = null; // offline asset, CSP: the next intent tries again
  });
}

/** A small white page with a few printed lines of a devis (the kind of text the engine will read). */
async function syntheticLines(): Promise<Blob | null> {
  const lines = [
    'Peinture murs 12,5 m2 25,50 €',
    'Pose carrelage 8 m2 45 €',
    'Dépose lavabo 1 unité',
    'M. Dupont 06 12 34 56 78',
  ];
  const canvas = makeCanvas(720, 40 + lines.length * 44);
  const ctx = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
  if (!ctx) return null;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000';
  ctx.font = '28px sans-serif';
  lines.forEach((line, i) => ctx.fillText(line, 20, 50 + i * 44));
  return encode(canvas, 'image/png');
}

export async function terminateBrowserOcr(): Promise<void> {
  const pending = workerPromise;
  workerPromise = null;
  warmUp = null;
  helperIdle.cancel();
  if (pending) await (await pending.catch(() => null))?.terminate();
  await endHelper();
}
