// Issues 26 item 2 + 27 item 4 end to end: a devis with one line and one option (« Robinetterie thermostatique »)
// is sent from /clients; the client's signing page shows the option apart, « non inclus »; the client ticks
// « Je retiens cette option » (the total moves from 360,00 to 540,00 €), signs and accepts; the artisan's /clients
// shows « options retenues : Robinetterie thermostatique », the devis' total includes it, and the invoice made
// from it (« Générer la facture ») carries the option with that total.
import { readFile } from 'node:fs/promises';

import type { Download, Locator, Page } from '@playwright/test';

import { confirmCompany, expect, MAILBOX_URL, test } from '../fixtures';

const CLIENT = {
  name: 'Julie Marchand',
  email: `julie.marchand.${Date.now().toString(36)}@exemple.fr`,
  phone: '06 11 22 33 44',
  address: '5 rue Mercière, 69002 Lyon',
};
// Peinture 12 × 25,00 = 300,00 HT; option 150,00 HT. Without it: TVA 60,00, TTC 360,00; with it: 450,00 HT,
// TVA 90,00, TTC 540,00.
const space = '[\\s\\u00a0\\u202f]';
const euros = (text: string) => new RegExp(`${text.replace(/ /g, space)}${space}€`);

const editor = (page: Page) => page.getByRole('region', { name: 'Modifier le devis' });

async function typeNumber(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
}

async function pdfText(download: Download): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const bytes = new Uint8Array(await readFile((await download.path())!));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

async function signingLink(to: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const all = (await (await fetch(`${MAILBOX_URL}messages`)).json()) as Array<{ to: string; text: string }>;
    const mail = all.find((m) => m.to === to);
    if (mail) return /(http:\/\/\S+\/signer\/[0-9a-f]{64})/.exec(mail.text)![1]!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail for ${to}`);
}

test('the client accepts an option online: /clients names it, the devis and its invoice include it', async ({
  page,
  browser,
  signedIn,
}) => {
  test.setTimeout(180_000);
  void signedIn;
  await confirmCompany(page);
  const form = page.getByRole('form', { name: 'Entreprise' });
  await form.getByLabel('Régime de TVA').selectOption('assujetti');
  await form.getByLabel('Numéro de TVA intracommunautaire').fill('FR03552081317');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();

  await page.goto('/');
  const e = editor(page);
  await e.getByLabel('Nom', { exact: true }).fill(CLIENT.name);
  await e.getByLabel('Email', { exact: true }).fill(CLIENT.email);
  await e.getByLabel('Téléphone', { exact: true }).fill(CLIENT.phone);
  await e.getByLabel('Adresse', { exact: true }).fill(CLIENT.address);
  await e.getByLabel('Titre du projet').fill('Salle de bain');
  await e.getByRole('button', { name: 'Ligne libre', exact: true }).click();
  await e.getByLabel('Désignation de la ligne 1').fill('Peinture salle de bain');
  await typeNumber(e.getByLabel('Prix unitaire HT de la ligne 1'), '25');
  await typeNumber(e.getByLabel('Quantité de la ligne 1'), '12');
  await e.getByRole('button', { name: 'Ligne libre', exact: true }).click();
  await e.getByLabel('Désignation de la ligne 2').fill('Robinetterie thermostatique');
  await typeNumber(e.getByLabel('Prix unitaire HT de la ligne 2'), '150');
  await e.getByLabel('Ligne 2 en option', { exact: true }).check();
  await expect(page.getByTestId('total-ttc')).toHaveText(euros('360,00'));
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  await expect(page.getByRole('link', { name: 'Télécharger devis-DE0001.pdf' })).toBeVisible({ timeout: 30_000 });

  await page.goto('/clients');
  const quoteRow = () =>
    page
      .getByTestId('client-card')
      .filter({ hasText: CLIENT.name })
      .getByTestId('quote-row')
      .filter({ hasText: 'DE0001' });
  await expect(quoteRow()).toContainText(euros('360,00'), { timeout: 15_000 });
  await quoteRow().getByRole('button', { name: 'Envoyer', exact: true }).click();
  await expect(quoteRow().getByTestId('quote-sign-status')).toHaveText('Statut : envoyé', { timeout: 30_000 });
  const link = await signingLink(CLIENT.email);

  // The client: the option apart, « non inclus »; ticking it moves the total; then sign and accept.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Devis DE0001' })).toBeVisible({ timeout: 30_000 });
  const options = visitor.getByTestId('public-quote-options');
  await expect(options).toContainText('Options (non incluses dans le total)');
  await expect(options).toContainText(/Robinetterie thermostatique — 150,00.€ HT \(non inclus\)/);
  await expect(visitor.getByTestId('public-quote-ttc')).toHaveText(euros('360,00'));
  await visitor.getByLabel('Je retiens cette option').check();
  await expect(visitor.getByTestId('public-quote-ttc')).toHaveText(euros('540,00'));
  await expect(options).toContainText('(ajoutée au total)');
  await visitor.getByLabel('Nom et prénom').fill(CLIENT.name);
  await visitor.getByLabel(/J’accepte ce devis/).check();
  const pad = visitor.getByTestId('signature-pad');
  const box = (await pad.boundingBox())!;
  await visitor.mouse.move(box.x + 30, box.y + 100);
  await visitor.mouse.down();
  for (const [dx, dy] of [
    [80, 40],
    [140, 110],
    [220, 50],
  ]) {
    await visitor.mouse.move(box.x + dx!, box.y + dy!, { steps: 5 });
  }
  await visitor.mouse.up();
  await visitor.getByRole('button', { name: 'Accepter et signer' }).click();
  await expect(visitor.getByTestId('public-quote-decision')).toContainText(
    'Options retenues : Robinetterie thermostatique.',
    { timeout: 30_000 },
  );
  await expect(visitor.getByTestId('public-quote-ttc')).toHaveText(euros('540,00'));
  await context.close();

  // The artisan: the accepted status names the option; the devis (synced from the server) now totals 540,00.
  await page.reload();
  await expect(quoteRow().getByTestId('quote-sign-status')).toContainText(`accepté par ${CLIENT.name} le`, {
    timeout: 30_000,
  });
  await expect(quoteRow().getByTestId('quote-sign-status')).toContainText(
    'options retenues : Robinetterie thermostatique',
  );
  await expect(quoteRow()).toContainText(euros('540,00'), { timeout: 30_000 });

  // The invoice made from it carries the option with that total.
  await quoteRow().getByRole('button', { name: 'Générer la facture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Générer la facture' });
  const [invoiceDownload] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    dialog.getByRole('button', { name: 'Générer la facture' }).click(),
  ]);
  const invoice = await pdfText(invoiceDownload);
  expect(invoice).toContain('Robinetterie thermostatique');
  expect(invoice).not.toContain('non inclus');
  expect(invoice).toContain('540,00');
  const card = page.getByTestId('client-card').filter({ hasText: CLIENT.name });
  await expect(card.getByTestId('invoice-row').filter({ hasText: 'FA0001' })).toContainText(euros('540,00'));
});
