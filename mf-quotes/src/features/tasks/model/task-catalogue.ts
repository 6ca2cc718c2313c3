// The catalogue's identity rule: two tasks are the same when their names match without case, accents or extra
// spaces, for the same unit (« Tuyau cuivre » ml and « tuyau  CUIVRE » ml are one task; « Tuyau cuivre » unité is
// another). The line pickers show names, so a second task of the same name and unit would be indistinguishable.
import type { Task } from '@atelier/domain';

/**
 * « Tuyau Cuivré » → « tuyau cuivre »: lower case, no diacritics, single spaces. toLowerCase(), not
 * toLocaleLowerCase('fr-FR'): French has no locale-specific case mapping (only Turkish, Azeri and Lithuanian do), so
 * both give the same key, and the locale-aware one costs about four times as much — 5 000 names are keyed when
 * /tasks shows a big catalogue (task-catalogue.test.ts checks they agree on the French alphabet).
 */
export function taskNameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function unitKey(unit: string): string {
  return taskNameKey(unit);
}

/**
 * The index of the task of `catalogue` that `candidate` would duplicate (same name key and unit), or -1.
 * `editingIndex` is the task being edited: it does not count as its own duplicate.
 */
export function findDuplicateTask(
  catalogue: readonly Pick<Task, 'name' | 'unit'>[],
  candidate: Pick<Task, 'name' | 'unit'>,
  editingIndex = -1,
): number {
  const name = taskNameKey(candidate.name);
  const unit = unitKey(candidate.unit);
  return catalogue.findIndex(
    (task, index) => index !== editingIndex && taskNameKey(task.name) === name && unitKey(task.unit) === unit,
  );
}
