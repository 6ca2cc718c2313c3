#!/usr/bin/env tsx
// Site-note texts (decision 0218): the written text of 42 notes worded from public devis and trade pages
// (mf-recognition/fixtures/photos-r3/note-texts-dev.json, dev only) through the embedded analyser (flow 'image') —
// the analyser's share of the photo loss without the OCR: lists, columns, abbreviations, arrows, struck values,
// quantities before the task, rooms as headings, client blocks. Per-tag task F1 and client fields; failures with
// --verbose.
//
//   pnpm exec tsx scripts/bench/recognition-note-texts.ts [--verbose] [--tags]
import { extractFromText } from '../../mf-recognition/src/features/analysis/embedded/extract-from-text';
import { loadNoteTexts, loadPhotosR3Catalogue, scoreNoteTexts } from '../../mf-recognition/src/testing/photos-r3';
import { reportRound2 } from '../../mf-recognition/src/testing/round-2-corpus';
import { threadCpuMs } from '../lib/thread-cpu';

const args = process.argv.slice(2);
const cases = loadNoteTexts();
const score = scoreNoteTexts(cases);
const report = reportRound2(score, 'notes');
console.log(`note texts (dev): ${cases.length} notes — ${report.summary}, ${report.client}`);
if (args.includes('--tags')) for (const line of report.tags) console.log(line);
if (args.includes('--verbose')) console.log(score.failures.join('\n'));

// Speed on short notes (the scoring above warmed the analyser up): CPU per 100 words and per note, 30 rounds. Short
// texts carry each analysis' fixed cost (the OCR vocabulary correction, the catalogue match) over few words.
const catalogue = loadPhotosR3Catalogue();
const words = cases.reduce((n, c) => n + c.text.split(/\s+/).filter(Boolean).length, 0);
const ROUNDS = 30;
const thread0 = threadCpuMs();
const cpu0 = process.cpuUsage();
for (let round = 0; round < ROUNDS; round++)
  for (const c of cases) extractFromText(c.text, catalogue, { flow: 'image' });
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000 / ROUNDS;
const thread1 = threadCpuMs();
// The process' CPU counts V8 still compiling the analyser on its background threads this early (decision 0235):
// the analysing thread's own share is printed beside it.
const threadMs = thread0 !== null && thread1 !== null ? (thread1 - thread0) / ROUNDS : null;
const analysing = threadMs === null ? '' : `, ${((threadMs / words) * 100).toFixed(2)} ms on the analysing thread`;
console.log(
  `note texts speed: ${((cpuMs / words) * 100).toFixed(2)} ms CPU per 100 words${analysing}, ${(cpuMs / cases.length).toFixed(2)} ms per note (${words} words)`,
);
console.log(
  JSON.stringify({
    bench: 'recognition-note-texts',
    notes: cases.length,
    taskF1: Number(score.overall.f1.toFixed(3)),
    clientAccuracy: Number(score.overall.clientAccuracy.toFixed(3)),
    cpuMsPer100Words: Number(((cpuMs / words) * 100).toFixed(2)),
    cpuMsPerNote: Number((cpuMs / cases.length).toFixed(2)),
    threadCpuMsPer100Words: threadMs === null ? null : Number(((threadMs / words) * 100).toFixed(2)),
  }),
);
