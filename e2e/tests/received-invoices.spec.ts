// Issue 28 (g): « Factures reçues » on /clients. A supplier's Factur-X PDF (a real PDF carrying one of the
// project's golden EN 16931 CII files, built with the project's own attachFacturX) dropped on the list shows its
// supplier, number, HT, VAT per rate and TTC, is archived (storage + received_invoices) and is still listed after a
// reload and on a phone; a malformed file gets the French error and is not archived; offline, the read file stays
// in the page and is archived once the network is back.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { EINVOICE_MESSAGES } from '../../shared/domain/src/einvoice/messages';
import { attachFacturX, readReceivedFile } from '../../shared/domain/src/einvoice/pdf/index';
import { formatEuros } from '../../shared/domain/src/money';
import { BACKEND_URL, expect, test } from '../fixtures';

const GOLDEN = path.join(__dirname, '../../shared/domain/src/einvoice/golden');
// pdf-lib as @atelier/domain pins it (the e2e package does not depend on it).
const { PDFDocument } = createRequire(path.join(__dirname, '../../shared/domain/package.json'))(
  'pdf-lib',
) as typeof import('pdf-lib');

async function facturX(goldenName: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Facture fournisseur', { x: 50, y: 780 });
  const xml = readFileSync(path.join(GOLDEN, goldenName), 'utf8');
  return attachFacturX(await doc.save(), xml, {
    title: 'Facture fournisseur',
    author: 'Fournisseur',
    date: new Date('2026-10-01T10:00:00Z'),
  });
}

/** Drops a file on the drop zone the way a browser does (a drop event carrying a DataTransfer with the file). */
async function dropFile(page: Page, zone: Locator, name: string, bytes: Uint8Array, type: string) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64, type }) => {
      const binary = atob(base64);
      const data = Uint8Array.from(binary, (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { name, base64: Buffer.from(bytes).toString('base64'), type },
  );
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

/** What the server holds for the signed-in user: received_invoices rows and archived objects under recues/. */
async function serverState(page: Page): Promise<{ rows: Array<Record<string, unknown>>; files: string[] }> {
  return page.evaluate(async (url) => {
    const session = JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null');
    const config = await (await fetch('/config.json')).json();
    const headers = { apikey: config.supabaseAnonKey, authorization: `Bearer ${session?.access_token}` };
    const rows = await (await fetch(`${url}/rest/v1/received_invoices?select=*`, { headers })).json();
    const files: string[] = [];
    for (const year of ['2026', '2025', '2027', 'sans-date']) {
      const res = await fetch(`${url}/storage/v1/object/list/documents`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ prefix: `${session.user.id}/recues/${year}/`, limit: 100 }),
      });
      for (const f of (await res.json()) as Array<{ name: string }>) files.push(`${year}/${f.name}`);
    }
    return { rows, files };
  }, BACKEND_URL);
}

test('(g) a supplier Factur-X dropped on « Factures reçues » shows its totals and stays after reload; a malformed file is refused and not archived', async ({
  page,
  context,
  signedIn,
}) => {
  void signedIn;
  const dir = mkdtempSync(path.join(tmpdir(), 'atelier-recues-'));
  const pdf = await facturX('a-three-rates-deposit-deducted.cii.xml');
  const expected = (await readReceivedFile(pdf)).invoice;
  const badPath = path.join(dir, 'facture-abimee.xml');
  writeFileSync(badPath, '<?xml version="1.0"?><Invoice><cbc:ID>F-1</Invoice');

  await page.goto('/clients');
  const section = page.getByTestId('received-invoices');
  await expect(section.getByRole('heading', { name: 'Factures reçues' })).toBeVisible();
  await expect(section.getByText('Aucune facture reçue pour l’instant.')).toBeVisible();

  // A malformed file (picked): the reader's French message, nothing archived.
  await section.locator('input[type=file]').setInputFiles(badPath);
  await expect(section.getByRole('alert')).toContainText(EINVOICE_MESSAGES.notXml);
  await expect(section.getByRole('alert')).toContainText('Le fichier n’a pas été archivé.');
  await expect(section.getByTestId('received-row')).toHaveCount(0);
  expect(await serverState(page)).toEqual({ rows: [], files: [] });

  // The supplier's Factur-X (dropped): figures shown, archived, listed.
  await dropFile(
    page,
    section.locator('label[for="received-invoice-file"]'),
    'facture-fournisseur.pdf',
    pdf,
    'application/pdf',
  );
  await expect(section.getByRole('status')).toContainText(`Facture ${expected.number} archivée`);
  const row = section.getByTestId('received-row');
  await expect(row).toHaveCount(1);
  const checkFigures = async () => {
    await expect(row).toContainText(expected.supplier.name);
    await expect(row).toContainText(expected.number);
    await expect(row).toContainText(formatEuros(expected.totals.htCents));
    await expect(row).toContainText(formatEuros(expected.totals.ttcCents));
    for (const line of expected.vatBreakdown) {
      await expect(row).toContainText(`TVA ${String(line.rate).replace('.', ',')} %`);
      await expect(row).toContainText(formatEuros(line.vatCents));
    }
  };
  await checkFigures();
  expect(expected.vatBreakdown.length).toBe(3);
  const state = await serverState(page);
  expect(state.rows).toHaveLength(1);
  expect(state.rows[0]).toMatchObject({ number: expected.number, ttc_cents: expected.totals.ttcCents, format: 'pdf' });
  expect(state.files).toHaveLength(1);

  // Survives a reload, and reads on a phone without sideways scrolling.
  await page.reload();
  await expect(row).toHaveCount(1);
  await checkFigures();
  await page.setViewportSize({ width: 375, height: 740 });
  await row.scrollIntoViewIfNeeded();
  await expect(row).toBeVisible();
  expect(await section.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);

  // The same invoice again: refused as a duplicate, still one.
  await dropFile(page, section.locator('label[for="received-invoice-file"]'), 'copie.pdf', pdf, 'application/pdf');
  await expect(section.getByRole('alert')).toContainText('déjà archivée');
  await expect(row).toHaveCount(1);

  // Offline: the read file stays in the page; archived once back online.
  const credit = await facturX('f-credit-note-381.cii.xml');
  const creditNumber = (await readReceivedFile(credit)).invoice.number;
  await context.setOffline(true);
  await dropFile(page, section.locator('label[for="received-invoice-file"]'), 'avoir.pdf', credit, 'application/pdf');
  await expect(section.getByRole('status')).toContainText('nécessite une connexion réseau');
  await expect(section.getByTestId('received-pending')).toContainText(creditNumber);
  await context.setOffline(false);
  await expect(section.getByRole('status')).toContainText(`Facture ${creditNumber} archivée`);
  await expect(section.getByTestId('received-pending')).toHaveCount(0);
  await expect(row).toHaveCount(2);
  expect((await serverState(page)).rows).toHaveLength(2);
});
