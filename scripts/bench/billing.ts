// Billing benchmark (issue 11, not a test): `tsx scripts/bench/billing.ts` (also run by `npm run bench`).
//  (a) checkout page → plan shown active on /account, in Chromium against the production builds and the Stripe
//      sandbox (budget ≤ 2 s; median of several upgrades, each by a fresh user);
//  (b) stripe-webhook throughput on the local backend: signed customer.subscription.updated events with unique ids
//      for existing customers, each re-read from the sandbox API and applied (budget ≥ 200 events/s).
// Prints one JSON line per measurement on stdout; progress on stderr.
// Env: BILLING_BENCH_PORT_BASE (default 3900; backend on +50), BILLING_BENCH_EVENTS, BILLING_BENCH_CONCURRENCY;
// PGlite in memory by default, PostgreSQL with DATABASE_URL (a database of its own, scripts/lib/bench-database.ts).
import { spawn } from 'node:child_process';

import { chromium } from 'playwright-core';

import { startBackend } from '../../backend/src/server.ts';
import { signPayload } from '../../backend/src/stripe-sandbox/index.ts';
import { benchDatabase } from '../lib/bench-database.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium.cjs';
import { appOrigins, appPorts, localRuntimeConfig, serveApps } from '../lib/serve-apps.mjs';

const PORT_BASE = Number(process.env.BILLING_BENCH_PORT_BASE ?? 3900);
const SMOKE = process.env.ATELIER_BENCH_SMOKE === '1';
const EVENTS = Number(process.env.BILLING_BENCH_EVENTS ?? (SMOKE ? 20 : 1500));
const CONCURRENCY = Number(process.env.BILLING_BENCH_CONCURRENCY ?? 8);
const CUSTOMERS = SMOKE ? 2 : 20;
const UPGRADES = SMOKE ? 1 : 5;
const BUDGET_CHECKOUT_MS = 2000;
const BUDGET_EVENTS_PER_S = 200;

/** The backend runs in a child process, so the load generator does not share its event loop. */
interface Backend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The sandbox's per-install webhook secret (the backend runs in a child: it is passed on with the keys). */
  webhookSecret: string;
}
type RunningBackend = Backend;

const log = (message: string) => process.stderr.write(`[billing-bench] ${message}\n`);
const emit = (record: unknown) => process.stdout.write(`${JSON.stringify(record)}\n`);

async function signUp(backend: RunningBackend, email: string): Promise<{ token: string }> {
  const res = await fetch(`${backend.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'Chantier-2026!',
      data: { first_name: 'Banc', last_name: 'Essai', company_name: 'Bench SARL', phone: '0612345678' },
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return { token: ((await res.json()) as { access_token: string }).access_token };
}

async function paidCustomer(backend: RunningBackend, index: number): Promise<string> {
  const { token } = await signUp(backend, `bench.webhook.${Date.now()}.${index}@example.fr`);
  const res = await fetch(`${backend.url}/functions/v1/create-checkout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      price_id: 'price_atelier_pro',
      success_url: 'http://localhost/ok',
      cancel_url: 'http://localhost/ko',
      mode: 'subscription',
    }),
  });
  const { url } = (await res.json()) as { url: string };
  const pay = await fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card=4242424242424242&exp=12%2F34&cvc=123',
  });
  if (pay.status !== 303) throw new Error(`payment failed: ${pay.status}`);
  const rows = (await (
    await fetch(`${backend.url}/rest/v1/stripe_customers?select=customer_id&order=id.desc&limit=1`, {
      headers: { apikey: backend.serviceRoleKey, authorization: `Bearer ${backend.serviceRoleKey}` },
    })
  ).json()) as Array<{ customer_id: string }>;
  return rows[0]!.customer_id;
}

async function webhookThroughput(backend: RunningBackend): Promise<void> {
  log(`preparing ${CUSTOMERS} paying customers`);
  const customers: string[] = [];
  for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await paidCustomer(backend, i));
  const secret = backend.webhookSecret;
  const payloadFor = (n: number) =>
    JSON.stringify({
      id: `evt_bench_${Date.now().toString(36)}_${n}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `sub_bench_${n}`, object: 'subscription', customer: customers[n % customers.length] } },
    });
  let duplicates = 0;
  const send = async (n: number) => {
    const payload = payloadFor(n);
    const res = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, secret) },
      body: payload,
    });
    const body = (await res.json()) as { duplicate?: boolean };
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}`);
    if (body.duplicate) duplicates += 1;
  };
  for (let i = 0; i < 50; i += 1) await send(EVENTS + i); // warm-up (JIT, connections)
  log(`sending ${EVENTS} events with ${CONCURRENCY} in flight`);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < EVENTS) await send(next++);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const head = await fetch(`${backend.url}/rest/v1/stripe_webhook_events?select=id&id=like.evt_bench_*`, {
    method: 'HEAD',
    headers: {
      apikey: backend.serviceRoleKey,
      authorization: `Bearer ${backend.serviceRoleKey}`,
      prefer: 'count=exact',
    },
  });
  const recorded = Number(head.headers.get('content-range')?.split('/')[1] ?? NaN);
  const eventsPerSecond = Math.round(EVENTS / seconds);
  log(`webhook: ${eventsPerSecond} events/s (${EVENTS} in ${seconds.toFixed(2)} s; budget ≥ ${BUDGET_EVENTS_PER_S})`);
  emit({
    bench: 'stripe-webhook-throughput',
    engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    events: EVENTS,
    recorded, // includes the 50 warm-up events
    duplicates,
    concurrency: CONCURRENCY,
    seconds: Number(seconds.toFixed(2)),
    eventsPerSecond,
    budget: BUDGET_EVENTS_PER_S,
    ok: eventsPerSecond >= BUDGET_EVENTS_PER_S,
  });
}

async function checkoutToActive(backend: RunningBackend): Promise<void> {
  const apps = await serveApps({
    ports: appPorts(PORT_BASE),
    runtimeConfig: localRuntimeConfig(backend),
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const timings: number[] = [];
  try {
    for (let i = 0; i < UPGRADES; i += 1) {
      const email = `bench.checkout.${Date.now()}.${i}@example.fr`;
      await signUp(backend, email);
      const context = await browser.newContext({ locale: 'fr-FR' });
      const page = await context.newPage();
      await page.goto(`${apps.url}/auth`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Mot de passe', { exact: true }).fill('Chantier-2026!');
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL(`${apps.url}/`);
      await page.goto(`${apps.url}/account`);
      await page.getByRole('button', { name: 'Changer de plan' }).click();
      await page.getByRole('button', { name: 'Sélectionner Pro' }).click();
      await page.waitForURL(/\/stripe-sandbox\/checkout\//);
      await page.getByLabel('Numéro de carte').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiration (MM/AA)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      const started = performance.now();
      await page.getByRole('button', { name: /^Payer/ }).click();
      await page.getByTestId('current-plan').getByText('Actif').waitFor({ timeout: 30_000 });
      const ms = Math.round(performance.now() - started);
      timings.push(ms);
      log(`checkout → Actif on /account: ${ms} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
    await apps.close();
  }
  const sorted = [...timings].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  emit({
    bench: 'checkout-to-active',
    runs: timings,
    medianMs: median,
    maxMs: sorted.at(-1),
    budgetMs: BUDGET_CHECKOUT_MS,
    ok: median <= BUDGET_CHECKOUT_MS,
  });
}

async function serve(): Promise<void> {
  const backend = await startBackend({
    port: PORT_BASE + 50,
    dataDir: 'memory://',
    databaseUrl: process.env.BILLING_BENCH_DATABASE_URL || undefined,
    env: { AI_BASE_URL: '' },
    // The browser signs in and pays from the apps' origins: the backend's CORS allow-list must name them.
    appOrigins: appOrigins(PORT_BASE),
    log: () => undefined,
  });
  process.stdout.write(
    `${JSON.stringify({
      url: backend.url,
      anonKey: backend.anonKey,
      serviceRoleKey: backend.serviceRoleKey,
      webhookSecret: backend.stripeSandbox!.webhookSecret,
    })}\n`,
  );
  const stop = async () => {
    await backend.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.stdin.on('end', () => void stop());
  process.stdin.resume();
}

function startChild(databaseUrl: string | undefined): Promise<{ backend: Backend; stop: () => Promise<void> }> {
  return new Promise((resolve, reject) => {
    const profile = process.env.BILLING_BENCH_PROFILE ? ['--cpu-prof', '--cpu-prof-dir=.atelier/profiles'] : [];
    const child = spawn(process.execPath, [...profile, ...process.execArgv, process.argv[1]!, '--serve'], {
      stdio: ['pipe', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: '', BILLING_BENCH_DATABASE_URL: databaseUrl ?? '', STRIPE_SECRET_KEY: '' },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      child.stdout.removeAllListeners('data');
      resolve({
        backend: JSON.parse(line) as Backend,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
    child.once('exit', (code) => reject(new Error(`backend exited early (${code})`)));
  });
}

async function main() {
  const database = await benchDatabase('billing');
  if (database.url) log('on PostgreSQL (DATABASE_URL)');
  try {
    const { backend, stop } = await startChild(database.url);
    try {
      if (process.env.BILLING_BENCH_ONLY !== 'webhook') await checkoutToActive(backend);
      await webhookThroughput(backend);
    } finally {
      await stop();
    }
  } finally {
    await database.drop();
  }
}

const run = process.argv.includes('--serve') ? serve() : main();
run.catch((error) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
