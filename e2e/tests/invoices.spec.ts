// Issue 8 « invoices »: a devis built on the home page, in the client book → its invoice generated from /clients (FA…, PDF downloaded
// and read back: number, client, totals, legal mentions) → marked paid (survives a reload) → « Annuler » issues
// an avoir AV… listed under the invoice, with its own PDF (negative total, references the invoice).
import { readFile } from 'node:fs/promises';

import type { Download, Page } from '@playwright/test';

import { BACKEND_URL, confirmCompany, expect, test } from '../fixtures';

const CLIENT = {
  name: 'Éloïse Durand',
  email: 'eloise.durand@exemple.fr',
  phone: '06 12 34 56 78',
  address: '3 rue des Lilas, 69001 Lyon',
};

/** Text of every page of a PDF, spaces normalised (pdf.js splits runs its own way; Intl uses narrow spaces). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

async function bytesOf(download: Download): Promise<Uint8Array> {
  return new Uint8Array(await readFile((await download.path())!));
}

const CATALOGUE = [
  { name: 'Peinture murs', unit: 'm2', price: 25.5 },
  { name: 'Pose carrelage', unit: 'm2', price: 45 },
];

const editor = (page: Page) => page.getByRole('region', { name: 'Modifier le devis' });

async function setQuantity(page: Page, line: number, quantity: string) {
  const input = editor(page).getByLabel(`Quantité de la ligne ${line}`);
  await input.fill(quantity);
  await input.blur();
}

/** A devis built on the home page and generated (DE0001): the home page saves it into the client book. */
async function buildDevisOnHome(page: Page): Promise<void> {
  await page.goto('/tasks');
  for (const task of CATALOGUE) {
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
  const addLine = e.getByRole('button', { name: 'Ajouter une ligne' });
  await addLine.click();
  await setQuantity(page, 1, '12');
  await addLine.click();
  await e.getByLabel('Tâche de la ligne 2').selectOption('Pose carrelage');
  await setQuantity(page, 2, '4');
  await expect(page.getByTestId('total-ttc')).toHaveText(/^583,20\s€$/);
  await page.getByRole('button', { name: 'Générer le PDF' }).click();
  await expect(page.getByRole('link', { name: 'Télécharger devis-DE0001.pdf' })).toBeVisible({ timeout: 30_000 });
}

test('devis → invoice FA… with its PDF → paid → Annuler gives an avoir AV… with its PDF', async ({
  page,
  signedIn,
}) => {
  void signedIn;
  await confirmCompany(page);
  // A VAT-registered company (without a VAT number the invoice says « TVA non applicable, art. 293 B »).
  const form = page.getByRole('form', { name: 'Entreprise' });
  await form.getByLabel('Numéro de TVA intracommunautaire').fill('FR03552081317');
  await form.getByRole('button', { name: 'Sauvegarder' }).click();
  await expect(form.getByRole('button', { name: 'Sauvegardé !' })).toBeVisible();
  await buildDevisOnHome(page);

  await page.goto('/clients');
  const card = page.getByTestId('client-card').filter({ hasText: CLIENT.name });
  await expect(card).toBeVisible({ timeout: 15_000 });
  const quote = card.getByTestId('quote-row').filter({ hasText: 'DE0001' });
  await expect(quote).toContainText('583,20');

  // The quote's own PDF, regenerated from its snapshot.
  const [quoteDownload] = await Promise.all([
    page.waitForEvent('download'),
    quote.getByRole('button', { name: /Télécharger le PDF/ }).click(),
  ]);
  expect(quoteDownload.suggestedFilename()).toBe('devis-DE0001.pdf');
  expect(await pdfText(await bytesOf(quoteDownload))).toContain('DE0001');

  // Generate the invoice: isPaid unchecked by default, checking it reveals the payment date.
  await quote.getByRole('button', { name: 'Générer la facture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Générer la facture' });
  const paid = dialog.getByLabel('Facture déjà payée');
  await expect(paid).not.toBeChecked();
  await expect(dialog.getByLabel('Date de paiement')).toHaveCount(0);
  await paid.check();
  await expect(dialog.getByLabel('Date de paiement')).toBeVisible();
  await paid.uncheck();
  const [invoiceDownload] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    dialog.getByRole('button', { name: 'Générer la facture' }).click(),
  ]);
  expect(invoiceDownload.suggestedFilename()).toBe('facture-FA0001.pdf');
  const invoiceText = await pdfText(await bytesOf(invoiceDownload));
  for (const expected of [
    'FA0001',
    CLIENT.name,
    'Martin Rénovation',
    '55208131700042',
    '486,00 €',
    '97,20 €',
    '583,20 €',
    'FR03552081317',
    'DE0001',
    "Date d'échéance",
    '40 €',
    'pénalités',
  ]) {
    expect(invoiceText, `invoice PDF should contain « ${expected} »`).toContain(expected);
  }
  expect(invoiceText).not.toContain('293 B');
  await expect(page.getByText('Facture FA0001 générée.')).toBeVisible();

  const invoice = card.getByTestId('invoice-row').filter({ hasText: 'FA0001' });
  await expect(invoice.getByTestId('invoice-status')).toHaveText('en attente');

  // The archived PDF comes back from the server's storage, identical.
  const [archived] = await Promise.all([
    page.waitForEvent('download'),
    invoice.getByRole('button', { name: /Télécharger le PDF/ }).click(),
  ]);
  expect(archived.suggestedFilename()).toBe('facture-FA0001.pdf');
  expect(Buffer.from(await bytesOf(archived)).equals(Buffer.from(await bytesOf(invoiceDownload)))).toBe(true);

  // Marked paid, with its date; still paid after a reload (it is on the server).
  await invoice.getByRole('button', { name: 'Marquer payée' }).click();
  const pay = page.getByRole('dialog', { name: 'Paiement de la facture' });
  await expect(pay.getByLabel('Facture déjà payée')).toBeChecked();
  await pay.getByLabel('Date de paiement').fill('2026-11-20');
  await pay.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(invoice.getByTestId('invoice-status')).toHaveText('payée');
  await expect(invoice).toContainText('payée le 20/11/2026');
  await page.reload();
  await expect(page.getByTestId('invoice-row').filter({ hasText: 'FA0001' }).getByTestId('invoice-status')).toHaveText(
    'payée',
    { timeout: 15_000 },
  );

  // « Annuler la facture FA0001 » (its actions menu, confirmed in the app's dialog) issues the avoir, listed under
  // the invoice, with its PDF.
  await page
    .getByTestId('invoice-row')
    .filter({ hasText: 'FA0001' })
    .getByRole('button', { name: 'Autres actions pour la facture FA0001' })
    .click();
  await page.getByRole('menuitem', { name: 'Annuler la facture FA0001' }).click();
  const confirmCancel = page.getByRole('dialog', { name: 'Annuler la facture' });
  await expect(confirmCancel).toContainText('Un avoir du même montant sera émis');
  await confirmCancel.getByRole('button', { name: 'Annuler la facture FA0001' }).click();
  const note = page.getByTestId('credit-note-row').filter({ hasText: 'AV0001' });
  await expect(note).toBeVisible({ timeout: 15_000 });
  await expect(note).toContainText('FA0001');
  await expect(page.getByTestId('invoice-row').filter({ hasText: 'FA0001' }).getByTestId('invoice-status')).toHaveText(
    'annulée par avoir',
  );
  const [noteDownload] = await Promise.all([
    page.waitForEvent('download'),
    note.getByRole('button', { name: /Télécharger le PDF/ }).click(),
  ]);
  expect(noteDownload.suggestedFilename()).toBe('avoir-AV0001.pdf');
  const noteText = await pdfText(await bytesOf(noteDownload));
  for (const expected of ['AV0001', 'FA0001', CLIENT.name, '-583,20 €']) {
    expect(noteText, `avoir PDF should contain « ${expected} »`).toContain(expected);
  }

  // Nothing of it can be issued twice: a reload shows one invoice and one avoir.
  await page.reload();
  await expect(page.getByTestId('invoice-row')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('credit-note-row')).toHaveCount(1);
});

test('offline: the invoice draft is kept and issued once back online; « Corriger » gives an avoir and a new invoice', async ({
  page,
  context,
  signedIn,
}) => {
  void signedIn;
  await confirmCompany(page);
  await buildDevisOnHome(page);
  await page.goto('/clients');
  const card = page.getByTestId('client-card').filter({ hasText: CLIENT.name });
  const quote = card.getByTestId('quote-row').filter({ hasText: 'DE0001' });
  await expect(quote).toBeVisible({ timeout: 15_000 });

  // Offline: the number needs the server; the draft stays in the book, nothing is lost.
  await context.setOffline(true);
  await quote.getByRole('button', { name: 'Générer la facture' }).click();
  await page
    .getByRole('dialog', { name: 'Générer la facture' })
    .getByRole('button', { name: 'Générer la facture' })
    .click();
  await expect(page.getByText(/Connexion requise : le numéro de facture est attribué par le serveur/)).toBeVisible();
  const draft = card.getByTestId('invoice-row').filter({ hasText: 'brouillon' });
  await expect(draft).toBeVisible();

  // Back online: « Émettre la facture » issues it, once.
  await context.setOffline(false);
  const [issued] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    draft.getByRole('button', { name: 'Émettre la facture' }).click(),
  ]);
  expect(issued.suggestedFilename()).toBe('facture-FA0001.pdf');
  const invoice = card.getByTestId('invoice-row').filter({ hasText: 'FA0001' });
  await expect(invoice.getByTestId('invoice-status')).toHaveText('en attente');
  await expect(card.getByTestId('invoice-row')).toHaveCount(1);

  // « Corriger »: avoir AV0001 and a new draft opened, pre-filled; a quantity changed, then issued as FA0002.
  await invoice.getByRole('button', { name: 'Autres actions pour la facture FA0001' }).click();
  await page.getByRole('menuitem', { name: 'Corriger la facture FA0001' }).click();
  await page
    .getByRole('dialog', { name: 'Corriger la facture' })
    .getByRole('button', { name: 'Corriger la facture FA0001' })
    .click();
  const editor = page.getByRole('dialog', { name: 'Brouillon de facture' });
  await expect(editor).toBeVisible({ timeout: 15_000 });
  await expect(editor.getByLabel('Titre du projet')).toHaveValue('Rénovation salle de bain');
  await editor.getByLabel('Quantité').first().fill('10');
  await expect(editor).toContainText(/Total HT : 435,00\s€/);
  const [corrected] = await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    editor.getByRole('button', { name: 'Émettre la facture' }).click(),
  ]);
  expect(corrected.suggestedFilename()).toBe('facture-FA0002.pdf');
  const text = await pdfText(await bytesOf(corrected));
  expect(text).toContain('FA0002');
  expect(text).toContain('435,00 €');
  await expect(card.getByTestId('credit-note-row').filter({ hasText: 'AV0001' })).toContainText('FA0001');
  await expect(invoice.getByTestId('invoice-status')).toHaveText('annulée par avoir');
  await expect(card.getByTestId('invoice-row').filter({ hasText: 'FA0002' }).getByTestId('invoice-status')).toHaveText(
    'en attente',
  );
});

/** YYYY-MM-DD `days` before today (UTC; the test runs far from midnight Paris or not, the days late are checked ±1). */
function daysAgo(days: number): string {
  return new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
}

test('business view (issue 29.10): figures per client and in total, overdue highlighted with its days late, filters and sort, actions named after their document', async ({
  page,
  context,
  signedIn,
}) => {
  void signedIn;
  await confirmCompany(page);
  await buildDevisOnHome(page);
  await page.goto('/clients');
  await page.getByRole('button', { name: 'Nouveau client' }).click();
  await page.getByLabel('Nom').fill('Zoé Martin');
  await page.getByLabel('Email').fill('zoe.martin@exemple.fr');
  await page.getByLabel('Téléphone').fill('06 98 76 54 32');
  await page.getByLabel('Adresse').fill('5 quai Saint-Vincent 69001 Lyon');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  const card = page.getByTestId('client-card').filter({ hasText: CLIENT.name });
  const quote = card.getByTestId('quote-row').filter({ hasText: 'DE0001' });
  await expect(quote).toBeVisible({ timeout: 15_000 });

  // Devis sent and pending, nothing invoiced yet.
  const figures = (scope: ReturnType<Page['getByTestId']>) => ({
    of: (name: string) => scope.getByTestId('client-figures').locator(`[data-figure="${name}"]`),
  });
  await expect(figures(card).of('quoted')).toHaveText(/^1 · 583,20\s€$/);
  await expect(figures(card).of('pendingQuotes')).toHaveText(/^1 · 583,20\s€$/);
  await page.getByRole('button', { name: 'Devis en attente' }).click();
  await expect(page.getByTestId('client-card')).toHaveCount(1);
  await page.getByRole('button', { name: 'Devis en attente' }).click();
  await expect(page.getByTestId('client-card')).toHaveCount(2);

  // An invoice due 12 days ago: its draft made offline, its due date set in the past (the owner may edit a
  // draft), then issued online as FA0001 keeping that due date.
  await context.setOffline(true);
  await quote.getByRole('button', { name: 'Générer la facture' }).click();
  await page
    .getByRole('dialog', { name: 'Générer la facture' })
    .getByRole('button', { name: 'Générer la facture' })
    .click();
  const draft = card.getByTestId('invoice-row').filter({ hasText: 'brouillon' });
  await expect(draft).toBeVisible();
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText(/en attente d’envoi/)).toHaveCount(0, { timeout: 15_000 });
  const due = daysAgo(12);
  const patched = await page.evaluate(
    async ({ url, due }) => {
      const session = JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null');
      const config = (await (await fetch('/config.json')).json()) as { supabaseAnonKey: string };
      const headers = {
        apikey: config.supabaseAnonKey,
        authorization: `Bearer ${session?.access_token}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
      };
      const res = await fetch(`${url}/rest/v1/invoices?status=eq.draft`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ due_date: due }),
      });
      return { status: res.status, rows: (await res.json()) as unknown[] };
    },
    { url: BACKEND_URL, due },
  );
  expect(patched.status, JSON.stringify(patched)).toBe(200);
  expect(patched.rows).toHaveLength(1);
  await page.reload();
  await Promise.all([
    page.waitForEvent('download', { timeout: 30_000 }),
    card
      .getByTestId('invoice-row')
      .filter({ hasText: 'brouillon' })
      .getByRole('button', { name: 'Émettre la facture' })
      .click(),
  ]);
  const invoice = card.getByTestId('invoice-row').filter({ hasText: 'FA0001' });
  await expect(invoice.getByTestId('invoice-status')).toHaveText('en retard');
  await expect(invoice.getByTestId('days-late')).toHaveText(/en retard de 1[123] jours/);
  await expect(card).toHaveAttribute('data-overdue', 'true');
  await expect(card).toContainText(/en retard de 1[123] jours/);
  await expect(figures(card).of('invoiced')).toHaveText(/^583,20\s€$/);
  await expect(figures(card).of('unpaid')).toHaveText(/^583,20\s€$/);
  await expect(figures(card).of('overdue')).toHaveText(/^583,20\s€/);
  await expect(figures(card).of('pendingQuotes')).toHaveText(/^0 · 0,00\s€$/);
  const totals = page.getByRole('region', { name: 'Tous les clients' });
  await expect(figures(totals).of('overdue')).toHaveText(/^583,20\s€/);
  await expect(figures(totals).of('paid')).toHaveText(/^0,00\s€$/);

  // « En retard » and « À encaisser » keep only Éloïse; the amount sort puts her first.
  await page.getByRole('button', { name: 'En retard' }).click();
  await expect(page.getByTestId('client-card')).toHaveCount(1);
  await expect(page.getByTestId('client-card')).toContainText(CLIENT.name);
  await page.getByRole('button', { name: 'En retard' }).click();
  await page.getByRole('button', { name: 'À encaisser' }).click();
  await expect(page.getByTestId('client-card')).toHaveCount(1);
  await page.getByRole('button', { name: 'À encaisser' }).click();
  await page.getByLabel('Trier par').selectOption('amount');
  await expect(page.getByTestId('client-card').first()).toContainText(CLIENT.name);

  // Paid: nothing overdue any more, the payment counted.
  await invoice.getByRole('button', { name: 'Marquer payée' }).click();
  await page
    .getByRole('dialog', { name: 'Paiement de la facture' })
    .getByRole('button', { name: 'Enregistrer' })
    .click();
  await expect(figures(totals).of('paid')).toHaveText(/^583,20\s€$/, { timeout: 15_000 });
  await expect(figures(totals).of('overdue')).toHaveText(/^0,00\s€$/);

  // Each action names its client or document; the app's dialog, not the browser's, asks to confirm.
  await expect(card.getByRole('button', { name: `Modifier le client ${CLIENT.name}` })).toBeVisible();
  await quote.getByRole('button', { name: 'Autres actions pour le devis DE0001' }).click();
  await page.getByRole('menuitem', { name: 'Supprimer le devis DE0001' }).click();
  const dialog = page.getByRole('dialog', { name: 'Supprimer le devis' });
  await expect(dialog).toContainText('Êtes-vous sûr de vouloir supprimer ce devis ?');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(quote).toBeVisible();
});
