// Issue 10: the devis editor takes numbers as French people type them, refuses absurd values next to the
// field without losing anything, keeps the draft across reloads, reuses the sign-up company details, enables
// the mail link only for a valid address, shares the real PDF file where the browser can, and prints
// « œuvre », « € » and emoji as typed (text read back from the downloaded PDF).
import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { confirmCompany, createUser, expect, mockGeocoder, signIn, test } from '../fixtures';

const editor = (page: Page) => page.getByRole('region', { name: 'Modifier le devis' });
const currentQuote = (page: Page) => page.getByRole('region', { name: 'Devis en cours' });
const exportPanel = (page: Page) => page.getByRole('region', { name: 'Export' });

/** Text of every page of a PDF, whitespace collapsed (pdf.js splits and joins runs its own way). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

async function addTask(page: Page, name: string, price: string, unit = 'm2') {
  await page.goto('/tasks');
  await page.getByLabel('Nom de la tâche').fill(name);
  await page.getByLabel(/prix/i).fill(price);
  await page.getByLabel('Unité', { exact: true }).selectOption(unit);
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
}

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('plan-badge')).toContainText('Gratuit');
}

async function typeClient(page: Page, email: string) {
  const e = editor(page);
  await e.getByLabel('Nom', { exact: true }).fill('Zoé Lefèvre');
  await e.getByLabel('Email', { exact: true }).fill(email);
}

async function generateAndRead(page: Page, number: string): Promise<{ bytes: Uint8Array; text: string }> {
  await exportPanel(page).getByRole('button', { name: 'Générer le PDF' }).click();
  const link = page.getByRole('link', { name: `Télécharger devis-${number}.pdf` });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const bytes = new Uint8Array(await readFile(await download.path()));
  return { bytes, text: await pdfText(bytes) };
}

test('« 2,5 » × « 12,5 » is 31,25 € HT; 1e12 and −5 are refused next to the field and the previous value stays', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await addTask(page, 'Enduit de façade', '12,5');
  await expect(page.getByRole('listitem').filter({ hasText: 'Enduit de façade' })).toContainText(/12,50\s€/);
  // /tasks refuses a price it cannot read, with its French message, and keeps the text.
  await page.getByLabel(/prix/i).fill('abc');
  await expect(page.getByText('Saisissez un nombre, par exemple 2,5 ou 1 250,50.')).toBeVisible();
  await expect(page.getByLabel(/prix/i)).toHaveValue('abc');

  await openHome(page);
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  const quantity = editor(page).getByLabel('Quantité de la ligne 1');
  await quantity.fill('2,5');
  await quantity.blur();
  await expect(currentQuote(page).getByRole('row').filter({ hasText: 'Enduit de façade' })).toContainText(
    /2,5 m2.*31,25\s€/,
  );
  await expect(page.getByTestId('total-ht')).toHaveText(/^31,25\s€$/);

  const refusals: [string, string][] = [
    ['1e12', 'La quantité ne peut pas dépasser 100 000.'],
    ['−5', 'La quantité ne peut pas être négative.'],
    ['-5', 'La quantité ne peut pas être négative.'],
    ['abc', 'Saisissez un nombre, par exemple 2,5 ou 1 250,50.'],
  ];
  for (const [typed, message] of refusals) {
    await quantity.fill(typed);
    await quantity.blur();
    await expect(editor(page).getByRole('alert')).toHaveText(message);
    await expect(quantity).toHaveValue(typed);
    await expect(quantity).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('total-ht')).toHaveText(/^31,25\s€$/);
  }
  // The VAT rate: out of 0–100 refused, the previous rate stays.
  const vat = editor(page).getByLabel('Taux de TVA (%)');
  await vat.fill('150');
  await expect(editor(page).getByText('Le taux de TVA doit être compris entre 0 et 100 %.')).toBeVisible();
  await expect(page.getByTestId('total-tva')).toHaveText(/^6,25\s€$/);
  await vat.fill('5,5');
  await expect(page.getByTestId('total-tva')).toHaveText(/^1,72\s€$/);
});

test('an empty devis says a task is required; the draft survives reloads (and edits made offline)', async ({
  page,
  context,
  signedIn,
}) => {
  void signedIn;
  await addTask(page, 'Peinture plafond', '18');
  await openHome(page);
  await exportPanel(page).getByRole('button', { name: 'Générer le PDF' }).click();
  await expect(exportPanel(page)).toContainText('Au moins une tâche est requise pour générer un devis.');

  await editor(page).getByLabel('Titre du projet').fill('Rafraîchissement séjour');
  await typeClient(page, 'zoe.lefevre@exemple.fr');
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  await editor(page).getByLabel('Quantité de la ligne 1').fill('12,75');
  await editor(page).getByLabel('Taux de TVA (%)').fill('10');
  await expect(page.getByTestId('total-ht')).toHaveText(/^229,50\s€$/);

  await page.reload();
  await expect(page.getByTestId('current-project-title')).toHaveText('Rafraîchissement séjour');
  await expect(page.getByTestId('current-client-name')).toHaveText('Zoé Lefèvre');
  await expect(editor(page).getByLabel('Quantité de la ligne 1')).toHaveValue('12,75');
  await expect(editor(page).getByLabel('Taux de TVA (%)')).toHaveValue('10');
  await expect(page.getByTestId('total-ttc')).toHaveText(/^252,45\s€$/);

  // Edited with no network, then reloaded: still there.
  await context.setOffline(true);
  await editor(page).getByLabel('Quantité de la ligne 1').fill('3');
  await expect(page.getByTestId('total-ht')).toHaveText(/^54,00\s€$/);
  await context.setOffline(false);
  await page.reload();
  await expect(editor(page).getByLabel('Quantité de la ligne 1')).toHaveValue('3');

  // « Nouveau devis » asks first, then clears.
  await page.getByRole('button', { name: 'Nouveau devis' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByTestId('current-project-title')).toHaveText('Rafraîchissement séjour');
  await page.getByRole('button', { name: 'Nouveau devis' }).click();
  await page.getByRole('button', { name: 'Effacer et commencer' }).click();
  await expect(page.getByTestId('current-project-title')).toHaveText('Non spécifié');
  await page.reload();
  await expect(page.getByTestId('current-client-name')).toHaveText('Non spécifié');
  await expect(editor(page).getByLabel('Quantité de la ligne 1')).toHaveCount(0);
});

test('sign-up company details appear on /company and in the first PDF; mail link only for a valid email', async ({
  page,
}) => {
  const user = await createUser('entreprise', { siret: '55208131700042', company_name: 'Dubœuf Bâtiment' });
  await mockGeocoder(page);
  await signIn(page, user);
  await addTask(page, 'Pose parquet', '32,40');

  // The sign-up details are the company settings from the start (issue 29.3): /company shows them saved.
  await page.goto('/company');
  const form = page.getByRole('form', { name: 'Entreprise' });
  await expect(form.getByLabel('Nom de l’entreprise')).toHaveValue('Dubœuf Bâtiment');
  await expect(form.getByLabel('Adresse', { exact: true })).toHaveValue('12 rue de la Paix 75002 Paris');
  await expect(form.getByLabel('Téléphone', { exact: true })).toHaveValue('06 12 34 56 78');
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue(user.email);
  await expect(form.getByLabel('SIRET')).toHaveValue('55208131700042');

  await openHome(page);
  await typeClient(page, 'pas-un-email');
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  const { text } = await generateAndRead(page, 'DE0001');
  for (const expected of ['Dubœuf Bâtiment', '12 rue de la Paix 75002 Paris', '06 12 34 56 78', '55208131700042']) {
    expect(text, `PDF text should contain « ${expected} »`).toContain(expected);
  }
  // « pas-un-email » cannot receive the mail: the button stays disabled and the page says why.
  const mail = exportPanel(page).getByRole('button', { name: 'Envoyer par email' });
  await expect(mail).toBeDisabled();
  await expect(exportPanel(page)).toContainText("L'email du client n'est pas valide");
  await editor(page).getByLabel('Email', { exact: true }).fill('zoe.lefevre@exemple.fr');
  await expect(mail).toBeEnabled();
  // No file sharing on desktop Chromium; the mail leaves from the server with the PDF (no mailto link, issue 26).
  await expect(exportPanel(page).getByRole('button', { name: 'Partager le PDF' })).toHaveCount(0);
  await expect(mail).not.toHaveAttribute('data-mailto');
});

test('« Partager le PDF » hands the real PDF file to the Web Share API where files can be shared', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await page.addInitScript(() => {
    const shared: { name: string; type: string; size: number; head: string }[] = [];
    (window as unknown as { __shared: typeof shared }).__shared = shared;
    Object.defineProperty(navigator, 'canShare', {
      configurable: true,
      value: (data: { files?: File[] }) => Array.isArray(data.files) && data.files.length > 0,
    });
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: async (data: { files: File[] }) => {
        const file = data.files[0]!;
        const head = new TextDecoder().decode(new Uint8Array(await file.slice(0, 5).arrayBuffer()));
        shared.push({ name: file.name, type: file.type, size: file.size, head });
      },
    });
  });
  await confirmCompany(page);
  await addTask(page, 'Ragréage', '9,90');
  await openHome(page);
  await typeClient(page, 'zoe.lefevre@exemple.fr');
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  await exportPanel(page).getByRole('button', { name: 'Générer le PDF' }).click();
  const share = exportPanel(page).getByRole('button', { name: 'Partager le PDF' });
  await expect(share).toBeVisible({ timeout: 20_000 });
  await share.click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shared: unknown[] }).__shared))
    .toEqual([{ name: 'devis-DE0001.pdf', type: 'application/pdf', size: expect.any(Number), head: '%PDF-' }]);
});

test('a task name with « œuvre », « € » and emoji 😀 👍 🔧 reads back identical from the PDF; names over 200 characters are refused', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  const name = 'Main d’œuvre « soignée » 😀 👍 🔧 ☀ ✔ ❤ — forfait 12 € “net”';
  await confirmCompany(page);
  await page.goto('/tasks');
  await page.getByLabel('Nom de la tâche').fill('x'.repeat(201));
  await expect(page.getByText('Le nom de la tâche ne peut pas dépasser 200 caractères.')).toBeVisible();
  await addTask(page, name, '45', 'forfait');

  await openHome(page);
  await typeClient(page, 'zoe.lefevre@exemple.fr');
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  // A counted unit stays whole.
  await editor(page).getByLabel('Quantité de la ligne 1').fill('1,5');
  await expect(editor(page).getByRole('alert')).toHaveText(
    'La quantité doit être un nombre entier pour l’unité « forfait ».',
  );
  await editor(page).getByLabel('Quantité de la ligne 1').fill('2');
  const { bytes, text } = await generateAndRead(page, 'DE0001');
  expect(text).toContain(name);
  expect(text).not.toContain('?');
  expect(text).toContain('90,00 €');
  expect(bytes.byteLength).toBeLessThan(200 * 1024);
});
