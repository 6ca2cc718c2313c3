// Benchmark of the embedded text extractor on the dictation corpus (mf-recognition/fixtures/dictations):
// task precision / recall / F1 (name + quantity + unit), client-field accuracy, milliseconds per 100 words.
// The tuned corpus (cases the extractor was developed on) and the held-out batches (held-out/<batch>/, written
// before being scored) are reported separately.
// Run: npx tsx scripts/bench/recognition-text.ts [--verbose] [--held-out [batch-N]] [--tuned]
//   --held-out          score only the held-out batches (all, or the one named)
//   --tuned             score only the tuned corpus
import { extractFromText } from '../../mf-recognition/src/features/analysis/embedded/extract-from-text';
import {
  type CaseScore,
  DICTATIONS_DIR,
  heldOutSets,
  loadCatalogue,
  loadCorpus,
  scoreCase,
  SECOND_CATALOGUE_DIR,
  summarise,
  THIRD_CATALOGUE_DIR,
} from '../../mf-recognition/src/testing/dictation-corpus';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const heldOutIndex = args.indexOf('--held-out');
const heldOutOnly = heldOutIndex >= 0;
const batchArg =
  heldOutOnly && args[heldOutIndex + 1] && !args[heldOutIndex + 1]!.startsWith('--')
    ? args[heldOutIndex + 1]
    : undefined;
const tunedOnly = args.includes('--tuned');
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const line = (label: string, scores: CaseScore[]) => {
  const s = summarise(scores);
  return `${label}: ${scores.length} texts — P ${pct(s.precision)}, R ${pct(s.recall)}, F1 ${s.f1.toFixed(3)}, client ${pct(s.clientAccuracy)}`;
};

type Group = { label: string; sets: { name: string; dir: string }[] };
const groups: Group[] = [];
if (!heldOutOnly)
  groups.push({
    label: 'tuned corpus',
    sets: [DICTATIONS_DIR, SECOND_CATALOGUE_DIR, THIRD_CATALOGUE_DIR].map((dir) => ({
      name: dir.split('/').slice(-1)[0]!,
      dir,
    })),
  });
if (!tunedOnly) {
  const byBatch = new Map<string, { name: string; dir: string }[]>();
  for (const set of heldOutSets(batchArg))
    byBatch.set(set.batch, [
      ...(byBatch.get(set.batch) ?? []),
      { name: `${set.batch}/${set.dir.split('/').slice(-1)[0]}`, dir: set.dir },
    ]);
  for (const [batch, sets] of byBatch) groups.push({ label: `held-out ${batch}`, sets });
}

const allScores: CaseScore[] = [];
const heldOutScores: CaseScore[] = [];
for (const group of groups) {
  const groupScores: CaseScore[] = [];
  for (const set of group.sets) {
    const catalogue = loadCatalogue(set.dir);
    const corpus = loadCorpus(set.dir);
    const scores = corpus.map((c) =>
      scoreCase(c.id, c.expected, extractFromText(c.text, catalogue, { flow: 'voice' })),
    );
    groupScores.push(...scores);
    console.log(`  ${line(`${set.name} (catalogue of ${catalogue.length})`, scores)}`);
  }
  console.log(line(group.label, groupScores));
  allScores.push(...groupScores);
  if (group.label.startsWith('held-out')) heldOutScores.push(...groupScores);
}

if (verbose) {
  for (const s of allScores) {
    if (!s.missed.length && !s.spurious.length && !s.clientErrors.length) continue;
    console.log(`\n${s.id}`);
    for (const m of s.missed) console.log(`  missed   ${m}`);
    for (const m of s.spurious) console.log(`  spurious ${m}`);
    for (const m of s.clientErrors) console.log(`  client   ${m}`);
  }
  console.log('');
}
if (heldOutScores.length && groups.length > 2) console.log(line('all held-out', heldOutScores));
console.log(line('all dictations', allScores));

// Speed: the first corpus, repeated, after a warm-up.
const catalogue = loadCatalogue(DICTATIONS_DIR);
const corpus = loadCorpus(DICTATIONS_DIR);
const words = corpus.reduce((n, c) => n + c.text.split(/\s+/).filter(Boolean).length, 0);
for (const c of corpus) extractFromText(c.text, catalogue, { flow: 'voice' });
const rounds = 20;
const started = performance.now();
for (let r = 0; r < rounds; r += 1) for (const c of corpus) extractFromText(c.text, catalogue, { flow: 'voice' });
const msPer100Words = ((performance.now() - started) / rounds / words) * 100;
console.log(
  `speed: ${msPer100Words.toFixed(2)} ms per 100 words (first corpus, ${words} words, catalogue of ${catalogue.length} tasks)`,
);

// Round 2 (issue 13): tagged dictations and notes (mf-recognition/fixtures/round-2), per-tag F1, and speed.
{
  const { loadRound2, reportRound2, scoreRound2 } = await import('../../mf-recognition/src/testing/round-2-corpus');
  const round2 = loadRound2();
  const extract = (text: string) => extractFromText(text, catalogue, { flow: 'voice' });
  for (const part of ['tuning', 'heldOut'] as const) {
    const score = scoreRound2(round2[part], extract);
    const report = reportRound2(score, 'texts');
    console.log(`round-2 ${part}: ${round2[part].length} texts — ${report.summary}, ${report.client}`);
    for (const line of report.tags) console.log(line);
    if (verbose) console.log(score.failures.join('\n'));
  }
  const texts = [...round2.tuning, ...round2.heldOut].map((c) => c.text);
  const round2Words = texts.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  for (let r = 0; r < 5; r += 1) for (const t of texts) extract(t);
  const ms = ((performance.now() - t0) / 5 / round2Words) * 100;
  const cpu = process.cpuUsage(cpu0);
  // CPU time as well: on a shared machine the wall clock also counts the time other processes ran.
  const cpuMs = ((cpu.user + cpu.system) / 1000 / 5 / round2Words) * 100;
  console.log(
    `round-2 speed: ${ms.toFixed(2)} ms per 100 words wall clock, ${cpuMs.toFixed(2)} ms CPU (${round2Words} words; budget ≤ 10 ms)`,
  );
}
