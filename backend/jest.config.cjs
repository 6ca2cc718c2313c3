// Backend HTTP tests: real requests through @supabase/supabase-js against startBackend() on PGlite, or on
// PostgreSQL when DATABASE_URL is set. Run from the repo root: npx jest -c backend/jest.config.cjs
const path = require('node:path');

module.exports = {
  rootDir: path.join(__dirname, '..'),
  roots: ['<rootDir>/backend/test'],
  displayName: 'backend',
  testEnvironment: 'node',
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(c|m)?(t|j)sx?$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // PGlite's CommonJS build loads Node built-ins with import(), which Jest's VM refuses without
  // --experimental-vm-modules: compiling it turns those into require().
  transformIgnorePatterns: ['/node_modules/(?!@electric-sql/pglite/)'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  testTimeout: 60_000,
  // One backend per file; files run one after another when CPU is scarce (--runInBand in scripts/test.mjs).
  maxWorkers: 2,
  // A test that fails half-way can leave a started backend (HTTP server, PostgreSQL pool) open: the run must still
  // end and report (seen on PostgreSQL in CI), not hang until CI's time limit.
  forceExit: true,
};
