// A long printed page read as two halves by two tesseract workers at once (decision 0145): recognition is one core's
// work, the machine has two. Only a page with many lines is cut, in a blank band of rows near half of its ink, and
// the halves' read is kept only when both are sure of it (printed pages read at 86–94); any other page is read whole,
// as before. Pure functions here; browser-ocr.ts runs the workers.
import type { Box, OcrLine, PageLayout } from './ocr-layout';
import type { PageImage } from './recognize';

/** Darker than this (on the flattened page, paper = 255) is ink (as decimal-commas.ts). */
const INK = 150;
/** A page needs at least this many lines of ink to be cut: a dense printed page, not a short note. */
export const SPLIT_MIN_LINES = 16;
/** The halves' read is kept only when both read at least this sure; else the page is read whole. */
export const SPLIT_KEEP_CONFIDENCE = 85;
/** Cut rows: multiples of this (a JPEG MCU at 4:2:0), so that each half's JPEG holds the whole page's blocks. */
const CUT_STEP = 16;
/** Blank rows wanted on each side of the cut. */
const CUT_MARGIN = 3;

/** Rows each side over which a row's ink is compared with the least inked row near it (about a line's pitch). */
const NEAR_ROWS = 24;

/**
 * Ink of each row of the page above the least inked row near it, counting only short runs of dark pixels (strokes
 * of letters). A long run is the desk, the sheet's edge or its shadow on a photo, or a rule; what stays of a shadow's
 * grain changes slowly from row to row and is taken away with the near minimum: a row between two lines of text
 * comes out near 0, a row through letters well above.
 */
export function inkPerRow({ gray, width, height }: PageImage): Float64Array {
  const longest = Math.max(8, Math.round(width * 0.025));
  const counts = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let n = 0;
    let run = 0;
    for (let x = 0, i = y * width; x <= width; x++, i++) {
      if (x < width && gray[i]! < INK) run++;
      else {
        if (run <= longest) n += run;
        run = 0;
      }
    }
    counts[y] = n;
  }
  const excess = new Float64Array(height);
  for (let y = 0; y < height; y++) {
    let least = Infinity;
    for (let k = Math.max(0, y - NEAR_ROWS); k <= Math.min(height - 1, y + NEAR_ROWS); k++)
      least = Math.min(least, counts[k]!);
    excess[y] = counts[y]! - least;
  }
  return excess;
}

/**
 * The row where the page is cut in two, or null when it is not worth it or not safe: fewer than SPLIT_MIN_LINES
 * lines of ink, or no blank band (CUT_MARGIN rows each side of a multiple of CUT_STEP) between 30 % and 70 % of the
 * rows that hold ink. Among the possible cuts, the one nearest the row that halves the page's ink (each worker gets
 * half of the text). A row is blank when its ink is under 15 % of a well inked row's (the 90th percentile).
 */
export function splitRow(page: PageImage): number | null {
  const { height } = page;
  const ink = inkPerRow(page);
  const inked = Float64Array.from(ink).sort()[Math.floor(height * 0.9)] ?? 0;
  const level = Math.max(4, inked * 0.15);
  const blank = (y: number) => ink[y]! <= level;
  let lines = 0;
  let run = 0;
  let total = 0;
  let first = -1;
  let last = -1;
  for (let y = 0; y <= height; y++) {
    if (y < height && !blank(y)) {
      total += ink[y]!;
      run++;
      if (first < 0) first = y;
      last = y;
    } else {
      if (run >= 4) lines++;
      run = 0;
    }
  }
  if (lines < SPLIT_MIN_LINES || total === 0) return null;
  let half = 0;
  for (let seen = 0; half < height && seen < total / 2; half++) if (!blank(half)) seen += ink[half]!;
  const low = first + (last - first) * 0.3;
  const high = first + (last - first) * 0.7;
  let best: number | null = null;
  for (let cut = CUT_STEP; cut < height; cut += CUT_STEP) {
    if (cut < low || cut > high) continue;
    let clear = true;
    for (let y = cut - CUT_MARGIN; y < cut + CUT_MARGIN && clear; y++) clear = blank(y);
    if (clear && (best === null || Math.abs(cut - half) < Math.abs(best - half))) best = cut;
  }
  return best;
}

/** Rows [y0, y1) of the page, as a page of their own (a view: no copy). */
export function pageBand(page: PageImage, y0: number, y1: number): PageImage {
  const gray = page.gray as Uint8ClampedArray;
  return { gray: gray.subarray(y0 * page.width, y1 * page.width), width: page.width, height: y1 - y0 };
}

const shift = (box: Box, dy: number): Box => ({ x0: box.x0, y0: box.y0 + dy, x1: box.x1, y1: box.y1 + dy });

/** The bottom half's lines moved down by the cut, after the top half's: one page layout. */
export function joinLayouts(top: PageLayout, bottom: PageLayout, cut: number): PageLayout {
  const moved: OcrLine[] = bottom.lines.map((line) => ({
    ...line,
    box: shift(line.box, cut),
    words: line.words.map((word) => ({ ...word, box: shift(word.box, cut) })),
  }));
  return { width: top.width, height: top.height + bottom.height, lines: [...top.lines, ...moved] };
}

/** The two halves' texts as one page text (tesseract ends each with a newline). */
export function joinTexts(top: string, bottom: string): string {
  return top.endsWith('\n') || top === '' ? top + bottom : `${top}\n${bottom}`;
}
