// Struck-through figures (issue 31, decision 0201). A note corrected on the spot keeps the old figure with a line
// through it: « plinthes ~~12~~ 13,5 ml », « parquet ~~28~~ 30 m2 ». The readers read the struck figure as a figure
// (« 2830 », « +2 13,5 »), and the analyser then takes the wrong quantity. A person reads the last figure. On the page,
// the strike is a straight stroke crossing the word's glyphs through their middle: ink all along a (nearly) horizontal
// line, with paper at both ends, for most of the line's height or more, which figures do not have (their strokes part
// between glyphs and around their counters). This looks for that stroke in each figure-like word of a read whose next
// word is a figure (or glued to the figure after it), and drops the struck characters from the text (the crops keep
// the words' boxes). Shared by Node and the browser (pure; a few candidate words per page, < 1 ms).
// Thresholds measured on the dev sets only (decision 0201).
import type { Box, OcrLine, PageLayout } from './ocr-layout';

type Gray = { gray: ArrayLike<number>; width: number; height: number };

/** Slopes tried for the strike (dy/dx): hand strokes and shots tilt it by up to ≈ 14°. */
const SLOPES = Array.from({ length: 27 }, (_, i) => (i - 13) * 0.02);

/**
 * A struck run is at least this many times the line's writing height. 1.0 missed the hand strikes whose word box
 * leaves out the stroke's start (« ~~12~~ » read « 2 »: 0.69–0.8); the false runs on dev sat at figure bars.
 */
export const STRIKE_MIN_LENGTH = 0.65;

/** Ink gaps this many pixels long are bridged along a stroke (JPEG); 2 joined two printed figures' bars (« 33600 »). */
const GAP = 1;

/** The x-range of the longest straight dark stroke through the middle band of `box`, or null. */
export function strikeRun(page: Gray, box: Box, lineHeight = box.y1 - box.y0): { x0: number; x1: number } | null {
  const { gray, width, height } = page;
  const h = Math.max(box.y1 - box.y0, lineHeight);
  if (h < 6) return null;
  const pad = Math.round(h * 0.4);
  const xa = Math.max(0, Math.floor(box.x0) - pad);
  const xb = Math.min(width - 1, Math.ceil(box.x1) + pad);
  // Ink: darker than halfway between the box's darkest pixels and the paper.
  const values: number[] = [];
  for (let y = Math.max(0, box.y0); y < Math.min(height, box.y1); y += 2)
    for (let x = Math.max(0, box.x0); x < Math.min(width, box.x1); x += 2) values.push(gray[y * width + x]!);
  if (!values.length) return null;
  values.sort((a, b) => a - b);
  const dark = values[Math.floor(values.length * 0.03)]!;
  if (dark > 200) return null;
  const ink = (dark + 255) / 2;
  const isInk = (x: number, y: number) => y >= 0 && y < height && gray[y * width + x]! < ink;
  // A line that goes on, near the same rows, past either end of the run (ruling left by the whitening, a crease).
  const reach = Math.max(4, Math.round(h * 0.3));
  const runsOn = (x0: number, x1: number, yAt: (x: number) => number) => {
    const side = (from: number, dir: number) => {
      let inked = 0;
      for (let k = GAP + 2; k < GAP + 2 + reach; k++) {
        const x = from + dir * k;
        if (x < 0 || x >= width) return false;
        const y = yAt(x);
        for (let dy = -2; dy <= 2; dy++)
          if (y + dy >= 0 && y + dy < height && gray[(y + dy) * width + x]! < ink) {
            inked++;
            break;
          }
      }
      return inked >= reach * 0.7;
    };
    return side(x0, -1) || side(x1, 1);
  };
  let best: { x0: number; x1: number } | null = null;
  const top = Math.round(box.y0 + (box.y1 - box.y0) * 0.2);
  const bottom = Math.round(box.y1 - (box.y1 - box.y0) * 0.2);
  const cx = (box.x0 + box.x1) / 2;
  for (const slope of SLOPES)
    for (let yc = top; yc <= bottom; yc++) {
      let start = -1;
      let lastInk = -1;
      for (let x = xa; x <= xb; x++) {
        const y = Math.round(yc + slope * (x - cx));
        if (y < 0 || y >= height) continue;
        if (isInk(x, y)) {
          if (start < 0) start = x;
          lastInk = x;
        }
        // A run is a stroke of its own when paper follows it: a ruling line or a shadow edge runs on past the word.
        const ends = x === xb || (start >= 0 && x - lastInk > GAP + 1);
        if (ends && start >= 0) {
          const longer = !best || lastInk - start > best.x1 - best.x0;
          if (
            longer &&
            start > xa &&
            lastInk < xb &&
            !runsOn(start, lastInk, (xx) => Math.round(yc + slope * (xx - cx)))
          )
            best = { x0: start, x1: lastInk };
          start = -1;
        }
      }
    }
  return best && best.x1 - best.x0 >= STRIKE_MIN_LENGTH * h ? best : null;
}

/** Look-alikes a struck figure is read as (the stroke makes a 1 a +, a 4 a t…), beside the figures. */
const FIGURE_LIKE = /^[0-9+#tToOlIiSsZz|!(),.~-]{1,5}$/;

/**
 * A struck figure the reader glued to the one written after it (« ~~28~~ 30 » read « 2830 »): a run of ≥ 4 figures
 * (before any decimal comma) whose start is under the stroke. A correction is written at the same magnitude, so the
 * struck half is dropped (« 2830 » → « 30 », « 1213,5 » → « 13,5 »); figures glued to a word are parted from it.
 */
function gluedStruck(text: string, xAt: (k: number) => number, run: { x0: number; x1: number }): string | null {
  for (const m of text.matchAll(/\d{4,}(?:,\d+)?/g)) {
    const start = m.index;
    const digits = /^\d+/.exec(m[0])![0].length;
    if (digits % 2 || run.x0 > xAt(start + 1) || run.x1 < xAt(start + 1)) continue;
    const head = text.slice(0, start);
    const kept = m[0].slice(digits / 2);
    return `${head}${/[A-Za-zÀ-ÿ]$/.test(head) ? ' ' : ''}${kept}${text.slice(start + m[0].length)}`;
  }
  return null;
}

/** A figure (a quantity written after the struck one), not a unit like « m2 ». */
const FIGURE = /^[(+]?\d/;

/** Phone numbers (« 04 42 51 09 63 ») and postal codes are runs of figures that are never corrections. */
const PHONE_OR_POSTCODE = /(?:\d{2}[\s.]?){4}\d{2}|\b\d{5}\b/;

/** The line with the struck characters of its words dropped (a word struck whole is left empty), or null when none is. */
export function strikeLine(line: OcrLine, page: Gray): OcrLine | null {
  if (PHONE_OR_POSTCODE.test(line.text)) return null;
  let changed = false;
  const words = line.words.map((w) => ({ ...w }));
  // The line's writing height (its tallest word): a reader's box round figures alone can be half of it.
  const lineHeight = Math.max(...words.map((w) => w.box.y1 - w.box.y0));
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    const chars = [...word.text];
    // The correction is written right after the struck figure: the next word is a figure.
    const figureAfter = i + 1 < words.length && FIGURE.test(words[i + 1]!.text);
    if (!/[0-9+tTo]/.test(word.text) || !(figureAfter || /\d/.test(word.text.slice(1)))) continue;
    const run = strikeRun(page, word.box, lineHeight);
    if (!run) continue;
    // Characters laid evenly over the word's box; those whose middle is under the stroke are struck.
    const step = (word.box.x1 - word.box.x0) / chars.length;
    const struck = chars.map((_, k) => {
      const mid = word.box.x0 + step * (k + 0.5);
      return mid >= run.x0 && mid <= run.x1;
    });
    const count = struck.filter(Boolean).length;
    if (!count) continue;
    const glued = gluedStruck(word.text, (k) => word.box.x0 + step * k, run);
    if (glued !== null) {
      word.text = glued;
      changed = true;
      continue;
    }
    // A corrected figure: the struck part opens the word, is figure-like, and a figure follows it.
    const head = chars.slice(0, count).join('');
    const rest = chars.slice(count).join('');
    if (struck.slice(0, count).some((s) => !s) || !FIGURE_LIKE.test(head) || !/[0-9+#]/.test(head)) continue;
    // One figure of a word struck alone is a figure's own bar (« 30 »'s 3), not a correction.
    if (count === 1 && rest !== '') continue;
    if (!FIGURE.test(rest) && !figureAfter) continue;
    word.text = rest;
    changed = true;
  }
  return changed ? { ...line, words } : null;
}

/** Where `word` is in `text` from `from`, a decimal comma put back between its figures allowed (decimal-commas.ts). */
export function findWord(text: string, word: string, from: number): [number, number] | null {
  const at = text.indexOf(word, from);
  if (at >= 0) return [at, at + word.length];
  if (!/\d\d/.test(word)) return null;
  const pattern = [...word].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(?:,)?');
  const re = new RegExp(pattern, 'g');
  re.lastIndex = from;
  const m = re.exec(text);
  return m ? [m.index, m.index + m[0].length] : null;
}

/**
 * The read with struck figures dropped: in each line of the layout, the words holding a struck figure are written again
 * where they stand in the text (found in order, a restored decimal comma allowed), the rest of the text untouched.
 */
export function dropStruckFigures(
  read: { text: string; layout: PageLayout | null },
  page: Gray,
): { text: string; layout: PageLayout | null } {
  if (!read.layout) return read;
  let text = read.text;
  let cursor = 0;
  let changed = false;
  const lines = read.layout.lines.map((line) => {
    // A word the text spells otherwise (a look-alike read back on the whole line) is not found: left as it is.
    const spans: Array<[number, number] | null> = [];
    let at = cursor;
    for (const w of line.words) {
      const span = findWord(text, w.text, at);
      spans.push(span);
      if (span) at = span[1];
    }
    cursor = at;
    const struck = strikeLine(line, page);
    if (!struck) return line;
    const before = text;
    // From the last word back, so that the spans before stay right.
    for (let k = struck.words.length - 1; k >= 0; k--) {
      const word = struck.words[k]!;
      const span = spans[k];
      if (word.text === line.words[k]!.text || !span) continue;
      const [start, end] = span;
      const cut = word.text === '' && text[end] === ' ' ? end + 1 : end;
      text = text.slice(0, start) + word.text + text.slice(cut);
    }
    cursor += text.length - before.length;
    changed = true;
    const words = struck.words.filter((w) => w.text !== '');
    return { ...line, text: words.map((w) => w.text).join(' '), words };
  });
  return changed ? { text, layout: { ...read.layout, lines } } : read;
}
