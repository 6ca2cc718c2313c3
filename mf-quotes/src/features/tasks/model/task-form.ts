// The task form's rules (SPEC.md §5): name required, price ≥ 0 (step 0.01), unit required.
import {
  DEFAULT_UNIT,
  PREDEFINED_UNITS,
  UNIT_PRICE_RULES,
  formatEuros,
  eurosToCents,
  parseNumberField,
  taskNameError,
  type Task,
} from '@atelier/domain';

import { TASKS_MESSAGES } from '../messages';
import { findDuplicateTask } from './task-catalogue';

export interface TaskFormValues {
  name: string;
  /** As typed in the number input. */
  price: string;
  unitMode: 'predefined' | 'custom';
  predefinedUnit: string;
  customUnit: string;
}

export const INITIAL_TASK_FORM: TaskFormValues = {
  name: '',
  price: '',
  unitMode: 'predefined',
  predefinedUnit: DEFAULT_UNIT,
  customUnit: '',
};

export type TaskFormResult =
  { ok: true; task: Task } | { ok: false; field: 'name' | 'price' | 'unit'; message: string };

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
  return {
    name: task.name,
    price: String(task.price).replace('.', ','),
    unitMode: predefined ? 'predefined' : 'custom',
    predefinedUnit: predefined ? task.unit : DEFAULT_UNIT,
    customUnit: predefined ? '' : task.unit,
  };
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
  const price = parseNumberField(values.price, UNIT_PRICE_RULES);
  if (!price.ok) return { ok: false, field: 'price', message: price.message };
  const unit = unitOf(values);
  if (!unit) return { ok: false, field: 'unit', message: TASKS_MESSAGES.unitRequired };
  const duplicate = findDuplicateTask(catalogue, { name, unit }, editingIndex);
  if (duplicate >= 0) {
    const existing = catalogue[duplicate]!;
    return { ok: false, field: 'name', message: TASKS_MESSAGES.duplicate(existing.name, existing.unit) };
  }
  return { ok: true, task: { name, price: price.value, unit } };
}

/** « 12,50 € / m2 » */
export function formatTaskPrice(task: Pick<Task, 'price' | 'unit'>): string {
  return `${formatEuros(eurosToCents(task.price))} / ${task.unit}`;
}
