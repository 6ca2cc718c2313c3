// Real OCR in Node on committed corpus images (no network, no fonts needed): the French model reads
// printed notes, including a 12-megapixel photo, an EXIF-rotated JPEG and a shaded noisy page.
import fs from 'node:fs';
import path from 'node:path';

import { recognizeImageFile, terminateNodeOcr } from './node-ocr';
import { characterErrorRate } from './ocr-quality';

const dir = path.resolve(__dirname, '../../../fixtures/images');
const manifest: { id: string; file: string; text: string }[] = JSON.parse(
  fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'),
);
const entry = (id: string) => manifest.find((e) => e.id === id)!;

jest.setTimeout(120_000);

afterAll(async () => {
  await terminateNodeOcr();
});

describe('recognizeImageFile', () => {
  it.each(['01-sdb-dupont', '09-photo-a4-garnier', '13-fenetres-lambert-exif', '14-chambre-girard'])(
    'reads %s with under 3 %% character errors (case/accents ignored)',
    async (id) => {
      const { file, text } = entry(id);
      const ocr = await recognizeImageFile(path.join(dir, file));
      expect(characterErrorRate(text, ocr, { loose: true })).toBeLessThan(0.03);
    },
  );

  it('keeps the lines a quote needs', async () => {
    const ocr = await recognizeImageFile(path.join(dir, entry('01-sdb-dupont').file));
    expect(ocr).toContain('Pose de lavabo : 1 unité');
    expect(ocr).toContain('jean.dupont@gmail.com');
    expect(ocr).toMatch(/06 12 34 56 78/);
  });

  it('accepts image bytes as well as a path', async () => {
    const bytes = fs.readFileSync(path.join(dir, entry('10-toiture').file));
    expect(await recognizeImageFile(bytes)).toContain('Réfection toiture tuiles : 95 m2');
  });
});
