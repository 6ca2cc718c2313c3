// Issue 25 §4: « Télécharger toutes mes données » then « Supprimer mon compte » on /account. A user with a devis
// and an issued invoice (archived as Factur-X by the app) downloads the ZIP: the invoice PDF is read back (text and
// its factur-x.xml), the CSV rows are the « Exporter (CSV) » ones, the README states the 10-year duty. Then the
// dialog (offering the export again) deletes the account: back on /auth, the password no longer works, and the
// service role finds no row and no user left.
import { readFile } from 'node:fs/promises';

import type { Download, Page } from '@playwright/test';

import { readZip } from '../../backend/test/read-zip';
import { BACKEND_URL, buildPaintingDevis, confirmCompany, expect, serviceRoleKey, test } from '../fixtures';

const CLIENT = { name: 'Éloïse Durand', email: 'eloise.durand@exemple.fr', address: '3 rue des Lilas, 69001 Lyon' };

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

/** DE0001 built on the home page, then FA0001 generated from /clients (the app archives its Factur-X). */
async function devisAndInvoice(page: Page): Promise<void> {
  await buildPaintingDevis(page, CLIENT, 'Rénovation salon');

  await page.goto('/clients');
  const card = page.getByTestId('client-card').filter({ hasText: CLIENT.name });
  const quote = card.getByTestId('quote-row').filter({ hasText: 'DE0001' });
  await expect(quote).toBeVisible({ timeout: 15_000 });
  await quote.getByRole('button', { name: 'Générer la facture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Générer la facture' });
  await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    dialog.getByRole('button', { name: 'Générer la facture' }).click(),
  ]);
  await expect(page.getByText('Facture FA0001 générée.')).toBeVisible();
}

async function asService(path: string): Promise<{ status: number; body: unknown }> {
  const key = serviceRoleKey();
  const res = await fetch(`${BACKEND_URL}${path}`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

test('export everything, then delete the account: the ZIP holds the invoice and CSV rows, then nothing is left', async ({
  page,
  signedIn,
}) => {
  test.setTimeout(180_000);
  await confirmCompany(page);
  // A VAT-registered company (the invoices spec's set-up).
  const company = page.getByRole('form', { name: 'Entreprise' });
  await company.getByLabel('Numéro de TVA intracommunautaire').fill('FR03552081317');
  await company.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(company.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
  await devisAndInvoice(page);
  const userId = await page.evaluate(
    () => JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null')?.user?.id as string,
  );
  expect(userId).toMatch(/^[0-9a-f-]{36}$/);

  await page.goto('/account');
  const data = page.getByRole('region', { name: 'Mes données' });
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    data.getByRole('button', { name: 'Télécharger toutes mes données' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atelier-export-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(data.getByText(`${download.suggestedFilename()} téléchargé.`)).toBeVisible();
  const files = readZip(new Uint8Array(await readFile((await (download as Download).path())!)));

  const invoicePdf = files.get('factures/facture-FA0001.pdf');
  expect(invoicePdf, `ZIP entries: ${[...files.keys()].join(', ')}`).toBeDefined();
  expect(invoicePdf!.includes('factur-x.xml')).toBe(true);
  const text = await pdfText(invoicePdf!);
  for (const expected of ['FA0001', CLIENT.name, '306,00 €', '61,20 €', '367,20 €', 'DE0001']) {
    expect(text, `invoice PDF should contain « ${expected} »`).toContain(expected);
  }
  const documents = files.get('csv/devis-factures-avoirs.csv')!.toString('utf8').slice(1).split('\r\n');
  expect(documents[0]).toBe(
    'Type;Numéro;Statut;Date;Client;Email du client;Projet;Référence;Total HT (€);TVA (€);Total TTC (€);' +
      'Net à payer (€);Payée;Date de paiement',
  );
  const cells = documents.slice(1).map((l) => l.split(';'));
  expect(cells.find((c) => c[0] === 'Devis')).toEqual(
    expect.arrayContaining(['DE0001', CLIENT.name, CLIENT.email, '306,00', '61,20', '367,20']),
  );
  expect(cells.find((c) => c[0] === 'Facture')?.slice(1, 3)).toEqual(['FA0001', 'Émise']);
  expect(files.get('csv/clients.csv')!.toString('utf8')).toContain(`${CLIENT.name};${CLIENT.email};`);
  expect(JSON.parse(files.get('parametres/catalogue.json')!.toString('utf8'))).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: 'Peinture murs' })]),
  );
  const readme = files.get('README.txt')!.toString('utf8');
  expect(readme).toContain('10 ans');
  expect(readme).toContain('L123-22');

  // The deletion dialog: export offered first, the duty stated, the e-mail typed.
  await data.getByRole('button', { name: 'Supprimer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer mon compte' });
  await expect(dialog.getByRole('button', { name: 'Télécharger toutes mes données' })).toBeVisible();
  await expect(dialog.getByText(/conservées 10 ans/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Supprimer définitivement' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Pour confirmer, saisissez l’adresse e-mail de votre compte').fill(signedIn.email);
  await confirm.click();
  await expect(page).toHaveURL(/\/auth$/, { timeout: 30_000 });

  // The password no longer opens anything.
  await page.getByLabel('Email').fill(signedIn.email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(signedIn.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email ou mot de passe incorrect.');
  await expect(page).toHaveURL(/\/auth$/);

  // The service role finds nothing of the user.
  expect((await asService(`/auth/v1/admin/users/${userId}`)).status).toBe(404);
  for (const table of ['clients', 'quotes', 'invoices', 'credit_notes', 'user_settings', 'document_counters']) {
    expect((await asService(`/rest/v1/${table}?select=user_id&user_id=eq.${userId}`)).body, table).toEqual([]);
  }
  expect((await asService(`/rest/v1/profiles?select=id&id=eq.${userId}`)).body).toEqual([]);
});
