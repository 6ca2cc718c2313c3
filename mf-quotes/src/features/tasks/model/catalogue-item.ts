// Catalogue items beyond name/unit/price (issue 27): categories, descriptions and ouvrages (supplies + labour with
// a coefficient), their validation, and the catalogue's search and category filter. The ouvrage's price is never
// computed here: @atelier/domain's ouvrageUnitPrice is the one money rule.
import {
  MAX_TASK_NAME_LENGTH,
  MAX_UNIT_PRICE_EUROS,
  NUMBER_MESSAGES,
  decimalPlaces,
  isVatRate,
  ouvrageUnitPrice,
  type Task,
} from '@atelier/domain';

import { TASKS_MESSAGES as M } from '../messages';
import { findDuplicateTask, taskNameKey } from './task-catalogue';

/** The catalogue's size cap: one synced setting row and one localStorage key hold all of it. */
export const MAX_CATALOGUE_ITEMS = 10_000;
export const MAX_COEFFICIENT = 100;

export type OuvrageComponentInput = NonNullable<Task['components']>[number];

export function isOuvrage(task: Pick<Task, 'components'>): boolean {
  return (task.components?.length ?? 0) > 0;
}

/** A fresh catalogue id (copied into a devis line's `catalogueId`). */
export function newTaskId(): string {
  // 12 base-36 characters (~62 bits): unique within one catalogue, and short — a 5 000-item catalogue is synced whole.
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return `t${[...bytes].map((b) => (b % 36).toString(36)).join('')}`;
}

/**
 * The item as stored: text trimmed, empty optional fields dropped, and for an ouvrage the price set to
 * ouvrageUnitPrice(components, coefficient) (coefficient 1 is not stored).
 */
export function normaliseCatalogueItem(task: Task): Task {
  const out: Task = { name: task.name.trim(), unit: task.unit.trim(), price: task.price };
  if (task.id) out.id = task.id;
  const category = task.category?.trim();
  if (category) out.category = category;
  const description = task.description?.replace(/\s+$/, '');
  if (description?.trim()) out.description = description;
  if (task.vatRate !== undefined) out.vatRate = task.vatRate;
  if (task.components?.length) {
    out.components = task.components.map((c) => ({ ...c, name: c.name.trim(), unit: c.unit.trim() }));
    if (task.coefficient !== undefined && task.coefficient !== 1) out.coefficient = task.coefficient;
    out.price = ouvrageUnitPrice(out.components, out.coefficient ?? 1);
  }
  return out;
}

function validPrice(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= MAX_UNIT_PRICE_EUROS && decimalPlaces(value) <= 2;
}

/**
 * The first French refusal of a catalogue item, or null. `catalogue` and `editingIndex` as in findDuplicateTask:
 * the duplicate rule (same name without case/accents, same unit) and the ouvrage rules (an ouvrage is made of
 * supplies and labour only — never of itself nor of another ouvrage of the catalogue) need the other items.
 */
export function validateCatalogueItem(task: Task, catalogue: readonly Task[] = [], editingIndex = -1): string | null {
  const name = task.name.trim();
  if (!name) return M.nameRequired;
  if ([...name].length > MAX_TASK_NAME_LENGTH) return M.nameTooLong;
  if (!task.unit.trim()) return M.unitRequired;
  if (!task.components?.length && !validPrice(task.price)) {
    if (!Number.isFinite(task.price)) return NUMBER_MESSAGES.invalid;
    if (task.price < 0) return NUMBER_MESSAGES.priceNegative;
    return task.price > MAX_UNIT_PRICE_EUROS ? NUMBER_MESSAGES.priceMax : NUMBER_MESSAGES.priceDecimals;
  }
  if (task.vatRate !== undefined && !isVatRate(task.vatRate)) return M.vatInvalid;
  const duplicate = findDuplicateTask(catalogue, { name, unit: task.unit }, editingIndex);
  if (duplicate >= 0) return M.duplicate(catalogue[duplicate]!.name, catalogue[duplicate]!.unit);
  if (task.components) {
    if (task.components.length === 0) return M.ouvrageEmpty;
    if (task.coefficient !== undefined && !(task.coefficient > 0 && task.coefficient <= MAX_COEFFICIENT)) {
      return M.coefficientInvalid;
    }
    const self = taskNameKey(name);
    const ouvrages = new Set(
      catalogue.filter((t, i) => i !== editingIndex && isOuvrage(t)).map((t) => taskNameKey(t.name)),
    );
    for (const [i, component] of task.components.entries()) {
      const n = i + 1;
      if (!component.name.trim()) return M.componentNameRequired(n);
      if (!component.unit.trim()) return M.componentUnitRequired(n);
      const q = component.quantity;
      if (!(Number.isFinite(q) && q >= 0 && q <= 100_000 && decimalPlaces(q) <= 2))
        return M.componentQuantityInvalid(n);
      if (!validPrice(component.price)) return M.componentPriceInvalid(n);
      const key = taskNameKey(component.name);
      if (key === self) return M.componentIsSelf(component.name.trim());
      if (ouvrages.has(key)) return M.componentIsOuvrage(component.name.trim());
    }
    if (ouvrageUnitPrice(task.components, task.coefficient ?? 1) > MAX_UNIT_PRICE_EUROS)
      return NUMBER_MESSAGES.priceMax;
  }
  return null;
}

/** The categories in use, sorted the French way (accents and case ignored). */
export function catalogueCategories(tasks: readonly Task[]): string[] {
  const byKey = new Map<string, string>();
  // A big catalogue repeats a few categories: each distinct spelling is keyed once.
  const keys = new Map<string, string>();
  for (const task of tasks) {
    const category = task.category?.trim();
    if (!category) continue;
    let key = keys.get(category);
    if (key === undefined) keys.set(category, (key = taskNameKey(category)));
    if (!byKey.has(key)) byKey.set(key, category);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, 'fr', { sensitivity: 'base' }));
}

/** What a task is searched by: name and category, without case or accents. */
export function taskSearchText(task: Pick<Task, 'name' | 'category'>): string {
  return taskNameKey(`${task.name} ${task.category ?? ''}`);
}

/** A catalogue search: the matching indexes of a query (and category); `prepare()` computes the search texts now. */
export interface CatalogueSearch {
  (query: string, category?: string | null): number[];
  prepare(): void;
}

/**
 * A search over a catalogue: each task's search text computed once, then every word typed must appear in it
 * (« carrel sdb » finds « Carrelage — Salle de bain »). Returns the matching indexes, in catalogue order.
 * The texts are computed by `prepare()` or the first query with words, the category keys at the first category
 * filter: an empty query (the whole catalogue, /tasks' first screen) costs nothing, so a 5 000-task catalogue shows
 * its first rows without keying 5 000 names first, and prepares its texts once they are painted.
 */
export function createCatalogueSearch(tasks: readonly Task[]): CatalogueSearch {
  let texts: string[] | null = null;
  let categories: string[] | null = null;
  const prepare = () => {
    texts ??= tasks.map(taskSearchText);
  };
  const search = (query: string, category?: string | null) => {
    const words = taskNameKey(query).split(' ').filter(Boolean);
    const wanted = category === undefined || category === null ? null : taskNameKey(category);
    if (words.length) prepare();
    if (wanted !== null) categories ??= categoryKeys(tasks);
    const out: number[] = [];
    for (let i = 0; i < tasks.length; i += 1) {
      if (wanted !== null && categories![i] !== wanted) continue;
      if (words.length) {
        const text = texts![i]!;
        if (!words.every((w) => text.includes(w))) continue;
      }
      out.push(i);
    }
    return out;
  };
  return Object.assign(search, { prepare });
}

function categoryKeys(tasks: readonly Task[]): string[] {
  const keys = new Map<string, string>();
  return tasks.map((t) => {
    const category = t.category ?? '';
    let key = keys.get(category);
    if (key === undefined) keys.set(category, (key = taskNameKey(category)));
    return key;
  });
}
