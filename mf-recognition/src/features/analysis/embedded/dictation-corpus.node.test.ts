// The whole dictation corpus (fixtures/dictations): task F1 (name + quantity + unit all right) and client fields.
import {
  DICTATIONS_DIR,
  heldOutSets,
  loadCatalogue,
  loadCorpus,
  scoreCase,
  SECOND_CATALOGUE_DIR,
  summarise,
  THIRD_CATALOGUE_DIR,
} from '../../../testing/dictation-corpus';
import { extractFromText } from './extract-from-text';

describe.each([
  ['main catalogue', DICTATIONS_DIR],
  ['second catalogue (other naming habits)', SECOND_CATALOGUE_DIR],
  ['third catalogue (plumbing and heating services)', THIRD_CATALOGUE_DIR],
])('dictation corpus — %s', (_label, dir) => {
  const catalogue = loadCatalogue(dir);
  const corpus = loadCorpus(dir);

  it('has dictations over a realistic catalogue', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(dir === DICTATIONS_DIR ? 30 : 5);
    expect(catalogue.length).toBeGreaterThanOrEqual(dir === DICTATIONS_DIR ? 40 : 10);
  });

  it('extracts tasks with F1 ≥ 0.9 and client fields with accuracy ≥ 0.9', () => {
    const summary = summarise(
      corpus.map((c) => scoreCase(c.id, c.expected, extractFromText(c.text, catalogue, { flow: 'voice' }))),
    );
    const failures = summary.cases.filter((c) => c.missed.length || c.spurious.length || c.clientErrors.length);
    if (summary.f1 < 0.9 || summary.clientAccuracy < 0.9) console.log(JSON.stringify(failures, null, 2));
    expect(summary.f1).toBeGreaterThanOrEqual(0.9);
    expect(summary.clientAccuracy).toBeGreaterThanOrEqual(0.9);
  });
});

// Held-out batches (fixtures/dictations/held-out): written before being scored. Their FIRST scores were
// batch-1 F1 0.890 (before the rules it then motivated), batch-2 F1 0.906 and batch-3 F1 0.889 (each written after
// the rules of the batches before, and scored before any change) — see held-out/README.md.
// The floor is the level a fresh batch reached, not the level reached once the batches were looked at.
describe('dictation corpus — held-out batches', () => {
  const sets = heldOutSets();

  it('holds at least 45 texts in at least two batches, over the three catalogues', () => {
    const corpus = sets.flatMap((set) => loadCorpus(set.dir));
    expect(corpus.length).toBeGreaterThanOrEqual(45);
    expect(new Set(sets.map((set) => set.batch)).size).toBeGreaterThanOrEqual(2);
  });

  it('extracts tasks with F1 ≥ 0.9 and client fields with accuracy ≥ 0.9 over all held-out texts', () => {
    const scores = sets.flatMap((set) => {
      const catalogue = loadCatalogue(set.dir);
      return loadCorpus(set.dir).map((c) =>
        scoreCase(c.id, c.expected, extractFromText(c.text, catalogue, { flow: 'voice' })),
      );
    });
    const summary = summarise(scores);
    if (summary.f1 < 0.9 || summary.clientAccuracy < 0.9)
      console.log(
        JSON.stringify(
          summary.cases.filter((c) => c.missed.length || c.spurious.length || c.clientErrors.length),
          null,
          2,
        ),
      );
    expect(summary.f1).toBeGreaterThanOrEqual(0.9);
    expect(summary.clientAccuracy).toBeGreaterThanOrEqual(0.9);
  });
});
