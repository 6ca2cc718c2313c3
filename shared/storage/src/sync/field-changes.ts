// The field-level side of the sync engine: what a write changed, the per-field clocks a row carries
// (field_clock, migration 0070), and the local view of a row (the server's row with the device's pending changes
// over it).
import type { OutboxEntry, SyncRow } from './sync-engine';

/** { field: { c: clock of its last change, b: the clock that change was based on } } */
export type FieldClocks = Record<string, { c: string; b?: string | null }>;

/** Columns that are never a user's change: the row's identity and the server's bookkeeping. */
const NOT_FIELDS = new Set(['id', 'user_id', 'updated_at', 'field_clock', 'created_at']);

export function fieldClocks(row: SyncRow | undefined): FieldClocks {
  const value = row?.field_clock;
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as FieldClocks) : {};
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') {
    return (a ?? null) === (b ?? null);
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The fields of `next` that differ from `current` (all of them for a new row). */
export function changedFields(current: SyncRow | undefined, next: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(next)) {
    if (NOT_FIELDS.has(key)) continue;
    if (!current || !same(current[key], value)) out[key] = value;
  }
  return out;
}

/** The row as this device shows it: the server's row with every pending change of it applied in order. */
export function overlay(server: SyncRow, pending: readonly OutboxEntry[]): SyncRow {
  if (!pending.length) return server;
  const clocks: FieldClocks = { ...fieldClocks(server) };
  const row: SyncRow = { ...server };
  for (const entry of pending) {
    for (const [key, value] of Object.entries(entry.fields ?? {})) {
      row[key] = value;
      const c = entry.clocks?.[key];
      if (c) clocks[key] = { c, b: entry.bases?.[key] ?? null };
    }
  }
  row.field_clock = clocks;
  return row;
}
