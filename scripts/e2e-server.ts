// The system under test for Playwright: a fresh backend (in-memory PGlite, or DATABASE_URL when E2E_DATABASE_URL
// is set) plus the production builds served like `npm start` does.
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { repoRoot } from '../backend/src/config.ts';
import { startBackend } from '../backend/src/server.ts';

import { appPorts, localRuntimeConfig, serveApps } from './lib/serve-apps.mjs';

// Ports can be moved (E2E_PORT_BASE, E2E_BACKEND_PORT) so two e2e runs never fight over the same ones.
export const E2E_PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3000);
export const E2E_BACKEND_PORT = Number(process.env.E2E_BACKEND_PORT ?? 54322);
export const E2E_ADMIN = { email: 'admin@atelier.local', password: 'atelier-admin' };

/** Releases and request log of the e2e system on `portBase` (e2e/tests/release-rollback.spec.ts uses the same path). */
function e2eRunDir(portBase: number): string {
  return path.join(repoRoot(), '.atelier', `e2e-${portBase}-system`);
}

async function main() {
  const backend = await startBackend({
    port: E2E_BACKEND_PORT,
    dataDir: 'memory://',
    databaseUrl: process.env.E2E_DATABASE_URL,
    adminEmail: E2E_ADMIN.email,
    adminPassword: E2E_ADMIN.password,
    env: { AI_BASE_URL: process.env.E2E_AI_BASE_URL ?? '' },
    // Specs sign up many users from one address; the shell and remotes are the allowed origins.
    authLimits: { signUpsPerIpPerHour: 1_000_000, emailsPerIpPerHour: 1_000_000, failedLoginsPerIp: 1_000_000 },
    mailboxToken: 'e2e', // e2e/fixtures.ts MAILBOX_URL
    appOrigins: Object.values(appPorts(E2E_PORT_BASE)).map((port) => `http://localhost:${port}`),
    plateformeSandbox: true,
  });
  // Test controls of the Stripe sandbox (its clock) need the service role: the specs read its key from this
  // owner-only file (e2e/fixtures.ts serviceRoleKey), never from the apps.
  const keyFile = path.join(repoRoot(), '.atelier', `e2e-${E2E_BACKEND_PORT}.service-role-key`);
  mkdirSync(path.dirname(keyFile), { recursive: true });
  writeFileSync(keyFile, backend.serviceRoleKey, { mode: 0o600 });
  // This run's releases (release-rollback.spec.ts publishes there with scripts/release.ts --releases-dir) and the
  // log of the requests the apps' servers received (the spec checks which remotes were fetched again).
  const runDir = e2eRunDir(E2E_PORT_BASE);
  rmSync(runDir, { recursive: true, force: true });
  mkdirSync(path.join(runDir, 'releases'), { recursive: true });
  const requestLog = path.join(runDir, 'requests.log');
  writeFileSync(requestLog, '');
  const apps = await serveApps({
    ports: appPorts(E2E_PORT_BASE),
    releasesDir: path.join(runDir, 'releases'),
    // Each line: app, URL, and the spec that asked when its browser says so in its user agent (`atelier-e2e/<name>`):
    // specs run in parallel against the same servers, and a spec counts only its own requests.
    onRequest: (app: string, url: string, userAgent: string) =>
      appendFileSync(requestLog, `${app} ${url} ${/atelier-e2e\/([\w-]+)/.exec(userAgent)?.[1] ?? '-'}\n`),
    runtimeConfig: localRuntimeConfig(backend, { adminEmail: E2E_ADMIN.email }),
  });
  process.stdout.write(`e2e system ready: ${apps.url} (backend ${backend.url}, mailbox ${backend.mailboxUrl})\n`);
  const stop = async () => {
    await apps.close();
    await backend.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(String(error instanceof Error ? error.stack : error) + '\n');
  process.exit(1);
});
