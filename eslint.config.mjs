// Flat config. Besides the usual TypeScript/React rules it enforces the dependency direction of DESIGN.md §2:
// domain ← bus ← storage ← platform ← ui ← documents ← mf-* ← shell; backend and functions use domain only;
// remotes never import each other.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const LAYERS = ['domain', 'bus', 'storage', 'platform', 'ui', 'documents'];
const REMOTES = ['mf-quotes', 'mf-recognition', 'mf-clients', 'mf-account', 'mf-admin'];

const pkg = (name) => [`@atelier/${name}`, `@atelier/${name}/*`];

/** Restrict a folder to the given @atelier packages. */
function onlyMay(files, allowed, extraPatterns = []) {
  const forbidden = [...LAYERS, ...REMOTES, 'shell', 'backend', 'build'].filter((n) => !allowed.includes(n));
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: forbidden.flatMap(pkg),
              message: 'Dependency direction (DESIGN.md §2): this layer may not import that package.',
            },
            ...extraPatterns,
          ],
        },
      ],
    },
  };
}

const noReachingIntoOtherApps = {
  group: ['**/../mf-*/**', '**/../shell/**', '**/shared/*/src/**', '**/../backend/**'],
  message: 'Apps talk through @atelier packages, the bus and URLs — never by importing each other.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'releases/**',
      '.atelier/**',
      '**/*.cjs',
      'mf-recognition/fixtures/**',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['**/webpack.config.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright fixtures receive a `use` callback that is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  onlyMay(['shared/domain/src/**'], []),
  onlyMay(['shared/bus/src/**'], ['domain']),
  onlyMay(['shared/storage/src/**'], ['domain', 'bus']),
  onlyMay(['shared/platform/src/**'], ['domain', 'bus', 'storage']),
  onlyMay(['shared/ui/src/**'], ['domain', 'bus', 'storage', 'platform']),
  onlyMay(['shared/documents/src/**'], ['domain', 'bus', 'storage', 'platform', 'ui']),
  ...REMOTES.map((remote) => onlyMay([`${remote}/src/**`], LAYERS, [noReachingIntoOtherApps])),
  onlyMay(['shell/src/**'], LAYERS, [noReachingIntoOtherApps]),
  onlyMay(['backend/src/**', 'supabase/functions/**'], ['domain']),
  prettier,
);
