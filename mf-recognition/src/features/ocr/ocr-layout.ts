// Where each line and word of a page was read, and how sure tesseract was of each word (issue 31 item 3): kept
// through the analysis so that a proposed line can show the crop of the photo it came from.
import type { Block } from 'tesseract.js';

/** A rectangle in the pixels of the page the OCR read (the prepared image, ≤ OCR_MAX_SIDE). */
export type Box = { x0: number; y0: number; x1: number; y1: number };
export type OcrWord = { text: string; confidence: number; box: Box };
export type OcrLine = { text: string; box: Box; words: OcrWord[] };
/** The page's size (same aspect ratio as the photo) and its lines in reading order. */
export type PageLayout = { width: number; height: number; lines: OcrLine[] };

type LineLike = { text: string; bbox: Box; words: Array<{ text: string; confidence: number; bbox: Box }> };

const copy = ({ x0, y0, x1, y1 }: Box): Box => ({ x0, y0, x1, y1 });

/** The lines of tesseract's blocks that hold a word, with their words' text, confidence (0–100) and box. */
export function layoutOf(blocks: readonly Block[] | null | undefined, width: number, height: number): PageLayout {
  const lines: OcrLine[] = [];
  for (const block of blocks ?? [])
    for (const paragraph of block.paragraphs)
      for (const line of paragraph.lines as LineLike[]) {
        const words = line.words
          .filter((w) => w.text.trim() !== '')
          .map((w) => ({ text: w.text, confidence: Math.round(w.confidence), box: copy(w.bbox) }));
        if (words.length) lines.push({ text: line.text.trim(), box: copy(line.bbox), words });
      }
  return { width, height, lines };
}

/** The smallest box holding all the given boxes (null for none). */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (!boxes.length) return null;
  return {
    x0: Math.min(...boxes.map((b) => b.x0)),
    y0: Math.min(...boxes.map((b) => b.y0)),
    x1: Math.max(...boxes.map((b) => b.x1)),
    y1: Math.max(...boxes.map((b) => b.y1)),
  };
}
