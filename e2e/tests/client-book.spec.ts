// Client book kept on the server, per user, usable offline (issue 8).
import { createUser, expect, signIn, test } from '../fixtures';

async function addClient(page: import('@playwright/test').Page, name: string, email: string) {
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  await page.getByLabel('Nom').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Téléphone').fill('06 12 34 56 78');
  await page.getByLabel('Adresse').fill('3 rue des Lilas 69001 Lyon');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
}

test('a client created offline appears once on the server after reconnecting and reloading', async ({
  page,
  context,
  signedIn,
}) => {
  await page.goto('/clients');
  await expect(page.getByText('Aucun client enregistré')).toBeVisible();
  // What the sign-in queued (settings) is sent first: a pending local change is kept until pushed (issue 32).
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
  await context.setOffline(true);
  await addClient(page, 'Éloïse Durand', 'eloise@example.fr');
  await expect(page.getByTestId('client-card')).toHaveCount(1);
  // The new client is pending; the count is the whole outbox, so a row written while offline by another page counts.
  await expect(page.getByText(/\d+ modifications? en attente d’envoi/)).toBeVisible();
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText('Éloïse Durand')).toBeVisible();
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await expect(page.getByTestId('client-card')).toHaveCount(1);

  // Accent- and case-insensitive search.
  await page.getByLabel('Rechercher un client').fill('ELOISE');
  await expect(page.getByTestId('client-card')).toHaveCount(1);
  await page.getByLabel('Rechercher un client').fill('inconnu');
  await expect(page.getByText('Aucun client ne correspond à votre recherche')).toBeVisible();
  void signedIn;
});

test('the same user in a second browser context sees the same client book; another account sees nothing', async ({
  page,
  browser,
  signedIn,
}) => {
  await page.goto('/clients');
  await addClient(page, 'Marc Petit', 'marc@example.fr');
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });

  const second = await browser.newContext();
  const other = await second.newPage();
  await signIn(other, signedIn);
  await other.goto('/clients');
  await expect(other.getByText('Marc Petit')).toBeVisible({ timeout: 15_000 });
  await second.close();

  // Sign out, then another account on the same browser sees none of it.
  const stranger = await createUser('stranger');
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, stranger);
  await page.goto('/clients');
  await expect(page.getByText('Aucun client enregistré')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Marc Petit')).toHaveCount(0);
});
