// Catalogue import/export on /tasks (issue 27): a 5 000-row supplier CSV (French headers, `;`, « 12,50 € », BOM)
// with 3 bad rows → the report names the 3 rows → « Importer 4 997 tâches, ignorer 3 lignes en erreur » → 4 997
// tasks on /tasks, kept on the server (user_settings `tasks`), found by the search; « Exporter (CSV) » downloads a
// French CSV that re-imports to the same catalogue.
import { readFile } from 'node:fs/promises';

import type { Page } from '@playwright/test';

import { BACKEND_URL, expect, test } from '../fixtures';

const BAD = { 16: 'abc', 2500: '-4,00', 4999: '' } as Record<number, string>;

function supplierCsv(): Buffer {
  const lines = ['Désignation;Unité;Prix unitaire HT;Catégorie;TVA'];
  for (let i = 1; i <= 5000; i += 1) {
    const price = BAD[i] ?? `${(i % 500) + 1},${String(i % 100).padStart(2, '0')} €`;
    lines.push(`Article ${i} réf. ${1000 + i};${i % 3 ? 'm2' : 'unité'};${price};Lot ${i % 12};${i % 2 ? '20' : '10'}`);
  }
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

/** The catalogue as this device keeps it (the signed-in user's copy of the `tasks` setting). */
async function localCatalogue(page: Page): Promise<unknown[]> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^tasks\.[0-9a-f-]{36}$/.test(k));
    return key ? (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]) : [];
  });
}

/** The number of tasks in the server's copy (public.user_settings, through REST with the page's session). */
async function serverCatalogueSize(page: Page): Promise<number> {
  return page.evaluate(async (url) => {
    const session = JSON.parse(localStorage.getItem('atelier.auth.session') ?? 'null');
    const config = await (await fetch('/config.json')).json();
    const res = await fetch(`${url}/rest/v1/user_settings?key=eq.tasks&select=value`, {
      headers: { apikey: config.supabaseAnonKey, authorization: `Bearer ${session?.access_token}` },
    });
    const rows = (await res.json()) as Array<{ value: unknown[] }>;
    return rows[0]?.value.length ?? -1;
  }, BACKEND_URL);
}

test('catalogue: import 5 000 rows with 3 bad ones, search, export and re-import', async ({ page, signedIn }) => {
  test.setTimeout(180_000);
  void signedIn;
  await page.goto('/tasks');
  await expect(page.getByText('Aucune tâche enregistrée')).toBeVisible();

  await page.getByRole('button', { name: 'Importer (CSV ou XLSX)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importer des tâches' });
  await dialog
    .getByLabel('Fichier CSV ou XLSX')
    .setInputFiles({ name: 'tarifs-fournisseur.csv', mimeType: 'text/csv', buffer: supplierCsv() });

  // The guessed mapping and the report of the 3 bad rows, by their line in the file.
  await expect(dialog.getByLabel('Désignation')).toHaveValue('0');
  await expect(dialog.getByLabel('Prix unitaire HT')).toHaveValue('2');
  const errors = dialog.getByRole('region', { name: '3 ligne(s) en erreur' });
  await expect(errors.getByRole('listitem')).toHaveText([
    'Ligne 17 : prix invalide « abc »',
    'Ligne 2501 : prix négatif « -4,00 »',
    'Ligne 5000 : prix vide',
  ]);
  await expect(dialog.getByRole('table', { name: 'Aperçu' })).toContainText('Article 1 réf. 1001');

  await dialog.getByRole('button', { name: 'Importer 4 997 tâches, ignorer 3 lignes en erreur' }).click();
  await expect(dialog.getByText('4 997 tâche(s) ajoutée(s), 0 mise(s) à jour.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();

  await expect(page.getByText('4 997 tâche(s) trouvée(s) sur 4 997')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Tâches enregistrées' }).getByRole('listitem')).toHaveCount(100);
  expect(await localCatalogue(page)).toHaveLength(4997);
  // Kept on the server too (the catalogue is a synced setting): a second device gets it.
  await expect.poll(() => serverCatalogueSize(page), { timeout: 30_000 }).toBe(4997);

  // Search without accents or case; the bad rows are not there.
  await page.getByLabel('Rechercher une tâche').fill('REF 5321');
  await expect(page.getByText('1 tâche(s) trouvée(s) sur 4 997')).toBeVisible();
  const list = page.getByRole('list', { name: 'Tâches enregistrées' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('Article 4321 réf. 5321');
  await expect(list).toContainText(/322,21\s€\s\/\sm2/);
  await page.getByLabel('Rechercher une tâche').fill('zzz');
  await expect(page.getByText('Aucune tâche ne correspond à la recherche.')).toBeVisible();
  await page.getByLabel('Rechercher une tâche').fill('');

  // Export: a French CSV (BOM, `;`, decimal comma), one row per task.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exporter (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('catalogue-taches.csv');
  const exported = await readFile(await download.path());
  expect([...exported.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = exported.toString('utf8').slice(1);
  const rows = text.trimEnd().split('\r\n');
  expect(rows[0]).toBe('Désignation;Unité;Prix unitaire HT;Catégorie;TVA;Description');
  expect(rows).toHaveLength(4998);
  expect(rows).toContain('Article 4321 réf. 5321;m2;322,21;Lot 1;20;');

  // Re-import of the exported file: no error, every task matched and unchanged.
  const before = await localCatalogue(page);
  await page.getByRole('button', { name: 'Importer (CSV ou XLSX)' }).click();
  await dialog
    .getByLabel('Fichier CSV ou XLSX')
    .setInputFiles({ name: 'catalogue-taches.csv', mimeType: 'text/csv', buffer: exported });
  await expect(dialog.getByRole('region', { name: /ligne\(s\) en erreur/ })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Importer 4 997 tâches' }).click();
  await expect(dialog.getByText('0 tâche(s) ajoutée(s), 4 997 mise(s) à jour.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fermer' }).click();
  expect(await localCatalogue(page)).toEqual(before);

  // After a reload (read back from storage), still 4 997 tasks.
  const reloaded = Date.now();
  await page.reload();
  await expect(page.getByText('4 997 tâche(s) trouvée(s) sur 4 997')).toBeVisible({ timeout: 30_000 });
  console.log(`[catalogue-import] /tasks with 4 997 tasks shown ${Date.now() - reloaded} ms after a reload`);
});
