// The money of a devis written the way artisans write them (issue 27): sections with subtotals, comments,
// ouvrages (supplies + labour × coefficient), remises per line and on the whole document, options outside the
// total unless accepted. Everything goes through computeDocumentTotals, so the editor, the PDF, the server's
// check (document_money, migration 0067) and the Factur-X XML read the same figures.
import { formatEuros, type Cents } from '../money';
import {
  lineDiscountCents,
  toMoneyLine,
  validateLines,
  type Discount,
  type OuvrageComponent,
  type StoredLine,
  type VatContext,
} from './document-lines';
import { lineInfos } from './line-roles';
import { DEVIS_LINE_MESSAGES as D, INVOICING_MESSAGES as M } from './messages';
import { divRound, multiplyCents } from './rounding';
import {
  computeDocumentTotals,
  documentDiscountCents,
  lineGrossCents,
  lineNetCents as moneyLineNet,
  type DocumentTotals,
  type MoneyLine,
} from './totals';
import type { VatCategory } from './vat';

export const MAX_DESCRIPTION_LENGTH = 2000;
export const MAX_LINE_NAME_LENGTH = 500;
export const MAX_DOCUMENT_LINES = 1000;

/**
 * An ouvrage's unit price HT in euros: Σ round(quantity × price) of its components (quantities up to 3 decimals),
 * then × coefficient (up to 4 decimals), each rounded half away from zero to the cent.
 */
export function ouvrageUnitPrice(components: readonly OuvrageComponent[], coefficient = 1): number {
  const cost = components.reduce(
    (sum, c) => sum + divRound(Math.round(c.price * 100) * Math.round(c.quantity * 1000), 1000),
    0,
  );
  return divRound(cost * Math.round(coefficient * 10000), 10000) / 100;
}

export interface DevisSectionTotal {
  index: number;
  name: string;
  /** Σ nets of its items (after their remises); of its options when the section is an option not accepted. */
  subtotalCents: Cents;
  /** The section is an option the client did not accept (outside the total). */
  option: boolean;
}

export interface DevisTotals {
  sections: DevisSectionTotal[];
  /** Per stored line (same index): gross (quantity × price), remise, net; 0 for text and section lines. */
  lines: { grossCents: Cents; discountCents: Cents; netCents: Cents }[];
  /** Σ quantity × price of the lines in the total, before any remise. */
  grossHtCents: Cents;
  /** Σ line remises of the lines in the total. */
  lineDiscountsCents: Cents;
  /** « Total HT avant remise » = gross − line remises. */
  lineTotalCents: Cents;
  /** The remise globale. */
  documentDiscountCents: Cents;
  /** « Total HT après remise » (BT-109). */
  netHtCents: Cents;
  vat: { rate: number; category: VatCategory; baseCents: Cents; vatCents: Cents; discountCents: Cents }[];
  vatCents: Cents;
  ttcCents: Cents;
  /** Options not accepted: priced, outside every total. */
  options: { index: number; name: string; netHtCents: Cents }[];
  /** The same figures as computeDocumentTotals gives them (breakdown with EN 16931 codes). */
  totals: DocumentTotals;
}

/** The money of a devis / invoice's stored lines with its document discount. Call validateDevisLines first. */
export function devisTotals(
  lines: readonly StoredLine[],
  discount: Discount | null | undefined,
  context: VatContext,
): DevisTotals {
  const infos = lineInfos(lines);
  const money: (MoneyLine | null)[] = lines.map((line, i) =>
    infos[i]!.role === 'item' || infos[i]!.role === 'option' ? toMoneyLine(line, context) : null,
  );
  const perLine = money.map((m) => {
    if (!m) return { grossCents: 0, discountCents: 0, netCents: 0 };
    return { grossCents: lineGrossCents(m), discountCents: m.discountCents ?? 0, netCents: moneyLineNet(m) };
  });
  const counted = money.filter((m, i): m is MoneyLine => m !== null && infos[i]!.role === 'item');
  const totals = computeDocumentTotals(counted, { documentDiscount: discount });
  const sections: DevisSectionTotal[] = [];
  lines.forEach((line, index) => {
    if (line.kind !== 'section') return;
    const option = Boolean(line.option) && !line.accepted;
    const role = option ? 'option' : 'item';
    const subtotalCents = infos.reduce(
      (sum, info, i) => (info.section === index && info.role === role ? sum + perLine[i]!.netCents : sum),
      0,
    );
    sections.push({ index, name: line.name, subtotalCents, option });
  });
  let grossHtCents = 0;
  let lineDiscountsCents = 0;
  infos.forEach((info, i) => {
    if (info.role !== 'item') return;
    grossHtCents += perLine[i]!.grossCents;
    lineDiscountsCents += perLine[i]!.discountCents;
  });
  return {
    sections,
    lines: perLine,
    grossHtCents,
    lineDiscountsCents,
    lineTotalCents: totals.lineTotalCents,
    documentDiscountCents: totals.documentDiscountCents,
    netHtCents: totals.totalHTCents,
    vat: totals.breakdown.map((row) => ({
      rate: row.rate,
      category: row.category,
      baseCents: row.baseCents,
      vatCents: row.vatCents,
      discountCents: row.discountCents ?? 0,
    })),
    vatCents: totals.totalVatCents,
    ttcCents: totals.totalTTCCents,
    options: infos.flatMap((info, index) =>
      info.role === 'option' ? [{ index, name: lines[index]!.name, netHtCents: perLine[index]!.netCents }] : [],
    ),
    totals,
  };
}

const finite = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n);

/** Why a remise cannot be kept (negative, over 100 %, over the amount it comes off), or null. */
export function discountError(
  discount: Discount | null | undefined,
  maxCents: Cents,
  onDocument: boolean,
): string | null {
  if (!discount) return null;
  if (!finite(discount.value)) return D.notANumber;
  if (discount.value < 0) return D.discountNegative;
  if (discount.kind === 'percent') return discount.value > 100 ? D.discountOver100 : null;
  if (Math.round(discount.value * 100) > Math.max(0, maxCents)) {
    return onDocument
      ? D.discountOverTotal(formatEuros(Math.max(0, maxCents)))
      : D.discountOverLine(formatEuros(Math.max(0, maxCents)));
  }
  return null;
}

function lineError(line: StoredLine): string | null {
  if (typeof line.name === 'string' && line.name.length > MAX_LINE_NAME_LENGTH)
    return D.nameTooLong(MAX_LINE_NAME_LENGTH);
  if (line.description !== undefined && String(line.description).length > MAX_DESCRIPTION_LENGTH) {
    return D.descriptionTooLong(MAX_DESCRIPTION_LENGTH);
  }
  if (line.kind === 'text' || line.kind === 'section') return null;
  if (!finite(line.price) || !finite(line.quantity)) return D.notANumber;
  if (line.price < 0) return M.negativePrice;
  if (line.quantity < 0) return M.negativeQuantity;
  if (line.components !== undefined) {
    if (line.components.length === 0) return D.ouvrageEmpty;
    for (const c of line.components) {
      if (!finite(c.price) || !finite(c.quantity)) return D.notANumber;
      if (c.price < 0 || c.quantity < 0) return D.componentNegative(c.name);
    }
    if (line.coefficient !== undefined && (!finite(line.coefficient) || line.coefficient <= 0)) {
      return D.coefficientInvalid;
    }
  }
  return discountError(line.discount, multiplyCents(Math.round(line.price * 100), line.quantity), false);
}

/**
 * Why a devis / invoice's lines and document discount cannot be saved (French, prefixed by the line's name), or
 * null: numbers, negative prices / quantities, remises (negative, over 100 %, over their amount), empty sections,
 * ouvrages without components, too long texts, then the VAT rules of validateLines on the items.
 */
export function validateDevisLines(
  lines: readonly StoredLine[],
  discount: Discount | null | undefined,
  context: VatContext,
): string | null {
  if (lines.length > MAX_DOCUMENT_LINES) return D.tooManyLines(MAX_DOCUMENT_LINES);
  for (const line of lines) {
    const error = lineError(line);
    if (error) return line.name ? `${line.name} : ${error}` : error;
  }
  const infos = lineInfos(lines);
  for (const [index, line] of lines.entries()) {
    if (line.kind !== 'section') continue;
    const hasItem = infos.some((info) => info.section === index && (info.role === 'item' || info.role === 'option'));
    if (!hasItem) return D.emptySection(line.name);
  }
  const items = lines.filter((_, i) => infos[i]!.role === 'item' || infos[i]!.role === 'option');
  const vatError = validateLines(items, context);
  if (vatError) return vatError;
  const lineTotal = devisTotals(lines, null, context).lineTotalCents;
  return discountError(discount, lineTotal, true);
}

/**
 * The lines an invoice made from the devis carries: options the client did not accept dropped (with an option
 * section, its heading and comments), accepted options become ordinary lines, a section left without item
 * dropped; everything else (sections, comments, descriptions, remises, ouvrage snapshots) kept as is.
 */
export function invoiceLinesFromDevis(lines: readonly StoredLine[]): StoredLine[] {
  const infos = lineInfos(lines);
  const keptSection = (index: number) => infos.some((info) => info.section === index && info.role === 'item');
  const out: StoredLine[] = [];
  lines.forEach((line, index) => {
    const info = infos[index]!;
    if (info.role === 'option') return;
    if (info.role === 'section' && !keptSection(index)) return;
    if (info.role === 'text' && info.section !== null && !keptSection(info.section)) return;
    const { option: _option, accepted: _accepted, ...rest } = line;
    out.push(rest);
  });
  return out;
}

/** The document discount in cents a total HT before remise gets (the same rule as the totals). */
export function documentDiscountOf(lineTotalCents: Cents, discount: Discount | null | undefined): Cents {
  return documentDiscountCents(lineTotalCents, discount);
}

export { lineDiscountCents };
