// No edit ever lost (issue 32): one user on two devices (two browser contexts), both offline, edits merge field by
// field whatever the order they come back online, the same field changed on both is shown as a conflict on both
// and settled, and an e-mail change keeps the one client. Issue 29 item 2: a client refused by the free plan's limit
// is taken out and the user is told which and why.
import type { Browser, BrowserContext, Page } from '@playwright/test';

import {
  BACKEND_URL,
  appOrigin,
  confirmCompany,
  expect,
  serverClientBook,
  signIn,
  test,
  type TestUser,
} from '../fixtures';

async function device(browser: Browser, user: TestUser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, user);
  await page.goto('/clients');
  return { context, page };
}

const card = (page: Page, name: string | RegExp) => page.getByTestId('client-card').filter({ hasText: name });

async function addClient(page: Page, fields: { name: string; email: string; phone?: string; address?: string }) {
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  await page.getByLabel('Nom').fill(fields.name);
  await page.getByLabel('Email').fill(fields.email);
  await page.getByLabel('Téléphone').fill(fields.phone ?? '06 00 00 00 00');
  await page.getByLabel('Adresse').fill(fields.address ?? '1 place du Marché 69001 Lyon');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
}

async function editClient(page: Page, name: string, field: 'Email' | 'Téléphone' | 'Adresse', value: string) {
  await card(page, name).getByRole('button', { name: 'Modifier' }).click();
  await page.getByLabel(field).fill(value);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(/en attente d’envoi/)).toBeVisible();
}

/** Back online, then a reload (a sync at start) until nothing is pending. */
async function reconnect(context: BrowserContext, page: Page) {
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
}

async function refreshed(page: Page) {
  await page.reload();
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
}

async function twoDevicesWithClient(browser: Browser, user: TestUser, page: Page) {
  await page.goto('/clients');
  await addClient(page, { name: 'Martin Plomberie', email: 'martin.plomberie@example.fr' });
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
  const a = { context: page.context(), page };
  const b = await device(browser, user);
  await expect(card(b.page, 'Martin Plomberie')).toBeVisible({ timeout: 15_000 });
  await a.context.setOffline(true);
  await b.context.setOffline(true);
  return { a, b };
}

/** DE0001 for « Chantier Lemoine », made on the home page (the devis is saved into the client book). */
async function makeDevis(page: Page) {
  await page.goto('/tasks');
  await page.getByLabel('Nom de la tâche').fill('Peinture murs');
  await page.getByLabel(/prix/i).fill('25.5');
  await page.getByLabel('Unité', { exact: true }).selectOption('m2');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Peinture murs' })).toBeVisible();
  await page.goto('/');
  const editor = page.getByRole('region', { name: 'Modifier le devis' });
  await editor.getByLabel('Nom', { exact: true }).fill('Chantier Lemoine');
  await editor.getByLabel('Email', { exact: true }).fill('lemoine@example.fr');
  await editor.getByLabel('Téléphone', { exact: true }).fill('06 11 22 33 44');
  await editor.getByLabel('Adresse', { exact: true }).fill('8 rue Garibaldi 69006 Lyon');
  await editor.getByLabel('Titre du projet').fill('Peinture séjour');
  await editor.getByRole('button', { name: 'Ajouter une ligne' }).click();
  const quantity = editor.getByLabel('Quantité de la ligne 1');
  await quantity.fill('12');
  await quantity.blur();
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  await expect(page.getByRole('link', { name: 'Télécharger devis-DE0001.pdf' })).toBeVisible({ timeout: 30_000 });
}

for (const firstBack of ['A', 'B'] as const) {
  test(`(a) different fields edited offline on each device are both kept (${firstBack} online first)`, async ({
    page,
    browser,
    signedIn,
  }) => {
    const { a, b } = await twoDevicesWithClient(browser, signedIn, page);
    await editClient(b.page, 'Martin Plomberie', 'Adresse', '3 rue des Lilas 69001 Lyon');
    await editClient(a.page, 'Martin Plomberie', 'Téléphone', '06 00 00 00 02');
    const [first, second] = firstBack === 'A' ? [a, b] : [b, a];
    await reconnect(first.context, first.page);
    await reconnect(second.context, second.page);
    await refreshed(first.page);
    for (const d of [a, b]) {
      await expect(card(d.page, 'Martin Plomberie')).toContainText('06 00 00 00 02');
      await expect(card(d.page, 'Martin Plomberie')).toContainText('3 rue des Lilas 69001 Lyon');
    }
    await b.context.close();
  });
}

test('(b) the same field edited on both: one value kept, the other shown as a conflict on both, resolvable', async ({
  page,
  browser,
  signedIn,
}) => {
  const { a, b } = await twoDevicesWithClient(browser, signedIn, page);
  await editClient(a.page, 'Martin Plomberie', 'Téléphone', '06 00 00 00 01');
  await editClient(b.page, 'Martin Plomberie', 'Téléphone', '06 00 00 00 02');
  await reconnect(b.context, b.page);
  await reconnect(a.context, a.page);
  await refreshed(b.page);
  for (const d of [a, b]) {
    await expect(card(d.page, 'Martin Plomberie')).toContainText('06 00 00 00 02');
    await expect(card(d.page, 'Martin Plomberie')).toContainText(
      'Modifié aussi sur un autre appareil : 06 00 00 00 01 —',
    );
  }
  await card(a.page, 'Martin Plomberie').getByRole('button', { name: 'garder celle-ci' }).click();
  await expect(card(a.page, 'Martin Plomberie')).not.toContainText('Modifié aussi sur un autre appareil');
  await expect(a.page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
  await refreshed(b.page);
  for (const d of [a, b]) {
    await expect(card(d.page, 'Martin Plomberie')).toContainText('06 00 00 00 01');
    await expect(card(d.page, 'Martin Plomberie')).not.toContainText('Modifié aussi sur un autre appareil');
  }
  await b.context.close();
});

test('(c) the e-mail changed on one device while the other edits the phone: one client with both', async ({
  page,
  browser,
  signedIn,
}) => {
  const { a, b } = await twoDevicesWithClient(browser, signedIn, page);
  await editClient(a.page, 'Martin Plomberie', 'Email', 'contact@martin-plomberie.fr');
  await editClient(b.page, 'Martin Plomberie', 'Téléphone', '06 00 00 00 03');
  await reconnect(a.context, a.page);
  await reconnect(b.context, b.page);
  await refreshed(a.page);
  for (const d of [a, b]) {
    await expect(d.page.getByTestId('client-card')).toHaveCount(1);
    await expect(card(d.page, 'Martin Plomberie')).toContainText('contact@martin-plomberie.fr');
    await expect(card(d.page, 'Martin Plomberie')).toContainText('06 00 00 00 03');
  }
  await b.context.close();
});

test('issue 29: the 11th client of a free account is refused, named, gone after a reload and on the other device', async ({
  page,
  browser,
  signedIn,
}) => {
  // Ten clients through the REST API with the page's session.
  const anon = ((await (await fetch(`${appOrigin(0)}/config.json`)).json()) as { supabaseAnonKey: string })
    .supabaseAnonKey;
  await page.goto('/clients');
  const status = await page.evaluate(
    async ({ url, key }) => {
      const session = JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null');
      const rows = Array.from({ length: 10 }, (_, i) => ({
        name: `Client ${i + 1}`,
        email: `client${i + 1}@example.fr`,
        user_id: session.user.id,
      }));
      const res = await fetch(`${url}/rest/v1/clients`, {
        method: 'POST',
        headers: { apikey: key, authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify(rows),
      });
      return res.status;
    },
    { url: BACKEND_URL, key: anon },
  );
  expect(status).toBe(201);
  await page.reload();
  await expect(card(page, 'Client 1').first()).toBeVisible({ timeout: 15_000 });

  await addClient(page, { name: 'Onzième Client', email: 'onze@example.fr' });
  await expect(
    page.getByText('Client « Onzième Client » non enregistré : limite de 10 clients du plan gratuit'),
  ).toBeVisible({
    timeout: 15_000,
  });
  await expect(card(page, 'Onzième Client')).toHaveCount(0);
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0);
  // The book is virtualised: the search says whether a client is in this device's copy.
  const absent = async (p: Page) => {
    await expect(card(p, 'Client 10')).toBeVisible({ timeout: 15_000 });
    await p.getByLabel('Rechercher un client').fill('Onzième');
    await expect(p.getByText('Aucun client ne correspond à votre recherche')).toBeVisible();
  };
  await page.reload();
  await page.getByLabel('Rechercher un client').fill('Client 10');
  await absent(page);
  expect((await serverClientBook(page)).map((c) => c.name).sort()).toEqual(
    Array.from({ length: 10 }, (_, i) => `Client ${i + 1}`).sort(),
  );

  const other = await device(browser, signedIn);
  await other.page.getByLabel('Rechercher un client').fill('Client 10');
  await absent(other.page);
  await other.context.close();
});

test('(d) a client with DE0001 deleted is archived into the Corbeille; DE0001 still listed and printable', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await confirmCompany(page);
  await makeDevis(page);

  await page.goto('/clients');
  await expect(card(page, 'Chantier Lemoine')).toContainText('DE0001', { timeout: 15_000 });
  // The app's dialog (issue 29.10), not the browser's confirm(): it says what happens to the documents.
  await card(page, 'Chantier Lemoine').getByRole('button', { name: 'Supprimer le client Chantier Lemoine' }).click();
  const confirmation = page.getByRole('dialog', { name: 'Supprimer le client' });
  await expect(confirmation).toContainText('Il a des documents numérotés (DE0001) : il sera archivé dans la Corbeille');
  await confirmation.getByRole('button', { name: 'Supprimer le client Chantier Lemoine' }).click();
  await expect(card(page, 'Chantier Lemoine')).toHaveCount(0);
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await page.getByRole('button', { name: 'Corbeille (1)' }).click();
  const trashed = page.getByTestId('trash-card').filter({ hasText: 'Chantier Lemoine' });
  const quote = trashed.getByTestId('quote-row').filter({ hasText: 'DE0001' });
  await expect(quote).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    quote.getByRole('button', { name: /Télécharger le PDF/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('devis-DE0001.pdf');
  const book = await serverClientBook(page);
  expect(book).toHaveLength(1);
  expect(book[0]!.archived_at).not.toBeNull();
  expect(book[0]!.quotes.map((q: { number: string }) => q.number)).toEqual(['DE0001']);

  await trashed.getByRole('button', { name: 'Restaurer le client Chantier Lemoine' }).click();
  await expect(card(page, 'Chantier Lemoine')).toContainText('DE0001');
});

test('(e) the same field of an invoice draft edited on both devices: shown on its row on both, settled (issue 32)', async ({
  page,
  browser,
  signedIn,
}) => {
  await confirmCompany(page);
  await makeDevis(page);
  await page.goto('/clients');
  const quote = card(page, 'Chantier Lemoine').getByTestId('quote-row').filter({ hasText: 'DE0001' });
  await expect(quote).toBeVisible({ timeout: 15_000 });
  // A draft invoice: made offline (its number needs the server), pushed once back online.
  await page.context().setOffline(true);
  await quote.getByRole('button', { name: 'Générer la facture' }).click();
  await page
    .getByRole('dialog', { name: 'Générer la facture' })
    .getByRole('button', { name: 'Générer la facture' })
    .click();
  await expect(page.getByText(/Connexion requise : le numéro de facture/)).toBeVisible();
  await reconnect(page.context(), page);
  const draftRow = (p: Page) => card(p, 'Chantier Lemoine').getByTestId('invoice-row').filter({ hasText: 'brouillon' });
  const a = { context: page.context(), page };
  const b = await device(browser, signedIn);
  await expect(draftRow(b.page)).toBeVisible({ timeout: 15_000 });
  await a.context.setOffline(true);
  await b.context.setOffline(true);

  const draftDialog = async (p: Page) => {
    await draftRow(p).getByRole('button', { name: 'Autres actions pour la facture brouillon' }).click();
    await p.getByRole('menuitem', { name: 'Modifier le brouillon de facture' }).click();
    return p.getByRole('dialog', { name: 'Brouillon de facture' });
  };
  const retitle = async (p: Page, title: string) => {
    const dialog = await draftDialog(p);
    await dialog.getByLabel('Titre du projet').fill(title);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(p.getByText(/en attente d’envoi/)).toBeVisible();
  };
  await retitle(a.page, 'Peinture séjour et couloir');
  await retitle(b.page, 'Peinture séjour et entrée');
  await reconnect(b.context, b.page);
  await reconnect(a.context, a.page);
  await refreshed(b.page);
  for (const d of [a, b]) {
    await expect(draftRow(d.page).getByTestId('sync-conflicts')).toContainText(
      'Titre du projet — Modifié aussi sur un autre appareil : Peinture séjour et couloir —',
    );
  }
  await draftRow(a.page).getByRole('button', { name: 'garder celle-ci' }).click();
  await expect(draftRow(a.page).getByTestId('sync-conflicts')).toHaveCount(0);
  await expect(a.page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
  await refreshed(b.page);
  await expect(draftRow(b.page).getByTestId('sync-conflicts')).toHaveCount(0);
  const kept = await draftDialog(b.page);
  await expect(kept.getByLabel('Titre du projet')).toHaveValue('Peinture séjour et couloir');
  await b.context.close();
});
