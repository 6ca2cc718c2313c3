// The draft devis kept in this browser, per signed-in user (key namespaced by the user id), so a reload or a
// day offline loses nothing. Written on every change; cleared only by « Nouveau devis ».
import { DEFAULT_VAT_RATE, type Discount, type StoredLine } from '@atelier/domain';
import { createStoredValue, type StoredValue, type ValueSchema } from '@atelier/storage';

import { readDiscount, readDraftLine, writeDraftLine } from './draft-lines';
import { EMPTY_CLIENT, EMPTY_DRAFT, type QuoteDraft, type QuoteOptions } from './quote-draft';

export interface StoredDraft {
  version: 1;
  title: string;
  client: { name: string; email: string; phone: string; address: string };
  /** The stored line of @atelier/domain (kinds, description, discount, option, ouvrage snapshot: issue 27). */
  lines: StoredLine[];
  vatRate: number;
  /** The global discount (issue 27). */
  discount?: Discount;
  /** Devis options (issue 28). */
  options?: QuoteOptions;
  /** The saved quote being edited (« Modifier » on /clients): regenerating replaces it. */
  quoteId?: string;
}

const CLIENT_FIELDS = ['name', 'email', 'phone', 'address'] as const;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The stored draft's shape, checked by hand (lines with @atelier/domain's schema): this remote then carries no
 * validation library of its own on the home page's first load (issue 14). Unknown keys are dropped, like zod.
 */
/** The stored devis options, each kept only when of the right type. */
function readOptions(value: unknown): QuoteOptions | undefined {
  if (!isObject(value)) return undefined;
  const out: QuoteOptions = {};
  for (const key of ['depositPercent', 'retenuePercent'] as const) {
    if (typeof value[key] === 'number' && Number.isFinite(value[key])) out[key] = value[key] as number;
  }
  for (const key of ['progressBilling', 'retenueCaution', 'autoliquidation'] as const) {
    if (typeof value[key] === 'boolean') out[key] = value[key] as boolean;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

export const storedDraftSchema: ValueSchema<StoredDraft | null> = {
  safeParse(value) {
    if (value === null) return { success: true, data: null };
    if (!isObject(value) || value.version !== 1 || typeof value.title !== 'string') return { success: false };
    const { client, lines, vatRate } = value;
    if (!isObject(client) || !CLIENT_FIELDS.every((field) => typeof client[field] === 'string')) {
      return { success: false };
    }
    if (typeof vatRate !== 'number' || Number.isNaN(vatRate) || vatRate < 0 || vatRate > 100) return { success: false };
    if (!Array.isArray(lines)) return { success: false };
    const parsedLines: StoredLine[] = [];
    for (const line of lines) {
      const parsed = readDraftLine(line);
      if (!parsed) return { success: false };
      parsedLines.push(parsed);
    }
    if (value.quoteId !== undefined && typeof value.quoteId !== 'string') return { success: false };
    const { name, email, phone, address } = client as StoredDraft['client'];
    const data: StoredDraft = {
      version: 1,
      title: value.title,
      client: { name, email, phone, address },
      lines: parsedLines,
      vatRate,
    };
    if (typeof value.quoteId === 'string') data.quoteId = value.quoteId;
    const options = readOptions(value.options);
    if (options) data.options = options;
    const discount = readDiscount(value.discount);
    if (discount) data.discount = discount;
    return { success: true, data };
  },
};
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
    store = createStoredValue<StoredDraft | null>(draftStorageKey(userId), storedDraftSchema, null, {
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
    // Each line keeps its own VAT rate (issue 28) and everything the editor gave it (issue 27).
    lines: draft.lines.map(writeDraftLine),
    vatRate: draft.vatRate,
    ...(draft.discount ? { discount: { ...draft.discount } } : {}),
    ...(draft.options ? { options: { ...draft.options } } : {}),
    ...(draft.quoteId ? { quoteId: draft.quoteId } : {}),
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
    ...(stored.options ? { options: stored.options } : {}),
    ...(stored.discount ? { discount: stored.discount } : {}),
    ...(stored.quoteId ? { quoteId: stored.quoteId } : {}),
  };
}

export function isEmptyDraft(draft: QuoteDraft): boolean {
  return (
    draft.lines.length === 0 &&
    !draft.discount &&
    draft.title.trim() === '' &&
    Object.values(draft.client).every((v) => v.trim() === '') &&
    draft.vatRate === DEFAULT_VAT_RATE
  );
}
