// The notes box's work in progress, kept in this browser per signed-in user (key namespaced by the user id) like
// the devis draft: the typed notes and the proposed lines under review survive a reload or a page change, until
// the lines are added to the devis or the user clears them. Two accounts on one device never share it.
import type { ExtractionResult } from '@atelier/domain';
import { createStoredValue, type StoredValue, type ValueSchema } from '@atelier/storage';
import { NOTES_DRAFT_KEY_PREFIX } from '@atelier/ui/src/recognition-frame';

import type { ProposedLine } from '../../analysis/review';

/** A proposed line as the user left it: kept or not, quantity as typed. */
export type ReviewedLine = ProposedLine & { keep: boolean; quantityText: string };

export interface NotesDraft {
  version: 1;
  text: string;
  /** The analysis under review, null when none. */
  proposal: { result: ExtractionResult; rows: ReviewedLine[] } | null;
}

export const EMPTY_NOTES_DRAFT: NotesDraft = { version: 1, text: '', proposal: null };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readRow(value: unknown): ReviewedLine | null {
  if (!isObject(value)) return null;
  const { name, quantity, unit, source, unsure, keep, quantityText } = value;
  if (typeof name !== 'string' || typeof unit !== 'string' || typeof source !== 'string') return null;
  if (typeof quantity !== 'number' || !Number.isFinite(quantity)) return null;
  if (typeof unsure !== 'boolean' || typeof keep !== 'boolean' || typeof quantityText !== 'string') return null;
  return { name, quantity, unit, source, unsure, keep, quantityText };
}

const CLIENT_FIELDS = ['name', 'phone', 'email', 'address', 'company'] as const;

/** The analysis result, checked by hand (no validation library on the home page's path, as for the devis draft). */
function readResult(value: unknown): ExtractionResult | null {
  if (!isObject(value) || typeof value.projectTitle !== 'string' || !Array.isArray(value.tasks)) return null;
  const tasks: ExtractionResult['tasks'] = [];
  for (const task of value.tasks) {
    if (!isObject(task) || typeof task.name !== 'string' || typeof task.unit !== 'string') return null;
    if (typeof task.quantity !== 'number' || !(task.quantity > 0)) return null;
    tasks.push({ name: task.name, quantity: task.quantity, unit: task.unit });
  }
  const result: ExtractionResult = { projectTitle: value.projectTitle, tasks };
  if (value.client !== undefined) {
    if (!isObject(value.client)) return null;
    const client: NonNullable<ExtractionResult['client']> = {};
    for (const field of CLIENT_FIELDS) {
      const v = value.client[field];
      if (v === undefined) continue;
      if (typeof v !== 'string') return null;
      client[field] = v;
    }
    result.client = client;
  }
  return result;
}

export const notesDraftSchema: ValueSchema<NotesDraft> = {
  safeParse(value) {
    if (!isObject(value) || value.version !== 1 || typeof value.text !== 'string') return { success: false };
    if (value.proposal === null || value.proposal === undefined) {
      return { success: true, data: { version: 1, text: value.text, proposal: null } };
    }
    if (!isObject(value.proposal) || !Array.isArray(value.proposal.rows)) return { success: false };
    const result = readResult(value.proposal.result);
    if (!result) return { success: false };
    const rows: ReviewedLine[] = [];
    for (const raw of value.proposal.rows) {
      const row = readRow(raw);
      if (!row) return { success: false };
      rows.push(row);
    }
    return { success: true, data: { version: 1, text: value.text, proposal: { result, rows } } };
  },
};

export type NotesDraftStore = StoredValue<NotesDraft>;

const stores = new Map<string, NotesDraftStore>();

/** The signed-in user's notes draft (one store per user id). */
export function notesDraftStoreFor(userId: string): NotesDraftStore {
  let store = stores.get(userId);
  if (!store) {
    store = createStoredValue<NotesDraft>(`${NOTES_DRAFT_KEY_PREFIX}${userId}`, notesDraftSchema, EMPTY_NOTES_DRAFT, {
      label: 'notes en cours',
      resetText: 'les notes repartent vides',
    });
    stores.set(userId, store);
  }
  return store;
}
