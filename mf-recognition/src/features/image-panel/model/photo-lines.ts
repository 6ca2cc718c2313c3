// Photo lines you can trust at a glance (issue 31 item 3): each proposed line gets the region of the photo it was
// read from and is marked « À vérifier » when one of its figures was read with a low OCR confidence. Pure functions.
import type { ProposedLine } from '../../analysis/review';
import { fold } from '../../analysis/model/text';
import { type Box, type OcrLine, type OcrWord, type PageLayout, unionBox } from '../../ocr/ocr-layout';

/**
 * A figure word read below this confidence (0–100) is « À vérifier ». Measured on the repo's note images
 * (scripts/study/recognition-photo-confidence.ts: 367 figure words, 18 misread): below 80 flags 13/18 misread
 * figures and 13.5 % of the right ones, below 88 14/18 and 17.2 %, below 92 17/18 and 22.6 %, below 95 18/18 but
 * 39.5 %. 92 is the knee: a glance at a right figure costs little, a misread figure missed goes into the devis.
 */
export const CHECK_BELOW_CONFIDENCE = 92;

export type PhotoLine = ProposedLine & {
  /** The region of the OCR page the line was read from (null: not found on the photo, e.g. added by the AI). */
  region: Box | null;
  /** True when the line should be checked by the user: a figure read with low confidence, or the analyser unsure. */
  check: boolean;
  /** The figure words read with low confidence in the region (shown to explain the mark). */
  doubtful: string[];
};

/** Words of a text for matching a line to the OCR: folded, letters and digits, digits kept apart from letters. */
export function matchTokens(text: string): string[] {
  return fold(text)
    .replace(/(\d)[.,](\d)/g, '$1$2')
    .split(/[^a-z0-9]+|(?<=\d)(?=[a-z])|(?<=[a-z])(?=\d)/)
    .filter((t) => t.length > 1 || /\d/.test(t));
}

/**
 * The OCR lines a proposed line's words were read from: the line sharing the most words with it (figures count
 * double), preferring one not taken yet by an earlier proposed line, plus the lines next to it whose every word is
 * in the source (a source spread over two printed lines). Null when no line shares a word.
 */
export function sourceLines(
  source: string,
  lines: readonly OcrLine[],
  taken: ReadonlySet<number> = new Set(),
): number[] {
  const wanted = matchTokens(source);
  if (!wanted.length) return [];
  const scoreOf = (line: OcrLine) => {
    const pool = [...wanted];
    let score = 0;
    for (const token of matchTokens(line.text)) {
      const at = pool.indexOf(token);
      if (at < 0) continue;
      pool.splice(at, 1);
      score += /\d/.test(token) ? 2 : 1;
    }
    return score;
  };
  const scores = lines.map(scoreOf);
  let best = -1;
  for (let i = 0; i < lines.length; i++) {
    if (scores[i]! === 0) continue;
    const better =
      best < 0 || scores[i]! > scores[best]! || (scores[i] === scores[best] && taken.has(best) && !taken.has(i));
    if (better) best = i;
  }
  if (best < 0) return [];
  const chosen = [best];
  const whole = (i: number) => {
    const own = matchTokens(lines[i]!.text);
    return own.length > 0 && own.every((t) => wanted.includes(t));
  };
  for (let i = best - 1; i >= 0 && whole(i); i--) chosen.unshift(i);
  for (let i = best + 1; i < lines.length && whole(i); i++) chosen.push(i);
  return chosen;
}

/** Figure words (holding a digit or a digit look-alike next to one) read below the threshold. */
export function doubtfulFigures(words: readonly OcrWord[], threshold = CHECK_BELOW_CONFIDENCE): OcrWord[] {
  return words.filter((w) => /\d/.test(w.text) && w.confidence < threshold);
}

/**
 * Each proposed line with its region and its mark, the lines to check first (otherwise in the order proposed).
 * Without a layout (AI result, no OCR boxes) no line has a region and only the analyser's unsure lines are marked.
 */
export function photoLines(
  proposed: readonly ProposedLine[],
  layout: PageLayout | null,
  threshold = CHECK_BELOW_CONFIDENCE,
): PhotoLine[] {
  const taken = new Set<number>();
  const lines = proposed.map((line) => {
    const found = layout && line.source ? sourceLines(line.source, layout.lines, taken) : [];
    found.forEach((i) => taken.add(i));
    const ocr = found.map((i) => layout!.lines[i]!);
    const doubtful = doubtfulFigures(
      ocr.flatMap((l) => l.words),
      threshold,
    ).map((w) => w.text);
    return {
      ...line,
      region: unionBox(ocr.map((l) => l.box)),
      check: line.unsure || doubtful.length > 0,
      doubtful,
    };
  });
  return [...lines.filter((l) => l.check), ...lines.filter((l) => !l.check)];
}

/**
 * CSS for showing `box` of a page as a crop `height` px high (at most `maxWidth` px wide), the page image as the
 * background: the region with a margin of a quarter of its height.
 */
export function cropStyle(
  box: Box,
  page: { width: number; height: number },
  height = 40,
  maxWidth = 320,
): { width: string; height: string; backgroundSize: string; backgroundPosition: string } {
  const margin = (box.y1 - box.y0) / 4;
  const x0 = Math.max(0, box.x0 - margin);
  const y0 = Math.max(0, box.y0 - margin);
  const x1 = Math.min(page.width, box.x1 + margin);
  const y1 = Math.min(page.height, box.y1 + margin);
  const scale = Math.min(height / Math.max(1, y1 - y0), maxWidth / Math.max(1, x1 - x0));
  const px = (n: number) => `${Math.round(n * scale * 10) / 10}px`;
  return {
    width: px(x1 - x0),
    height: px(y1 - y0),
    backgroundSize: `${px(page.width)} ${px(page.height)}`,
    backgroundPosition: `-${px(x0)} -${px(y0)}`,
  };
}

/** The region as percentages of the page, to draw it over the photo at any displayed size. */
export function highlightStyle(box: Box, page: { width: number; height: number }) {
  const pct = (n: number, of: number) => `${Math.round((n / of) * 10000) / 100}%`;
  return {
    left: pct(box.x0, page.width),
    top: pct(box.y0, page.height),
    width: pct(box.x1 - box.x0, page.width),
    height: pct(box.y1 - box.y0, page.height),
  };
}
