// Issue 27 « a devis the way artisans write them », end to end: on the home page a devis with two sections, an
// ouvrage from the catalogue shown detailed, a catalogue line re-priced for this devis with a 10 % remise, a free
// line, an option and a 5 % remise globale; the screen's figures, then the devis PDF read back (every line, the
// subtotals, the remise lines, the option « non inclus », the same totals), then the invoice made from it on
// /clients keeping every amount (the option left out).
import { readFile } from 'node:fs/promises';

import type { Download, Locator, Page } from '@playwright/test';

import { confirmCompany, expect, test } from '../fixtures';

const CLIENT = {
  name: 'Hélène Dubœuf',
  email: 'helene.duboeuf@exemple.fr',
  phone: '06 12 34 56 78',
  address: '8 quai du Port, 80000 Amiens',
};

const CATALOGUE = [
  { name: 'Peinture murs', unit: 'm2', price: 25.5 },
  {
    name: 'Chauffe-eau posé',
    unit: 'unité',
    // ouvrageUnitPrice: 389,90 + 3 × 45,00 = 524,90 (coefficient 1).
    price: 524.9,
    components: [
      { kind: 'fourniture', name: 'Chauffe-eau Atlantic 200 L', unit: 'unité', quantity: 1, price: 389.9 },
      { kind: 'main_oeuvre', name: 'Pose plombier', unit: 'h', quantity: 3, price: 45 },
    ],
  },
];

// Hand-computed: ouvrage 524,90; peinture 10 × 22,00 = 220,00 − 10 % = 198,00; robinetterie 150,00; option
// 80,00 outside. Gross 894,90, line remises 22,00, before the remise globale 872,90, 5 % = 43,645 → 43,65,
// HT after remise 829,25, TVA 20 % 165,85, TTC 995,10. Subtotals: Salle de bain 722,90, Cuisine 150,00.
const FIGURES = {
  gross: '894,90',
  lineDiscounts: '-22,00',
  beforeDiscount: '872,90',
  documentDiscount: '-43,65',
  ht: '829,25',
  tva: '165,85',
  ttc: '995,10',
};

const editor = (page: Page) => page.getByRole('region', { name: 'Modifier le devis' });
const current = (page: Page) => page.getByRole('region', { name: 'Devis en cours' });
const space = '[\\s\\u00a0\\u202f]';
const euros = (text: string) => new RegExp(`^${text.replace(/ /g, `${space}`)}${space}€$`);

async function pdfText(download: Download): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const bytes = new Uint8Array(await readFile((await download.path())!));
  const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

/** Each part found after the previous one (the PDF's reading order). */
function inOrder(text: string, parts: string[]) {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `« ${part} » after position ${from} in the PDF text: ${text}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

async function company(page: Page) {
  await confirmCompany(page);
  const form = page.getByRole('form', { name: 'Entreprise' });
  await form.getByLabel('Régime de TVA').selectOption('assujetti');
  await form.getByLabel('Numéro de TVA intracommunautaire').fill('FR03552081317');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
}

async function pick(page: Page, text: string) {
  const picker = editor(page).getByRole('combobox', { name: 'Ajouter depuis le catalogue' });
  await picker.fill(text);
  // Typing makes the first match the active option; Enter copies it into the devis.
  await expect(
    page.getByRole('listbox', { name: 'Ajouter depuis le catalogue' }).getByRole('option').first(),
  ).toBeVisible();
  await picker.press('Enter');
}

async function typeNumber(field: Locator, value: string) {
  await field.fill(value);
  await field.blur();
}

async function buildDevis(page: Page) {
  await page.goto('/');
  const e = editor(page);
  await e.getByLabel('Nom', { exact: true }).fill(CLIENT.name);
  await e.getByLabel('Email', { exact: true }).fill(CLIENT.email);
  await e.getByLabel('Téléphone', { exact: true }).fill(CLIENT.phone);
  await e.getByLabel('Adresse', { exact: true }).fill(CLIENT.address);
  await e.getByLabel('Titre du projet').fill('Rénovation salle de bain et cuisine');

  // Line 1: section « Salle de bain »; an empty section is refused with the money model's message.
  await e.getByRole('button', { name: 'Section', exact: true }).click();
  await e.getByLabel('Titre de la section (ligne 1)').fill('Salle de bain');
  await expect(
    e.getByText('La section « Salle de bain » est vide : ajoutez-y une ligne ou supprimez-la.'),
  ).toBeVisible();

  // Line 2: the ouvrage from the catalogue, shown detailed.
  await pick(page, 'chauffe');
  await expect(e.getByText(/est vide/)).toHaveCount(0);
  await e.getByRole('button', { name: /^Détails de la ligne 2/ }).click();
  await e.getByLabel('Détailler l’ouvrage de la ligne 2').check();
  await expect(e.getByRole('list', { name: 'Composants de l’ouvrage' })).toContainText('Chauffe-eau Atlantic 200 L');

  // Line 3: a catalogue line re-priced for this devis (22,00 instead of 25,50), 10 m², 10 % remise.
  await pick(page, 'peinture');
  await e.getByRole('button', { name: /^Détails de la ligne 3/ }).click();
  await typeNumber(e.getByLabel('Prix unitaire HT de la ligne 3'), '22');
  await typeNumber(e.getByLabel('Quantité de la ligne 3'), '10');
  await typeNumber(e.getByLabel('Remise de la ligne 3', { exact: true }), '10');
  await e.getByLabel('Description de la ligne 3').fill('Deux couches\nBlanc mat');

  // A negative price is refused next to the field, kept as typed; corrected, it goes.
  await typeNumber(e.getByLabel('Prix unitaire HT de la ligne 3'), '-4');
  await expect(e.getByText('Peinture murs : Le prix unitaire ne peut pas être négatif.')).toBeVisible();
  await expect(e.getByLabel('Prix unitaire HT de la ligne 3')).toHaveValue(/^-4(,00)?$/);
  await typeNumber(e.getByLabel('Prix unitaire HT de la ligne 3'), '22');
  await expect(e.getByText(/ne peut pas être négatif/)).toHaveCount(0);

  // Line 4: section « Cuisine »; line 5: a free line; line 6: a free line as an option.
  await e.getByRole('button', { name: 'Section', exact: true }).click();
  await e.getByLabel('Titre de la section (ligne 4)').fill('Cuisine');
  await e.getByRole('button', { name: 'Ligne libre', exact: true }).click();
  await e.getByLabel('Désignation de la ligne 5').fill('Fourniture robinetterie');
  await typeNumber(e.getByLabel('Prix unitaire HT de la ligne 5'), '150');
  await e.getByRole('button', { name: 'Ligne libre', exact: true }).click();
  await e.getByLabel('Désignation de la ligne 6').fill('Robinet thermostatique');
  await typeNumber(e.getByLabel('Prix unitaire HT de la ligne 6'), '80');
  await e.getByLabel('Ligne 6 en option', { exact: true }).check();

  // A remise over 100 % is refused next to it; then the 5 % remise globale.
  await typeNumber(e.getByLabel('Remise globale (avant TVA)', { exact: true }), '120');
  await expect(e.getByText('Une remise en pourcentage ne peut pas dépasser 100 %.')).toBeVisible();
  await typeNumber(e.getByLabel('Remise globale (avant TVA)', { exact: true }), '5');
  await expect(e.getByText(/ne peut pas dépasser 100/)).toHaveCount(0);
}

test('a devis with sections, an ouvrage, remises and an option: screen, PDF and invoice agree to the cent', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(180_000);
  void signedIn;
  await page.addInitScript((tasks) => {
    if (!localStorage.getItem('tasks')) localStorage.setItem('tasks', JSON.stringify(tasks));
  }, CATALOGUE);
  await company(page);
  await buildDevis(page);

  // The screen: every line, the subtotals, the remise lines, the option « non inclus ».
  const rows = current(page).getByRole('row');
  await expect(rows.filter({ hasText: 'Chauffe-eau posé' })).toContainText(/524,90/);
  await expect(rows.filter({ hasText: 'Pose plombier' })).toContainText('3 h');
  await expect(rows.filter({ hasText: 'Peinture murs' })).toContainText(/Remise 10 %.*198,00/);
  await expect(rows.filter({ hasText: 'Robinet thermostatique' })).toContainText(/80,00.*non inclus/);
  await expect(page.getByTestId('section-subtotal-0')).toHaveText(euros('722,90'));
  await expect(page.getByTestId('section-subtotal-3')).toHaveText(euros('150,00'));
  await expect(page.getByTestId('total-gross-ht')).toHaveText(euros(FIGURES.gross));
  await expect(page.getByTestId('total-line-discounts')).toHaveText(euros(FIGURES.lineDiscounts));
  await expect(page.getByTestId('total-before-discount')).toHaveText(euros(FIGURES.beforeDiscount));
  await expect(page.getByTestId('total-document-discount')).toHaveText(euros(FIGURES.documentDiscount));
  await expect(page.getByTestId('total-ht')).toHaveText(euros(FIGURES.ht));
  await expect(page.getByTestId('total-tva')).toHaveText(euros(FIGURES.tva));
  await expect(page.getByTestId('total-ttc')).toHaveText(euros(FIGURES.ttc));
  await expect(page.getByTestId('options-list')).toContainText('Robinet thermostatique');
  await expect(page.getByTestId('options-list')).toContainText('non inclus');
  // The catalogue kept its own price.
  const catalogue = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key === 'tasks' || key.startsWith('tasks.'))
      .map((key) => localStorage.getItem(key))
      .join('\n'),
  );
  expect(catalogue).toMatch(/"Peinture murs"[^}]*"price":25\.5/);

  // The draft survives a reload, every field of it.
  await page.reload();
  await expect(page.getByTestId('total-ttc')).toHaveText(euros(FIGURES.ttc), { timeout: 20_000 });
  await expect(page.getByTestId('section-subtotal-0')).toHaveText(euros('722,90'));

  // Generate and read the devis PDF back.
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  const link = page.getByRole('link', { name: 'Télécharger devis-DE0001.pdf' });
  await expect(link).toBeVisible({ timeout: 30_000 });
  const [devisDownload] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const devis = await pdfText(devisDownload);
  inOrder(devis, [
    'Salle de bain',
    'Chauffe-eau posé',
    'Peinture murs',
    'Sous-total Salle de bain',
    '722,90 €',
    'Cuisine',
    'Fourniture robinetterie',
    'Sous-total Cuisine',
    '150,00 €',
    'Total HT avant remise',
    `${FIGURES.beforeDiscount} €`,
    'Remise globale 5 %',
    `${FIGURES.documentDiscount} €`,
    'Total HT après remise',
    `${FIGURES.ht} €`,
    `${FIGURES.tva} €`,
    'Total TTC',
    `${FIGURES.ttc} €`,
    'Options (non incluses dans le total)',
    'Robinet thermostatique : 1 unité × 80,00 € = 80,00 € HT — non inclus',
  ]);
  for (const expected of [
    '- Chauffe-eau Atlantic 200 L : 1 unité × 389,90 €',
    '- Pose plombier : 3 h × 45,00 €',
    '524,90 €',
    'Remise 10 % : -22,00 €',
    '198,00 €',
    'Deux couches',
    'Blanc mat',
  ]) {
    expect(devis, `devis PDF should contain « ${expected} »`).toContain(expected);
  }
  // The option is listed once, after the totals, not in the table.
  expect(devis.split('Robinet thermostatique').length).toBe(2);

  // On /clients: the devis with the screen's TTC, then its invoice keeping every amount, the option left out.
  await page.goto('/clients');
  const card = page.getByTestId('client-card').filter({ hasText: CLIENT.name });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const quote = card.getByTestId('quote-row').filter({ hasText: 'DE0001' });
  await expect(quote).toContainText(/995,10/);
  await quote.getByRole('button', { name: 'Générer la facture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Générer la facture' });
  const [invoiceDownload] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    dialog.getByRole('button', { name: 'Générer la facture' }).click(),
  ]);
  expect(invoiceDownload.suggestedFilename()).toBe('facture-FA0001.pdf');
  const invoice = await pdfText(invoiceDownload);
  inOrder(invoice, [
    'Salle de bain',
    'Chauffe-eau posé',
    'Peinture murs',
    'Sous-total Salle de bain',
    '722,90 €',
    'Cuisine',
    'Fourniture robinetterie',
    'Sous-total Cuisine',
    '150,00 €',
    'Total HT avant remise',
    `${FIGURES.beforeDiscount} €`,
    'Remise globale 5 %',
    `${FIGURES.documentDiscount} €`,
    'Total HT après remise',
    `${FIGURES.ht} €`,
    `${FIGURES.tva} €`,
    'Total TTC',
    `${FIGURES.ttc} €`,
  ]);
  for (const expected of ['- Chauffe-eau Atlantic 200 L : 1 unité × 389,90 €', 'Remise 10 % : -22,00 €']) {
    expect(invoice, `invoice PDF should contain « ${expected} »`).toContain(expected);
  }
  expect(invoice, 'an option the client did not accept is not invoiced').not.toContain('Robinet thermostatique');
  await expect(card.getByTestId('invoice-row').filter({ hasText: 'FA0001' })).toContainText(/995,10/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the devis editor stays usable at 390 px: a section, a line with its details, reordering', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await page.addInitScript((tasks) => {
      if (!localStorage.getItem('tasks')) localStorage.setItem('tasks', JSON.stringify(tasks));
    }, CATALOGUE);
    await page.goto('/');
    const e = editor(page);
    await e.getByRole('button', { name: 'Ajouter une ligne' }).click();
    await e.getByRole('button', { name: 'Section', exact: true }).click();
    await e.getByLabel('Titre de la section (ligne 2)').fill('Salle de bain');
    await e.getByRole('button', { name: 'Monter la ligne 2 (Salle de bain)' }).click();
    await expect(e.getByLabel('Titre de la section (ligne 1)')).toHaveValue('Salle de bain');
    await e.getByRole('button', { name: /^Détails de la ligne 2/ }).click();
    await typeNumber(e.getByLabel('Remise de la ligne 2', { exact: true }), '10');
    await expect(page.getByTestId('section-subtotal-0')).toHaveText(euros('22,95'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const label of ['Prix unitaire HT de la ligne 2', 'Remise de la ligne 2', 'Description de la ligne 2']) {
      const box = await e.getByLabel(label, { exact: true }).boundingBox();
      expect(box, label).not.toBeNull();
      expect(box!.x + box!.width, label).toBeLessThanOrEqual(390);
    }
    const remove = await e.getByRole('button', { name: 'Supprimer la ligne 2' }).boundingBox();
    expect(remove!.x + remove!.width).toBeLessThanOrEqual(390);
  });
});
