import * as XLSX from '@e965/xlsx';

import { catalogueToCsv, csvTable, decodeCsvBytes, readCatalogueFile, xlsxTable } from './catalogue-file';
import {
  MAX_IMPORT_BYTES,
  guessMapping,
  mappingError,
  mergeImport,
  parseImportPrice,
  parseImportVat,
  planImport,
  type ImportTable,
} from './catalogue-import';

/** A supplier-like list of `count` rows, with bad rows at the given 1-based data positions. */
export function generatedCsv(count: number, bad: Record<number, string> = {}): string {
  const lines = ['Désignation;Unité;Prix unitaire HT;Catégorie;TVA'];
  for (let i = 1; i <= count; i += 1) {
    const price = bad[i] ?? `${(i % 500) + 1},${String(i % 100).padStart(2, '0')} €`;
    lines.push(
      `Article ${i} réf. ${1000 + i};${i % 3 ? 'm2' : 'unité'};${price};Catégorie ${i % 12};${i % 2 ? '20' : '10'}`,
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

function fileOf(name: string, bytes: Uint8Array) {
  return { name, size: bytes.length, bytes: async () => bytes };
}

function tableOf(text: string): ImportTable {
  const result = csvTable(text);
  if (!result.ok) throw new Error(result.message);
  return result.table;
}

describe('guessing the column mapping from the headers', () => {
  it('reads the usual French headers, whatever their case and accents', () => {
    expect(guessMapping(['Désignation', 'Unité', 'Prix unitaire HT', 'Catégorie', 'TVA'])).toEqual({
      name: 0,
      unit: 1,
      price: 2,
      category: 3,
      vatRate: 4,
      description: null,
    });
    expect(guessMapping(['Réf.', 'LIBELLÉ', 'PU HT', 'U', 'Famille', 'Descriptif'])).toEqual({
      name: 1,
      unit: 3,
      price: 2,
      category: 4,
      vatRate: null,
      description: 5,
    });
    expect(guessMapping(['Code', 'Prix unitaire HT (€)', 'Désignation article', 'Unité'])).toMatchObject({
      name: 2,
      price: 1,
      unit: 3,
    });
  });

  it('says what is missing or chosen twice', () => {
    const mapping = guessMapping(['Libellé', 'Prix']);
    expect(mappingError(mapping, ['Libellé', 'Prix'])).toBe(
      'Choisissez les colonnes Désignation, Unité et Prix unitaire HT.',
    );
    expect(mappingError({ ...mapping, unit: 0 }, ['Libellé', 'Prix'])).toBe(
      'La colonne « Libellé » est choisie pour deux champs.',
    );
  });
});

describe('cells', () => {
  it.each([
    ['12,50 €', 12.5],
    ['1 250,50', 1250.5],
    ['1\u202F250,50 € HT', 1250.5],
    ['12.5', 12.5],
    ['0', 0],
    ['3.3000000000000003', 3.3],
  ])('price « %s » → %s', (raw, value) => {
    expect(parseImportPrice(raw)).toEqual({ ok: true, value });
  });

  it.each([
    ['abc', 'prix invalide « abc »'],
    ['', 'prix vide'],
    ['-3', 'prix négatif « -3 »'],
    ['12,505', 'prix avec plus de 2 décimales « 12,505 »'],
    ['2000000', 'prix supérieur à 1 000 000 € « 2000000 »'],
  ])('price « %s » refused: %s', (raw, message) => {
    expect(parseImportPrice(raw)).toEqual({ ok: false, message });
  });

  it('reads VAT as a rate, a « % » or a spreadsheet fraction', () => {
    expect(parseImportVat('20')).toEqual({ ok: true, value: 20 });
    expect(parseImportVat('5,5 %')).toEqual({ ok: true, value: 5.5 });
    expect(parseImportVat('0.055')).toEqual({ ok: true, value: 5.5 });
    expect(parseImportVat('')).toEqual({ ok: true, value: undefined });
    expect(parseImportVat('19,6')).toEqual({
      ok: false,
      message: 'taux de TVA invalide « 19,6 » (20, 10, 5,5, 2,1 ou 0)',
    });
  });
});

describe('a 5 000-row CSV with 3 bad rows', () => {
  const csv = generatedCsv(5000, { 16: 'abc', 2500: '-4,00', 4999: '' });

  it('gives 4 997 items and one French message per bad row, naming its line in the file', () => {
    const table = tableOf(csv);
    expect(table.rows).toHaveLength(5000);
    const plan = planImport(table, guessMapping(table.headers));
    expect(plan.items).toHaveLength(4997);
    expect(plan.errors).toEqual([
      { line: 17, message: 'Ligne 17 : prix invalide « abc »' },
      { line: 2501, message: 'Ligne 2501 : prix négatif « -4,00 »' },
      { line: 5000, message: 'Ligne 5000 : prix vide' },
    ]);
    expect(plan.items[0]).toEqual({
      name: 'Article 1 réf. 1001',
      unit: 'm2',
      price: 2.01,
      category: 'Catégorie 1',
      vatRate: 20,
    });
  });

  it('merges in one step: new items get an id, the same name and unit updates the existing task', () => {
    const table = tableOf(csv);
    const plan = planImport(table, guessMapping(table.headers));
    const existing = [{ name: 'ARTICLE 1 REF. 1001', unit: 'm2', price: 1, id: 'old' }];
    const merged = mergeImport(existing, plan.items);
    if (!merged.ok) throw new Error(merged.message);
    expect(merged.added).toBe(4996);
    expect(merged.updated).toBe(1);
    expect(merged.catalogue).toHaveLength(4997);
    expect(merged.catalogue[0]).toEqual({ ...existing[0], price: 2.01, category: 'Catégorie 1', vatRate: 20 });
    expect(new Set(merged.catalogue.map((t) => t.id)).size).toBe(4997);
  });

  it('the exported CSV reads back to the same catalogue', () => {
    const table = tableOf(csv);
    const merged = mergeImport([], planImport(table, guessMapping(table.headers)).items);
    if (!merged.ok) throw new Error(merged.message);
    const exported = catalogueToCsv(merged.catalogue);
    expect(exported.startsWith('\uFEFFDésignation;Unité;Prix unitaire HT;Catégorie;TVA;Description\r\n')).toBe(true);
    expect(exported).toContain('Article 1 réf. 1001;m2;2,01;Catégorie 1;20;\r\n');
    const back = tableOf(exported);
    const plan = planImport(back, guessMapping(back.headers));
    expect(plan.errors).toEqual([]);
    expect(plan.items).toEqual(merged.catalogue.map(({ id: _id, ...rest }) => rest));
    const again = mergeImport(merged.catalogue, plan.items);
    expect(again).toMatchObject({ ok: true, added: 0, updated: 4997, catalogue: merged.catalogue });
  });
});

describe('files', () => {
  it('reads a Windows-1252 CSV (Excel « CSV (séparateur : point-virgule) »)', async () => {
    const text = 'Désignation;Unité;Prix unitaire HT\r\nDépose carrelage;m²;12,50 €\r\nCâble 3G2,5;ml;1,20\r\n';
    // Windows-1252: é = 0xE9, ² = 0xB2, € = 0x80, â = 0xE2.
    const map: Record<string, number> = { é: 0xe9, '²': 0xb2, '€': 0x80, â: 0xe2 };
    const bytes = Uint8Array.from([...text].map((c) => map[c] ?? c.charCodeAt(0)));
    expect(decodeCsvBytes(bytes)).toBe(text);
    const result = await readCatalogueFile(fileOf('tarifs.csv', bytes));
    if (!result.ok) throw new Error(result.message);
    const plan = planImport(result.table, guessMapping(result.table.headers));
    expect(plan.items).toEqual([
      { name: 'Dépose carrelage', unit: 'm²', price: 12.5 },
      { name: 'Câble 3G2,5', unit: 'ml', price: 1.2 },
    ]);
  });

  it('reads UTF-8 with a BOM, quoted fields and comma separators', async () => {
    const text = '\uFEFFLibellé,Unité,PU HT,Description\n"Peinture, 2 couches",m2,"18,50","Murs\net plafonds"\n,m2,3\n';
    const result = await readCatalogueFile(fileOf('liste.csv', new TextEncoder().encode(text)));
    if (!result.ok) throw new Error(result.message);
    expect(result.table.headers[0]).toBe('Libellé');
    const plan = planImport(result.table, guessMapping(result.table.headers));
    expect(plan.items).toEqual([
      { name: 'Peinture, 2 couches', unit: 'm2', price: 18.5, description: 'Murs\net plafonds' },
    ]);
    expect(plan.errors).toEqual([{ line: 4, message: 'Ligne 4 : désignation vide' }]);
  });

  it('reads the first sheet of an XLSX workbook built here, numbers as numbers', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Désignation', 'Unité', 'Prix unitaire HT', 'TVA'],
      ['Pose parquet', 'm2', 32.5, 0.1],
      ['Plinthe', 'ml', 'abc', 0.2],
      [],
      ['Déplacement', 'forfait', 45, 0.2],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Tarifs');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    const result = await xlsxTable(bytes);
    if (!result.ok) throw new Error(result.message);
    const plan = planImport(result.table, guessMapping(result.table.headers));
    expect(plan.items).toEqual([
      { name: 'Pose parquet', unit: 'm2', price: 32.5, vatRate: 10 },
      { name: 'Déplacement', unit: 'forfait', price: 45, vatRate: 20 },
    ]);
    expect(plan.errors).toEqual([{ line: 3, message: 'Ligne 3 : prix invalide « abc »' }]);
    // Detected by its content too (a .xlsx renamed).
    expect((await readCatalogueFile(fileOf('export', bytes))).ok).toBe(true);
  });

  it('refuses a file over 5 MB, over 10 000 rows, an old .xls and an empty file, in French', async () => {
    expect(
      await readCatalogueFile({ name: 'a.csv', size: MAX_IMPORT_BYTES + 1, bytes: async () => new Uint8Array() }),
    ).toEqual({
      ok: false,
      message: 'Le fichier dépasse 5 Mo : découpez-le en plusieurs fichiers.',
    });
    const big = new TextEncoder().encode(generatedCsv(10_001));
    expect(await readCatalogueFile(fileOf('a.csv', big))).toEqual({
      ok: false,
      message: 'Le fichier dépasse 10 000 lignes : découpez-le en plusieurs fichiers.',
    });
    expect(await readCatalogueFile(fileOf('a.xls', new Uint8Array([1])))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/Format non reconnu/),
    });
    expect(await readCatalogueFile(fileOf('a.csv', new TextEncoder().encode('Désignation;Prix\r\n\r\n')))).toEqual({
      ok: false,
      message: 'Le fichier ne contient aucune ligne de données.',
    });
  });

  it('refuses an import that would make the catalogue larger than 10 000 tasks, whole', () => {
    const items = Array.from({ length: 10_001 }, (_, i) => ({ name: `T${i}`, unit: 'u', price: 1 }));
    expect(mergeImport([], items)).toEqual({
      ok: false,
      message: 'Le catalogue ne peut pas dépasser 10 000 tâches (il en a 0, l’import en ajouterait 10 001).',
    });
  });
});
