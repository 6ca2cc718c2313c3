// Unit tests of every app and shared package (Jest 30 + @swc/jest). Backend HTTP tests have their own
// config (backend/jest.config.cjs); e2e runs under Playwright.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.ttf$': '<rootDir>/scripts/jest-file-path-transform.cjs' },
  // ESM-only dependencies are compiled too.
  transformIgnorePatterns: [
    '/node_modules/(?!(idb-keyval|jspdf|unpdf|@supabase|uuid|nanoid|dejavu-fonts-ttf|@expo-google-fonts)/)',
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json', 'ttf'],
};

module.exports = {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/shell',
        '<rootDir>/shared',
        '<rootDir>/mf-quotes',
        '<rootDir>/mf-clients',
        '<rootDir>/mf-account',
        '<rootDir>/mf-admin',
        '<rootDir>/mf-recognition',
      ],
      testMatch: ['**/src/**/*.test.ts', '**/src/**/*.test.tsx'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/', '\\.node\\.test\\.ts$'],
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
    },
    {
      ...common,
      displayName: 'node',
      testEnvironment: 'node',
      roots: ['<rootDir>/shared', '<rootDir>/mf-recognition', '<rootDir>/mf-quotes'],
      testMatch: ['**/src/**/*.node.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    },
    {
      ...common,
      // Whole-repository checks: docs links, README length, functions self-contained (scripts/checks).
      displayName: 'repo',
      testEnvironment: 'node',
      // The scripts are ES modules (.mjs): compiled like the rest.
      transform: { ...common.transform, '^.+\\.mjs$': swc },
      roots: ['<rootDir>/scripts/checks'],
      testMatch: ['**/*.test.ts'],
    },
  ],
};
