// What a bench against the real local backend stands on, started and torn down in one place:
//   - withBenchBackend: the backend on a database of its own (bench-database.ts: PostgreSQL with DATABASE_URL, else
//     PGlite in memory), with the auth limits lifted (a bench signs its users up and in as often as it needs);
//   - withBenchStack: the same, plus the production builds served as separate origins on consecutive ports from
//     `portBase` (serve-apps.mjs; the backend's CORS allow-list names them) and Chromium.
// Everything started is stopped at the end, the database dropped last, whether the bench ran to the end or not.
import { chromium, type Browser } from 'playwright-core';

import { startBackend, type RunningBackend, type StartBackendOptions } from '../../backend/src/server.ts';
import { benchDatabase } from './bench-database.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.cjs';
import { appOrigins, appPorts, localRuntimeConfig, serveApps } from './serve-apps.mjs';

/** No abuse limit of /auth/v1 is measured by a bench: its sign-ups and sign-ins are never refused. */
const BENCH_AUTH_LIMITS = {
  signUpsPerIpPerHour: 1_000_000,
  emailsPerIpPerHour: 1_000_000,
  failedLoginsPerIp: 1_000_000,
};

/** startBackend's options a bench may add (administrator, functions' environment, app origins). */
type BackendExtras = Omit<StartBackendOptions, 'port' | 'dataDir' | 'databaseUrl' | 'authLimits' | 'log'>;

/** Runs `bench` with a backend on a fresh database (`name` names it), then stops both. */
export async function withBenchBackend<T>(
  name: string,
  options: BackendExtras,
  bench: (backend: RunningBackend) => Promise<T>,
): Promise<T> {
  const database = await benchDatabase(name);
  try {
    const backend = await startBackend({
      port: 0,
      dataDir: 'memory://',
      databaseUrl: database.url,
      authLimits: BENCH_AUTH_LIMITS,
      log: () => undefined,
      ...options,
    });
    try {
      return await bench(backend);
    } finally {
      await backend.close();
    }
  } finally {
    await database.drop();
  }
}

export interface BenchStack {
  backend: RunningBackend;
  browser: Browser;
  /**
   * Serves the shell and the remotes (once; later calls return the same) and returns the shell's URL. Called after
   * the bench's seed, so that serving costs nothing while it runs.
   */
  serveApps(): Promise<string>;
}

/**
 * Runs `bench` with a backend on a fresh database, Chromium, and the apps served from `portBase` once the bench
 * asks for them; stops them all after it. `backend` adds startBackend options (e.g. the administrator's account,
 * whose e-mail the apps' runtime configuration then names).
 */
export async function withBenchStack<T>(
  options: { name: string; portBase: number; backend?: BackendExtras },
  bench: (stack: BenchStack) => Promise<T>,
): Promise<T> {
  const { name, portBase, backend: extras = {} } = options;
  return withBenchBackend(name, { ...extras, appOrigins: appOrigins(portBase) }, async (backend) => {
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    let apps: ReturnType<typeof serveApps> | undefined;
    const serve = () =>
      (apps ??= serveApps({
        ports: appPorts(portBase),
        runtimeConfig: localRuntimeConfig(backend, extras.adminEmail ? { adminEmail: extras.adminEmail } : {}),
      }));
    try {
      return await bench({ backend, browser, serveApps: async () => (await serve()).url });
    } finally {
      await browser.close();
      await (await apps?.catch(() => undefined))?.close();
    }
  });
}
