// Issue 8: everything per user on the server. The same user in a second browser sees the same client book,
// documents, catalogue, company details and style; another account signed in after sign-out on the same browser
// sees none of it; the spec's legacy localStorage data is imported once, with a French message.
import type { Page } from '@playwright/test';

import { confirmCompany, createUser, expect, serverClientBook, signIn, test } from '../fixtures';

const editor = (page: Page) => page.getByRole('region', { name: 'Modifier le devis' });
const exportPanel = (page: Page) => page.getByRole('region', { name: 'Export' });

async function addTask(page: Page, name: string, price: string) {
  await page.goto('/tasks');
  await page.getByLabel('Nom de la tâche').fill(name);
  await page.getByLabel(/prix/i).fill(price);
  await page.getByLabel('Unité', { exact: true }).selectOption('m2');
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
  await expect(page.getByRole('listitem').filter({ hasText: name })).toBeVisible();
}

async function setStyle(page: Page, style: 'bordered' | 'striped') {
  await page.goto('/customize');
  await page.getByLabel('Style du tableau').selectOption(style);
  await page.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(page.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
}

async function generateDevis(page: Page, client: { name: string; email: string }, task: string) {
  await page.goto('/');
  await expect(page.getByTestId('plan-badge')).toContainText('Gratuit');
  await editor(page).getByLabel('Nom', { exact: true }).fill(client.name);
  await editor(page).getByLabel('Email', { exact: true }).fill(client.email);
  await editor(page).getByRole('button', { name: 'Ajouter une ligne' }).click();
  await editor(page).getByLabel('Tâche de la ligne 1').selectOption(task);
  await exportPanel(page).getByRole('button', { name: 'Générer le PDF' }).click();
  await expect(page.getByRole('link', { name: /Télécharger devis-DE\d+\.pdf/ })).toBeVisible({ timeout: 20_000 });
}

/** The user's setting as the server keeps it (public.user_settings), read with the page's session. */
async function serverSetting(page: Page, key: string): Promise<unknown[]> {
  return page.evaluate(async (key) => {
    const session = JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null');
    const config = await (await fetch('/config.json')).json();
    const res = await fetch(`${config.supabaseUrl}/rest/v1/user_settings?select=value&key=eq.${key}`, {
      headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${session.access_token}` },
    });
    const rows = (await res.json()) as Array<{ value: unknown[] }>;
    return rows[0]?.value ?? [];
  }, key);
}

async function signOut(page: Page) {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Se déconnecter', exact: true }).click();
  await expect(page).toHaveURL(/\/auth/);
}

test.setTimeout(120_000);

test('the same user on a second browser gets the same book, catalogue, company and style; the next account none of it', async ({
  page,
  browser,
  signedIn,
}) => {
  await confirmCompany(page, '55208131700042');
  await addTask(page, 'Ponçage parquet', '18');
  await setStyle(page, 'bordered');
  await generateDevis(page, { name: 'Hélène Roux', email: 'helene.roux@example.fr' }, 'Ponçage parquet');
  await expect(exportPanel(page)).toContainText('enregistré dans la fiche du client');
  await expect.poll(async () => (await serverClientBook(page))[0]?.quotes?.length ?? 0, { timeout: 15_000 }).toBe(1);

  // Second browser (empty storage), same account.
  const second = await browser.newContext();
  const other = await second.newPage();
  await signIn(other, signedIn);
  await other.goto('/tasks');
  await expect(other.getByRole('listitem').filter({ hasText: 'Ponçage parquet' })).toBeVisible({ timeout: 15_000 });
  await other.goto('/company');
  await expect(other.getByRole('form', { name: 'Entreprise' }).getByLabel('SIRET')).toHaveValue('55208131700042', {
    timeout: 15_000,
  });
  await other.goto('/customize');
  await expect(other.getByLabel('Style du tableau')).toHaveValue('bordered', { timeout: 15_000 });
  await other.goto('/clients');
  const card = other.getByTestId('client-card').filter({ hasText: 'Hélène Roux' });
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card).toContainText('DE0001');
  // A change on the second browser comes back to the first one.
  await addTask(other, 'Vitrification', '22');
  // Once the second browser pushed it, the first one gets it at its next sync (here: the reload).
  await expect
    .poll(() => serverSetting(other, 'tasks'), { timeout: 15_000 })
    .toContainEqual(expect.objectContaining({ name: 'Vitrification' }));
  await page.goto('/tasks');
  await expect(page.getByRole('listitem').filter({ hasText: 'Vitrification' })).toBeVisible({ timeout: 15_000 });
  await second.close();

  // Sign out, another account on the same browser: none of the first one's data.
  await signOut(page);
  const stranger = await createUser('stranger');
  await signIn(page, stranger);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Ponçage parquet')).toHaveCount(0);
  await page.goto('/company');
  await expect(page.getByRole('form', { name: 'Entreprise' }).getByLabel('SIRET')).toHaveValue('');
  await page.goto('/customize');
  await expect(page.getByLabel('Style du tableau')).toHaveValue('simple');
  await page.goto('/clients');
  await expect(page.getByText('Aucun client enregistré')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Hélène Roux')).toHaveCount(0);
  expect(await serverClientBook(page)).toEqual([]);

  // Back to the first account: everything is there again.
  await signOut(page);
  await signIn(page, signedIn);
  await page.goto('/tasks');
  await expect(page.getByRole('listitem').filter({ hasText: 'Ponçage parquet' })).toBeVisible({ timeout: 15_000 });
});

const PDF_DATA_URL = `data:application/pdf;base64,${Buffer.from('%PDF-1.4\n%legacy\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n').toString('base64')}`;

const LEGACY_CLIENTS = [
  {
    name: 'Paul Girard',
    email: 'paul.girard@example.fr',
    phone: '06 11 22 33 44',
    address: '4 place Bellecour 69002 Lyon',
    quotes: [
      {
        id: 'quote-1700000000000',
        number: 'DE0003',
        date: '2023-11-14T22:13:20.000Z',
        tasks: [{ name: 'Peinture', unit: 'm2', price: 20, quantity: 10 }],
        totalHT: 200,
        tva: 40,
        total: 240,
        tvaRate: 20,
        pdfData: PDF_DATA_URL,
        projectTitle: 'Chambre',
      },
    ],
    invoices: [
      {
        id: 'invoice-1700000500000',
        number: 'FA0002',
        quoteId: 'quote-1700000000000',
        date: '2023-11-20T10:00:00.000Z',
        total: 240,
        totalHT: 200,
        tva: 40,
        tvaRate: 20,
        pdfData: PDF_DATA_URL,
        tasks: [{ name: 'Peinture', unit: 'm2', price: 20, quantity: 10 }],
        isPaid: false,
      },
    ],
  },
  {
    name: 'Inès Morel',
    email: 'ines.morel@example.fr',
    phone: '',
    address: '',
    quotes: [
      {
        id: 'quote-1700000900000',
        date: '2023-11-14T23:00:00.000Z',
        tasks: [{ name: 'Enduit', unit: 'm2', price: 10, quantity: 5 }],
        totalHT: 50,
        tva: 10,
        total: 60,
        tvaRate: 20,
        pdfData: '',
      },
    ],
    invoices: [],
  },
];

test('a legacy `clients` key (with quotes, invoices and PDFs) and catalogue are imported once, with a message', async ({
  page,
  user,
}) => {
  await page.goto('/auth');
  await page.evaluate(
    ({ clients }) => {
      localStorage.setItem('clients', JSON.stringify(clients));
      localStorage.setItem('tasks', JSON.stringify([{ name: 'Peinture', unit: 'm2', price: 20 }]));
    },
    { clients: LEGACY_CLIENTS },
  );
  await signIn(page, user);
  await expect(page.getByText(/Données de ce navigateur importées dans votre compte/)).toContainText(
    '2 clients, 2 devis, 1 facture et le catalogue de tâches',
    { timeout: 20_000 },
  );
  expect(await page.evaluate(() => localStorage.getItem('clients'))).toBeNull();

  await page.goto('/clients');
  await expect(page.getByTestId('client-card')).toHaveCount(2, { timeout: 15_000 });
  const paul = page.getByTestId('client-card').filter({ hasText: 'Paul Girard' });
  await expect(paul).toContainText('DE0003');
  await expect(paul).toContainText('FA0002');
  await page.goto('/tasks');
  await expect(page.getByRole('listitem').filter({ hasText: 'Peinture' })).toBeVisible();

  // Reload (and the same legacy data again, e.g. restored from a backup): no duplicates, no new message.
  await page.evaluate(({ clients }) => localStorage.setItem('clients', JSON.stringify(clients)), {
    clients: LEGACY_CLIENTS,
  });
  await page.reload();
  await page.goto('/clients');
  await expect(page.getByTestId('client-card')).toHaveCount(2, { timeout: 15_000 });
  await expect.poll(() => page.evaluate(() => localStorage.getItem('clients')), { timeout: 15_000 }).toBeNull();
  const book = await serverClientBook(page);
  expect(book).toHaveLength(2);
  expect(book.flatMap((c) => c.quotes)).toHaveLength(2);
  await expect(page.getByText(/Données de ce navigateur importées/)).toHaveCount(0);

  // The legacy invoice kept its number, issued; its PDF is archived in the account's storage.
  const invoices = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null');
    const config = await (await fetch('/config.json')).json();
    const res = await fetch(`${config.supabaseUrl}/rest/v1/invoices?select=number,status,pdf_path`, {
      headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${session.access_token}` },
    });
    return res.json();
  });
  // Imported invoices keep their number in their own series (issue 25): IMP-FA0002, never moving the FA counter.
  expect(invoices).toEqual([expect.objectContaining({ number: 'IMP-FA0002', status: 'issued' })]);
  expect(invoices[0].pdf_path).toMatch(/\/legacy\/.*facture-FA0002\.pdf$/);
});
