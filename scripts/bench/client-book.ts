// Client book at scale (issue 8 budgets): one user with 500 clients and 3,000 documents (2,000 quotes, 1,000
// issued invoices, with lines and issue snapshots) seeded through the backend's database, then in Chromium on the
// production build:
//   - first sync from an empty browser ≤ 3 s (sign-in to every row in the local IndexedDB copy; then the same
//     pull again from a cleared local copy, several runs);
//   - /clients first cards after navigation ≤ 1 s;
//   - a search keystroke updates the list ≤ 50 ms.
// Prints one JSON line per measurement on stdout (figures vs budgets); progress on stderr.
//
//   npx tsx scripts/bench/client-book.ts     (CLIENT_BOOK_BENCH_PORT_BASE to change the app ports)
import type { Page } from 'playwright-core';

import type { RunningBackend } from '../../backend/src/server.ts';
import { DEFAULT_CUSTOMIZATION } from '../../shared/domain/src/entities.ts';
import { withBenchStack } from '../lib/bench-stack.ts';
import { signUpConfirmed } from '../lib/bench-user.ts';
import { startProfile } from '../lib/chromium-profile.ts';

const SMOKE = process.env.ATELIER_BENCH_SMOKE === '1';
const CLIENTS = SMOKE ? 12 : 500;
const QUOTES = SMOKE ? 20 : 2000;
const INVOICES = SMOKE ? 10 : 1000;
const PORT_BASE = Number(process.env.CLIENT_BOOK_BENCH_PORT_BASE ?? 3570);
const RUNS = SMOKE ? 2 : 5;
const BUDGET_FIRST_SYNC_MS = 3000;
const BUDGET_FIRST_CARDS_MS = 1000;
const BUDGET_KEYSTROKE_MS = 50;
// 25 keys (median and p95): 7 were too few for a median to mean anything on a shared machine.
const KEYSTROKES = SMOKE ? 3 : Number(process.env.CLIENT_BOOK_KEYSTROKES ?? 25);
const QUERIES = ['helene roux 1', 'zoe moquet 4', 'CLIENT12', 'lyon 7', 'ines leclerc 9', 'francois garcon 3'];
const USER = { email: 'artisan.bench@example.fr', password: 'Chantier-2026!' };

const log = (message: string) => process.stderr.write(`[client-book-bench] ${message}\n`);
const emit = (record: unknown) => process.stdout.write(`${JSON.stringify(record)}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;

const SNAPSHOT = {
  company: {
    name: 'Martin Rénovation',
    address: '12 rue de la Paix 75002 Paris',
    phone: '06 12 34 56 78',
    email: 'contact@martin-renovation.fr',
    website: 'https://martin-renovation.fr',
    siret: '55208131700046',
    tva: 'FR03552081317',
    rib: { bank: 'Crédit Agricole', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' },
    logo: '',
    footer: 'Assurance décennale AXA n° 123456',
  },
  customization: DEFAULT_CUSTOMIZATION,
};

async function seed(backend: RunningBackend, userId: string) {
  const lines = JSON.stringify([
    { name: 'Peinture murs', unit: 'm2', price: 25.5, quantity: 40 },
    { name: 'Pose carrelage', unit: 'm2', price: 45, quantity: 12 },
    { name: 'Évacuation gravats', unit: 'forfait', price: 180, quantity: 1 },
  ]);
  const first = ['Jeanne', 'Élodie', 'Luc', 'François', 'Hélène', 'Mathéo', 'Chloé', 'Noël', 'Zoé', 'Inès'];
  const last = ['Martin', 'Lefèvre', 'Bérard', 'Dupré', 'Garçon', 'Rousseau', 'Môquet', 'Leclerc', 'Roux'];
  const cities = ['75002 Paris', '69001 Lyon', '13001 Marseille', '31000 Toulouse', '44000 Nantes', '33000 Bordeaux'];
  // The free plan's 10-client limit is lifted for the seed (pro plan), as for a paying artisan with a big book.
  await backend.db.query(
    `insert into public.subscriptions (user_id, plan_id, status) values ($1, 'pro', 'active')
     on conflict (user_id) do update set plan_id = 'pro', status = 'active'`,
    [userId],
  );
  await backend.db.query(
    `insert into public.clients (user_id, name, email, phone, address, created_at)
     select $1, ($3::text[])[1 + n % 10] || ' ' || ($4::text[])[1 + (n / 10) % 9] || ' ' || n,
            'client' || n || '@example.fr', '06' || lpad(n::text, 8, '0'),
            n || ' rue Victor Hugo ' || ($5::text[])[1 + n % 6], now() - (n || ' minutes')::interval
       from generate_series(1, $2::int) n`,
    [userId, CLIENTS, first, last, cities],
  );
  const snapshot = JSON.stringify(SNAPSHOT);
  await backend.db.query(
    `insert into public.quotes (user_id, client_id, number, date, project_title, lines, vat_rate,
                                total_ht_cents, tva_cents, total_ttc_cents, snapshot)
     select $1, c.id, 'DE' || lpad(n::text, 4, '0'), now() - (n || ' hours')::interval, 'Chantier ' || n, $3::jsonb,
            20, 174000, 34800, 208800,
            $4::jsonb || jsonb_build_object('client', jsonb_build_object('name', c.name, 'email', c.email,
                                                                         'phone', c.phone, 'address', c.address))
       from generate_series(1, $2::int) n
       join lateral (select * from public.clients where user_id = $1 order by email offset (n % $5) limit 1) c on true`,
    [userId, QUOTES, lines, snapshot, CLIENTS],
  );
  await backend.db.query(
    `insert into public.invoices (user_id, client_id, quote_id, quote_number, status, number, issue_date,
                                  service_date, due_date, project_title, lines, vat_rate, total_ht_cents, tva_cents,
                                  total_ttc_cents, is_paid, snapshot, kind, deposit_percent, situation_number,
                                  progress, retenue_percent, retenue_cents, net_due_cents, vat_breakdown)
     select $1, q.client_id, q.id, q.number, 'issued', 'FA' || lpad(n::text, 4, '0'), current_date - n % 90,
            current_date - n % 90, current_date - n % 90 + 30, q.project_title, q.lines, 20, q.total_ht_cents,
            q.tva_cents, q.total_ttc_cents, n % 3 = 0, q.snapshot,
            -- A third each: invoices, acomptes (30 %) and situations (30 → 70 %, 5 % retenue), as a building firm has.
            (array['invoice', 'deposit', 'situation'])[1 + n % 3],
            case when n % 3 = 1 then 30 end,
            case when n % 3 = 2 then 1 + n % 4 end,
            case when n % 3 = 2 then (select jsonb_agg(jsonb_build_object('previous', 30, 'current', 70))
                                        from jsonb_array_elements(q.lines)) end,
            case when n % 3 = 2 then 5 else 0 end,
            case when n % 3 = 2 then round(q.total_ttc_cents * 0.05) else 0 end,
            q.total_ttc_cents - case when n % 3 = 2 then round(q.total_ttc_cents * 0.05) else 0 end,
            jsonb_build_array(jsonb_build_object('category', 'standard', 'code', 'S', 'rate', 20,
                                                 'base_cents', q.total_ht_cents, 'vat_cents', q.tva_cents))
       from generate_series(1, $2::int) n
       join lateral (select * from public.quotes where user_id = $1 order by number offset n - 1 limit 1) q on true`,
    [userId, INVOICES],
  );
  await backend.db.query(`analyze`);
}

/** Waits until the page's sync engine holds every seeded row, returns when it did (ms since `started`). */
async function waitForAllRows(page: Page, started: number): Promise<number> {
  await page.waitForFunction(
    ({ clients, documents }) => {
      const holder = (globalThis as unknown as Record<symbol, { engine: unknown }>)[
        Symbol.for('atelier.sync.session.v1')
      ];
      const engine = holder?.engine as
        { rows(t: string): unknown[]; status(): { lastSync: string | null; syncing: boolean } } | null | undefined;
      if (!engine) return false;
      const status = engine.status();
      return (
        !!status.lastSync &&
        engine.rows('clients').length >= clients &&
        engine.rows('quotes').length + engine.rows('invoices').length >= documents
      );
    },
    { clients: CLIENTS, documents: QUOTES + INVOICES },
    { polling: 'raf', timeout: 60_000 },
  );
  return Date.now() - started;
}

async function main() {
  await withBenchStack({ name: 'client_book', portBase: PORT_BASE }, async ({ backend, browser, serveApps }) => {
    const userId = await signUpConfirmed(backend, USER);
    const seedStart = Date.now();
    await seed(backend, userId);
    log(`seeded ${CLIENTS} clients, ${QUOTES} quotes, ${INVOICES} invoices in ${Date.now() - seedStart} ms`);

    const url = await serveApps();

    // 1. First sync from an empty browser: sign-in click → every row in the local copy.
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${url}/auth`);
    await page.getByLabel('Email').fill(USER.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(USER.password);
    const signInStarted = Date.now();
    await page.getByRole('button', { name: 'Se connecter' }).click();
    const emptyBrowserMs = await waitForAllRows(page, signInStarted).catch(async (error) => {
      const state = await page.evaluate(() => {
        const holder = (globalThis as unknown as Record<symbol, { engine: unknown }>)[
          Symbol.for('atelier.sync.session.v1')
        ];
        const engine = holder?.engine as { rows(t: string): unknown[]; status(): unknown } | null | undefined;
        return engine
          ? { status: engine.status(), clients: engine.rows('clients').length, quotes: engine.rows('quotes').length }
          : null;
      });
      log(`not synced: url ${page.url()}, engine ${JSON.stringify(state)}`);
      throw error;
    });
    log(
      `first sync from an empty browser (sign-in click → ${CLIENTS + QUOTES + INVOICES} rows local): ${emptyBrowserMs} ms`,
    );
    // Then the pull alone, from a cleared local copy (same page, JS warm).
    const pulls: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      pulls.push(
        await page.evaluate(async () => {
          const holder = (globalThis as unknown as Record<symbol, { engine: unknown }>)[
            Symbol.for('atelier.sync.session.v1')
          ];
          const engine = holder.engine as { clear(): Promise<void>; sync(): Promise<void> };
          await engine.clear();
          const started = performance.now();
          await engine.sync();
          return Math.round(performance.now() - started);
        }),
      );
    }
    emit({
      bench: 'client-book-first-sync',
      clients: CLIENTS,
      documents: QUOTES + INVOICES,
      emptyBrowserMs,
      pullMedianMs: median(pulls),
      pullRunsMs: pulls,
      budgetMs: BUDGET_FIRST_SYNC_MS,
      ok: emptyBrowserMs <= BUDGET_FIRST_SYNC_MS && median(pulls) <= BUDGET_FIRST_SYNC_MS,
    });
    log(`first sync: empty browser ${emptyBrowserMs} ms, pull from cleared copy median ${median(pulls)} ms`);

    // 2. /clients first cards after navigation (from the home page, through the navigation link).
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    const firstCards: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`${url}/tasks`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const started = Date.now();
      await nav.getByRole('link', { name: 'Clients' }).click();
      await page.getByTestId('client-card').first().waitFor({ timeout: 30_000 });
      firstCards.push(Date.now() - started);
    }
    emit({
      bench: 'client-book-first-cards',
      clients: CLIENTS,
      firstMs: firstCards[0],
      medianMs: median(firstCards.slice(1)),
      budgetMs: BUDGET_FIRST_CARDS_MS,
      ok: firstCards[0]! <= BUDGET_FIRST_CARDS_MS && median(firstCards.slice(1)) <= BUDGET_FIRST_CARDS_MS,
    });
    log(`first cards: first ${firstCards[0]} ms, median ${median(firstCards.slice(1))} ms`);

    // 3. Search keystroke: from the key press to the list showing the matching cards (KEYSTROKES keys: the
    // median and p95). CLIENT_BOOK_PROFILE=<file prefix>: a CPU profile and a trace summary of the keystrokes.
    const search = page.getByLabel('Rechercher un client');
    const profile = process.env.CLIENT_BOOK_PROFILE ? await startProfile(page) : null;
    const keystrokes: number[] = [];
    for (let run = 0; run < KEYSTROKES; run += 1) {
      const query = QUERIES[run % QUERIES.length]!;
      await search.fill('');
      await page.waitForTimeout(200);
      await search.fill(query.slice(0, -1));
      await page.waitForTimeout(300);
      const before = await page.evaluate(() =>
        [...document.querySelectorAll('[data-testid="client-card"]')]
          .slice(0, 50)
          .map((c) => c.textContent?.slice(0, 40))
          .join('|'),
      );
      const started = Date.now();
      await search.press(query.slice(-1));
      await page.waitForFunction(
        (previous) =>
          [...document.querySelectorAll('[data-testid="client-card"]')]
            .slice(0, 50)
            .map((c) => c.textContent?.slice(0, 40))
            .join('|') !== previous || document.body.textContent?.includes('Aucun client ne correspond'),
        before,
        { polling: 'raf', timeout: 10_000 },
      );
      keystrokes.push(Date.now() - started);
    }
    if (profile) await profile.stop(process.env.CLIENT_BOOK_PROFILE!);
    const keystroke = median(keystrokes);
    emit({
      bench: 'client-book-search-keystroke',
      clients: CLIENTS,
      keys: keystrokes.length,
      medianMs: keystroke,
      p95Ms: percentile(keystrokes, 95),
      maxMs: Math.max(...keystrokes),
      budgetMs: BUDGET_KEYSTROKE_MS,
      ok: keystroke <= BUDGET_KEYSTROKE_MS,
    });
    log(
      `search keystroke: median ${keystroke} ms, p95 ${percentile(keystrokes, 95)} ms over ${keystrokes.length} keys, all ${keystrokes.join(', ')} (budget ${BUDGET_KEYSTROKE_MS} ms)`,
    );
  });
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
