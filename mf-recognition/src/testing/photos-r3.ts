// The round-3 note images (fixtures/photos-r3, issue 31): 64 site notes rendered half printed-like, half with open
// handwriting fonts, split by a hash of their text into a dev half and a held-out half frozen before any tuning.
// Read through the real OCR (tesseract.js in Node, the app's preparation) and the embedded analyser (flow 'image')
// against the round-3 catalogue, scored like round 2: a task counts when name and unit are right and the quantity
// is within 1 %. Node only (reads files, runs the OCR worker).
import type { Task } from '@atelier/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { extractFromText } from '../features/analysis/embedded/extract-from-text';
import { recognizeImageFile } from '../features/ocr/node-ocr';
import { characterErrorRate } from '../features/ocr/ocr-quality';
import { DICTATIONS_DIR } from './dictation-corpus';
import { type Round2Case, scoreRound2 } from './round-2-corpus';

export const PHOTOS_R3_DIR = join(DICTATIONS_DIR, '..', 'photos-r3');

export type Half = 'dev' | 'held-out';

export type PhotoR3Entry = {
  id: string;
  file: string;
  expected: string;
  half: Half;
  tags: string[];
  font: string;
  width: number;
  height: number;
  bytes: number;
  text: string;
};

export type PhotoR3Run = { entry: PhotoR3Entry; ocrText: string; ocrMs: number; cer: number; case: Round2Case };

export function loadPhotosR3(): PhotoR3Entry[] {
  return JSON.parse(readFileSync(join(PHOTOS_R3_DIR, 'manifest.json'), 'utf8')) as PhotoR3Entry[];
}

export function loadPhotosR3Catalogue(): Task[] {
  return JSON.parse(readFileSync(join(PHOTOS_R3_DIR, '..', 'round-3', 'catalogue.json'), 'utf8')) as Task[];
}

export function expectedOf(entry: PhotoR3Entry, dir = PHOTOS_R3_DIR): Round2Case['expected'] {
  return JSON.parse(readFileSync(join(dir, entry.expected), 'utf8')) as Round2Case['expected'];
}

/** The entries of another rendering's manifest (`generate.mjs --dev-hand <dir>`: dev notes drawn again by hand). */
export function loadRendering(dir: string): PhotoR3Entry[] {
  return (JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as PhotoR3Entry[]).filter(
    (e) => (e.half as string) !== 'held-out',
  );
}

/**
 * OCRs the notes one after the other (one shared worker); `read` may replace the OCR (e.g. the exact text); `dir`:
 * the folder of another rendering (`loadRendering`).
 */
export async function readPhotosR3(
  entries: readonly PhotoR3Entry[],
  onEach?: (run: PhotoR3Run) => void,
  read: (file: string, entry: PhotoR3Entry) => Promise<string> = (file) => recognizeImageFile(file),
  dir = PHOTOS_R3_DIR,
): Promise<PhotoR3Run[]> {
  const runs: PhotoR3Run[] = [];
  for (const entry of entries) {
    const started = performance.now();
    const ocrText = await read(join(dir, entry.file), entry);
    const ocrMs = performance.now() - started;
    const run: PhotoR3Run = {
      entry,
      ocrText,
      ocrMs,
      cer: characterErrorRate(entry.text, ocrText, { loose: true }),
      case: { id: entry.id, tags: entry.tags, text: ocrText, expected: expectedOf(entry, dir) },
    };
    runs.push(run);
    onEach?.(run);
  }
  return runs;
}

/** Per-tag scores of read notes through the embedded analyser (flow 'image') over the round-3 catalogue. */
export function scorePhotosR3(runs: readonly PhotoR3Run[], catalogue: Task[] = loadPhotosR3Catalogue()) {
  return scoreRound2(
    runs.map((r) => r.case),
    (text) => extractFromText(text, catalogue, { flow: 'image' }),
  );
}

/** A site note's written text with its expected lines (fixtures/photos-r3/note-texts-dev.json, dev only: decision 0218). */
export type NoteTextCase = Round2Case & { source: string };

/** The note texts written from public devis pages (decision 0218): the analyser's handling of notes, no OCR. */
export function loadNoteTexts(): NoteTextCase[] {
  return JSON.parse(readFileSync(join(PHOTOS_R3_DIR, 'note-texts-dev.json'), 'utf8')) as NoteTextCase[];
}

/** Scores note texts through the embedded analyser (flow 'image') over the round-3 catalogue. */
export function scoreNoteTexts(cases: readonly NoteTextCase[], catalogue: Task[] = loadPhotosR3Catalogue()) {
  return scoreRound2(cases, (text) => extractFromText(text, catalogue, { flow: 'image' }));
}
