// Importing a price list into the catalogue (issue 27): a table read from a CSV or XLSX file (catalogue-file.ts)
// → a column mapping guessed from the headers → one catalogue item per good row and one French message per bad
// row → merged into the catalogue in one write. Pure functions: the dialog only shows what they return.
import {
  MAX_TASK_NAME_LENGTH,
  MAX_UNIT_PRICE_EUROS,
  decimalPlaces,
  formatFrenchNumber,
  isVatRate,
  parseFrenchNumber,
  type Task,
} from '@atelier/domain';

import { IMPORT_MESSAGES as I } from '../messages';
import { MAX_CATALOGUE_ITEMS, isOuvrage, newTaskId } from './catalogue-item';
import { taskNameKey } from './task-catalogue';

export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 10_000;
/**
 * The catalogue is one synced setting (public.user_settings row `tasks`, pushed whole through sync_merge, whose
 * request body the backend caps at 1 MB) and one localStorage key: an import that would make it larger is refused.
 */
export const MAX_CATALOGUE_JSON_BYTES = 900_000;

export const IMPORT_FIELDS = ['name', 'unit', 'price', 'category', 'vatRate', 'description'] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
export const REQUIRED_FIELDS: readonly ImportField[] = ['name', 'unit', 'price'];
/** The column index of each field (null: not imported). */
export type ColumnMapping = Record<ImportField, number | null>;

/** A file's table: its header row and its data rows with their line numbers in the file (header = line 1). */
export interface ImportTable {
  headers: string[];
  rows: { line: number; cells: string[] }[];
}

export interface RowError {
  line: number;
  message: string;
}

export interface ImportPlan {
  items: Task[];
  errors: RowError[];
}

// Header words → field, compared without case, accents or punctuation. Longest match wins (« prix unitaire ht »
// before « prix »); the first column matching a field keeps it.
const HEADER_WORDS: Record<ImportField, string[]> = {
  name: ['designation', 'libelle', 'intitule', 'nom', 'tache', 'article', 'produit', 'prestation', 'ouvrage'],
  unit: ['unite', 'unites', 'u', 'unit', 'unite de mesure', 'udm'],
  price: [
    'prix unitaire ht',
    'prix unitaire',
    'prix ht',
    'pu ht',
    'p u ht',
    'pu',
    'prix',
    'tarif ht',
    'tarif',
    'montant ht',
  ],
  category: ['categorie', 'famille', 'rubrique', 'lot', 'corps d etat', 'groupe'],
  vatRate: ['tva', 'taux tva', 'taux de tva', 'tva %', 'taux'],
  description: ['description', 'detail', 'details', 'descriptif', 'commentaire'],
};

function headerKey(header: string): string {
  return taskNameKey(header.replace(/[^\p{L}\p{N}%]+/gu, ' '));
}

/** The mapping guessed from the header row (« Désignation », « Libellé », « Prix unitaire HT », « PU HT », « Unité »…). */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {
    name: null,
    unit: null,
    price: null,
    category: null,
    vatRate: null,
    description: null,
  };
  const keys = headers.map(headerKey);
  // Exact matches first, then headers starting with a known word (« Prix unitaire HT (€) », « Désignation article »).
  for (const exact of [true, false]) {
    for (const field of IMPORT_FIELDS) {
      if (mapping[field] !== null) continue;
      const taken = new Set(Object.values(mapping).filter((v): v is number => v !== null));
      const index = keys.findIndex(
        (key, i) =>
          !taken.has(i) &&
          HEADER_WORDS[field].some((word) => (exact ? key === word : key.startsWith(`${word} `) && word.length > 2)),
      );
      if (index >= 0) mapping[field] = index;
    }
  }
  return mapping;
}

/** Why the mapping cannot be used (a required field without column, one column for two fields), or null. */
export function mappingError(mapping: ColumnMapping, headers: readonly string[]): string | null {
  if (REQUIRED_FIELDS.some((field) => mapping[field] === null)) return I.mappingRequired;
  const seen = new Set<number>();
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === null) continue;
    if (seen.has(column)) return I.mappingTwice(headers[column] ?? String(column + 1));
    seen.add(column);
  }
  return null;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A price cell: « 12,50 € », « 1 250,50 », « 12.5 », an XLSX number. */
export function parseImportPrice(raw: string): Parsed<number> {
  const text = raw.trim();
  if (!text) return { ok: false, message: I.priceMissing };
  const parsed = parseFrenchNumber(text.replace(/\s*(€|eur|euros?)\s*(ht)?$/i, ''));
  if (!parsed.ok) return { ok: false, message: I.priceInvalid(text) };
  const value = parsed.value;
  if (value < 0) return { ok: false, message: I.priceNegative(text) };
  if (value > MAX_UNIT_PRICE_EUROS) return { ok: false, message: I.priceTooHigh(text) };
  // A spreadsheet's computed price (12.499999999) is rounded to the cent; a typed « 12,505 » is refused.
  const rounded = Math.round(value * 100) / 100;
  if (decimalPlaces(value) > 2 && Math.abs(rounded - value) > 1e-6)
    return { ok: false, message: I.priceDecimals(text) };
  return { ok: true, value: rounded };
}

/** A VAT cell: « 20 », « 20 % », « 5,5 », or a spreadsheet percentage (0,2). Empty: none. */
export function parseImportVat(raw: string): Parsed<number | undefined> {
  const text = raw.trim();
  if (!text) return { ok: true, value: undefined };
  const parsed = parseFrenchNumber(text);
  if (parsed.ok) {
    if (isVatRate(parsed.value)) return { ok: true, value: parsed.value };
    const percent = Math.round(parsed.value * 1000) / 10;
    if (parsed.value > 0 && parsed.value < 1 && isVatRate(percent)) return { ok: true, value: percent };
  }
  return { ok: false, message: I.vatInvalid(text) };
}

function cell(cells: readonly string[], column: number | null): string {
  return column === null ? '' : (cells[column] ?? '').trim();
}

function itemKey(name: string, unit: string): string {
  return `${taskNameKey(name)}\u0000${taskNameKey(unit)}`;
}

/** Every row read with the mapping: the good rows as catalogue items, one French message per bad row. */
export function planImport(table: ImportTable, mapping: ColumnMapping): ImportPlan {
  const items: Task[] = [];
  const errors: RowError[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of table.rows) {
    const fail = (message: string) => errors.push({ line, message: I.row(line, message) });
    const name = cell(cells, mapping.name).replace(/\s+/g, ' ');
    if (!name) {
      fail(I.nameMissing);
      continue;
    }
    if ([...name].length > MAX_TASK_NAME_LENGTH) {
      fail(I.nameTooLong);
      continue;
    }
    const unit = cell(cells, mapping.unit);
    if (!unit) {
      fail(I.unitMissing);
      continue;
    }
    const price = parseImportPrice(cell(cells, mapping.price));
    if (!price.ok) {
      fail(price.message);
      continue;
    }
    const vat = parseImportVat(cell(cells, mapping.vatRate));
    if (!vat.ok) {
      fail(vat.message);
      continue;
    }
    const key = itemKey(name, unit);
    const seen = firstLine.get(key);
    if (seen !== undefined) {
      fail(I.duplicateRow(name, unit, seen));
      continue;
    }
    firstLine.set(key, line);
    const item: Task = { name, unit, price: price.value };
    const category = cell(cells, mapping.category);
    if (category) item.category = category;
    if (vat.value !== undefined) item.vatRate = vat.value;
    const description = mapping.description === null ? '' : (cells[mapping.description] ?? '').trim();
    if (description) item.description = description;
    items.push(item);
  }
  return { items, errors };
}

export type MergeResult =
  { ok: true; catalogue: Task[]; added: number; updated: number } | { ok: false; message: string };

/**
 * The catalogue after importing `items`: an item with the name and unit of an existing task updates it (its price
 * — unless it is an ouvrage, whose price comes from its components — and the category, VAT and description the
 * file gives); the others are added with a new id. Refused as a whole when the catalogue would get too large.
 */
export function mergeImport(catalogue: readonly Task[], items: readonly Task[]): MergeResult {
  const byKey = new Map<string, number>();
  catalogue.forEach((task, index) => byKey.set(itemKey(task.name, task.unit), index));
  const next = [...catalogue];
  let added = 0;
  let updated = 0;
  for (const item of items) {
    const index = byKey.get(itemKey(item.name, item.unit));
    if (index === undefined) {
      next.push({ id: newTaskId(), ...item });
      added += 1;
      continue;
    }
    const existing = next[index]!;
    next[index] = {
      ...existing,
      ...(isOuvrage(existing) ? {} : { price: item.price }),
      ...(item.category !== undefined ? { category: item.category } : {}),
      ...(item.vatRate !== undefined ? { vatRate: item.vatRate } : {}),
      ...(item.description !== undefined ? { description: item.description } : {}),
    };
    updated += 1;
  }
  const fmt = (n: number) => formatFrenchNumber(n, { plainSpaces: true });
  if (next.length > MAX_CATALOGUE_ITEMS) {
    return { ok: false, message: I.catalogueFull(fmt(MAX_CATALOGUE_ITEMS), fmt(catalogue.length), fmt(added)) };
  }
  if (new TextEncoder().encode(JSON.stringify(next)).length > MAX_CATALOGUE_JSON_BYTES) {
    return { ok: false, message: I.catalogueTooLarge };
  }
  return { ok: true, catalogue: next, added, updated };
}
