// Benchmark of the embedded text extractor on the dictation corpus (mf-recognition/fixtures/dictations):
// task precision / recall / F1 (name + quantity + unit), client-field accuracy, milliseconds per 100 words.
// Run: npx tsx scripts/bench/recognition-text.ts [--verbose]
import { extractFromText } from '../../mf-recognition/src/features/analysis/embedded/extract-from-text';
import { DICTATIONS_DIR, loadCatalogue, loadCorpus, scoreCase, SECOND_CATALOGUE_DIR, summarise, THIRD_CATALOGUE_DIR } from '../../mf-recognition/src/testing/dictation-corpus';

const verbose = process.argv.includes('--verbose');
const sets = [DICTATIONS_DIR, SECOND_CATALOGUE_DIR, THIRD_CATALOGUE_DIR].map((dir) => ({ dir, catalogue: loadCatalogue(dir), corpus: loadCorpus(dir) }));
const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const allScores = [];
for (const set of sets) {
  const scores = set.corpus.map((c) => scoreCase(c.id, c.expected, extractFromText(c.text, set.catalogue, { flow: 'voice' })));
  allScores.push(...scores);
  const s = summarise(scores);
  console.log(`${set.dir.split('/').slice(-1)[0]}: ${set.corpus.length} texts, catalogue of ${set.catalogue.length} — P ${pct(s.precision)}, R ${pct(s.recall)}, F1 ${s.f1.toFixed(3)}, client ${pct(s.clientAccuracy)}`);
}
const scores = allScores;
const summary = summarise(scores);
const catalogue = sets[0]!.catalogue;
const corpus = sets[0]!.corpus;

// Speed: the whole corpus, repeated, after a warm-up.
const words = corpus.reduce((n, c) => n + c.text.split(/\s+/).filter(Boolean).length, 0);
for (const c of corpus) extractFromText(c.text, catalogue, { flow: 'voice' });
const rounds = 20;
const started = performance.now();
for (let r = 0; r < rounds; r += 1) for (const c of corpus) extractFromText(c.text, catalogue, { flow: 'voice' });
const msPer100Words = ((performance.now() - started) / rounds / words) * 100;

if (verbose) {
  for (const s of scores) {
    if (!s.missed.length && !s.spurious.length && !s.clientErrors.length) continue;
    console.log(`\n${s.id}`);
    for (const m of s.missed) console.log(`  missed   ${m}`);
    for (const m of s.spurious) console.log(`  spurious ${m}`);
    for (const m of s.clientErrors) console.log(`  client   ${m}`);
  }
  console.log('');
}
console.log(`all dictations: ${scores.length} texts`);
console.log(`tasks (name + quantity + unit): precision ${pct(summary.precision)}, recall ${pct(summary.recall)}, F1 ${summary.f1.toFixed(3)}`);
console.log(`client fields: accuracy ${pct(summary.clientAccuracy)}`);
console.log(`speed: ${msPer100Words.toFixed(2)} ms per 100 words (first corpus, ${words} words, catalogue of ${catalogue.length} tasks)`);
