// Decimal commas tesseract drops on handwriting-like notes (issue 13): « Gouttière 12,5 ml » read « 125 ml »,
// « M.O. 2,5 h » read « 25h ». The comma is a small low glyph between two figures; on a hand-drawn line the LSTM
// often folds it into the box of the next (or previous) figure and emits nothing. On the page image, it is still
// there: a small blob of ink, apart from both figures, in the lower part of the line, between their centres. This
// looks for that blob in every run of figures the OCR gave, and puts the comma back. Shared by Node and browser.

export type Box = { x0: number; y0: number; x1: number; y1: number };
export type OcrSymbol = { text: string; bbox: Box };
export type OcrWord = { text: string; symbols: OcrSymbol[] };

/** Darker than this (on the flattened page, paper = 255) is ink. */
const INK = 150;

type Component = { area: number; x0: number; y0: number; x1: number; y1: number };

/** 8-connected components of ink in a box of the page. */
function components(gray: ArrayLike<number>, width: number, height: number, box: Box): Component[] {
  const x0 = Math.max(0, Math.floor(box.x0));
  const y0 = Math.max(0, Math.floor(box.y0));
  const x1 = Math.min(width - 1, Math.ceil(box.x1));
  const y1 = Math.min(height - 1, Math.ceil(box.y1));
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  if (w <= 0 || h <= 0) return [];
  const seen = new Uint8Array(w * h);
  const found: Component[] = [];
  const stack: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (seen[i] || gray[(y + y0) * width + x + x0]! >= INK) continue;
      const c: Component = { area: 0, x0: x, y0: y, x1: x, y1: y };
      seen[i] = 1;
      stack.push(i);
      while (stack.length) {
        const j = stack.pop()!;
        const cx = j % w;
        const cy = (j - cx) / w;
        c.area++;
        if (cx < c.x0) c.x0 = cx;
        if (cx > c.x1) c.x1 = cx;
        if (cy < c.y0) c.y0 = cy;
        if (cy > c.y1) c.y1 = cy;
        for (let dy = -1; dy <= 1; dy++) {
          const ny = cy + dy;
          if (ny < 0 || ny >= h) continue;
          for (let dx = -1; dx <= 1; dx++) {
            const nx = cx + dx;
            if (nx < 0 || nx >= w) continue;
            const k = ny * w + nx;
            if (seen[k] || gray[(ny + y0) * width + nx + x0]! >= INK) continue;
            seen[k] = 1;
            stack.push(k);
          }
        }
      }
      found.push({ area: c.area, x0: c.x0 + x0, y0: c.y0 + y0, x1: c.x1 + x0, y1: c.y1 + y0 });
    }
  }
  return found;
}

/** Is there a comma-like blob between figures `a` and `b` (boxes of two consecutive figures of one word)? */
export function commaBetween(a: Box, b: Box, gray: ArrayLike<number>, width: number, height: number): boolean {
  const top = Math.min(a.y0, b.y0);
  const bottom = Math.max(a.y1, b.y1);
  const h = bottom - top;
  if (h < 8) return false;
  const region = { x0: a.x0, y0: top, x1: b.x1, y1: bottom + h * 0.4 };
  const found = components(gray, width, height, region);
  const largest = Math.max(0, ...found.map((c) => c.area));
  const left = (a.x0 + a.x1) / 2;
  const right = (b.x0 + b.x1) / 2;
  return found.some((c) => {
    const centre = (c.x0 + c.x1) / 2;
    return (
      c.area >= Math.max(4, h * h * 0.008) &&
      c.area <= largest * 0.3 &&
      c.y0 >= top + h * 0.5 && // low: a comma or a dot, not a stroke of a figure
      c.x1 - c.x0 <= h * 0.35 &&
      c.y1 - c.y0 + 1 >= (c.x1 - c.x0 + 1) * 0.8 && // as tall as wide or taller: not a smear of the line below
      c.y1 >= bottom - h * 0.3 && // down on the line
      centre > left &&
      centre < right
    );
  });
}

const FIGURE = /^[0-9\\|]$/;

/**
 * The word with its lost decimal comma put back (« 125 » → « 12,5 », « 25h » → « 2,5h »), or null when nothing is
 * found. Only runs of 2–4 figures with no separator yet (a price « 1500 », a year, a phone group are rarely
 * written with a low blob between two figures; the blob test is what decides).
 */
export function restoreComma(word: OcrWord, gray: ArrayLike<number>, width: number, height: number): string | null {
  const match = /^([0-9\\|]{2,4})(\p{L}{0,3}[²°]?)$/u.exec(word.text);
  if (!match) return null;
  const figures = word.symbols.filter((s) => FIGURE.test(s.text));
  if (figures.length !== match[1]!.length) return null;
  // One comma at most, the rightmost found (12,5 / 2,5 / 16,5 / 3,50).
  for (let i = figures.length - 1; i >= 1; i--) {
    if (commaBetween(figures[i - 1]!.bbox, figures[i]!.bbox, gray, width, height)) {
      const digits = match[1]!;
      return `${digits.slice(0, i)},${digits.slice(i)}${match[2]}`;
    }
  }
  return null;
}
