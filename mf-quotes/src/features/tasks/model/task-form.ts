// The task form's rules (SPEC.md §5): name required, price ≥ 0 (step 0.01), unit required.
import {
  DEFAULT_UNIT,
  PREDEFINED_UNITS,
  UNIT_PRICE_RULES,
  formatEuros,
  eurosToCents,
  ouvrageUnitPrice,
  parseFrenchNumber,
  parseNumberField,
  taskNameError,
  type Task,
} from '@atelier/domain';

import { TASKS_MESSAGES } from '../messages';
import { normaliseCatalogueItem, validateCatalogueItem } from './catalogue-item';
import { findDuplicateTask } from './task-catalogue';

/** One component row of an ouvrage, as typed. */
export interface ComponentFormValues {
  kind: 'fourniture' | 'main_oeuvre';
  name: string;
  unit: string;
  quantity: string;
  price: string;
}

export interface TaskFormValues {
  name: string;
  /** As typed in the number input (ignored for an ouvrage: its price comes from its components). */
  price: string;
  unitMode: 'predefined' | 'custom';
  predefinedUnit: string;
  customUnit: string;
  /** Issue 27 (optional fields; absent = empty). */
  category?: string;
  description?: string;
  /** An ouvrage: made of `components`, priced ouvrageUnitPrice(components, coefficient). */
  ouvrage?: boolean;
  components?: ComponentFormValues[];
  coefficient?: string;
}

export const INITIAL_TASK_FORM: TaskFormValues = {
  name: '',
  price: '',
  unitMode: 'predefined',
  predefinedUnit: DEFAULT_UNIT,
  customUnit: '',
};

export const EMPTY_COMPONENT: ComponentFormValues = {
  kind: 'fourniture',
  name: '',
  unit: 'unité',
  quantity: '1',
  price: '',
};

export type TaskFormResult =
  { ok: true; task: Task } | { ok: false; field: 'name' | 'price' | 'unit' | 'components'; message: string };

/** The price typed the French way (« 12,5 », « 1 250,50 »): euros with cents, 0 to 1 000 000 €. */
export function parsePrice(input: string): number | null {
  const result = parseNumberField(input, UNIT_PRICE_RULES);
  return result.ok ? result.value : null;
}

/** The French refusal of a typed price, or null when it is valid. */
export function priceError(input: string): string | null {
  const result = parseNumberField(input, UNIT_PRICE_RULES);
  return result.ok ? null : result.message;
}

export function unitOf(values: TaskFormValues): string {
  return (values.unitMode === 'custom' ? values.customUnit : values.predefinedUnit).trim();
}

/** The form showing an existing task (edit): a unit outside the predefined list opens the custom field. */
export function taskFormValues(task: Task): TaskFormValues {
  const predefined = (PREDEFINED_UNITS as readonly string[]).includes(task.unit);
  const typed = (n: number) => String(n).replace('.', ',');
  return {
    name: task.name,
    price: typed(task.price),
    unitMode: predefined ? 'predefined' : 'custom',
    predefinedUnit: predefined ? task.unit : DEFAULT_UNIT,
    customUnit: predefined ? '' : task.unit,
    ...(task.category ? { category: task.category } : {}),
    ...(task.description ? { description: task.description } : {}),
    ...(task.components?.length
      ? {
          ouvrage: true,
          components: task.components.map((c) => ({ ...c, quantity: typed(c.quantity), price: typed(c.price) })),
          coefficient: typed(task.coefficient ?? 1),
        }
      : {}),
  };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

function componentsFromForm(rows: readonly ComponentFormValues[]): Parsed<NonNullable<Task['components']>> {
  const out: NonNullable<Task['components']> = [];
  for (const [i, row] of rows.entries()) {
    const quantity = parseFrenchNumber(row.quantity);
    if (!quantity.ok || quantity.value < 0)
      return { ok: false, message: TASKS_MESSAGES.componentQuantityInvalid(i + 1) };
    const price = parseFrenchNumber(row.price);
    if (!price.ok || price.value < 0) return { ok: false, message: TASKS_MESSAGES.componentPriceInvalid(i + 1) };
    out.push({
      kind: row.kind,
      name: row.name.trim(),
      unit: row.unit.trim(),
      quantity: quantity.value,
      price: price.value,
    });
  }
  return { ok: true, value: out };
}

/** The ouvrage's price for what is typed (null while a component or the coefficient is not a valid number). */
export function ouvragePriceOf(values: TaskFormValues): number | null {
  const components = componentsFromForm(values.components ?? []);
  const coefficient = parseFrenchNumber(values.coefficient ?? '1');
  if (!components.ok || !coefficient.ok || !(coefficient.value > 0)) return null;
  if (components.value.some((c) => c.quantity < 0 || c.price < 0)) return null;
  return ouvrageUnitPrice(components.value, coefficient.value);
}

/**
 * The task the form describes, or the first refusal. `catalogue` and `editingIndex` refuse a duplicate (same name
 * without case or accents, same unit) of another task — on creation and on edit alike.
 */
export function taskFromForm(
  values: TaskFormValues,
  catalogue: readonly Task[] = [],
  editingIndex = -1,
): TaskFormResult {
  const name = values.name.trim();
  if (!name) return { ok: false, field: 'name', message: TASKS_MESSAGES.nameRequired };
  const tooLong = taskNameError(name);
  if (tooLong) return { ok: false, field: 'name', message: tooLong };
  const ouvrage = values.ouvrage === true;
  const price = ouvrage ? ({ ok: true, value: 0 } as const) : parseNumberField(values.price, UNIT_PRICE_RULES);
  if (!price.ok) return { ok: false, field: 'price', message: price.message };
  const unit = unitOf(values);
  if (!unit) return { ok: false, field: 'unit', message: TASKS_MESSAGES.unitRequired };
  const duplicate = findDuplicateTask(catalogue, { name, unit }, editingIndex);
  if (duplicate >= 0) {
    const existing = catalogue[duplicate]!;
    return { ok: false, field: 'name', message: TASKS_MESSAGES.duplicate(existing.name, existing.unit) };
  }
  // The fields the form does not show (id, VAT) are kept from the task being edited.
  const base = editingIndex >= 0 ? catalogue[editingIndex] : undefined;
  const task: Task = { name, price: price.value, unit };
  if (base?.id) task.id = base.id;
  if (base?.vatRate !== undefined) task.vatRate = base.vatRate;
  if (values.category?.trim()) task.category = values.category.trim();
  if (values.description?.trim()) task.description = values.description;
  if (ouvrage) {
    const components = componentsFromForm(values.components ?? []);
    if (!components.ok) return { ok: false, field: 'components', message: components.message };
    task.components = components.value;
    const coefficient = parseFrenchNumber(values.coefficient?.trim() || '1');
    if (!coefficient.ok) return { ok: false, field: 'components', message: TASKS_MESSAGES.coefficientInvalid };
    task.coefficient = coefficient.value;
  }
  const refusal = validateCatalogueItem(task, catalogue, editingIndex);
  if (refusal) return { ok: false, field: ouvrage ? 'components' : 'name', message: refusal };
  return { ok: true, task: normaliseCatalogueItem(task) };
}

/** « 12,50 € / m2 » */
export function formatTaskPrice(task: Pick<Task, 'price' | 'unit'>): string {
  return `${formatEuros(eurosToCents(task.price))} / ${task.unit}`;
}
