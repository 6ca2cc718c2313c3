// The whole dictation corpus (fixtures/dictations): task F1 (name + quantity + unit all right) and client fields.
import { loadCatalogue, loadCorpus, scoreCase, summarise } from '../../../testing/dictation-corpus';
import { extractFromText } from './extract-from-text';

describe('dictation corpus', () => {
  const catalogue = loadCatalogue();
  const corpus = loadCorpus();

  it('has at least 30 dictations over a realistic catalogue', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(catalogue.length).toBeGreaterThanOrEqual(40);
  });

  it('extracts tasks with F1 ≥ 0.9 and client fields with accuracy ≥ 0.9', () => {
    const summary = summarise(corpus.map((c) => scoreCase(c.id, c.expected, extractFromText(c.text, catalogue, { flow: 'voice' }))));
    const failures = summary.cases.filter((c) => c.missed.length || c.spurious.length || c.clientErrors.length);
    if (summary.f1 < 0.9 || summary.clientAccuracy < 0.9) console.log(JSON.stringify(failures, null, 2));
    expect(summary.f1).toBeGreaterThanOrEqual(0.9);
    expect(summary.clientAccuracy).toBeGreaterThanOrEqual(0.9);
  });
});
