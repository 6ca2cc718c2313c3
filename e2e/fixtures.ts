// Shared Playwright fixtures: a fresh account per test, signing in through the real /auth page,
// and the external services the browser may call (address search) answered locally.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { expect, test as base, type Page } from '@playwright/test';

export const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 3000);
/** Origin of an app in the e2e system: 0 shell, 1 quotes, 2 recognition, 3 clients, 4 account, 5 admin. */
export const appOrigin = (offset: number) => `http://localhost:${PORT_BASE + offset}`;
export const BACKEND_URL = `http://localhost:${process.env.E2E_BACKEND_PORT ?? 54322}`;
export const ADMIN = { email: 'admin@atelier.local', password: 'atelier-admin' };
/** The backend's local mailbox (no SMTP in e2e): GET `${MAILBOX_URL}messages` lists the mails as JSON. */
export const MAILBOX_URL = `${BACKEND_URL}/mailbox/e2e/`;

/** The e2e backend's service-role key (written by scripts/e2e-server.ts), for test controls such as the clock. */
export function serviceRoleKey(): string {
  const file = path.join(__dirname, '..', '.atelier', `e2e-${process.env.E2E_BACKEND_PORT ?? 54322}.service-role-key`);
  return readFileSync(file, 'utf8').trim();
}

/** The newest mail sent to `email` (waits for it). */
export async function latestMail(email: string): Promise<{ id: string; subject: string; text: string }> {
  for (let i = 0; i < 50; i++) {
    const mails = (await (await fetch(`${MAILBOX_URL}messages`)).json()) as Array<{
      id: string;
      to: string;
      subject: string;
      text: string;
    }>;
    const mail = mails.find((m) => m.to === email);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail for ${email}`);
}

/**
 * Accounts made by createUser() are usable at once but unconfirmed (no SMTP: confirmation optional, issue 9);
 * this follows the confirmation link of the sign-up mail, as the user would.
 */
export async function confirmUserEmail(email: string): Promise<void> {
  const mail = await latestMail(email);
  const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no confirmation link for ${email}`);
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  expect(res.headers.get('location') ?? '').not.toContain('error=');
}

export interface TestUser {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
}

let counter = 0;

export function newUserData(prefix = 'artisan'): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    email: `${prefix}.${id}@example.fr`,
    password: 'Chantier-2026!',
    firstName: 'Jeanne',
    lastName: 'Martin',
    companyName: 'Martin Rénovation',
  };
}

async function anonKey(): Promise<string> {
  const res = await fetch(`${appOrigin(0)}/config.json`);
  const config = (await res.json()) as { supabaseAnonKey: string };
  return config.supabaseAnonKey;
}

/**
 * Creates the account through the backend's GoTrue API (the UI sign-up has its own test); `extra` adds sign-up
 * metadata; confirmed unless asked.
 */
export async function createUser(
  prefix?: string,
  extra: Record<string, string> = {},
  options: { confirmed?: boolean } = {},
): Promise<TestUser> {
  const user = newUserData(prefix);
  const key = await anonKey();
  const res = await fetch(`${BACKEND_URL}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      data: {
        first_name: user.firstName,
        last_name: user.lastName,
        company_name: user.companyName,
        phone: '06 12 34 56 78',
        address: '12 rue de la Paix 75002 Paris',
        siret: '',
        ...extra,
      },
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  // Confirmed by default, as before issue 9 (the confirmation link of the local mailbox is followed).
  if (options.confirmed !== false) await confirmUserEmail(user.email);
  return user;
}

/**
 * Waits until the page has requested nothing new for half a second (its Resource Timing). Not Playwright's
 * `networkidle`: a sync request of the previous document, cut by the navigation, can stay « in flight » for it.
 */
export async function untilQuiet(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const before = performance.getEntriesByType('resource').length;
        setTimeout(() => resolve(performance.getEntriesByType('resource').length === before), 500);
      }),
  );
}

/** Answers the Géoplateforme geocoder with a fixed French address list. */
export async function mockGeocoder(page: Page) {
  await page.route('https://data.geopf.fr/**', (route) =>
    route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { label: '12 Rue de la Paix 75002 Paris', context: '75, Paris, Île-de-France' },
            geometry: { type: 'Point', coordinates: [2.331, 48.869] },
          },
          {
            type: 'Feature',
            properties: { label: '12 Rue de la Paix 44000 Nantes', context: '44, Loire-Atlantique, Pays de la Loire' },
            geometry: { type: 'Point', coordinates: [-1.55, 47.21] },
          },
        ],
      }),
    }),
  );
}

export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * First visit of /company after sign-up (issue 10): the form comes pre-filled from the sign-up profile; the
 * SIRET (optional at sign-up) is added and the details are confirmed, so quotes can be exported.
 */
export async function confirmCompany(page: Page, siret = '55208131700042') {
  await page.goto('/company');
  const form = page.getByRole('form', { name: 'Entreprise' });
  await expect(form.getByLabel('Nom de l’entreprise')).not.toHaveValue('');
  await form.getByLabel('SIRET').fill(siret);
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
}

/** The signed-in user's own copy of a setting (localStorage `<key>.<user id>`, issue 8), parsed; null if none. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON read back for assertions
export async function storedSetting(page: Page, key: string): Promise<any> {
  return page.evaluate((key) => {
    const name = Object.keys(localStorage).find((k) => k.startsWith(`${key}.`) && /^[^.]+\.[0-9a-f-]{36}$/.test(k));
    return name ? JSON.parse(localStorage.getItem(name) ?? 'null') : null;
  }, key);
}

/**
 * The signed-in user's client book as the server keeps it (issue 8), read with the page's session: clients
 * (oldest first) with their quotes rows.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON rows read back for assertions
export async function serverClientBook(page: Page): Promise<Array<Record<string, any>>> {
  const key = await anonKey();
  return page.evaluate(
    async ({ url, key }) => {
      const session = JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null');
      const headers = { apikey: key, authorization: `Bearer ${session?.access_token}` };
      const get = async (path: string) => (await fetch(`${url}/rest/v1/${path}`, { headers })).json();
      const clients = await get('clients?select=*&order=created_at.asc');
      const quotes = await get('quotes?select=*&order=date.asc');
      return clients.map((c: Record<string, unknown>) => ({
        ...c,
        quotes: quotes.filter((q: Record<string, unknown>) => q.client_id === c.id),
      }));
    },
    { url: BACKEND_URL, key },
  );
}

export const test = base.extend<{ user: TestUser; signedIn: TestUser }>({
  user: async ({}, use) => {
    await use(await createUser());
  },
  signedIn: async ({ page, user }, use) => {
    await mockGeocoder(page);
    await signIn(page, user);
    await use(user);
  },
});

export { expect };

/** The devis editor on the home page. */
export const devisEditor = (page: Page) => page.getByRole('region', { name: 'Modifier le devis' });

/**
 * The first devis of a fresh account as most specs need it: « Peinture murs » at 25,50 €/m² added on /tasks, then a
 * devis of 12 m² for the client on / (HT 306,00, TTC 367,20), its PDF DE0001 generated. Fields the client does not
 * carry are left empty.
 */
export async function buildPaintingDevis(
  page: Page,
  client: { name: string; email: string; phone?: string; address?: string },
  projectTitle: string,
): Promise<void> {
  await page.goto('/tasks');
  await page.getByLabel('Nom de la tâche').fill('Peinture murs');
  await page.getByLabel(/prix/i).fill('25.5');
  await page.getByLabel('Unité', { exact: true }).selectOption('m2');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Peinture murs' })).toBeVisible();
  await page.goto('/');
  const e = devisEditor(page);
  await e.getByLabel('Nom', { exact: true }).fill(client.name);
  await e.getByLabel('Email', { exact: true }).fill(client.email);
  if (client.phone) await e.getByLabel('Téléphone', { exact: true }).fill(client.phone);
  if (client.address) await e.getByLabel('Adresse', { exact: true }).fill(client.address);
  await e.getByLabel('Titre du projet').fill(projectTitle);
  await e.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const quantity = e.getByLabel('Quantité de la ligne 1');
  await quantity.fill('12');
  await quantity.blur();
  await expect(page.getByTestId('total-ttc')).toHaveText(/^367,20\s€$/);
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  await expect(page.getByRole('link', { name: 'Télécharger devis-DE0001.pdf' })).toBeVisible({ timeout: 30_000 });
}
