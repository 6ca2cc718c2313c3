// A chosen file → the table catalogue-import.ts reads: CSV (UTF-8 with or without BOM, or Windows-1252 as Excel
// writes it in France; `;`, `,` or tab separated) through papaparse, XLSX (first sheet) through SheetJS, which is
// loaded only when an XLSX file is opened (it weighs more than the rest of the page).
import { parse, unparse } from 'papaparse';
import { formatFrenchNumber, type Task } from '@atelier/domain';

import { EXPORT_COLUMNS, IMPORT_MESSAGES as I } from '../messages';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, type ImportTable } from './catalogue-import';

export type TableResult = { ok: true; table: ImportTable } | { ok: false; message: string };

// Windows-1252's 0x80–0x9F (€, œ, ’, …). Some runtimes (Node without full ICU, hence jsdom) decode
// 'windows-1252' as Latin-1 and leave these as C1 controls: they are mapped here whatever the runtime did.
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';

/** The text of a CSV file: UTF-8 (BOM dropped) when it is valid UTF-8, else Windows-1252. */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252')
      .decode(bytes)
      .replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
  }
}

/** `;` (French Excel), tab or `,`: the one found most often in the header line, outside quotes. */
export function guessDelimiter(text: string): string {
  const firstLine = (text.split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (c: string) => firstLine.split(c).length - 1;
  const candidates = [';', '\t', ','].map((c) => [c, count(c)] as const).sort((a, b) => b[1] - a[1]);
  return candidates[0]![1] > 0 ? candidates[0]![0] : ';';
}

function toTable(rows: readonly (readonly unknown[])[], firstLine = 1): TableResult {
  const headerIndex = rows.findIndex((r) => r.some((c) => String(c ?? '').trim() !== ''));
  if (headerIndex < 0) return { ok: false, message: I.emptyFile };
  const headers = rows[headerIndex]!.map((c) => String(c ?? '').trim());
  const data: ImportTable['rows'] = [];
  for (let i = headerIndex + 1; i < rows.length; i += 1) {
    const cells = rows[i]!.map((c) => (c === null || c === undefined ? '' : String(c)));
    if (cells.every((c) => c.trim() === '')) continue;
    if (data.length >= MAX_IMPORT_ROWS) return { ok: false, message: I.tooManyRows };
    data.push({ line: firstLine + i, cells });
  }
  if (!data.length) return { ok: false, message: I.emptyFile };
  return { ok: true, table: { headers, rows: data } };
}

/** A CSV text → its table (line numbers as in the file, blank lines skipped). */
export function csvTable(text: string): TableResult {
  const body = text.replace(/^\uFEFF/, '');
  const result = parse<string[]>(body, { delimiter: guessDelimiter(body), skipEmptyLines: false });
  // Quoted fields spanning lines shift the numbering; rows are numbered by their first line.
  const rows = result.data;
  let line = 1;
  const lines: number[] = [];
  for (const row of rows) {
    lines.push(line);
    line += 1 + row.reduce((n, c) => n + (c.match(/\n/g)?.length ?? 0), 0);
  }
  const table = toTable(rows);
  if (!table.ok) return table;
  // toTable numbered rows by their index: map back to the file's line numbers.
  for (const row of table.table.rows) row.line = lines[row.line - 1] ?? row.line;
  return table;
}

/** The first sheet of an XLSX workbook → its table (numbers as typed, line = the sheet's row number). */
export async function xlsxTable(bytes: Uint8Array): Promise<TableResult> {
  const XLSX = await import('@e965/xlsx');
  let workbook;
  try {
    workbook = XLSX.read(bytes, { type: 'array', dense: true, cellHTML: false, cellFormula: false });
  } catch {
    return { ok: false, message: I.unreadableFile };
  }
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet) return { ok: false, message: I.emptyFile };
  const range = XLSX.utils.decode_range(sheet['!ref'] ?? 'A1');
  if (range.e.r - range.s.r > MAX_IMPORT_ROWS + 1) return { ok: false, message: I.tooManyRows };
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, blankrows: true, defval: '' });
  return toTable(rows, range.s.r + 1);
}

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** A chosen file → its table, or the French refusal of the whole file (size, format, rows). */
export async function readCatalogueFile(file: {
  name: string;
  size: number;
  bytes(): Promise<Uint8Array>;
}): Promise<TableResult> {
  if (file.size > MAX_IMPORT_BYTES) return { ok: false, message: I.fileTooBig };
  const name = file.name.toLowerCase();
  if (/\.(xls|ods|numbers|pdf|docx?)$/.test(name)) return { ok: false, message: I.unsupportedFile };
  const bytes = await file.bytes();
  if (name.endsWith('.xlsx') || isZip(bytes)) return xlsxTable(bytes);
  if (bytes.includes(0)) return { ok: false, message: I.unreadableFile };
  return csvTable(decodeCsvBytes(bytes));
}

// « 1250,50 »: decimal comma, no thousands space (a spreadsheet reads it as a number).
const priceText = (price: number) => formatFrenchNumber(price, { minDecimals: 2, maxDecimals: 2 }).replace(/\s/g, '');

/** The catalogue as a CSV Excel opens in France: BOM, `;`, French decimals, one header row (EXPORT_COLUMNS). */
export function catalogueToCsv(tasks: readonly Task[]): string {
  const rows = tasks.map((t) => [
    t.name,
    t.unit,
    priceText(t.price),
    t.category ?? '',
    t.vatRate === undefined ? '' : formatFrenchNumber(t.vatRate, { maxDecimals: 1 }),
    t.description ?? '',
  ]);
  return `\uFEFF${unparse({ fields: [...EXPORT_COLUMNS], data: rows }, { delimiter: ';', newline: '\r\n' })}\r\n`;
}
