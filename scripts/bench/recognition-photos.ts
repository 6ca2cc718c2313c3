#!/usr/bin/env tsx
// Round-2 note photos (issue 13): every image of mf-recognition/fixtures/round-2/images through the real OCR
// pipeline (tesseract.js, as the app prepares a photo) and the embedded analyser, per-tag task F1 (name + unit +
// quantity within 1 %), client fields, character error rate, OCR time. Fails (exit 1) when the task F1 drops below
// PHOTO_F1_FLOOR, the level reached (the floor test round-2-photos.node.test.ts checks the same).
//
//   pnpm exec tsx scripts/bench/recognition-photos.ts [--verbose]
import { PHOTO_CLIENT_FLOOR, PHOTO_F1_FLOOR } from '../../mf-recognition/src/testing/round-2-photo-floors';
import { percent as pct, reachesFloors, reportRound2 } from '../../mf-recognition/src/testing/round-2-corpus';
import { readPhotos, scorePhotos } from '../../mf-recognition/src/testing/round-2-photos';

const verbose = process.argv.includes('--verbose');

async function main() {
  const { terminateNodeOcr } = await import('../../mf-recognition/src/features/ocr/node-ocr');
  const runs = await readPhotos(undefined, (run) => {
    if (verbose)
      process.stderr.write(
        `[photos] ${run.entry.id} ${Math.round(run.ocrMs)} ms CER ${pct(run.cer)}\n${run.ocrText}\n\n`,
      );
  });
  await terminateNodeOcr();
  const score = scorePhotos(runs);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  const meanCer = runs.reduce((n, r) => n + r.cer, 0) / runs.length;
  const report = reportRound2(score, 'images');
  console.log(
    `round-2 photos: ${runs.length} note images — ${report.summary} (floor ${PHOTO_F1_FLOOR}), ${report.client}, ` +
      `mean CER ${pct(meanCer)}, OCR median ${Math.round(median(runs.map((r) => r.ocrMs)))} ms per image (Node)`,
  );
  for (const line of report.tags) console.log(line);
  if (verbose || score.overall.f1 < PHOTO_F1_FLOOR) console.log(score.failures.join('\n'));
  console.log(
    JSON.stringify({
      bench: 'recognition-photos',
      images: runs.length,
      taskF1: Number(score.overall.f1.toFixed(3)),
      taskPrecision: Number(score.overall.precision.toFixed(3)),
      taskRecall: Number(score.overall.recall.toFixed(3)),
      clientAccuracy: Number(score.overall.clientAccuracy.toFixed(3)),
      meanCerLoose: Number(meanCer.toFixed(4)),
      f1Floor: PHOTO_F1_FLOOR,
      byTag: Object.fromEntries(Object.entries(score.byTag).map(([tag, s]) => [tag, Number(s.f1.toFixed(3))])),
    }),
  );
  if (!reachesFloors(score.overall, { f1: PHOTO_F1_FLOOR, client: PHOTO_CLIENT_FLOOR })) {
    console.error(`photo F1 ${score.overall.f1.toFixed(3)} or client accuracy below the floor`);
    process.exit(1);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
