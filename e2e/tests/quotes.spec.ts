// Issue 3 « E2E »: a quote built by hand on the home page, edited, generated (the downloaded PDF is read
// back), sent by mail link and found again after a reload; the free plan's fourth quote refused by the page
// and by the backend; customisation and company details carried into the next PDF.
import { readFile } from 'node:fs/promises';

import type { Download, Locator, Page } from '@playwright/test';

import { pdfContentStreams } from '../../shared/documents/src/testing/pdf-text';
import { BACKEND_URL, appOrigin, confirmCompany, expect, serverClientBook, storedSetting, test } from '../fixtures';

const QUOTA_MESSAGE =
  'Vous avez atteint votre limite de devis mensuelle. Passez à un plan supérieur pour créer des devis illimités.';

const CLIENT = {
  name: 'Hélène Dubœuf',
  email: 'helene.duboeuf@exemple.fr',
  phone: '06 12 34 56 78',
  address: '8 boulevard du Port, 80000 Amiens',
};

const CATALOGUE = [
  { name: 'Peinture murs', unit: 'm2', price: 25.5 },
  { name: 'Pose carrelage', unit: 'm2', price: 45 },
  { name: 'Évacuation gravats', unit: 'forfait', price: 180 },
];

/** A 160×80 two-colour PNG. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAKAAAABQCAIAAAARP+ljAAAA40lEQVR42u3cQQkAIAyG0eUwiAHsYTDj2WQddhgiD7z/8L3rMNa55TfmLj+7PbshNGChAQsNGDBgu4DtArYLGLDQgIUGLDRgu4DtArYLGLDQgIUGLDRgwK3AYv29Cxiw0ICFBgwYsF3AdgHbBQxYaMBCAxYasF3AdgHbBQxYaMBCAxYaMOBeYLFcVQoNWGjAgAHbBWwXsF3AgIUGLDRgoQHbBWwXsF3AgIUGLDRgoQEDBmzXP1l2XVXaBQxYaMBCAxYasF3AdgHbBQxYaMBCAxYasF3AdgHbBQxYaMBCAxb6wd0EEXdEhYi4S60AAAAASUVORK5CYII=',
  'base64',
);

/** Text of every page of a PDF, whitespace collapsed (pdf.js splits and joins runs its own way). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

const editor = (page: Page) => page.getByRole('region', { name: 'Modifier le devis' });
const currentQuote = (page: Page) => page.getByRole('region', { name: 'Devis en cours' });

async function addTaskThroughUi(page: Page, task: { name: string; price: number; unit: string }) {
  await page.getByLabel('Nom de la tâche').fill(task.name);
  await page.getByLabel(/prix/i).fill(String(task.price));
  await page.getByLabel('Unité', { exact: true }).selectOption(task.unit);
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: task.name })).toBeVisible();
}

/** Seeds the catalogue before the app reads it (the UI path has its own test above). */
async function seedCatalogue(page: Page) {
  await page.addInitScript((tasks) => {
    if (!localStorage.getItem('tasks')) localStorage.setItem('tasks', JSON.stringify(tasks));
  }, CATALOGUE);
}

async function openHome(page: Page) {
  await page.goto('/');
  await expect(page.getByTestId('plan-badge')).toContainText('Gratuit');
}

async function typeClient(page: Page, client = CLIENT) {
  const e = editor(page);
  await e.getByLabel('Nom', { exact: true }).fill(client.name);
  await e.getByLabel('Email', { exact: true }).fill(client.email);
  await e.getByLabel('Téléphone', { exact: true }).fill(client.phone);
  await e.getByLabel('Adresse', { exact: true }).fill(client.address);
}

async function setQuantity(page: Page, line: number, quantity: string) {
  const input = editor(page).getByLabel(`Quantité de la ligne ${line}`);
  await input.fill(quantity);
  await input.blur();
}

/** « Générer le PDF », then the download link's file. */
async function generateAndDownload(page: Page, number: string): Promise<{ download: Download; bytes: Uint8Array }> {
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  const link = page.getByRole('link', { name: `Télécharger devis-${number}.pdf` });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const path = await download.path();
  return { download, bytes: new Uint8Array(await readFile(path)) };
}

async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    const raw = localStorage.getItem('atelier.auth.session');
    return raw ? ((JSON.parse(raw) as { access_token?: string }).access_token ?? null) : null;
  });
  expect(token, 'session in localStorage').toBeTruthy();
  return token!;
}

async function consumeCreditDirectly(page: Page) {
  const config = (await (await fetch(`${appOrigin(0)}/config.json`)).json()) as { supabaseAnonKey: string };
  const res = await fetch(`${BACKEND_URL}/rest/v1/rpc/consume_quote_credit`, {
    method: 'POST',
    headers: {
      apikey: config.supabaseAnonKey,
      authorization: `Bearer ${await accessToken(page)}`,
      'content-type': 'application/json',
    },
    body: '{}',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as {
    allowed: boolean;
    plan: string;
    quotes_used: number;
    remaining: number | null;
    number: string | null;
  };
}

async function expectMoney(locator: Locator, amount: RegExp) {
  await expect(locator).toHaveText(amount);
}

test('a quote built by hand: lines and VAT edited, PDF downloaded and read, mail link, found again after a reload', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await confirmCompany(page);
  // The catalogue, through the /tasks page.
  await page.goto('/tasks');
  for (const task of CATALOGUE) await addTaskThroughUi(page, task);

  await openHome(page);
  await expect(page.getByTestId('plan-badge')).toContainText('3 devis restants ce mois-ci');
  await expect(page.getByTestId('current-client-name')).toHaveText('Non spécifié');
  await expect(page.getByTestId('current-project-title')).toHaveText('Non spécifié');

  await typeClient(page);
  await editor(page).getByLabel('Titre du projet').fill('Rénovation salle de bain');
  await expect(page.getByTestId('current-client-name')).toHaveText(CLIENT.name);
  await expect(page.getByTestId('current-client-address')).toHaveText(CLIENT.address);
  await expect(page.getByTestId('current-client-phone')).toHaveText(CLIENT.phone);
  await expect(page.getByTestId('current-client-email')).toHaveText(CLIENT.email);
  await expect(page.getByTestId('current-project-title')).toHaveText('Rénovation salle de bain');

  // « Ajouter une ligne » adds the first catalogue task, quantity 1.
  const addLine = editor(page).getByRole('button', { name: 'Ajouter une ligne' });
  await addLine.click();
  await expect(editor(page).getByLabel('Tâche de la ligne 1')).toHaveValue('Peinture murs');
  await expect(editor(page).getByLabel('Quantité de la ligne 1')).toHaveValue('1');
  await expectMoney(page.getByTestId('total-ht'), /^25,50\s€$/);

  await setQuantity(page, 1, '12');
  await expectMoney(page.getByTestId('total-ht'), /^306,00\s€$/);

  await addLine.click();
  await editor(page).getByLabel('Tâche de la ligne 2').selectOption('Pose carrelage');
  await setQuantity(page, 2, '4');
  await expectMoney(page.getByTestId('total-ht'), /^486,00\s€$/);

  // Changing a line's task replaces it with the catalogue task and keeps the quantity.
  await addLine.click();
  await setQuantity(page, 3, '3');
  await editor(page).getByLabel('Tâche de la ligne 3').selectOption('Évacuation gravats');
  await expect(editor(page).getByLabel('Quantité de la ligne 3')).toHaveValue('3');
  await expect(currentQuote(page).getByRole('row').filter({ hasText: 'Évacuation gravats' })).toContainText(
    /3 forfait/,
  );
  await expect(currentQuote(page).getByRole('row').filter({ hasText: 'Évacuation gravats' })).toContainText(
    /540,00\s€/,
  );
  await expectMoney(page.getByTestId('total-ht'), /^1\s026,00\s€$/);
  await expectMoney(page.getByTestId('total-tva'), /^205,20\s€$/);
  await expectMoney(page.getByTestId('total-ttc'), /^1\s231,20\s€$/);

  await editor(page).getByRole('button', { name: 'Supprimer la ligne 3' }).click();
  await expect(editor(page).getByLabel('Tâche de la ligne 3')).toHaveCount(0);
  await expect(currentQuote(page).getByText('Évacuation gravats')).toHaveCount(0);
  await expectMoney(page.getByTestId('total-ht'), /^486,00\s€$/);

  // VAT: 5,5 %, empty → 20 %, then 10 %.
  const vat = editor(page).getByLabel('Taux de TVA (%)');
  await vat.fill('5.5');
  await expectMoney(page.getByTestId('total-tva'), /^26,73\s€$/);
  await expectMoney(page.getByTestId('total-ttc'), /^512,73\s€$/);
  await vat.fill('');
  await vat.blur();
  await expect(vat).toHaveValue('20');
  await expectMoney(page.getByTestId('total-tva'), /^97,20\s€$/);
  await vat.fill('10');
  await vat.blur();
  await expectMoney(page.getByTestId('total-ht'), /^486,00\s€$/);
  await expectMoney(page.getByTestId('total-tva'), /^48,60\s€$/);
  await expectMoney(page.getByTestId('total-ttc'), /^534,60\s€$/);

  // The mail button waits for a PDF.
  const mail = page.getByRole('button', { name: 'Envoyer par email' });
  await expect(mail).toBeDisabled();

  const { download, bytes } = await generateAndDownload(page, 'DE0001');
  expect(download.suggestedFilename()).toBe('devis-DE0001.pdf');
  expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  const text = await pdfText(bytes);
  for (const expected of [
    'DEVIS',
    'N° : DE0001',
    CLIENT.name,
    CLIENT.email,
    CLIENT.address,
    'Projet : Rénovation salle de bain',
    'Peinture murs',
    'Pose carrelage',
    '12 m2',
    '4 m2',
    '306,00 €',
    '180,00 €',
    'Total HT',
    '486,00 €',
    'TVA (10 %)',
    '48,60 €',
    'Total TTC',
    '534,60 €',
    'Bon pour Accord',
    "Devis valable 30 jours à compter de la date d'émission.",
  ]) {
    expect(text, `PDF text should contain « ${expected} »`).toContain(expected);
  }
  expect(text).not.toContain('Évacuation gravats');
  await expect(page.getByTestId('plan-badge')).toContainText('2 devis restants ce mois-ci');

  // « Envoyer par email » (issue 26): the server mails the devis with its PDF to the client — no mailto link.
  await expect(mail).toBeEnabled();
  await expect(mail).not.toHaveAttribute('data-mailto');
  await mail.click();
  await expect(page.getByTestId('send-devis-notice')).toContainText(
    `Devis DE0001 envoyé à ${CLIENT.email} avec son PDF.`,
  );

  // After a reload the quote is in the client's list, with the snapshot it was issued with.
  await page.reload();
  await expect(page.getByTestId('plan-badge')).toContainText('2 devis restants ce mois-ci');
  // Saved into the user's client book on the server (issue 8): client merged by email, totals in cents.
  await expect.poll(async () => (await serverClientBook(page))[0]?.quotes?.length ?? 0).toBe(1);
  const clients = await serverClientBook(page);
  expect(clients).toHaveLength(1);
  const client = clients[0]!;
  expect(client).toMatchObject({
    name: CLIENT.name,
    email: CLIENT.email,
    phone: CLIENT.phone,
    address: CLIENT.address,
  });
  expect(client.quotes).toHaveLength(1);
  expect(client.quotes[0]).toMatchObject({
    number: 'DE0001',
    project_title: 'Rénovation salle de bain',
    total_ht_cents: 48600,
    tva_cents: 4860,
    total_ttc_cents: 53460,
    lines: [
      { name: 'Peinture murs', unit: 'm2', price: 25.5, quantity: 12 },
      { name: 'Pose carrelage', unit: 'm2', price: 45, quantity: 4 },
    ],
    snapshot: { client: { name: CLIENT.name, email: CLIENT.email } },
  });
  expect(Number(client.quotes[0].vat_rate)).toBe(10);
  // The browser's quote id (kept as legacy_id; the row id is derived from it).
  const quoteId = client.quotes[0].legacy_id as string;
  expect(quoteId).toMatch(/^quote-\d+$/);
  // The PDF bytes are kept in IndexedDB under the quote id.
  const storedBytes = await page.evaluate(
    (id) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('atelier-documents');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.objectStoreNames[0];
          if (!store) return resolve(0);
          const get = db.transaction(store).objectStore(store).get(id);
          get.onsuccess = () => resolve((get.result as Uint8Array | undefined)?.byteLength ?? 0);
          get.onerror = () => reject(get.error);
        };
      }),
    quoteId,
  );
  expect(storedBytes).toBe(bytes.byteLength);

  // The client picker lists the saved client and fills the quote with it.
  const picker = editor(page).getByLabel('Choisir un client enregistré');
  await expect(picker.locator('option', { hasText: CLIENT.email })).toHaveCount(1);
  await picker.selectOption(CLIENT.email);
  await expect(page.getByTestId('current-client-name')).toHaveText(CLIENT.name);
  await expect(page.getByTestId('current-client-phone')).toHaveText(CLIENT.phone);
  await expect(editor(page).getByLabel('Adresse', { exact: true })).toHaveValue(CLIENT.address);
});

test('the free plan’s fourth quote of the month is refused by the page and by the backend', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await seedCatalogue(page);
  await confirmCompany(page);
  await openHome(page);
  await expect(page.getByTestId('plan-badge')).toContainText('3 devis restants ce mois-ci');

  // Two credits taken straight from the backend count against the same monthly quota.
  const first = await consumeCreditDirectly(page);
  expect(first).toMatchObject({ allowed: true, plan: 'free', quotes_used: 1, remaining: 2, number: 'DE0001' });
  const second = await consumeCreditDirectly(page);
  expect(second).toMatchObject({ allowed: true, quotes_used: 2, remaining: 1, number: 'DE0002' });
  await page.reload();
  await expect(page.getByTestId('plan-badge')).toContainText('1 devis restant ce mois-ci');
  await expect(page.getByTestId('quota-banner')).toHaveCount(0);

  await typeClient(page);
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  await generateAndDownload(page, 'DE0003');

  // Nothing left: the orange banner, the spec's message, and additions blocked.
  await expect(page.getByTestId('plan-badge')).toContainText('0 devis restant ce mois-ci');
  const banner = page.getByTestId('quota-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Limite de devis atteinte');
  await expect(banner).toContainText(QUOTA_MESSAGE);
  const orange = await banner.evaluate((el) => getComputedStyle(el).borderLeftColor);
  expect(orange).toBe('rgb(221, 107, 32)');
  await expect(editor(page).getByRole('button', { name: 'Ajouter une ligne' })).toBeDisabled();
  await expect(editor(page).getByLabel('Titre du projet')).toBeDisabled();
  await expect(editor(page).getByLabel('Nom', { exact: true })).toBeDisabled();

  // A fourth generation is refused with the quota message; no PDF, no new quote.
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  await expect(page.getByRole('region', { name: 'Export' })).toContainText(QUOTA_MESSAGE);
  await expect(page.getByRole('link', { name: /Télécharger devis-DE0004/ })).toHaveCount(0);
  const quotes = (await serverClientBook(page))[0]?.quotes?.length ?? 0;
  expect(quotes).toBe(1);

  // After a reload the page still knows (from the backend), and a direct call is refused too.
  await page.reload();
  await expect(page.getByTestId('quota-banner')).toContainText('Limite de devis atteinte');
  await expect(editor(page).getByRole('button', { name: 'Ajouter une ligne' })).toBeDisabled();
  const refused = await consumeCreditDirectly(page);
  expect(refused).toMatchObject({ allowed: false, plan: 'free', quotes_used: 3, remaining: 0, number: null });
});

test('customisation changes show in the preview and in the next PDF', async ({ page, signedIn }) => {
  void signedIn;
  await seedCatalogue(page);
  await confirmCompany(page);
  await page.goto('/customize');
  const preview = page.getByTestId('document-preview');
  await expect(preview).toBeVisible();
  await expect(preview.locator('table')).toHaveAttribute('data-table-style', 'simple');

  await page.getByLabel('Style du tableau').selectOption('bordered');
  await page.getByLabel('Texte additionnel').fill('Acompte de 30 % à la commande, solde à la réception des travaux.');
  await page.getByLabel('Couleur principale', { exact: true }).fill('#8b0000');

  await expect(preview.locator('table')).toHaveAttribute('data-table-style', 'bordered');
  await expect(preview).toContainText('Acompte de 30 % à la commande, solde à la réception des travaux.');
  await expect(preview.getByRole('heading', { name: 'DEVIS', exact: true })).toHaveCSS('color', 'rgb(139, 0, 0)');

  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
  const stored = await storedSetting(page, 'quoteCustomization');
  expect(stored).toMatchObject({
    tableStyle: 'bordered',
    additionalText: 'Acompte de 30 % à la commande, solde à la réception des travaux.',
    colors: { primary: '#8b0000' },
  });

  // The settings survive a reload of /customize.
  await page.reload();
  await expect(page.getByLabel('Style du tableau')).toHaveValue('bordered');

  await openHome(page);
  await typeClient(page);
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  const { bytes } = await generateAndDownload(page, 'DE0001');
  const text = await pdfText(bytes);
  expect(text).toContain('Acompte de 30 % à la commande, solde à la réception des travaux.');
  // The primary colour (#8b0000) fills the table header.
  expect(pdfContentStreams(bytes).join('\n')).toContain('0.545 0. 0. rg');
});

test('company details and logo set on /company appear on the PDF', async ({ page, signedIn }) => {
  await seedCatalogue(page);
  await page.goto('/company');
  const form = page.getByRole('form', { name: 'Entreprise' });
  // First visit: the form is prefilled from the sign-up (a request). Typing before it lands raced with it (the
  // prefill could fill the emptied field between Playwright's select-all and its typing).
  await expect(form.getByLabel('Nom de l’entreprise')).toHaveValue(signedIn.companyName);
  await form.getByLabel('Nom de l’entreprise').fill('Rénovations Lefèvre & Fils');
  await form.getByLabel('Adresse', { exact: true }).fill('12 rue de la Gare\n69003 Lyon');
  await form.getByLabel('Téléphone', { exact: true }).fill('04 78 12 34 56');
  await form.getByLabel('Email', { exact: true }).fill('contact@renovations-lefevre.fr');
  await form.getByLabel('Site web').fill('https://renovations-lefevre.fr');
  await form.getByLabel('SIRET').fill('55208131700042');
  await form.getByLabel('Numéro de TVA intracommunautaire').fill('FR03552081317');
  await form.getByLabel('Banque').fill('Crédit Agricole Centre-Est');
  await form.getByLabel('IBAN').fill('FR76 3000 6000 0112 3456 7890 189');
  await form.getByLabel('BIC').fill('AGRIFRPP');
  await page.locator('input[type="file"]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
  await expect(form.getByRole('img', { name: 'Logo de l’entreprise' })).toBeVisible();
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();

  const company = await storedSetting(page, 'companyInfo');
  expect(company).toMatchObject({ name: 'Rénovations Lefèvre & Fils', siret: '55208131700042' });
  expect(company.logo).toMatch(/^data:image\/(png|jpeg);base64,/);

  // The customisation preview (fixed sample company) shows the user's logo, to judge its size.
  await page.goto('/customize');
  await expect(page.getByTestId('document-preview').getByRole('img', { name: 'Logo' })).toHaveAttribute(
    'src',
    company.logo,
  );

  await openHome(page);
  await typeClient(page);
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  const { bytes } = await generateAndDownload(page, 'DE0001');
  const text = await pdfText(bytes);
  for (const expected of [
    'Rénovations Lefèvre & Fils',
    '12 rue de la Gare',
    '69003 Lyon',
    'Tél. : 04 78 12 34 56',
    'Email : contact@renovations-lefevre.fr',
    'Site web : https://renovations-lefevre.fr',
    'SIRET : 55208131700042',
    'N° TVA : FR03552081317',
    'Crédit Agricole Centre-Est',
    'FR76 3000 6000 0112 3456 7890 189',
    'AGRIFRPP',
  ]) {
    expect(text, `PDF text should contain « ${expected} »`).toContain(expected);
  }
  // The quote keeps its issue snapshot, with the logo kept once in IndexedDB rather than in every quote.
  await expect.poll(async () => (await serverClientBook(page))[0]?.quotes?.length ?? 0).toBe(1);
  const snapshot = (await serverClientBook(page))[0]?.quotes?.[0]?.snapshot;
  expect(snapshot).toMatchObject({
    company: { name: 'Rénovations Lefèvre & Fils', siret: '55208131700042', logo: '' },
  });
  expect(snapshot.logoId).toMatch(/^logo-/);
  // The logo is embedded as an image XObject, at the uploaded image's size (160×80 px).
  const raw = Buffer.from(bytes).toString('latin1');
  expect(raw).toContain('/Subtype /Image');
  expect(raw).toMatch(/\/Width 160\b/);
  expect(raw).toMatch(/\/Height 80\b/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the quote editor fits the screen: each line shows its whole task and its remove button', async ({
    page,
    signedIn,
  }) => {
    void signedIn;
    await seedCatalogue(page);
    await openHome(page);
    const addLine = editor(page).getByRole('button', { name: 'Ajouter une ligne' });
    await addLine.click();
    await addLine.click();
    await editor(page).getByLabel('Tâche de la ligne 2').selectOption('Évacuation gravats');
    await setQuantity(page, 2, '1250');
    await expect(page.getByTestId('total-ht')).toHaveText(/^225\s025,50\s€$/);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const n of [1, 2]) {
      const remove = await editor(page)
        .getByRole('button', { name: `Supprimer la ligne ${n}` })
        .boundingBox();
      expect(remove, `remove button of line ${n}`).not.toBeNull();
      expect(remove!.x + remove!.width).toBeLessThanOrEqual(390);
      const task = await editor(page).getByLabel(`Tâche de la ligne ${n}`).boundingBox();
      expect(task!.width, 'the task select spans the card').toBeGreaterThan(280);
    }
    const ttc = await page.getByTestId('total-ttc').boundingBox();
    expect(ttc!.x + ttc!.width).toBeLessThanOrEqual(390);
  });
});
