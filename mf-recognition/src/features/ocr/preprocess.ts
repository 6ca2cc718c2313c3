// Shared by the browser and Node OCR paths: evens out uneven lighting (a phone shot of a sheet under a lamp)
// before tesseract binarises the page. Tesseract's global Otsu threshold fails on a lit-to-shaded gradient
// with sensor noise: it then reads the shadow as thousands of glyphs (8 s of garbage on the corpus image
// 14-chambre-girard), while the flattened page reads cleanly.

/** Side of the square blocks the paper brightness is estimated on (px, on the ~1200 px OCR image). */
const BLOCK = 32;
/** Brightness percentile taken as "paper" in a block: text covers far less than 20 % of a block. */
const PAPER_PERCENTILE = 0.8;

/** Luminance of RGBA pixels (Rec. 601 weights, integer maths). */
export function rgbaToGray(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Uint8ClampedArray {
  const gray = new Uint8ClampedArray(width * height);
  for (let i = 0, p = 0; p < gray.length; i += 4, p++) {
    gray[p] = (rgba[i]! * 77 + rgba[i + 1]! * 150 + rgba[i + 2]! * 29) >> 8;
  }
  return gray;
}

function blockBackground(gray: ArrayLike<number>, width: number, height: number, bx: number, by: number): number {
  const histogram = new Uint32Array(256);
  const x0 = bx * BLOCK;
  const y0 = by * BLOCK;
  const x1 = Math.min(width, x0 + BLOCK);
  const y1 = Math.min(height, y0 + BLOCK);
  for (let y = y0; y < y1; y++) {
    const row = y * width;
    for (let x = x0; x < x1; x++) histogram[gray[row + x]!]!++;
  }
  const target = (x1 - x0) * (y1 - y0) * PAPER_PERCENTILE;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += histogram[v]!;
    if (seen >= target) return Math.max(v, 1);
  }
  return 255;
}

/**
 * Divides every pixel by the local paper brightness (bilinear between block estimates), so the paper
 * becomes uniformly white and the ink keeps its contrast. A flat white page is returned unchanged.
 */
export function flattenIllumination(gray: ArrayLike<number>, width: number, height: number): Uint8ClampedArray {
  const cols = Math.ceil(width / BLOCK);
  const rows = Math.ceil(height / BLOCK);
  const background = new Float32Array(cols * rows);
  for (let by = 0; by < rows; by++) {
    for (let bx = 0; bx < cols; bx++) background[by * cols + bx] = blockBackground(gray, width, height, bx, by);
  }
  // Where each column lies between two block columns, and each row between two block rows: the paper level of a
  // pixel is the same bilinear mix as before (same operations in the same order, so the same bytes), but the
  // horizontal mixes are made once per band of rows that share their two block rows, not once per pixel.
  const bx0s = new Int32Array(width);
  const bx1s = new Int32Array(width);
  const txs = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const fx = Math.min(Math.max((x + 0.5) / BLOCK - 0.5, 0), cols - 1);
    bx0s[x] = Math.floor(fx);
    bx1s[x] = Math.min(bx0s[x]! + 1, cols - 1);
    txs[x] = fx - bx0s[x]!;
  }
  const tops = new Float64Array(width);
  const bottoms = new Float64Array(width);
  let band = -1;
  const out = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) {
    const fy = Math.min(Math.max((y + 0.5) / BLOCK - 0.5, 0), rows - 1);
    const by0 = Math.floor(fy);
    const by1 = Math.min(by0 + 1, rows - 1);
    const ty = fy - by0;
    if (by0 !== band) {
      band = by0;
      const r0 = by0 * cols;
      const r1 = by1 * cols;
      for (let x = 0; x < width; x++) {
        const bx0 = bx0s[x]!;
        const bx1 = bx1s[x]!;
        const tx = txs[x]!;
        tops[x] = background[r0 + bx0]! * (1 - tx) + background[r0 + bx1]! * tx;
        bottoms[x] = background[r1 + bx0]! * (1 - tx) + background[r1 + bx1]! * tx;
      }
    }
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const paper = tops[x]! * (1 - ty) + bottoms[x]! * ty;
      out[row + x] = (gray[row + x]! * 255) / paper;
    }
  }
  return out;
}

/** On the flattened page (paper = 255), what is lighter than this is paper, ruling or grid, never ink. */
// Measured on the round-2 note images: 200 removes the squares and lines (mean CER 43 % → 9 %, the garbage rows
// gone) and keeps printed notes at F1 1.000; 175 starts eating blurred thin strokes.
export const RULING_LEVEL = 200;

/**
 * Whitens what is lighter than `level` on a flattened page: the blue squares and lines of a notebook, a notepad's
 * ruling, JPEG halos. Left in, tesseract's global threshold may take a dense grid for ink and read it as rows of
 * letters (« SSSESSEN… » over a squared page). Ink (ballpoint, felt-tip, pencil) stays far darker. In place.
 */
export function whitenRuling(gray: Uint8ClampedArray, level = RULING_LEVEL): Uint8ClampedArray {
  for (let i = 0; i < gray.length; i++) if (gray[i]! >= level) gray[i] = 255;
  return gray;
}

/**
 * The level a page's ruling is whitened at when tesseract found no word on it at RULING_LEVEL (recognize.ts): a pencil
 * note shot out of focus or in low light keeps its ink at 200–245 once flattened, so that RULING_LEVEL whitens the
 * writing itself. Measured on the dev handwriting renderings of decision 0200 (the 3 of 69 pages read empty): the
 * second reader read their tasks 0/10 at 200, 1/10 at 235–240, 5–6/10 at 245–255; on the pages read at all, 215
 * and 230 read worse than 200 (photos-r3 dev hand 0.871 → 0.857).
 */
export const FAINT_RULING_LEVEL = 250;
