// The bench's artisan (issue 14): a user with a realistic task catalogue, as Lighthouse and the cold loads of /
// should see the home page (no « Aucune tâche » banner). The tasks are the recognition fixtures' painter /
// tiler / plumber catalogue, written through the real API where the app syncs them (public.user_settings `tasks`).
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { repoRoot } from './bootstrap.mjs';

export const BENCH_CATALOGUE_SIZE = 30;

export function benchCatalogue(size = BENCH_CATALOGUE_SIZE) {
  const file = path.join(repoRoot, 'mf-recognition/fixtures/dictations/catalogue.json');
  return JSON.parse(readFileSync(file, 'utf8')).slice(0, size);
}

/**
 * Signs the user in through GoTrue (password grant) and stores its catalogue as the app does.
 * @param {{ supabaseUrl: string, supabaseAnonKey: string }} config the app's /config.json
 * @param {{ email: string, password: string }} user
 * @returns {Promise<number>} the number of tasks stored
 */
export async function seedCatalogue(config, { email, password }, tasks = benchCatalogue()) {
  const headers = { apikey: config.supabaseAnonKey, 'content-type': 'application/json' };
  const token = await fetch(`${config.supabaseUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password }),
  });
  if (!token.ok) throw new Error(`bench sign-in failed: ${token.status} ${await token.text()}`);
  const { access_token: accessToken } = await token.json();
  const res = await fetch(`${config.supabaseUrl}/rest/v1/user_settings`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ key: 'tasks', value: tasks }),
  });
  if (!res.ok) throw new Error(`bench catalogue failed: ${res.status} ${await res.text()}`);
  return tasks.length;
}

/**
 * After the sign-in of a page (/ shown): resolves once the app has the user's catalogue in its local copy
 * (localStorage `tasks.<user id>`), as on an artisan's returning visit.
 * @param {import('playwright-core').Page} page
 */
export async function waitForLocalCatalogue(page) {
  await page.waitForFunction(
    () =>
      Object.keys(localStorage).some(
        (key) => /^tasks\.[0-9a-f-]{36}$/.test(key) && (JSON.parse(localStorage.getItem(key) ?? '[]') ?? []).length > 0,
      ),
    undefined,
    { timeout: 30_000 },
  );
}
