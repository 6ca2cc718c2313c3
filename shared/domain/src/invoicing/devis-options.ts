// The options a client can accept online (issues 26 item 2 and 27 item 4): an item marked option (outside an option
// section) or a whole section marked option. Each choice is named by the index of its stored line; accepting it
// sets `accepted: true` on that line (and, for a section, on its items that carry their own option flag), so the
// totals (devisTotals, SQL document_money) and invoiceLinesFromDevis then count it. The same rule is in SQL
// (migration 0093, accept_quote_options) for the server's check.
import type { Cents } from '../money';
import type { Discount, StoredLine, VatContext } from './document-lines';
import { devisTotals } from './devis-lines';

export interface DevisOptionChoice {
  /** Index of the stored line (an item, or a section heading) the client may accept. */
  index: number;
  name: string;
  /** The option's net HT (a section: Σ of its items' nets). */
  netHtCents: Cents;
}

/** At most this many option indexes in one acceptance (a devis has at most 1 000 lines). */
export const MAX_ACCEPTED_OPTIONS = 1000;

function choiceIndexes(lines: readonly StoredLine[]): number[] {
  let sectionIsOption = false;
  const out: number[] = [];
  lines.forEach((line, index) => {
    if (line.kind === 'section') {
      sectionIsOption = line.option === true;
      if (sectionIsOption && line.accepted !== true) out.push(index);
      return;
    }
    if (line.kind === 'text' || sectionIsOption) return;
    if (line.option === true && line.accepted !== true) out.push(index);
  });
  return out;
}

/** The options of a devis its client may still accept, in document order. */
export function devisOptionChoices(lines: readonly StoredLine[], context: VatContext): DevisOptionChoice[] {
  const indexes = choiceIndexes(lines);
  if (indexes.length === 0) return [];
  const totals = devisTotals(lines, null, context);
  return indexes.map((index) => {
    const line = lines[index]!;
    const netHtCents =
      line.kind === 'section'
        ? (totals.sections.find((s) => s.index === index)?.subtotalCents ?? 0)
        : totals.lines[index]!.netCents;
    return { index, name: line.name, netHtCents };
  });
}

/** Whether `indexes` is a valid set of options of these lines (integers, each an option choice, no repeat). */
export function acceptedOptionsValid(lines: readonly StoredLine[], indexes: unknown): indexes is number[] {
  if (!Array.isArray(indexes) || indexes.length > MAX_ACCEPTED_OPTIONS) return false;
  const allowed = new Set(choiceIndexes(lines));
  const seen = new Set<number>();
  for (const i of indexes) {
    if (typeof i !== 'number' || !Number.isInteger(i) || !allowed.has(i) || seen.has(i)) return false;
    seen.add(i);
  }
  return true;
}

/** The lines with these options accepted (call acceptedOptionsValid first; other indexes are ignored). */
export function withAcceptedOptions(lines: readonly StoredLine[], indexes: readonly number[]): StoredLine[] {
  const chosen = new Set(indexes.filter((i) => choiceIndexes(lines).includes(i)));
  let acceptedSection = false;
  return lines.map((line, index) => {
    if (line.kind === 'section') {
      acceptedSection = chosen.has(index);
      return acceptedSection ? { ...line, accepted: true } : line;
    }
    if (chosen.has(index) || (acceptedSection && line.kind !== 'text' && line.option === true)) {
      return { ...line, accepted: true };
    }
    return line;
  });
}

/** What the client accepted online: the options retained (name, net HT) and the devis' totals with them. */
export interface AcceptedQuoteSummary {
  options: { name: string; netHtCents: Cents }[];
  netHtCents: Cents;
  ttcCents: Cents;
}

/**
 * The summary of an acceptance with these option indexes (call acceptedOptionsValid first; others are ignored):
 * each option's net HT as the signing page showed it, and the totals of the devis with them accepted — the same
 * figures decide_quote stores.
 */
export function acceptedQuoteSummary(
  lines: readonly StoredLine[],
  discount: Discount | null | undefined,
  context: VatContext,
  indexes: readonly number[],
): AcceptedQuoteSummary {
  const chosen = new Set(indexes);
  const options = devisOptionChoices(lines, context)
    .filter((c) => chosen.has(c.index))
    .map((c) => ({ name: c.name, netHtCents: c.netHtCents }));
  const totals = devisTotals(withAcceptedOptions(lines, indexes), discount, context);
  return { options, netHtCents: totals.netHtCents, ttcCents: totals.ttcCents };
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown, max: number): string | undefined => (typeof v === 'string' ? v.slice(0, max) : undefined);

function publicDiscount(v: unknown): StoredLine['discount'] {
  const d = v as { kind?: unknown; value?: unknown } | null;
  const value = num(d?.value);
  if (value === undefined || (d?.kind !== 'percent' && d?.kind !== 'amount')) return undefined;
  return { kind: d.kind, value };
}

/**
 * A devis' stored lines as its client's public page shows them (what the PDF prints): the catalogue id, the ouvrage
 * coefficient and the components of an ouvrage not shown detailed are left out; unreadable fields dropped.
 */
export function publicDevisLines(raw: unknown): StoredLine[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(0, 1000).map((value) => {
    const l = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
    const kind = l.kind === 'text' || l.kind === 'section' ? l.kind : undefined;
    const line: StoredLine = {
      ...(kind ? { kind } : {}),
      name: str(l.name, 500) ?? '',
      unit: str(l.unit, 50) ?? '',
      price: num(l.price) ?? 0,
      quantity: num(l.quantity) ?? 0,
    };
    const vatRate = num(l.vatRate);
    if (vatRate !== undefined) line.vatRate = vatRate;
    if (typeof l.vatCategory === 'string') line.vatCategory = l.vatCategory as StoredLine['vatCategory'];
    const description = str(l.description, 2000);
    if (description) line.description = description;
    const discount = publicDiscount(l.discount);
    if (discount) line.discount = discount;
    if (typeof l.option === 'boolean') line.option = l.option;
    if (typeof l.accepted === 'boolean') line.accepted = l.accepted;
    if (l.detailed === true && Array.isArray(l.components)) {
      line.detailed = true;
      line.components = l.components.slice(0, 200).map((c) => {
        const o = (c && typeof c === 'object' ? c : {}) as Record<string, unknown>;
        return {
          kind: o.kind === 'main_oeuvre' ? 'main_oeuvre' : 'fourniture',
          name: str(o.name, 500) ?? '',
          unit: str(o.unit, 50) ?? '',
          quantity: num(o.quantity) ?? 0,
          price: num(o.price) ?? 0,
        };
      });
    }
    return line;
  });
}
