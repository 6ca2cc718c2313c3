// The draft devis kept in this browser, per signed-in user (key namespaced by the user id), so a reload or a
// day offline loses nothing. Written on every change; cleared only by « Nouveau devis ».
import { DEFAULT_VAT_RATE, quoteLineSchema } from '@atelier/domain';
import { createStoredValue, type StoredValue } from '@atelier/storage';
import * as z from 'zod/mini';

import { EMPTY_CLIENT, EMPTY_DRAFT, type QuoteDraft } from './quote-draft';

const storedDraftSchema = z.object({
  version: z.literal(1),
  title: z.string(),
  client: z.object({ name: z.string(), email: z.string(), phone: z.string(), address: z.string() }),
  lines: z.array(quoteLineSchema),
  vatRate: z.number().check(z.gte(0), z.lte(100)),
});
export type StoredDraft = z.infer<typeof storedDraftSchema>;
export type DraftStore = StoredValue<StoredDraft | null>;

export const DRAFT_KEY_PREFIX = 'quoteDraft.';

export function draftStorageKey(userId: string): string {
  return `${DRAFT_KEY_PREFIX}${userId}`;
}

const stores = new Map<string, DraftStore>();

/** The signed-in user's draft store (one per user id, so two accounts on one device never share a draft). */
export function draftStoreFor(userId: string): DraftStore {
  let store = stores.get(userId);
  if (!store) {
    store = createStoredValue<StoredDraft | null>(draftStorageKey(userId), z.nullable(storedDraftSchema), null, {
      label: 'devis en cours',
      resetText: 'le devis repart vide',
    });
    stores.set(userId, store);
  }
  return store;
}

export function toStoredDraft(draft: QuoteDraft): StoredDraft {
  return {
    version: 1,
    title: draft.title,
    client: { ...draft.client },
    lines: draft.lines.map(({ name, unit, price, quantity }) => ({ name, unit, price, quantity })),
    vatRate: draft.vatRate,
  };
}

export function fromStoredDraft(stored: StoredDraft | null): QuoteDraft {
  if (!stored) return EMPTY_DRAFT;
  return {
    title: stored.title,
    client: { ...EMPTY_CLIENT, ...stored.client },
    lines: stored.lines.map((line, i) => ({ ...line, id: `line-${i + 1}` })),
    vatRate: Number.isFinite(stored.vatRate) ? stored.vatRate : DEFAULT_VAT_RATE,
    nextLineId: stored.lines.length + 1,
  };
}

export function isEmptyDraft(draft: QuoteDraft): boolean {
  return (
    draft.lines.length === 0 &&
    draft.title.trim() === '' &&
    Object.values(draft.client).every((v) => v.trim() === '') &&
    draft.vatRate === DEFAULT_VAT_RATE
  );
}
