// Round-3 dictation corpus (issue 31, mf-recognition/fixtures/round-3): the dev half and the frozen held-out half,
// scored separately — task P/R/F1, client fields, per tag — and the speed of the analyser on them.
// Run: npx tsx scripts/bench/recognition-round-3.ts [--verbose] [--dev [--ids <id prefix>] | --held-out]
//   --verbose prints every failing case of the half or halves scored (read dev failures only when tuning).
import { extractFromText } from '../../mf-recognition/src/features/analysis/embedded/extract-from-text';
import { reportRound2, scoreRound2 } from '../../mf-recognition/src/testing/round-2-corpus';
import { loadRound3 } from '../../mf-recognition/src/testing/round-3-corpus';
import { threadCpuMs } from '../lib/thread-cpu';

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const only = args.includes('--dev') ? 'dev' : args.includes('--held-out') ? 'heldOut' : undefined;
const loaded = loadRound3();
const { heldOut, catalogue } = loaded;
// --ids <prefix> scores only the dev cases whose id starts with it (e.g. r3-d5 for the fifth dev batch).
const idsAt = args.indexOf('--ids');
const dev = idsAt >= 0 ? loaded.dev.filter((c) => c.id.startsWith(args[idsAt + 1] ?? '')) : loaded.dev;
const extract = (text: string) => extractFromText(text, catalogue, { flow: 'voice' });

for (const [part, cases] of [
  ['dev', dev],
  ['heldOut', heldOut],
] as const) {
  if (only && only !== part) continue;
  const score = scoreRound2(cases, extract);
  const report = reportRound2(score, 'texts');
  console.log(
    `round-3 ${part === 'dev' ? 'dev' : 'held-out'}: ${cases.length} texts — ${report.summary}, ${report.client}`,
  );
  for (const line of report.tags) console.log(line);
  if (verbose) console.log(score.failures.join('\n'));
}

const texts = [...dev, ...heldOut].map((c) => c.text);
const words = texts.reduce((n, t) => n + t.split(/\s+/).filter(Boolean).length, 0);
for (const t of texts) extract(t);
const rounds = 10;
const t0 = performance.now();
const thread0 = threadCpuMs();
const cpu0 = process.cpuUsage();
for (let r = 0; r < rounds; r += 1) for (const t of texts) extract(t);
const ms = ((performance.now() - t0) / rounds / words) * 100;
const cpu = process.cpuUsage(cpu0);
const cpuMs = ((cpu.user + cpu.system) / 1000 / rounds / words) * 100;
const thread1 = threadCpuMs();
// The analysing thread's own CPU beside the process' (which also counts V8's background compilers, decision 0235).
const analysing =
  thread0 !== null && thread1 !== null
    ? `, ${(((thread1 - thread0) / rounds / words) * 100).toFixed(2)} ms on the analysing thread`
    : '';
console.log(
  `round-3 speed: ${ms.toFixed(2)} ms per 100 words wall clock, ${cpuMs.toFixed(2)} ms CPU${analysing} (${words} words; budget ≤ 10 ms)`,
);
