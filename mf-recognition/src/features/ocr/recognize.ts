import type { Block, ImageLike, PSM, Worker } from 'tesseract.js';

import { restoreComma } from './decimal-commas';
import { layoutOf, type PageLayout } from './ocr-layout';
import { repairSecondRead } from './paddle/paddle-text';
import { FAINT_RULING_LEVEL, whitenRuling } from './preprocess';
import { dropStruckFigures } from './strike';

/**
 * Below this mean word confidence the page is read again with automatic deskew. Measured on the corpus:
 * deskew costs +40–140 % time for ≤ 0.5 point of CER on pages tilted ≤ 3° (which read at confidence ≥ 87),
 * so it is kept for the pages that really need it.
 */
export const DESKEW_BELOW_CONFIDENCE = 80;

/**
 * The deskewed read is kept only when its confidence is this much higher. Measured on the round-2 note images
 * (issue 13): taking any gain read 16,5 as « 1,65 » or lost lines on hand notes where the gain was 3–10 points;
 * with 5, task F1 0.880 → 0.888 and client fields 0.727 → 0.788.
 */
export const DESKEW_MIN_GAIN = 5;

// tesseract.js' PSM values, typed without importing the library here (it is loaded on first use only).
const SINGLE_BLOCK = '6' as unknown as PSM;
const SINGLE_COLUMN = '4' as unknown as PSM;

/**
 * Page-level OCR settings: the page images are ≤ 1200 px for an A4 sheet, i.e. about 100–150 dpi.
 * `thresholding_method` 1 (Leptonica's tiled Otsu) instead of the default global Otsu: measured on the round-2
 * note images (issue 13), task F1 0.770 → 0.812 (handwriting-like 0.614 → 0.676, printed 0.990 → 1.000), same
 * time; Sauvola (2) gave no gain and more noise, thickening strokes or upscaling ×1.5–2 the hand notes neither.
 */
export const OCR_PARAMETERS = {
  user_defined_dpi: '200',
  thresholding_method: '1',
  tessedit_pageseg_mode: SINGLE_BLOCK,
} as const;

/**
 * Below this mean word confidence the page is read again as one column of lines of varying size (page segmentation
 * mode 4) instead of one uniform block (6, tesseract.js' default), and the surer read is kept. A note is lines of
 * unequal size and slant: as one block, a crease, a shadow or a stray mark made whole pages misalign. Measured on the
 * dev half of the round-3 note images (issue 31, decision 0120): PSM 4 everywhere took handwriting-like CER 22.9 % →
 * 11.9 % (F1 0.581 → 0.613) and printed CER 4.2 % → 0.3 %, but cost the round-2 hand notes 0.02 of F1; PSM 3
 * (automatic) and 11 (sparse) read the hand notes worse (CER 13.4 %, 14.5 %) and slower.
 */
export const COLUMN_BELOW_CONFIDENCE = 80;
const COLUMN_MODE = { tessedit_pageseg_mode: SINGLE_COLUMN };
const BLOCK_MODE = { tessedit_pageseg_mode: OCR_PARAMETERS.tessedit_pageseg_mode };

/**
 * The greyscale page the OCR read (paper = 255), to look again at what it may have dropped; `flattened`: the same page
 * before its ruling was whitened (preprocess.ts), to read a faint note again when tesseract found no word on it.
 */
export type PageImage = { gray: ArrayLike<number>; width: number; height: number; flattened?: ArrayLike<number> };

/**
 * Below this mean word confidence of tesseract's read (after the column and deskew reads) the page is read by the
 * second reader (PP-OCRv4, `paddle/`) and its read is kept. Measured on the dev half of the round-3 note images
 * (decision 0135): handwriting-like task F1 0.613 → 0.806 at 85 (0.754 at 80, 0.787 at 88 where two printed pages
 * were taken too), printed unchanged; round-2 photos 0.836 → 0.882. Printed pages read at ≥ 85 (the OCR speed
 * bench's A4 and phone shots) are not read again. The second read starts as soon as the first read is under it,
 * beside tesseract's own re-reads (its own worker in the browser). 86 (a page read at 85 goes too) since decision 0200:
 * on the dev handwriting renderings (69 pages) the 3 hand pages read at exactly 85 were read better or as well by the
 * second reader (dev-hand 0.791 → 0.821, 0.785 → 0.815), the 3 printed pages at 85 (photos-r3 p05, round-2 n11,
 * n15) as well by both; nothing else moves. The A4 and phone shots of the OCR speed bench read at 86–94 (0135).
 */
export const SECOND_READ_BELOW_CONFIDENCE = 86;

/** A second reader of the same page: text, mean confidence (0–100) and layout in the page's pixels. */
export type SecondReader = (page: PageImage) => Promise<{ text: string; confidence: number; layout: PageLayout }>;

type PageData = { text: string; confidence: number; blocks?: Block[] | null; rotateRadians?: number | null };

export async function recognizePage(
  worker: Worker,
  image: ImageLike,
  page?: PageImage,
  second?: SecondReader,
): Promise<{ text: string; confidence: number; layout: PageLayout | null; reader: 'tesseract' | 'second' }> {
  const output = { text: true, blocks: Boolean(page) };
  let first: PageData = (await worker.recognize(image, {}, output)).data;
  const secondRead =
    page && second && first.confidence < SECOND_READ_BELOW_CONFIDENCE
      ? second(page).catch(() => null) // an engine that fails to start leaves tesseract's read
      : null;
  let best: PageData;
  let column = false;
  try {
    if (first.confidence < COLUMN_BELOW_CONFIDENCE) {
      await worker.setParameters(COLUMN_MODE);
      column = true;
      const asColumn: PageData = (await worker.recognize(image, {}, output)).data;
      if (asColumn.confidence > first.confidence) first = asColumn;
      else {
        await worker.setParameters(BLOCK_MODE);
        column = false;
      }
    }
    best = first;
    if (first.confidence < DESKEW_BELOW_CONFIDENCE) {
      const deskewed: PageData = (await worker.recognize(image, { rotateAuto: true }, output)).data;
      if (deskewed.confidence >= first.confidence + DESKEW_MIN_GAIN) {
        best = deskewed;
      }
    }
  } finally {
    // The worker is shared: the next page starts in the default mode again.
    if (column) await worker.setParameters(BLOCK_MODE);
  }
  // No word at all (tesseract then says 95 % sure of nothing): on a photo of a note, the writing was whitened with the
  // ruling (a faint pencil note out of focus). The second reader reads the page whitened only above FAINT_RULING_LEVEL.
  if (second && page?.flattened && !best.text.trim()) {
    const faint = await second(faintPage(page)).catch(() => null);
    if (faint && faint.text.trim()) return { ...repairSecondRead(faint, null), reader: 'second' };
  }
  if (secondRead && best.confidence < SECOND_READ_BELOW_CONFIDENCE) {
    const read = await secondRead;
    // Tesseract's accents and decimal commas where both read the same word, look-alikes read back (decision 0160).
    if (read && read.text.trim()) {
      const repaired = repairSecondRead(read, layoutOf(best.blocks, read.layout.width, read.layout.height));
      // A figure struck through and written again: the last one is read (strike.ts, decision 0201).
      return { ...repaired, ...dropStruckFigures(repaired, page!), reader: 'second' };
    }
  }
  // A deskewed page's boxes are on the image tesseract rotated: the commas are looked for on the page turned alike.
  const turned = page ? rotatePage(page, best.rotateRadians ?? 0) : null;
  const text = turned ? restoreCommas(best, turned) : best.text;
  // A deskewed page's boxes are on the turned image: a tilt of a few degrees moves a crop by a few pixels only.
  const layout = page ? layoutOf(best.blocks, page.width, page.height) : null;
  const read = turned ? dropStruckFigures({ text, layout }, turned) : { text, layout };
  return { ...read, confidence: best.confidence, reader: 'tesseract' };
}

/** The page with only what is lighter than FAINT_RULING_LEVEL whitened (its `flattened` pixels, copied). */
export function faintPage(page: PageImage): PageImage {
  const gray = whitenRuling(Uint8ClampedArray.from(page.flattened ?? page.gray), FAINT_RULING_LEVEL);
  return { gray, width: page.width, height: page.height };
}

/**
 * The page turned by `radians` about its centre, same size, white brought in: what tesseract's setImage does with
 * the angle `rotateAuto` found (so that the symbol boxes of a deskewed page fall on the right pixels).
 */
export function rotatePage(page: PageImage, radians: number): PageImage {
  if (Math.abs(radians) < 1e-4) return page;
  const { gray, width, height } = page;
  const out = new Uint8ClampedArray(width * height).fill(255);
  const cos = Math.cos(radians);
  const sin = Math.sin(radians);
  const cx = width / 2;
  const cy = height / 2;
  for (let y = 0; y < height; y++) {
    const dy = y - cy;
    for (let x = 0; x < width; x++) {
      const dx = x - cx;
      const sx = Math.round(cx + dx * cos + dy * sin);
      const sy = Math.round(cy - dx * sin + dy * cos);
      if (sx >= 0 && sx < width && sy >= 0 && sy < height) out[y * width + x] = gray[sy * width + sx]!;
    }
  }
  return { gray: out, width, height };
}

/** The page text with the decimal commas tesseract dropped put back (decimal-commas.ts). */
export function restoreCommas(data: PageData, page: PageImage): string {
  let text = data.text;
  let cursor = 0;
  for (const block of data.blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines)
        for (const word of line.words) {
          const at = text.indexOf(word.text, cursor);
          if (at < 0) continue;
          const fixed = restoreComma(word, page.gray, page.width, page.height);
          if (fixed) text = text.slice(0, at) + fixed + text.slice(at + word.text.length);
          cursor = at + (fixed ?? word.text).length;
        }
  return text;
}
