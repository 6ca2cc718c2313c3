// The round-2 note images (fixtures/round-2/images, issue 13) through the real OCR (tesseract.js, French model
// from node_modules) and the embedded analyser: ≥ 40 notes over several trades and every gap of the issue, and a
// floor on task F1 / client fields at the level reached (round-2-photo-floors.ts), so a drop fails the build.
// The OCR runs in the bench script's own Node process (scripts/bench/recognition-photos.ts): inside Jest's module
// sandbox the pixel loops of the preparation run ~20× slower (7 s per image instead of 0.3 s).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

import { expectRound2Floors, expectRound2Tags } from '../../../testing/round-2-expect';
import { PHOTO_CLIENT_FLOOR, PHOTO_F1_FLOOR } from '../../../testing/round-2-photo-floors';
import { loadPhotoManifest } from '../../../testing/round-2-photos';

jest.setTimeout(900_000);

const repoRoot = path.resolve(__dirname, '../../../../..');
const manifest = loadPhotoManifest();

describe('round-2 note photos', () => {
  it('holds ≥ 40 note images over several trades, both handwriting-like and printed, some at phone size', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(40);
    expectRound2Tags(manifest, ['manuscrit', 'imprime', 'phone']);
    expect(manifest.filter((e) => e.width * e.height >= 12_000_000).length).toBeGreaterThanOrEqual(3);
  });

  it(`task F1 ≥ ${PHOTO_F1_FLOOR} and client fields ≥ ${PHOTO_CLIENT_FLOOR} through the real OCR`, () => {
    const run = spawnSync(
      path.join(repoRoot, 'node_modules/.bin/tsx'),
      [path.join(repoRoot, 'scripts/bench/recognition-photos.ts')],
      { cwd: repoRoot, encoding: 'utf8', timeout: 840_000 },
    );
    const line = run.stdout.split('\n').find((l) => l.startsWith('{"bench":"recognition-photos"'));
    if (!line) throw new Error(`no result from the photo bench (status ${run.status}):\n${run.stdout}\n${run.stderr}`);
    const result = JSON.parse(line) as { taskF1: number; clientAccuracy: number };
    expectRound2Floors(
      { f1: result.taskF1, clientAccuracy: result.clientAccuracy },
      { f1: PHOTO_F1_FLOOR, client: PHOTO_CLIENT_FLOOR },
      () => run.stdout,
    );
  });
});
