// Issue 28 « French invoicing for a building firm », read back from the produced files: (a) a devis with lines at
// 5,5 %, 10 % and 20 % → invoice whose screen and PDF give the same HT, VAT per rate and TTC to the cent; (b) a 30 %
// acompte then the final invoice deducting it; (c) situations 30 / 70 / 100 % with a 5 % retenue; (e) a
// franchise-en-base company: 293 B, no VAT anywhere, and a devis made with VAT refused once the regime changed.
import { readFile } from 'node:fs/promises';

import type { Download, Locator, Page } from '@playwright/test';

import { confirmCompany, expect, test } from '../fixtures';

const CLIENT = {
  name: 'Hélène Dubœuf',
  email: 'helene.duboeuf@exemple.fr',
  phone: '06 12 34 56 78',
  address: '8 quai du Port, 80000 Amiens',
};
// The reference devis (shared/reference/e-invoicing-and-btp.md): HT 3 098,00, TVA 254,00, TTC 3 352,00.
const LINES = [
  { name: 'Carrelage', unit: 'm2', price: 30, quantity: '65', rate: '5.5' },
  { name: 'Plomberie', unit: 'forfait', price: 828.5, quantity: '1', rate: '10' },
  { name: 'Fourniture', unit: 'forfait', price: 319.5, quantity: '1', rate: '20' },
];

async function pdfText(download: Download): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const bytes = new Uint8Array(await readFile((await download.path())!));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

const editor = (page: Page) => page.getByRole('region', { name: 'Modifier le devis' });
const euros = (text: string) => new RegExp(`^${text.replace(/ /g, '[\\s\\u202f\\u00a0]')}[\\s\\u00a0]€$`);

async function company(page: Page, regime: 'assujetti' | 'franchise' = 'assujetti') {
  await confirmCompany(page);
  const form = page.getByRole('form', { name: 'Entreprise' });
  await form.getByLabel('Régime de TVA').selectOption(regime);
  if (regime === 'assujetti') await form.getByLabel('Numéro de TVA intracommunautaire').fill('FR03552081317');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
}

/** The three-rate devis built on the home page and generated (DE0001). */
async function buildDevis(page: Page, options: { rates?: boolean; progress?: boolean } = {}) {
  await page.goto('/tasks');
  for (const task of LINES) {
    await page.getByLabel('Nom de la tâche').fill(task.name);
    await page.getByLabel(/prix/i).fill(String(task.price));
    await page.getByLabel('Unité', { exact: true }).selectOption(task.unit);
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await expect(page.getByRole('listitem').filter({ hasText: task.name })).toBeVisible();
  }
  await page.goto('/');
  const e = editor(page);
  await e.getByLabel('Nom', { exact: true }).fill(CLIENT.name);
  await e.getByLabel('Email', { exact: true }).fill(CLIENT.email);
  await e.getByLabel('Téléphone', { exact: true }).fill(CLIENT.phone);
  await e.getByLabel('Adresse', { exact: true }).fill(CLIENT.address);
  await e.getByLabel('Titre du projet').fill('Rénovation salle de bain');
  for (const [i, line] of LINES.entries()) {
    await e.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await e.getByLabel(`Tâche de la ligne ${i + 1}`).selectOption(line.name);
    const q = e.getByLabel(`Quantité de la ligne ${i + 1}`);
    await q.fill(line.quantity);
    await q.blur();
    if (options.rates !== false) await e.getByLabel(`Taux de TVA de la ligne ${i + 1}`).selectOption(line.rate);
  }
  if (options.progress) {
    await e.getByLabel("Facturation à l'avancement (situations)").check();
    const retenue = e.getByLabel('Retenue de garantie (%)');
    await retenue.fill('5');
    await retenue.blur();
  }
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  await expect(page.getByRole('link', { name: 'Télécharger devis-DE0001.pdf' })).toBeVisible({ timeout: 30_000 });
}

async function quoteRow(page: Page): Promise<Locator> {
  await page.goto('/clients');
  const card = page.getByTestId('client-card').filter({ hasText: CLIENT.name });
  await expect(card).toBeVisible({ timeout: 15_000 });
  return card.getByTestId('quote-row').filter({ hasText: 'DE0001' });
}

async function generateInvoice(page: Page, quote: Locator): Promise<Download> {
  await quote.getByRole('button', { name: 'Générer la facture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Générer la facture' });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    dialog.getByRole('button', { name: 'Générer la facture' }).click(),
  ]);
  return download;
}

test('(a) lines at 5,5 %, 10 % and 20 %: the screen and the invoice PDF give the same HT, VAT per rate and TTC', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await company(page);
  await buildDevis(page);
  await expect(page.getByTestId('total-ht')).toHaveText(euros('3 098,00'));
  await expect(page.getByTestId('total-tva-20')).toHaveText(euros('63,90'));
  await expect(page.getByTestId('total-tva-10')).toHaveText(euros('82,85'));
  await expect(page.getByTestId('total-tva-5,5')).toHaveText(euros('107,25'));
  await expect(page.getByTestId('total-tva')).toHaveText(euros('254,00'));
  await expect(page.getByTestId('total-ttc')).toHaveText(euros('3 352,00'));

  const quote = await quoteRow(page);
  await expect(quote).toContainText(/3\s352,00/);
  const download = await generateInvoice(page, quote);
  expect(download.suggestedFilename()).toBe('facture-FA0001.pdf');
  const text = await pdfText(download);
  for (const expected of [
    'Total HT 3 098,00 €',
    'TVA (20 %) sur 319,50 € HT 63,90 €',
    'TVA (10 %) sur 828,50 € HT 82,85 €',
    'TVA (5,5 %) sur 1 950,00 € HT 107,25 €',
    'Total TVA 254,00 €',
    'Total TTC 3 352,00 €',
  ]) {
    expect(text, `invoice PDF should contain « ${expected} »`).toContain(expected);
  }
  expect(text).not.toContain('293 B');
  expect(text).not.toContain('Statut');
  const invoice = page.getByTestId('invoice-row').filter({ hasText: 'FA0001' });
  await expect(invoice).toContainText(/3\s352,00/);
});

test('(b) a 30 % acompte, then the final invoice deducting it', async ({ page, signedIn }) => {
  void signedIn;
  await company(page);
  await buildDevis(page);
  const quote = await quoteRow(page);
  await quote.getByRole('button', { name: "Facture d'acompte" }).click();
  const dialog = page.getByRole('dialog', { name: /Facture d'acompte/ });
  await dialog.getByLabel("Pourcentage de l'acompte (%)").fill('30');
  await expect(dialog.getByTestId('planned-ttc')).toHaveText(euros('1 005,61'));
  const [deposit] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    dialog.getByRole('button', { name: 'Créer et émettre' }).click(),
  ]);
  const depositText = await pdfText(deposit);
  expect(depositText).toContain("FACTURE D'ACOMPTE");
  expect(depositText).toContain("Facture d'acompte n° FA0001 — 30 % du devis DE0001");
  expect(depositText).toContain('Total TTC 1 005,61 €');

  const final = await pdfText(await generateInvoice(page, quote));
  expect(final).toContain('Total TTC 3 352,00 €');
  expect(final).toMatch(/Déjà réglé : acompte FA0001 du \d{2}\/\d{2}\/\d{4} ?[-−]1 005,61 €/);
  expect(final).toContain('Net à payer 2 346,39 €');
});

test('(c) situations at 30, 70 and 100 % with a 5 % retenue add up to the devis', async ({ page, signedIn }) => {
  void signedIn;
  await company(page);
  await buildDevis(page, { progress: true });
  const quote = await quoteRow(page);
  const expected = [
    { percent: '30', ttc: '1 005,61', retenue: '50,28', net: '955,33' },
    { percent: '70', ttc: '1 340,80', retenue: '67,04', net: '1 273,76' },
    { percent: '100', ttc: '1 005,59', retenue: '50,28', net: '955,31' },
  ];
  for (const [k, step] of expected.entries()) {
    await quote.getByRole('button', { name: 'Facture de situation' }).click();
    const dialog = page.getByRole('dialog', { name: /Facture de situation/ });
    await dialog.getByLabel('Avancement cumulé de tout le devis (%)').fill(step.percent);
    await expect(dialog.getByTestId('planned-ttc')).toHaveText(euros(step.ttc));
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      dialog.getByRole('button', { name: 'Créer et émettre' }).click(),
    ]);
    const text = await pdfText(download);
    expect(text).toContain(`Facture de situation n° ${k + 1} — devis DE0001`);
    expect(text).toContain(`Total TTC ${step.ttc} €`);
    expect(text).toMatch(new RegExp(`Retenue de garantie [-−]${step.retenue} €`));
    expect(text).toContain(`Net à payer ${step.net} €`);
  }
});

test('(e) franchise en base: 293 B, no VAT anywhere; a devis made with VAT is refused once the regime changed', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await company(page, 'franchise');
  await buildDevis(page, { rates: false });
  await expect(editor(page).getByLabel('Taux de TVA de la ligne 1')).toBeDisabled();
  await expect(page.getByTestId('total-ttc')).toHaveText(euros('3 098,00'));
  await expect(page.getByTestId('total-tva')).toHaveCount(0);
  await expect(page.getByTestId('vat-mention')).toHaveText('TVA non applicable, art. 293 B du CGI');
  const quote = await quoteRow(page);
  const [quotePdf] = await Promise.all([
    page.waitForEvent('download'),
    quote.getByRole('button', { name: /Télécharger le PDF/ }).click(),
  ]);
  const devisText = await pdfText(quotePdf);
  expect(devisText).toContain('TVA non applicable, art. 293 B du CGI');
  expect(devisText).not.toMatch(/TVA \(/);
  const invoice = await pdfText(await generateInvoice(page, quote));
  expect(invoice).toContain('TVA non applicable, art. 293 B du CGI');
  expect(invoice).toContain('Net à payer 3 098,00 €');
  expect(invoice).not.toMatch(/TVA \(/);

  // The company becomes assujetti: the franchise devis cannot become an invoice with other rates.
  await page.goto('/company');
  const form = page.getByRole('form', { name: 'Entreprise' });
  await form.getByLabel('Régime de TVA').selectOption('assujetti');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
  const again = await quoteRow(page);
  await again.getByRole('button', { name: 'Générer la facture' }).click();
  await page
    .getByRole('dialog', { name: 'Générer la facture' })
    .getByRole('button', { name: 'Générer la facture' })
    .click();
  await expect(page.getByText(/Le régime de TVA de votre entreprise a changé depuis le devis/)).toBeVisible();
});
