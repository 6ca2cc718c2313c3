// Issue 29 item 4 (decision 0051): one free account on three devices shows the same « N devis restant(s) » after a
// sync, whichever device holds quote numbers for offline use, and the 10-second refresh does not change it.
// Before: the device holding numbers showed 3, the others 1 (reservation sync), then 3 again (refresh).
import type { Browser, Page } from '@playwright/test';

import { expect, signIn, test, type TestUser } from '../fixtures';

test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page (the app then opens offline here and reserves numbers). */
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

async function heldNumbers(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!;
      if (key.startsWith('atelier.quote-reservations.')) {
        return (JSON.parse(localStorage.getItem(key)!) as { held: { number: string }[] }).held.map((h) => h.number);
      }
    }
    return [];
  });
}

/** Another device of the same user, without a service worker (it reserves nothing). */
async function otherDevice(browser: Browser, user: TestUser): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  const page = await context.newPage();
  await signIn(page, user);
  await page.goto('/');
  return page;
}

const badge = (page: Page) => page.getByTestId('plan-badge');

test('three devices of one free account show the same remaining devis after a sync', async ({
  browser,
  page,
  user,
}) => {
  test.setTimeout(240_000);
  await signIn(page, user);
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Modifier le devis' })).toBeVisible();
  await waitForOfflineReady(page);
  // The first device holds 2 numbers for offline use: they count against the account's 3.
  await expect.poll(() => heldNumbers(page), { timeout: 20_000 }).toEqual(['DE0001', 'DE0002']);
  await expect(badge(page)).toContainText('1 devis restant ce mois-ci', { timeout: 20_000 });

  const phone = await otherDevice(browser, user);
  const secondPc = await otherDevice(browser, user);
  for (const device of [page, phone, secondPc]) {
    await expect(badge(device)).toContainText('1 devis restant ce mois-ci', { timeout: 20_000 });
  }
  expect(await heldNumbers(phone)).toEqual([]);

  // After the 10-second refresh (the other code path) and a reload (a sync at start): still one figure.
  await page.waitForTimeout(11_000);
  await page.reload();
  for (const device of [page, phone, secondPc]) {
    await expect(badge(device)).toContainText('1 devis restant ce mois-ci', { timeout: 20_000 });
  }
});
