import path from 'node:path';

import { defineConfig, devices } from '@playwright/test';

import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.cjs';

const repoRoot = path.resolve(__dirname, '..');
const portBase = Number(process.env.E2E_PORT_BASE ?? 3000);
const runName = process.env.E2E_PORT_BASE ? `e2e-${portBase}` : 'e2e';

export default defineConfig({
  testDir: './tests',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, `.atelier/reports/${runName}.json`) }]],
  outputDir: path.join(repoRoot, `.atelier/${runName}-results`),
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${portBase}`,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    trace: 'retain-on-failure',
    acceptDownloads: true,
    // The service worker (issue 14) is tested by pwa-offline.spec.ts, which allows it; elsewhere page.route must
    // see every request, as before.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `${path.join(repoRoot, 'node_modules/.bin/tsx')} ${path.join(repoRoot, 'scripts/e2e-server.ts')}`,
    url: `http://localhost:${portBase}/config.json`,
    cwd: repoRoot,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
