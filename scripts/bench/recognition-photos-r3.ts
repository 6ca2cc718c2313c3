#!/usr/bin/env tsx
// Round-3 note images (issue 31): the 64 notes of mf-recognition/fixtures/photos-r3 through the real OCR pipeline
// (tesseract.js, as the app prepares a photo) and the embedded analyser, reported per half (dev / held-out, frozen
// before any tuning) and per style (printed-like / handwriting-like): task F1 (name + unit + quantity within 1 %),
// client fields, character error rate, OCR time; per tag with --tags. The target on the held-out half:
// F1 ≥ 0.90 printed, ≥ 0.80 handwriting-like. Fails (exit 1) below the floors of photos-r3-floors.ts.
// Held-out failures are printed only with --held-out --verbose (they are not read while tuning).
//
//   pnpm exec tsx scripts/bench/recognition-photos-r3.ts [--tags] [--verbose] [--held-out] [--exact-text]
// --half=dev reads one half only (tuning); --exact-text scores the written text instead of the OCR (the analyser's share of the loss).
// --dir=<folder>: another rendering of the dev notes instead (`generate.mjs --dev-hand <folder> [--variant=N]`, decision
// 0200), scored as one more dev half, no floors.
// ATELIER_BENCH_SMOKE=1: two images of each half, no floors (the bench smoke run).
import { PHOTO_R3_FLOORS } from '../../mf-recognition/src/testing/photos-r3-floors';
import { percent as pct, reportRound2 } from '../../mf-recognition/src/testing/round-2-corpus';
import {
  type Half,
  loadPhotosR3,
  loadRendering,
  type PhotoR3Run,
  readPhotosR3,
  scorePhotosR3,
} from '../../mf-recognition/src/testing/photos-r3';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const smoke = process.env.ATELIER_BENCH_SMOKE === '1';
const exact = args.includes('--exact-text');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

async function main() {
  const { terminateNodeOcr } = await import('../../mf-recognition/src/features/ocr/node-ocr');
  const onlyHalf = args.find((a) => a.startsWith('--half='))?.slice('--half='.length);
  const dir = args.find((a) => a.startsWith('--dir='))?.slice('--dir='.length);
  let entries = (dir ? loadRendering(dir) : loadPhotosR3()).filter((e) => !onlyHalf || e.half === onlyHalf);
  if (smoke)
    entries = [
      ...entries.filter((e) => e.half === 'dev').slice(0, 2),
      ...entries.filter((e) => e.half === 'held-out').slice(0, 2),
    ];
  const runs = await readPhotosR3(
    entries,
    (run) => {
      if (verbose && (run.entry.half !== 'held-out' || args.includes('--held-out')))
        process.stderr.write(
          `[r3] ${run.entry.id} ${Math.round(run.ocrMs)} ms CER ${pct(run.cer)}\n${run.ocrText}\n\n`,
        );
    },
    exact ? async (_file, entry) => entry.text : undefined,
    dir,
  );
  await terminateNodeOcr();
  const result: Record<string, unknown> = { bench: 'recognition-photos-r3', images: runs.length, exactText: exact };
  let failed = false;
  const halves = dir ? [...new Set(entries.map((e) => e.half))] : (['dev', 'held-out'] as Half[]);
  for (const half of halves) {
    const inHalf = runs.filter((r) => r.entry.half === half);
    if (!inHalf.length) continue;
    const parts: Record<string, PhotoR3Run[]> = {
      all: inHalf,
      printed: inHalf.filter((r) => r.entry.tags.includes('imprime')),
      hand: inHalf.filter((r) => r.entry.tags.includes('manuscrit')),
    };
    const figures: Record<string, number> = {};
    for (const [part, list] of Object.entries(parts)) {
      if (!list.length) continue;
      const score = scorePhotosR3(list);
      const report = reportRound2(score, 'images');
      const cer = list.reduce((n, r) => n + r.cer, 0) / list.length;
      console.log(
        `photos r3 ${half} ${part}: ${list.length} images — ${report.summary}, ${report.client}, mean CER ${pct(cer)}` +
          (part === 'all' ? `, OCR median ${Math.round(median(list.map((r) => r.ocrMs)))} ms (Node)` : ''),
      );
      if (part === 'all' && args.includes('--tags')) for (const line of report.tags) console.log(line);
      if (part === 'all' && verbose && (half !== 'held-out' || args.includes('--held-out')))
        console.log(score.failures.join('\n'));
      figures[`${part}F1`] = Number(score.overall.f1.toFixed(3));
      if (part === 'all') figures.client = Number(score.overall.clientAccuracy.toFixed(3));
      figures[`${part}Cer`] = Number(cer.toFixed(4));
    }
    result[half === 'held-out' ? 'heldOut' : half] = figures;
    const floor = PHOTO_R3_FLOORS[half] as (typeof PHOTO_R3_FLOORS)[Half] | undefined;
    if (
      floor &&
      !smoke &&
      !exact &&
      (figures.printedF1! < floor.printed || figures.handF1! < floor.hand || figures.client! < floor.client)
    ) {
      console.error(`photos r3 ${half}: below the floors ${JSON.stringify(floor)}`);
      failed = true;
    }
  }
  console.log(JSON.stringify(result));
  if (failed) process.exit(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
