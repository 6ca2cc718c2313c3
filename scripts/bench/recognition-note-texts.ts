#!/usr/bin/env tsx
// Site-note texts (decision 0218): the written text of 42 notes worded from public devis and trade pages
// (mf-recognition/fixtures/photos-r3/note-texts-dev.json, dev only) through the embedded analyser (flow 'image') —
// the analyser's share of the photo loss without the OCR: lists, columns, abbreviations, arrows, struck values,
// quantities before the task, rooms as headings, client blocks. Per-tag task F1 and client fields; failures with
// --verbose.
//
//   pnpm exec tsx scripts/bench/recognition-note-texts.ts [--verbose] [--tags]
import { loadNoteTexts, scoreNoteTexts } from '../../mf-recognition/src/testing/photos-r3';
import { reportRound2 } from '../../mf-recognition/src/testing/round-2-corpus';

const args = process.argv.slice(2);
const cases = loadNoteTexts();
const score = scoreNoteTexts(cases);
const report = reportRound2(score, 'notes');
console.log(`note texts (dev): ${cases.length} notes — ${report.summary}, ${report.client}`);
if (args.includes('--tags')) for (const line of report.tags) console.log(line);
if (args.includes('--verbose')) console.log(score.failures.join('\n'));
console.log(
  JSON.stringify({
    bench: 'recognition-note-texts',
    notes: cases.length,
    taskF1: Number(score.overall.f1.toFixed(3)),
    clientAccuracy: Number(score.overall.clientAccuracy.toFixed(3)),
  }),
);
