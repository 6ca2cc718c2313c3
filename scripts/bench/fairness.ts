// Fairness (issue 25 §2): one user runs the largest allowed legacy import (1 000 clients with a devis and an
// invoice each, a paid plan so nothing is skipped) in a loop — each import on a fresh account, since an account
// imports once, sent as the browser does in lots of 25 clients (migration 0053) — while 20 other users read their
// client book through /rest/v1. Reports the readers' latency (p50 / p99, budget p99 ≤ 250 ms), the imports' and
// the lots' durations. PGlite by default; PostgreSQL with DATABASE_URL.
// Prints one JSON line on stdout; progress on stderr.
//
//   npx tsx scripts/bench/fairness.ts        (FAIRNESS_SECONDS to change the duration)
import { randomUUID } from 'node:crypto';

import type { RunningBackend } from '../../backend/src/server.ts';
import { withBenchBackend } from '../lib/bench-stack.ts';

const SMOKE = process.env.ATELIER_BENCH_SMOKE === '1';
const SECONDS = Number(process.env.FAIRNESS_SECONDS ?? (SMOKE ? 5 : 20));
const READERS = 20;
const IMPORT_CLIENTS = SMOKE ? 100 : 1000;
const LOT_CLIENTS = Number(process.env.FAIRNESS_LOT_CLIENTS ?? 25); // as the browser sends them
const BUDGET_P99_MS = 250;

const log = (message: string) => process.stderr.write(`[fairness-bench] ${message}\n`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function signUp(backend: RunningBackend, label: string): Promise<{ id: string; token: string }> {
  const email = `${label}.${randomUUID().slice(0, 8)}@bench.example.fr`;
  const res = await fetch(`${backend.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Chantier-2026!', data: { first_name: 'Bench' } }),
  });
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.user.id, token: body.access_token };
}

/** The import's request bodies: lots of 100 clients, the last one final. */
function importLots(): string[] {
  const clients = Array.from({ length: IMPORT_CLIENTS }, (_, i) => ({
    email: `client${i}@example.fr`,
    name: `Client ${i}`,
    phone: '06 00 00 00 00',
    address: `${i} rue des Lilas 75011 Paris`,
    quotes: [{ id: randomUUID(), legacy_id: `q${i}`, number: null, project_title: 'Salle de bain', lines: [] }],
    invoices: [{ id: randomUUID(), legacy_id: `f${i}`, number: `FA${String(i + 1).padStart(4, '0')}`, lines: [] }],
  }));
  const lots: string[] = [];
  for (let i = 0; i < clients.length; i += LOT_CLIENTS) {
    const final = i + LOT_CLIENTS >= clients.length;
    lots.push(JSON.stringify({ p_clients: clients.slice(i, i + LOT_CLIENTS), p_final: final }));
  }
  return lots;
}

async function main(): Promise<void> {
  await withBenchBackend('fairness', { env: { AI_BASE_URL: '' } }, async (backend) => {
    log(`${backend.db.engine}: ${READERS} readers, imports of ${IMPORT_CLIENTS} clients, ${SECONDS} s`);
    const readers = await Promise.all(Array.from({ length: READERS }, (_, i) => signUp(backend, `reader${i}`)));
    for (const reader of readers) {
      const rows = Array.from({ length: 10 }, (_, i) => `('${reader.id}', 'Client ${i}', 'c${i}@example.fr')`);
      await backend.db.query(`insert into public.clients (user_id, name, email) values ${rows.join(',')}`);
    }
    const deadline = Date.now() + SECONDS * 1000;
    const latencies: number[] = [];
    const importMs: number[] = [];
    const lotMs: number[] = [];
    const importStatuses: Record<string, number> = {};

    const importer = async () => {
      while (Date.now() < deadline) {
        const user = await signUp(backend, 'importer');
        await backend.db.query(
          `insert into public.subscriptions (user_id, plan_id, status) values ($1, 'pro', 'active')
           on conflict (user_id) do update set plan_id = 'pro', status = 'active'`,
          [user.id],
        );
        const send = async (body: string) => {
          const started = performance.now();
          const res = await fetch(`${backend.url}/rest/v1/rpc/import_legacy_data`, {
            method: 'POST',
            headers: {
              apikey: backend.anonKey,
              authorization: `Bearer ${user.token}`,
              'content-type': 'application/json',
            },
            body,
          });
          await res.arrayBuffer();
          importStatuses[res.status] = (importStatuses[res.status] ?? 0) + 1;
          return performance.now() - started;
        };
        const lots = importLots();
        const started = performance.now();
        let complete = true;
        for (const body of lots) {
          if (Date.now() >= deadline) {
            complete = false;
            break;
          }
          lotMs.push(await send(body));
        }
        if (complete) importMs.push(performance.now() - started);
        // The same account tries again at once (refused: once per account).
        if (complete && Date.now() < deadline) await send(lots[0]!);
      }
    };
    const reader = async (user: { token: string }) => {
      while (Date.now() < deadline) {
        const started = performance.now();
        const res = await fetch(`${backend.url}/rest/v1/clients?select=*&order=created_at.desc&limit=50`, {
          headers: { apikey: backend.anonKey, authorization: `Bearer ${user.token}` },
        });
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`read failed: ${res.status}`);
        latencies.push(performance.now() - started);
      }
    };
    await Promise.all([importer(), ...readers.map(reader)]);
    const p99 = percentile(latencies, 99);
    const record = {
      bench: 'fairness',
      engine: backend.db.engine,
      seconds: SECONDS,
      readers: READERS,
      reads: latencies.length,
      readP50Ms: Math.round(percentile(latencies, 50)),
      readP99Ms: Math.round(p99),
      readMaxMs: Math.round(Math.max(...latencies)),
      budgetP99Ms: BUDGET_P99_MS,
      withinBudget: p99 <= BUDGET_P99_MS,
      importClients: IMPORT_CLIENTS,
      imports: importMs.length,
      importMedianMs: Math.round(percentile(importMs, 50)),
      lotClients: LOT_CLIENTS,
      lots: lotMs.length,
      lotMedianMs: Math.round(percentile(lotMs, 50)),
      lotMaxMs: Math.round(Math.max(0, ...lotMs)),
      importStatuses,
    };
    process.stdout.write(`${JSON.stringify(record)}\n`);
    log(
      `reads p50 ${record.readP50Ms} ms, p99 ${record.readP99Ms} ms (budget ${BUDGET_P99_MS}); imports ${record.imports} × ${record.importMedianMs} ms, lots ${record.lots} (median ${record.lotMedianMs} ms, max ${record.lotMaxMs} ms)`,
    );
  });
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
