// The round-2 note images (fixtures/round-2/images, issue 13) through the real OCR pipeline (tesseract.js in Node,
// the same preparation as the app: EXIF, ≤ 1600 px, greyscale, lighting flattened) and the embedded analyser
// (flow 'image'), scored per tag like the dictations: a task counts when name and unit are right and the quantity is
// within 1 %. Node only (reads files, runs the OCR worker).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { extractFromText } from '../features/analysis/embedded/extract-from-text';
import { recognizeImageFile } from '../features/ocr/node-ocr';
import { characterErrorRate } from '../features/ocr/ocr-quality';
import { loadCatalogue } from './dictation-corpus';
import { ROUND_2_FILE, type Round2Case, scoreRound2 } from './round-2-corpus';

export const ROUND_2_IMAGES_DIR = join(ROUND_2_FILE, '..', 'images');

export type PhotoEntry = {
  id: string;
  file: string;
  expected: string;
  tags: string[];
  font: string;
  width: number;
  height: number;
  bytes: number;
  text: string;
};

export function loadPhotoManifest(): PhotoEntry[] {
  return JSON.parse(readFileSync(join(ROUND_2_IMAGES_DIR, 'manifest.json'), 'utf8')) as PhotoEntry[];
}

export type PhotoRun = {
  entry: PhotoEntry;
  ocrText: string;
  ocrMs: number;
  cer: number;
  case: Round2Case;
};

/** OCRs every note image (one shared worker), in manifest order. */
export async function readPhotos(
  entries: readonly PhotoEntry[] = loadPhotoManifest(),
  onEach?: (run: PhotoRun) => void,
): Promise<PhotoRun[]> {
  const runs: PhotoRun[] = [];
  for (const entry of entries) {
    const started = performance.now();
    const ocrText = await recognizeImageFile(join(ROUND_2_IMAGES_DIR, entry.file));
    const ocrMs = performance.now() - started;
    const expected = JSON.parse(
      readFileSync(join(ROUND_2_IMAGES_DIR, entry.expected), 'utf8'),
    ) as Round2Case['expected'];
    const run: PhotoRun = {
      entry,
      ocrText,
      ocrMs,
      cer: characterErrorRate(entry.text, ocrText, { loose: true }),
      case: { id: entry.id, tags: entry.tags, text: ocrText, expected },
    };
    runs.push(run);
    onEach?.(run);
  }
  return runs;
}

/** Per-tag scores of OCR'd notes through the embedded analyser (flow 'image'), over the main catalogue. */
export function scorePhotos(runs: readonly PhotoRun[]) {
  const catalogue = loadCatalogue();
  return scoreRound2(
    runs.map((r) => r.case),
    (text) => extractFromText(text, catalogue, { flow: 'image' }),
  );
}
