// A saved devis opened again from the client book: /clients « Modifier » → /?devis=<id> → the home page editor
// holds that devis (client, title, lines, VAT, totals), read from the user's synced copy, here in a second browser
// that never built it (issue 8; guards the one row → devis mapping of @atelier/storage).

import { buildPaintingDevis, confirmCompany, devisEditor, expect, signIn, test } from '../fixtures';

const CLIENT = { name: 'Éloïse Durand', email: 'eloise.durand@exemple.fr' };

test('« Modifier » on a saved devis opens it in the home page editor, also in another browser', async ({
  page,
  browser,
  signedIn,
}) => {
  await confirmCompany(page);
  await buildPaintingDevis(page, CLIENT, 'Rénovation salon');
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });

  const second = await browser.newContext();
  const other = await second.newPage();
  await signIn(other, signedIn);
  await other.goto('/clients');
  const card = other.getByTestId('client-card').filter({ hasText: CLIENT.name });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await card
    .getByTestId('quote-row')
    .filter({ hasText: 'DE0001' })
    .getByRole('button', { name: 'Autres actions pour le devis DE0001' })
    .click();
  await other.getByRole('menuitem', { name: 'Modifier le devis DE0001' }).click();

  await expect(other.getByText(/^Devis DE0001 ouvert/)).toBeVisible({ timeout: 15_000 });
  await expect(other).toHaveURL((url) => url.pathname === '/' && !url.searchParams.has('devis'));
  const opened = devisEditor(other);
  await expect(opened.getByLabel('Titre du projet')).toHaveValue('Rénovation salon');
  await expect(opened.getByLabel('Nom', { exact: true })).toHaveValue(CLIENT.name);
  await expect(opened.getByLabel('Email', { exact: true })).toHaveValue(CLIENT.email);
  await expect(opened.getByLabel('Tâche de la ligne 1')).toHaveValue('Peinture murs');
  await expect(opened.getByLabel('Quantité de la ligne 1')).toHaveValue('12');
  await expect(other.getByTestId('total-ttc')).toHaveText(/^367,20\s€$/);
  await second.close();
});
