// /admin with 10,000 users (issue 12 budgets: first cards ≤ 1 s, search keystroke ≤ 200 ms), in Chromium against
// the local backend (in-memory PGlite, or DATABASE_URL). Users are seeded with one SQL statement through
// backend.db (the on_auth_user_created trigger makes their profiles and quotas), not 10,000 HTTP sign-ups.
// Prints one JSON line per measurement on stdout; progress on stderr.
//
//   npx tsx scripts/bench/admin-bench.ts        (ADMIN_BENCH_USERS, ADMIN_BENCH_PORT_BASE to change)
import { withBenchStack } from '../lib/bench-stack.ts';

const SMOKE = process.env.ATELIER_BENCH_SMOKE === '1';
const USERS = Number(process.env.ADMIN_BENCH_USERS ?? (SMOKE ? 30 : 10_000));
const PORT_BASE = Number(process.env.ADMIN_BENCH_PORT_BASE ?? 3560);
const RUNS = SMOKE ? 2 : 7;
const BUDGET_FIRST_CARDS_MS = 1000;
const BUDGET_KEYSTROKE_MS = 200;
const ADMIN = { email: 'admin@atelier.local', password: 'atelier-admin-bench' };

const log = (message: string) => process.stderr.write(`[admin-bench] ${message}\n`);
const emit = (record: unknown) => process.stdout.write(`${JSON.stringify(record)}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  const stack = {
    name: 'admin',
    portBase: PORT_BASE,
    backend: { adminEmail: ADMIN.email, adminPassword: ADMIN.password },
  };
  await withBenchStack(stack, async ({ backend, browser, serveApps }) => {
    const seedStart = Date.now();
    const firstNames = ['Jeanne', 'Élodie', 'Luc', 'François', 'Hélène', 'Mathéo', 'Chloé', 'Noël'];
    const lastNames = ['Martin', 'Lefèvre', 'Bérard', 'Dupré', 'Garçon', 'Rousseau', 'Môquet', 'Leclerc'];
    const trades = ['Plâtrerie', 'Menuiserie', 'Électricité', 'Maçonnerie', 'Ébénisterie', 'Peinture', 'Carrelage'];
    await backend.db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, created_at,
                               raw_app_meta_data, raw_user_meta_data)
       select gen_random_uuid(), 'authenticated', 'authenticated', 'artisan' || n || '@example.fr', 'x', now(),
              now() - (n || ' minutes')::interval, '{"provider":"email"}',
              jsonb_build_object(
                'first_name', ($2::text[])[1 + n % 8], 'last_name', ($3::text[])[1 + (n / 8) % 8],
                'company_name', ($4::text[])[1 + n % 7] || ' ' || ($3::text[])[1 + (n / 8) % 8] || ' ' || n,
                'phone', '06' || lpad((n % 100000000)::text, 8, '0'), 'address', n || ' rue de la Paix 75002 Paris',
                'siret', lpad(n::text, 14, '0'))
         from generate_series(1, $1::int) n`,
      [USERS, firstNames, lastNames, trades],
    );
    await backend.db.query(`analyze`);
    log(`seeded ${USERS} users in ${Date.now() - seedStart} ms`);

    const url = await serveApps();

    const page = await (await browser.newContext({ locale: 'fr-FR' })).newPage();
    await page.goto(`${url}/auth`);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(ADMIN.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.waitForURL(/\/$/);

    // First cards: from following the Administration link (remote already cached after the first run) to cards.
    const firstCards: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      await page.goto(`${url}/tasks`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const started = Date.now();
      await page
        .getByRole('navigation', { name: 'Navigation principale' })
        .getByRole('link', { name: 'Administration' })
        .click();
      await page.getByTestId('admin-user-card').first().waitFor();
      firstCards.push(Date.now() - started);
    }
    const coldFirst = firstCards[0]!;
    const warm = median(firstCards.slice(1));
    emit({
      bench: 'admin-first-cards',
      users: USERS,
      coldMs: coldFirst,
      medianMs: warm,
      budgetMs: BUDGET_FIRST_CARDS_MS,
      ok: coldFirst <= BUDGET_FIRST_CARDS_MS && warm <= BUDGET_FIRST_CARDS_MS,
    });
    log(`first cards: first ${coldFirst} ms, median ${warm} ms (budget ${BUDGET_FIRST_CARDS_MS} ms)`);

    // Search keystroke: time from the last key of an accent-free query to the matching cards (debounce included).
    const search = page.getByLabel('Rechercher un utilisateur');
    const count = page.getByTestId('admin-user-count');
    // Each query's last key changes the count (else the wait below would never end); a smoke run has 30 users.
    const queries = SMOKE
      ? ['artisan1', 'artisan2']
      : ['ebenisterie lefevre 4', 'platrerie dupre 77', 'ARTISAN12', 'artisan999', 'electricite garcon 1'];
    const keystrokes: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const query = queries[run % queries.length]!;
      await search.fill('');
      await count.waitFor();
      await search.fill(query.slice(0, -1));
      await page.waitForTimeout(400);
      const before = await count.textContent();
      const started = Date.now();
      await search.press(query.slice(-1));
      await page.waitForFunction(
        (previous) => document.querySelector('[data-testid="admin-user-count"]')?.textContent !== previous,
        before,
        { polling: 'raf' },
      );
      keystrokes.push(Date.now() - started);
    }
    const keystroke = median(keystrokes);
    emit({
      bench: 'admin-search-keystroke',
      users: USERS,
      medianMs: keystroke,
      maxMs: Math.max(...keystrokes),
      budgetMs: BUDGET_KEYSTROKE_MS,
      ok: keystroke <= BUDGET_KEYSTROKE_MS,
    });
    log(`search keystroke: median ${keystroke} ms, all ${keystrokes.join(', ')} (budget ${BUDGET_KEYSTROKE_MS} ms)`);
  });
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
