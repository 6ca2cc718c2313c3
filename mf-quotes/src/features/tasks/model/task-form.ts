// The task form's rules (SPEC.md §5): name required, price ≥ 0 (step 0.01), unit required.
import { DEFAULT_UNIT, formatEuros, eurosToCents, type Task } from '@atelier/domain';

import { TASKS_MESSAGES } from '../messages';

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

export function parsePrice(input: string): number | null {
  const trimmed = input.trim().replace(',', '.');
  if (trimmed === '') return null;
  const n = Number(trimmed);
  if (!Number.isFinite(n) || n < 0) return null;
  // Step 0.01: stored in euros with at most 2 decimals.
  return eurosToCents(n) / 100;
}

export function unitOf(values: TaskFormValues): string {
  return (values.unitMode === 'custom' ? values.customUnit : values.predefinedUnit).trim();
}

export function taskFromForm(values: TaskFormValues): TaskFormResult {
  const name = values.name.trim();
  if (!name) return { ok: false, field: 'name', message: TASKS_MESSAGES.nameRequired };
  const price = parsePrice(values.price);
  if (price === null) return { ok: false, field: 'price', message: TASKS_MESSAGES.priceInvalid };
  const unit = unitOf(values);
  if (!unit) return { ok: false, field: 'unit', message: TASKS_MESSAGES.unitRequired };
  return { ok: true, task: { name, price, unit } };
}

/** « 12,50 € / m2 » */
export function formatTaskPrice(task: Pick<Task, 'price' | 'unit'>): string {
  return `${formatEuros(eurosToCents(task.price))} / ${task.unit}`;
}
