// The quote being built on the home page: a plain immutable value and pure transitions (SPEC.md §2 « Home »).
// Every transition returns the same object when nothing changes, so memoised rows can skip re-rendering.
import type { RecognisedTask } from '@atelier/bus';
import {
  DEFAULT_VAT_RATE,
  MAX_QUANTITY,
  MAX_TASK_NAME_LENGTH,
  devisTotals,
  isItemLine,
  isVatRate,
  lineTotalError,
  normaliseVatRate,
  type DevisTotals,
  type DocumentTotals,
  type ExtractedClient,
  type Discount,
  type QuoteLine,
  type StoredLine,
  type Task,
  type VatContext,
  type VatRegime,
} from '@atelier/domain';

import { lineFromCatalogue } from './catalogue-line';

export interface DraftClient {
  name: string;
  email: string;
  phone: string;
  address: string;
}

/**
 * A line of the devis being built: the stored line of @atelier/domain (item, comment or section heading, with its
 * description, discount, option flag and ouvrage snapshot) plus an identity for rendering and editing.
 */
export interface DraftLine extends StoredLine {
  /** Stable identity for rendering and editing; not stored. */
  id: string;
}

/** Whether a line is priced (an item, as opposed to a comment or a section heading): the money model's rule. */
export { isItemLine };

/** Devis options (issue 28): requested deposit, progress billing with its retenue, autoliquidation. */
export interface QuoteOptions {
  /** Requested deposit, % of the TTC. */
  depositPercent?: number;
  progressBilling?: boolean;
  /** Retenue de garantie, % of the TTC (≤ 5). */
  retenuePercent?: number;
  retenueCaution?: boolean;
  /** Sous-traitance BTP: every line in autoliquidation (AE, 0 %). */
  autoliquidation?: boolean;
}

export interface QuoteDraft {
  options?: QuoteOptions;
  /** Set when a saved devis was opened for editing (/?devis=<id>): regenerating replaces it (same id). */
  quoteId?: string;
  title: string;
  client: DraftClient;
  lines: readonly DraftLine[];
  vatRate: number;
  nextLineId: number;
  /** The devis' global discount (remise before VAT, `quotes.discount`); absent = none. */
  discount?: Discount | undefined;
}

export const EMPTY_CLIENT: DraftClient = { name: '', email: '', phone: '', address: '' };

export const EMPTY_DRAFT: QuoteDraft = {
  title: '',
  client: EMPTY_CLIENT,
  lines: [],
  vatRate: DEFAULT_VAT_RATE,
  nextLineId: 1,
};

export function sameTaskName(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('fr') === b.trim().toLocaleLowerCase('fr');
}

export function findCatalogueTask(catalogue: readonly Task[], name: string): Task | undefined {
  return catalogue.find((task) => sameTaskName(task.name, name));
}

/**
 * Quantities coming from elsewhere than the quantity field (recognition, old data): a number ≥ 1, at most 2
 * decimals, at most 100 000; anything else becomes 1. The field itself refuses bad input with a message.
 */
export function normaliseQuantity(input: number | string | null | undefined): number {
  const n = typeof input === 'number' ? input : Number(String(input ?? '').replace(',', '.'));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(MAX_QUANTITY, Math.round(n * 100) / 100);
}

/** The quantity field's extra rule once the number is valid: the line total stays ≤ 10 000 000 € HT. */
export function lineQuantityError(line: Pick<QuoteLine, 'price'>, quantity: number): string | null {
  return lineTotalError(line.price, quantity);
}

const COUNTED_UNITS = /^(?:unit[ée]s?|u\.?|pi[eè]ces?|forfaits?|forf\.?|fft|ft|ens(?:emble)?\.?)?$/i;

/**
 * A recognised quantity as the devis keeps it (README departures): measured units (m², ml, h, jour…) keep up
 * to 2 decimals (0,75 h, 14,5 m²); counted units (unité, u, forfait) are whole numbers ≥ 1.
 */
export function recognisedQuantity(value: number, unit: string): number {
  if (!Number.isFinite(value) || value <= 0) return 1;
  if (COUNTED_UNITS.test(unit.trim())) return Math.max(1, Math.round(value));
  return Math.max(0.01, Math.round(value * 100) / 100);
}

export function withLine(draft: QuoteDraft, line: Omit<DraftLine, 'id'>): QuoteDraft {
  return {
    ...draft,
    lines: [...draft.lines, { ...line, id: `line-${draft.nextLineId}` }],
    nextLineId: draft.nextLineId + 1,
  };
}

export function mapLine(draft: QuoteDraft, lineId: string, change: (line: DraftLine) => DraftLine): QuoteDraft {
  let changed = false;
  const lines = draft.lines.map((line) => {
    if (line.id !== lineId) return line;
    const next = change(line);
    if (next !== line) changed = true;
    return next;
  });
  return changed ? { ...draft, lines } : draft;
}

/**
 * Recognised tasks: one with the name of an existing line raises that line's quantity; otherwise a line is
 * added with the catalogue's price and unit (the recognised unit, price 0, if the catalogue lacks it).
 */
export function applyRecognisedTasks(
  draft: QuoteDraft,
  tasks: readonly RecognisedTask[],
  catalogue: readonly Task[],
): QuoteDraft {
  let next = draft;
  for (const task of tasks) {
    // Task names are at most 200 characters (SPEC.md §5 bounds of issue 10).
    const name = [...task.name.trim()].slice(0, MAX_TASK_NAME_LENGTH).join('');
    if (!name) continue;
    const quantity = recognisedQuantity(task.quantity, task.unit);
    const existing = next.lines.find((line) => isItemLine(line) && sameTaskName(line.name, name));
    if (existing) {
      next = mapLine(next, existing.id, (line) => ({
        ...line,
        quantity: Math.min(MAX_QUANTITY, Math.round((line.quantity + quantity) * 100) / 100),
      }));
      continue;
    }
    const known = findCatalogueTask(catalogue, name);
    next = withLine(
      next,
      known ? { ...lineFromCatalogue(known), quantity } : { name, unit: task.unit || 'unité', price: 0, quantity },
    );
  }
  return next;
}

/** Recognised client data: non-empty fields win over the current ones. */
export function mergeClient(draft: QuoteDraft, incoming: ExtractedClient | Partial<DraftClient>): QuoteDraft {
  const client = { ...draft.client };
  let changed = false;
  for (const field of ['name', 'email', 'phone', 'address'] as const) {
    const value = incoming[field]?.trim();
    if (value && value !== client[field]) {
      client[field] = value;
      changed = true;
    }
  }
  // The client's firm (« société Ornano Bâtiment »): the devis client has no company field, so it goes with the
  // name, « Jean-Marc d'Ornano (Ornano Bâtiment) », or is the name when none was said.
  const company = 'company' in incoming ? (incoming as ExtractedClient).company?.trim() : undefined;
  if (company && !client.name.includes(company)) {
    client.name = client.name ? `${client.name} (${company})` : company;
    changed = true;
  }
  return changed ? { ...draft, client } : draft;
}

/** A client picked from the client book replaces the current one. */
export function setClient(draft: QuoteDraft, client: DraftClient): QuoteDraft {
  return { ...draft, client: { name: client.name, email: client.email, phone: client.phone, address: client.address } };
}

export function setClientField(draft: QuoteDraft, field: keyof DraftClient, value: string): QuoteDraft {
  return draft.client[field] === value ? draft : { ...draft, client: { ...draft.client, [field]: value } };
}

export function setTitle(draft: QuoteDraft, title: string): QuoteDraft {
  return draft.title === title ? draft : { ...draft, title };
}

/**
 * Replaces the line by the catalogue task of that name (its name, unit and price copied in, the ouvrage's
 * components with it), keeping its quantity, its place, its VAT rate and what the artisan wrote for this devis
 * (description, discount, option).
 */
export function changeLineTask(
  draft: QuoteDraft,
  lineId: string,
  taskName: string,
  catalogue: readonly Task[],
): QuoteDraft {
  const task = findCatalogueTask(catalogue, taskName);
  if (!task) return draft;
  const copied = lineFromCatalogue(task);
  return mapLine(draft, lineId, (line) => {
    if (!isItemLine(line)) return line;
    if (line.name === copied.name && line.unit === copied.unit && line.price === copied.price) return line;
    const { id, quantity, vatRate, vatCategory, description, discount, option, accepted } = line;
    return {
      id,
      quantity,
      ...copied,
      ...(vatRate !== undefined ? { vatRate, vatCategory } : {}),
      ...(description ? { description } : {}),
      ...(discount ? { discount } : {}),
      ...(option ? { option } : {}),
      ...(accepted ? { accepted } : {}),
    };
  });
}

/** Adds the first catalogue task with quantity 1 (nothing when the catalogue is empty). */
export function addLine(draft: QuoteDraft, catalogue: readonly Task[]): QuoteDraft {
  const first = catalogue[0];
  if (!first) return draft;
  return withLine(draft, { ...lineFromCatalogue(first), quantity: 1 });
}

export function removeLine(draft: QuoteDraft, lineId: string): QuoteDraft {
  const lines = draft.lines.filter((line) => line.id !== lineId);
  return lines.length === draft.lines.length ? draft : { ...draft, lines };
}

export function setQuantity(draft: QuoteDraft, lineId: string, quantity: number | string): QuoteDraft {
  const q = normaliseQuantity(quantity);
  return mapLine(draft, lineId, (line) => (line.quantity === q || !isItemLine(line) ? line : { ...line, quantity: q }));
}

/** VAT rate 0–100, step 0.1, empty → 20 (SPEC.md §5). */
export function setVatRate(draft: QuoteDraft, input: number | string | null | undefined): QuoteDraft {
  const vatRate = normaliseVatRate(input);
  return vatRate === draft.vatRate ? draft : { ...draft, vatRate };
}

/** One line's VAT rate, from the list of the money model (a line without one takes the devis' rate). */
export function setLineVatRate(draft: QuoteDraft, lineId: string, rate: number): QuoteDraft {
  if (!isVatRate(rate)) return draft;
  return mapLine(draft, lineId, (line) =>
    line.vatRate === rate ? line : { ...line, vatRate: rate, vatCategory: undefined },
  );
}

export function setOptions(draft: QuoteDraft, patch: QuoteOptions): QuoteDraft {
  const options = { ...draft.options, ...patch };
  const same = Object.keys(patch).every(
    (k) => draft.options?.[k as keyof QuoteOptions] === options[k as keyof QuoteOptions],
  );
  return same ? draft : { ...draft, options };
}

/** The lines as the devis prices them: under autoliquidation every line is AE at 0 %. */
export function pricedLines<L extends StoredLine>(lines: readonly L[], options: QuoteOptions | undefined): L[] {
  if (!options?.autoliquidation) return [...lines];
  return lines.map((line) => (isItemLine(line) ? { ...line, vatRate: 0, vatCategory: 'autoliquidation' as const } : line));
}

/** The VAT context of the draft under the company's regime (a franchise devis carries no VAT). */
export function draftVatContext(draft: Pick<QuoteDraft, 'vatRate'>, regime: VatRegime = 'assujetti'): VatContext {
  return { regime, documentRate: regime === 'franchise' ? 0 : draft.vatRate };
}

/**
 * The devis' money by the money model of @atelier/domain (devisTotals): per-line gross / remise / net, section
 * subtotals, line and global remises, VAT per rate on the discounted bases, TTC, options outside the total.
 */
export function draftDevisTotals(
  draft: Pick<QuoteDraft, 'lines' | 'vatRate' | 'options' | 'discount'>,
  regime: VatRegime = 'assujetti',
): DevisTotals {
  return devisTotals(pricedLines(draft.lines, draft.options), draft.discount, {
    regime,
    documentRate: draft.vatRate,
  });
}

/** The devis' totals and VAT per rate (computeDocumentTotals' shape) after every remise. */
export function draftTotals(
  draft: Pick<QuoteDraft, 'lines' | 'vatRate' | 'options' | 'discount'>,
  regime: VatRegime = 'assujetti',
): DocumentTotals {
  return draftDevisTotals(draft, regime).totals;
}

export function hasNameAndEmail(client: DraftClient): boolean {
  return client.name.trim() !== '' && client.email.trim() !== '';
}
