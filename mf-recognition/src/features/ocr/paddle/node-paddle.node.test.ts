// The second reader in Node with the real PP-OCRv4 models from node_modules (no network): a handwriting-like
// round-3 dev note (Patrick Hand on squared paper, fixtures/photos-r3) read with its figures, word boxes on the page
// and confidences, as the photo review needs them.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

import { loadPhotosR3, PHOTOS_R3_DIR } from '../../../testing/photos-r3';
import type { PageLayout } from '../ocr-layout';
import { characterErrorRate } from '../ocr-quality';

jest.setTimeout(240_000);

const repoRoot = path.resolve(__dirname, '../../../../..');

it('reads a handwriting-like dev note with its figures, boxes and confidences', () => {
  const entry = loadPhotosR3().find((e) => e.id === 'p46-combles-48-m2')!;
  expect(entry.half).toBe('dev');
  const out = execFileSync(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(__dirname, 'node-paddle.check.ts'), path.join(PHOTOS_R3_DIR, entry.file)],
    { cwd: repoRoot, encoding: 'utf8', timeout: 200_000 },
  );
  const read = JSON.parse(out) as { text: string; confidence: number; layout: PageLayout };
  expect(characterErrorRate(entry.text, read.text, { loose: true })).toBeLessThan(0.1);
  expect(read.text).toMatch(/48 ?m/);
  expect(read.confidence).toBeGreaterThan(85);
  const { width, height } = read.layout;
  const words = read.layout.lines.flatMap((l) => l.words);
  for (const w of words) {
    expect(w.box.x0).toBeGreaterThanOrEqual(0);
    expect(w.box.x1).toBeLessThanOrEqual(width);
    expect(w.box.y1).toBeLessThanOrEqual(height);
    expect(w.confidence).toBeGreaterThanOrEqual(0);
    expect(w.confidence).toBeLessThanOrEqual(100);
  }
  expect(words.find((w) => w.text.startsWith('48'))).toBeDefined();
});
