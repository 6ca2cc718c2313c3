// The round-2 note images (fixtures/round-2/images, issue 13) through the real OCR (tesseract.js, French model
// from node_modules) and the embedded analyser: ≥ 40 notes over several trades and every gap of the issue, and a
// floor on task F1 / client fields at the level reached (round-2-photo-floors.ts), so a drop fails the build.
import { PHOTO_CLIENT_FLOOR, PHOTO_F1_FLOOR } from '../../../testing/round-2-photo-floors';
import { loadPhotoManifest, type PhotoRun, readPhotos, scorePhotos } from '../../../testing/round-2-photos';
import { terminateNodeOcr } from '../../ocr/node-ocr';

jest.setTimeout(600_000);

const manifest = loadPhotoManifest();
let runs: PhotoRun[] = [];

beforeAll(async () => {
  runs = await readPhotos(manifest);
});

afterAll(async () => {
  await terminateNodeOcr();
});

describe('round-2 note photos', () => {
  it('holds ≥ 40 note images over several trades, both handwriting-like and printed, some at phone size', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(40);
    const tags = new Set(manifest.flatMap((e) => e.tags));
    for (const tag of [
      'dimensions',
      'corrections',
      'decimales',
      'negation',
      'verbes',
      'abreviations',
      'prix',
      'telephone',
      'email',
      'particules',
      'societe',
      'peinture',
      'carrelage',
      'electricite',
      'plomberie',
      'menuiserie',
      'toiture',
      'manuscrit',
      'imprime',
      'phone',
    ])
      expect(tags).toContain(tag);
    expect(manifest.filter((e) => e.width * e.height >= 12_000_000).length).toBeGreaterThanOrEqual(3);
  });

  it(`task F1 ≥ ${PHOTO_F1_FLOOR} and client fields ≥ ${PHOTO_CLIENT_FLOOR} through the real OCR`, () => {
    const score = scorePhotos(runs);
    if (score.overall.f1 < PHOTO_F1_FLOOR || score.overall.clientAccuracy < PHOTO_CLIENT_FLOOR)
      console.log(score.failures.join('\n'));
    expect(score.overall.f1).toBeGreaterThanOrEqual(PHOTO_F1_FLOOR);
    expect(score.overall.clientAccuracy).toBeGreaterThanOrEqual(PHOTO_CLIENT_FLOOR);
  });
});
