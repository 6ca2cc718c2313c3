// Reading Playwright's JSON report (scripts/test.mjs).

/**
 * The tests that failed, then passed on a retry (Playwright's `flaky` status), as
 * `file › describe › title [project]`.
 * @param {{ suites?: object[] }} report @returns {string[]}
 */
export function flakyTests(report) {
  const found = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue;
        const project = test.projectName ? ` [${test.projectName}]` : '';
        found.push([spec.file ?? suite.file, ...titles, spec.title].join(' › ') + project);
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // A top-level suite is the file (its title is the file name).
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}
