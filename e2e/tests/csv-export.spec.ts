// « Exporter (CSV) » on /clients (issue 25 item 7): the client book and the documents (devis, invoice issued
// through issue_invoice, its avoir, a draft) downloaded as CSV and read back: UTF-8 BOM, French headers, `;`,
// amounts in euros with a decimal comma, avoirs negative, another user's rows absent.
import { readFile } from 'node:fs/promises';

import type { Download, Page } from '@playwright/test';

import { BACKEND_URL, expect, test } from '../fixtures';

const LINE = { name: 'Peinture murs', unit: 'm2', price: 25.5, quantity: 12, vatRate: 20, vatCategory: 'standard' };
const SNAPSHOT = {
  company: { name: 'Martin Rénovation', vatRegime: 'assujetti', tva: 'FR44732829320' },
  client: { name: 'Dupont, père & fils', email: 'dupont@exemple.fr' },
  customization: { invoice: { paymentDeadline: 30 } },
};

/** Seeds the signed-in user's rows through the REST API with the page's own session (as the apps do). */
async function seed(page: Page): Promise<void> {
  const result = await page.evaluate(
    async ({ url, line, snapshot }) => {
      const session = JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null');
      const config = await (await fetch('/config.json')).json();
      const headers = {
        apikey: config.supabaseAnonKey,
        authorization: `Bearer ${session?.access_token}`,
        'content-type': 'application/json',
        prefer: 'return=representation',
        accept: 'application/vnd.pgrst.object+json',
      };
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${url}/rest/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
        const text = await res.text();
        if (!res.ok) throw new Error(`${path}: ${res.status} ${text}`);
        return JSON.parse(text);
      };
      const money = { total_ht_cents: 30600, tva_cents: 6120, total_ttc_cents: 36720 };
      const client = await post('clients', {
        name: 'Dupont, père & fils',
        email: 'dupont@exemple.fr',
        phone: '+33 6 12 34 56 78',
        address: '3 rue "Haute"\n75001 Paris',
      });
      const quote = await post('quotes', {
        client_id: client.id,
        number: 'DE0001',
        project_title: 'Salle de bain',
        lines: [line],
        vat_rate: 20,
        vat_regime: 'assujetti',
        snapshot: snapshot,
        ...money,
      });
      const draft = {
        client_id: client.id,
        quote_id: quote.id,
        quote_number: 'DE0001',
        project_title: 'Salle de bain',
        lines: [line],
        vat_rate: 20,
        vat_regime: 'assujetti',
        snapshot: snapshot,
        ...money,
      };
      const invoice = await post('invoices', draft);
      const issued = await post('rpc/issue_invoice', { p_id: invoice.id });
      const avoir = await post('rpc/issue_credit_note', { p_invoice_id: invoice.id, p_reason: 'cancel' });
      await post('invoices', draft);
      return { issued, avoir };
    },
    { url: BACKEND_URL, line: LINE, snapshot: SNAPSHOT },
  );
  expect(JSON.stringify(result)).toContain('FA');
}

async function download(page: Page, button: string): Promise<{ name: string; text: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const bytes = await readFile((await (file as Download).path())!);
  return { name: (file as Download).suggestedFilename(), text: bytes.toString('utf8'), bytes };
}

test('Exporter (CSV): clients and documents read back from the downloads', async ({ page, signedIn }) => {
  void signedIn;
  await seed(page);
  await page.goto('/clients');
  await expect(page.getByText('Dupont, père & fils').first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Exporter (CSV)' }).click();

  const clients = await download(page, 'Clients (CSV)');
  expect(clients.name).toMatch(/^clients-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...clients.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const clientLines = clients.text.slice(1).split('\r\n');
  expect(clientLines[0]).toBe('Nom;Email;Téléphone;Adresse;Créé le;Dans la corbeille');
  expect(clientLines[1]).toMatch(
    /^Dupont, père & fils;dupont@exemple\.fr;'\+33 6 12 34 56 78;"3 rue ""Haute""\n75001 Paris";\d{2}\/\d{2}\/\d{4};Non$/,
  );
  expect(clientLines.filter(Boolean)).toHaveLength(2);
  await expect(page.getByText(`${clients.name} téléchargé.`)).toBeVisible();

  const documents = await download(page, 'Devis, factures et avoirs (CSV)');
  expect(documents.name).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.csv$/);
  expect([...documents.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = documents.text.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe(
    'Type;Numéro;Statut;Date;Client;Email du client;Projet;Référence;Total HT (€);TVA (€);Total TTC (€);' +
      'Net à payer (€);Payée;Date de paiement',
  );
  const cells = lines.slice(1).map((l) => l.split(';'));
  const byType = (type: string) => cells.filter((c) => c[0] === type);
  expect(byType('Devis')).toHaveLength(1);
  expect(byType('Devis')[0]).toEqual(
    expect.arrayContaining(['DE0001', 'Numéroté', 'Salle de bain', '306,00', '61,20', '367,20']),
  );
  const invoices = byType('Facture');
  expect(invoices).toHaveLength(2);
  const issued = invoices.find((c) => c[2] === 'Émise')!;
  expect(issued[1]).toMatch(/^FA/);
  expect(issued.slice(7, 13)).toEqual(['DE0001', '306,00', '61,20', '367,20', '367,20', 'Non']);
  expect(invoices.find((c) => c[2] === 'Brouillon')?.[1]).toBe('');
  const avoir = byType('Avoir')[0]!;
  expect(avoir[1]).toMatch(/^AV/);
  expect(avoir.slice(7, 12)).toEqual([issued[1], '-306,00', '-61,20', '-367,20', '-367,20']);
});
