// The whole dictation corpus (fixtures/dictations): task F1 (name + quantity + unit all right) and client fields.
import { DICTATIONS_DIR, loadCatalogue, loadCorpus, scoreCase, SECOND_CATALOGUE_DIR, summarise, THIRD_CATALOGUE_DIR } from '../../../testing/dictation-corpus';
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
    const summary = summarise(corpus.map((c) => scoreCase(c.id, c.expected, extractFromText(c.text, catalogue, { flow: 'voice' }))));
    const failures = summary.cases.filter((c) => c.missed.length || c.spurious.length || c.clientErrors.length);
    if (summary.f1 < 0.9 || summary.clientAccuracy < 0.9) console.log(JSON.stringify(failures, null, 2));
    expect(summary.f1).toBeGreaterThanOrEqual(0.9);
    expect(summary.clientAccuracy).toBeGreaterThanOrEqual(0.9);
  });
});
