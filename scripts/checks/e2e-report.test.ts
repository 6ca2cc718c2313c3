// The summary of `npm test` names every e2e test that passed only on retry (scripts/lib/e2e-report.mjs).
import { flakyTests } from '../lib/e2e-report.mjs';

const test = (status: string, projectName = '') => ({ status, projectName, results: [] });

describe('flakyTests', () => {
  it('names the tests that passed on retry, with their describe blocks, and only those', () => {
    const report = {
      suites: [
        {
          title: 'invoices.spec.ts',
          file: 'invoices.spec.ts',
          specs: [
            { title: 'marquer payée', file: 'invoices.spec.ts', tests: [test('flaky')] },
            { title: 'avoir', file: 'invoices.spec.ts', tests: [test('expected')] },
          ],
          suites: [
            {
              title: 'hors ligne',
              file: 'invoices.spec.ts',
              specs: [{ title: 'brouillon gardé', file: 'invoices.spec.ts', tests: [test('flaky', 'mobile')] }],
            },
          ],
        },
        { title: 'quotes.spec.ts', file: 'quotes.spec.ts', specs: [{ title: 'pdf', tests: [test('unexpected')] }] },
      ],
    };
    expect(flakyTests(report)).toEqual([
      'invoices.spec.ts › marquer payée',
      'invoices.spec.ts › hors ligne › brouillon gardé [mobile]',
    ]);
  });

  it('finds none in an empty or a clean report', () => {
    expect(flakyTests({})).toEqual([]);
    expect(flakyTests({ suites: [{ title: 'a.spec.ts', specs: [{ title: 't', tests: [test('expected')] }] }] })).toEqual(
      [],
    );
  });
});
