// Issue 29 item 4 (decision 0053): devis numbers whose dates never go backwards across devices. A phone holds
// DE0001–DE0002 for offline use from yesterday; today a PC numbers DE0003. Before: the phone then printed DE0001,
// dated after DE0003. Now: the phone's numbers of yesterday, overtaken, are released and never used; its next devis
// is DE0004, and the server's devis in number order have non-decreasing dates.
import type { Browser, Page } from '@playwright/test';

import { BACKEND_URL, expect, serverClientBook, serviceRoleKey, signIn, test, type TestUser } from '../fixtures';

test.use({ serviceWorkers: 'allow' });

async function waitForOfflineReady(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          if (!registration?.active || !navigator.serviceWorker.controller) return false;
          const names = await caches.keys();
          return names.filter((n) => n.startsWith('atelier-remote|')).length >= 5;
        }),
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
}

type Held = { number: string; month: string; day?: string };

async function reservations(page: Page): Promise<{ key: string; held: Held[] } | null> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('atelier.quote-reservations.')) {
        return { key, held: (JSON.parse(localStorage.getItem(key)!) as { held: Held[] }).held };
      }
    }
    return null;
  });
}

async function pcWithoutServiceWorker(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, user);
  return page;
}

/** A devis for `client` built on the home page and generated; resolves with its number. */
async function makeDevis(page: Page, client: string): Promise<string> {
  await page.goto('/tasks');
  await page.getByLabel('Nom de la tâche').fill('Peinture murs');
  await page.getByLabel(/prix/i).fill('25.5');
  await page.getByLabel('Unité', { exact: true }).selectOption('m2');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Peinture murs' })).toBeVisible();
  await page.goto('/');
  const editor = page.getByRole('region', { name: 'Modifier le devis' });
  await editor.getByLabel('Nom', { exact: true }).fill(client);
  await editor.getByLabel('Email', { exact: true }).fill(`${client.toLowerCase().replace(/\W+/g, '.')}@example.fr`);
  await editor.getByLabel('Téléphone', { exact: true }).fill('06 11 22 33 44');
  await editor.getByLabel('Adresse', { exact: true }).fill('8 rue Garibaldi 69006 Lyon');
  await editor.getByLabel('Titre du projet').fill(`Peinture ${client}`);
  await editor.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const quantity = editor.getByLabel('Quantité de la ligne 1');
  await quantity.fill('12');
  await quantity.blur();
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  const link = page.getByRole('link', { name: /^Télécharger devis-DE\d+\.pdf$/ });
  await expect(link).toBeVisible({ timeout: 30_000 });
  return /devis-(DE\d+)\.pdf/.exec((await link.textContent()) ?? '')![1]!;
}

function parisDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(date);
}

test('a block held since yesterday and overtaken today is never printed after a higher number', async ({
  browser,
  page,
  user,
}) => {
  test.setTimeout(240_000);
  await signIn(page, user);
  // A Pro account (set as the billing webhook would): no monthly limit, so the free quota's lock (held numbers
  // count in it) does not stop the phone; the numbering rule is the same on every plan.
  const userId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null')?.user?.id as string,
  );
  const key = serviceRoleKey();
  const admin = { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const pro = await fetch(`${BACKEND_URL}/rest/v1/subscriptions?on_conflict=user_id`, {
    method: 'POST',
    headers: { ...admin, prefer: 'resolution=merge-duplicates' },
    body: JSON.stringify({ user_id: userId, plan_id: 'pro', status: 'active' }),
  });
  expect(pro.status, await pro.text()).toBeLessThan(300);
  await page.goto('/');
  await waitForOfflineReady(page);
  await expect
    .poll(async () => (await reservations(page))?.held.map((h) => h.number), { timeout: 20_000 })
    .toEqual(['DE0001', 'DE0002']);

  // The phone's block dates from yesterday (on the server and in the phone), as after a night.
  const yesterday = parisDay(new Date(Date.now() - 86_400_000));
  const month = `${yesterday.slice(0, 7)}-01`;
  const moved = await fetch(`${BACKEND_URL}/rest/v1/quote_number_reservations?user_id=eq.${userId}`, {
    method: 'PATCH',
    headers: admin,
    body: JSON.stringify({ day: yesterday, month }),
  });
  expect(moved.status, await moved.text()).toBeLessThan(300);
  // The phone is put to sleep on a static file of the origin (no app code runs there): a sync or a write-back of
  // the running page would carry the block over to today before the PC numbers above it.
  await page.goto('/config.json');
  const stored = (await reservations(page))!;
  await page.evaluate(
    ({ storageKey, day, month }) => {
      const value = JSON.parse(localStorage.getItem(storageKey)!) as { held: Held[] };
      value.held = value.held.map((h) => ({ ...h, day, month: month.slice(0, 7) }));
      localStorage.setItem(storageKey, JSON.stringify(value));
    },
    { storageKey: stored.key, day: yesterday, month },
  );

  // Today a PC (no offline block) numbers a devis online: DE0003.
  const pc = await pcWithoutServiceWorker(browser, user);
  expect(await makeDevis(pc, 'Chantier Lemoine')).toBe('DE0003');

  // The phone makes its devis: not DE0001 (held since yesterday, overtaken by DE0003) but a number above.
  expect(await makeDevis(page, 'Atelier Roux')).toBe('DE0004');

  await expect
    .poll(async () => (await serverClientBook(page)).flatMap((c) => c.quotes).length, { timeout: 20_000 })
    .toBe(2);
  const quotes = (await serverClientBook(page))
    .flatMap((c) => c.quotes as Array<{ number: string; date: string }>)
    .sort((a, b) => a.number.localeCompare(b.number));
  expect(quotes.map((q) => q.number)).toEqual(['DE0003', 'DE0004']);
  for (let i = 1; i < quotes.length; i++) {
    expect(Date.parse(quotes[i]!.date)).toBeGreaterThanOrEqual(Date.parse(quotes[i - 1]!.date));
  }
  // The overtaken numbers are released on the server and never handed out.
  const rows = await fetch(
    `${BACKEND_URL}/rest/v1/quote_number_reservations?user_id=eq.${userId}&number=in.(DE0001,DE0002)&select=number,state`,
    { headers: { apikey: key, authorization: `Bearer ${key}` } },
  );
  expect(await rows.json()).toEqual(
    expect.arrayContaining([
      { number: 'DE0001', state: 'released' },
      { number: 'DE0002', state: 'released' },
    ]),
  );
  await pc.context().close();
});
