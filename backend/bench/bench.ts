// Backend throughput (not a test): `tsx backend/bench/bench.ts` (also run by `npm run bench`).
// Starts the backend on PGlite in a temporary directory, in a child process so that its peak RSS is its own,
// seeds users, then drives autocannon (10 connections × 10 s by default) against
//   (a) an authenticated, RLS-filtered select: GET /rest/v1/profiles?select=*&id=eq.<uid>
//   (b) token refresh: POST /auth/v1/token?grant_type=refresh_token.
// Refresh tokens rotate (each works once), so (b) draws from a pool of sessions: every request takes a token
// from the pool and its response puts the new token back. Each request is therefore a genuine rotation, not
// the reuse-interval shortcut. Prints one JSON line per measurement.
// Env: BENCH_DURATION, BENCH_CONNECTIONS, BENCH_DATABASE_URL (PostgreSQL instead of PGlite).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import autocannon from 'autocannon';

import { startBackend } from '../src/server.ts';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SEEDED_USERS = 2000;
const SESSION_POOL = 40;
/** BENCH_DATABASE_URL runs the same measurements on PostgreSQL instead of PGlite. */
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
const ENGINE = DATABASE_URL ? 'postgres' : 'pglite';

interface Served {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

async function serve(dataDir: string): Promise<void> {
  const backend = await startBackend({ port: 0, dataDir, databaseUrl: DATABASE_URL, log: () => undefined });
  process.stdout.write(
    `${JSON.stringify({ url: backend.url, anonKey: backend.anonKey, serviceRoleKey: backend.serviceRoleKey })}\n`,
  );
  const stop = async () => {
    await backend.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
}

function startChild(dataDir: string): Promise<{ served: Served; pid: number; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, '--serve', dataDir], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        child.stdout.removeAllListeners('data');
        resolve({
          served: JSON.parse(line) as Served,
          pid: child.pid!,
          stop: () =>
            new Promise((done) => {
              child.once('exit', () => done());
              child.kill('SIGTERM');
            }),
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`backend exited early (${code})`)));
  });
}

/** Peak resident set size of a process (VmHWM), in MB. */
function peakRssMb(pid: number): number | null {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

async function json(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const body = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

function report(name: string, result: autocannon.Result, extra: Record<string, unknown> = {}): void {
  process.stdout.write(
    `${JSON.stringify({
      bench: name,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      requestsPerSecond: Math.round(result.requests.average),
      p99Ms: result.latency.p99,
      p50Ms: result.latency.p50,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      ...extra,
    })}\n`,
  );
}

async function main(): Promise<void> {
  // The first start of a data directory runs initdb, the memory peak of PGlite; it is measured apart, then the
  // benchmark runs against a backend reopening that directory, as every later `npm start` does.
  const dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'atelier-bench-')), 'data');
  const first = await startChild(dataDir);
  const firstStartPeakRssMb = peakRssMb(first.pid);
  await first.stop();
  const { served, pid, stop } = await startChild(dataDir);
  const startPeakRssMb = peakRssMb(pid);
  const headers = { apikey: served.anonKey, 'content-type': 'application/json' };
  try {
    // One measured user among many, so that the RLS filter has rows to exclude.
    const email = `bench.${Date.now()}@example.fr`;
    const password = 'Chantier-2026!';
    const session = await json(`${served.url}/auth/v1/signup`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, password, data: { first_name: 'Bench', last_name: 'Mark' } }),
    });
    const userId = (session.user as { id: string }).id;
    await seedUsers(served);

    const select = await autocannon({
      url: `${served.url}/rest/v1/profiles?select=*&id=eq.${userId}`,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: { apikey: served.anonKey, authorization: `Bearer ${String(session.access_token)}` },
    });
    report('backend-rls-select', select, {
      engine: ENGINE,
      path: '/rest/v1/profiles?select=*&id=eq.<uid>',
      seededUsers: SEEDED_USERS,
    });

    const pool: string[] = [];
    for (let i = 0; i < SESSION_POOL; i++) {
      const signIn = await json(`${served.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email, password }),
      });
      pool.push(String(signIn.refresh_token));
    }
    let starved = 0;
    const refresh = await autocannon({
      url: `${served.url}/auth/v1/token?grant_type=refresh_token`,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        {
          method: 'POST',
          headers,
          setupRequest: (request) => {
            const token = pool.shift();
            if (!token) starved++;
            return { ...request, body: JSON.stringify({ refresh_token: token ?? 'pool-empty' }) };
          },
          onResponse: (status, body) => {
            if (status === 200) pool.push(String((JSON.parse(body) as { refresh_token: string }).refresh_token));
          },
        },
      ],
    });
    report('backend-token-refresh', refresh, { engine: ENGINE, sessionPool: SESSION_POOL, poolStarved: starved });
    process.stdout.write(
      `${JSON.stringify({ bench: 'backend-peak-rss', engine: ENGINE, peakRssMb: peakRssMb(pid), afterStartRssMb: startPeakRssMb, firstStartPeakRssMb })}\n`,
    );
  } finally {
    await stop();
    rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

/**
 * Other users' profiles for the RLS filter to skip. The backend process owns its PGlite directory, so seeding
 * goes through the admin API, without passwords (no bcrypt), in small concurrent batches.
 */
async function seedUsers(served: Served): Promise<void> {
  const admin = {
    apikey: served.serviceRoleKey,
    authorization: `Bearer ${served.serviceRoleKey}`,
    'content-type': 'application/json',
  };
  const batch = 50;
  for (let i = 0; i < SEEDED_USERS; i += batch) {
    await Promise.all(
      Array.from({ length: Math.min(batch, SEEDED_USERS - i) }, (_, j) =>
        json(`${served.url}/auth/v1/admin/users`, {
          method: 'POST',
          headers: admin,
          body: JSON.stringify({
            email: `seed.${i + j}.${Date.now()}@example.fr`,
            email_confirm: true,
            user_metadata: { first_name: `Seed ${i + j}` },
          }),
        }),
      ),
    );
  }
}

const serveAt = process.argv.indexOf('--serve');
if (serveAt >= 0) {
  serve(process.argv[serveAt + 1]!).catch((error: unknown) => {
    process.stderr.write(`${String(error)}\n`);
    process.exit(1);
  });
} else {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
