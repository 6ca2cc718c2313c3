// Issue 29: an artisan's week without surprises. Each test replays one numbered problem of the issue as the
// plumber met it (several browsers signed in to the same account, a phone) and failed before the fix.
import type { Browser, BrowserContext, Page } from '@playwright/test';

import { createUser, expect, mockGeocoder, signIn, test, type TestUser } from '../fixtures';

/** A new browser (its own storage, like another device) signed in to `user`. */
async function device(browser: Browser, user: TestUser, options: Parameters<Browser['newContext']>[0] = {}) {
  const context: BrowserContext = await browser.newContext(options);
  const page: Page = await context.newPage();
  await mockGeocoder(page);
  await signIn(page, user);
  return { context, page };
}

test.describe('issue 29 — 1: signing out on one device', () => {
  test('« Se déconnecter » on the phone keeps both PCs signed in; « tous les appareils » ends them', async ({
    browser,
  }) => {
    const user = await createUser('deconnexion');
    const pc1 = await device(browser, user);
    const pc2 = await device(browser, user);
    const phone = await device(browser, user, { viewport: { width: 390, height: 844 }, isMobile: true });

    await phone.page.goto('/account');
    await phone.page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
    await expect(phone.page).toHaveURL(/\/auth$/);

    // The PCs' next page loads keep them signed in.
    for (const pc of [pc1, pc2]) {
      await pc.page.goto('/tasks');
      await expect(pc.page).toHaveURL(/\/tasks$/);
      await expect(pc.page.getByRole('heading', { name: 'Gestion des Tâches' })).toBeVisible();
    }

    // « Se déconnecter de tous les appareils » on PC 1 ends PC 2's session too.
    await pc1.page.goto('/account');
    await pc1.page.getByRole('button', { name: 'Se déconnecter de tous les appareils' }).click();
    await expect(pc1.page).toHaveURL(/\/auth$/);
    await pc2.page.goto('/tasks');
    await expect(pc2.page).toHaveURL(/\/auth$/);

    for (const d of [pc1, pc2, phone]) await d.context.close();
  });
});
