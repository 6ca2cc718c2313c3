// Stored lines (euros, as the devis / invoice JSON keeps them) → money lines, under the VAT regime the document
// was made with; and the checks a document's lines must pass before it is saved or issued.
import { eurosToCents } from '../money';
import { linesInTotal } from './line-roles';
import { INVOICING_MESSAGES as M } from './messages';
import { multiplyCents, shareOf } from './rounding';
import type { MoneyLine } from './totals';
import {
  CATEGORY_RATES,
  VAT_CATEGORIES,
  categoriesForRegime,
  defaultCategory,
  formatVatRate,
  isVatRate,
  type VatCategory,
  type VatRegime,
} from './vat';

/**
 * A discount (remise) before VAT: a percentage (0–100) or an amount in euros HT. On a line it comes off that
 * line's total; on a document (`quotes.discount` / `invoices.discount`) it comes off the total HT of the lines in
 * the total, spread over the VAT rates in proportion to their bases so that VAT is charged on the discounted base.
 */
export type Discount = { kind: 'percent'; value: number } | { kind: 'amount'; value: number };

/** One supply or labour component of an ouvrage, as copied into the devis (the catalogue's later prices never reach it). */
export interface OuvrageComponent {
  kind: 'fourniture' | 'main_oeuvre';
  name: string;
  unit: string;
  /** Quantity per unit of the ouvrage. */
  quantity: number;
  /** Unit price HT in euros. */
  price: number;
}

/**
 * A line as stored in `quotes.lines` / `invoices.lines`: the legacy shape (name, unit, price, quantity) plus the
 * per-line VAT, plus the devis-editor fields (all optional, so every stored document reads unchanged):
 * - `kind`: 'item' (priced, the default), 'text' (a comment: name only, no amount), 'section' (a heading: name; the
 *   items after it up to the next section form that section, with a subtotal).
 * - `description`: multi-line text printed under the designation.
 * - `discount`: the line's remise.
 * - `option`: priced but outside the total unless `accepted` (on a section: every item of the section is an option).
 * - `components` + `coefficient` + `detailed`: an ouvrage's snapshot; `price` is then its unit price
 *   (see ouvrageUnitPrice), `detailed` prints the components under the line.
 * - `catalogueId`: the catalogue item it was copied from (information only: the line's own fields are the truth).
 */
export interface StoredLine {
  kind?: 'item' | 'text' | 'section' | undefined;
  name: string;
  unit: string;
  /** Unit price HT in euros (legacy shape). */
  price: number;
  quantity: number;
  /** Absent on lines made before per-line VAT: the document's rate applies. */
  vatRate?: number | undefined;
  vatCategory?: VatCategory | undefined;
  description?: string | undefined;
  discount?: Discount | undefined;
  option?: boolean | undefined;
  accepted?: boolean | undefined;
  components?: OuvrageComponent[] | undefined;
  coefficient?: number | undefined;
  detailed?: boolean | undefined;
  catalogueId?: string | undefined;
}

/** The VAT context a document was made in: the company's regime then, and its legacy single rate. */
export interface VatContext {
  regime: VatRegime;
  /** The document's single rate (`vat_rate`), for lines that carry none. */
  documentRate: number;
}

export const CATEGORY_LABELS: Record<VatCategory, string> = {
  standard: 'Taux normal',
  reduced_renovation: 'Taux réduit rénovation (logement de plus de 2 ans)',
  autoliquidation: 'Autoliquidation (sous-traitance BTP)',
  franchise: 'Franchise en base (art. 293 B)',
};

/** The company's VAT regime: the explicit setting of /company; a company that never set it charges VAT. */
export function companyVatRegime(company: { vatRegime?: VatRegime | undefined } | null | undefined): VatRegime {
  return company?.vatRegime ?? 'assujetti';
}

/**
 * The regime an already stored document was made under. Documents made before the regime setting existed
 * carry none: those issued at 0 % by a company without a VAT number were franchise invoices (that is how they
 * were printed); everything else charged VAT.
 */
export function documentVatRegime(
  company: { vatRegime?: VatRegime | undefined; tva?: string | undefined } | null | undefined,
  documentRate: number,
): VatRegime {
  if (company?.vatRegime) return company.vatRegime;
  if (company && documentRate === 0 && !(company.tva ?? '').trim()) return 'franchise';
  return 'assujetti';
}

export function lineVatRate(line: StoredLine, context: VatContext): number {
  if (context.regime === 'franchise') return 0;
  return line.vatRate ?? context.documentRate;
}

/**
 * A line's remise in cents on its gross amount (quantity × unit price, rounded once): a percentage of it (half
 * away from zero) or the amount; never below 0 nor above the gross (a line's net is never negative).
 */
export function lineDiscountCents(grossCents: number, discount: Discount | null | undefined): number {
  if (!discount || grossCents <= 0) return 0;
  const value = Math.max(0, discount.value);
  const cents = discount.kind === 'percent' ? shareOf(grossCents, Math.min(100, value)) : eurosToCents(value);
  return Math.min(cents, grossCents);
}

/**
 * A stored line as money (rate and category resolved, line remise in `discountCents`). Call validateLines first:
 * this does not refuse.
 */
export function toMoneyLine(line: StoredLine, context: VatContext): MoneyLine {
  const rate = lineVatRate(line, context);
  const category =
    context.regime === 'franchise' ? 'franchise' : (line.vatCategory ?? defaultCategory(rate, context.regime));
  const unitPriceCents = eurosToCents(line.price);
  const discountCents = lineDiscountCents(multiplyCents(unitPriceCents, line.quantity), line.discount);
  return {
    quantity: line.quantity,
    unitPriceCents,
    vatRate: rate as MoneyLine['vatRate'],
    vatCategory: category,
    ...(discountCents ? { discountCents } : {}),
  };
}

/**
 * The money lines of a document: its lines in the total only (text and section lines, and options the client did
 * not accept, carry no amount — see linesInTotal), in order.
 */
export function toMoneyLines(lines: readonly StoredLine[], context: VatContext): MoneyLine[] {
  return linesInTotal(lines).map((line) => toMoneyLine(line, context));
}

/** Why one line cannot be saved under the regime (French), or null. */
export function lineVatError(line: StoredLine, regime: VatRegime): string | null {
  if (line.quantity < 0) return M.negativeQuantity;
  if (line.price < 0) return M.negativePrice;
  if (line.vatRate === undefined) return null;
  if (!isVatRate(line.vatRate)) return M.rateNotAllowed;
  if (regime === 'franchise') return line.vatRate === 0 ? null : M.franchiseWithVat;
  const category = line.vatCategory ?? defaultCategory(line.vatRate, regime);
  if (!(VAT_CATEGORIES as readonly string[]).includes(category)) return M.rateNotAllowed;
  if (!categoriesForRegime(regime).includes(category)) return M.assujettiWithFranchise;
  const allowed = CATEGORY_RATES[category];
  if (!allowed.includes(line.vatRate)) {
    return M.categoryRate(CATEGORY_LABELS[category], allowed.map(formatVatRate).join(', '));
  }
  return null;
}

/**
 * Why a document's lines cannot be saved or issued under the regime, prefixed by the line's name, or null:
 * rates from the list, categories the regime allows, no VAT under the franchise, autoliquidation on all lines
 * or none.
 */
export function validateLines(lines: readonly StoredLine[], context: VatContext): string | null {
  if (context.regime === 'franchise' && lines.some((l) => (l.vatRate ?? context.documentRate) !== 0)) {
    return M.franchiseWithVat;
  }
  for (const line of lines) {
    const error = lineVatError({ ...line, vatRate: line.vatRate ?? context.documentRate }, context.regime);
    if (error) return `${line.name} : ${error}`;
  }
  const categories = new Set(toMoneyLines(lines, context).map((l) => l.vatCategory));
  if (categories.has('autoliquidation') && categories.size > 1) return M.mixedAutoliquidation;
  return null;
}

/** A devis becomes an invoice with exactly its lines and rates: refused when the company's regime moved since. */
export function regimeChangeError(quoteRegime: VatRegime, currentRegime: VatRegime): string | null {
  return quoteRegime === currentRegime ? null : M.regimeChanged;
}

/** Whether any line is at a reduced renovation rate: the devis then prints the client's certification. */
export function hasReducedRenovationRate(lines: readonly StoredLine[], context: VatContext): boolean {
  return toMoneyLines(lines, context).some((l) => l.vatCategory === 'reduced_renovation');
}

export function isAutoliquidation(lines: readonly StoredLine[], context: VatContext): boolean {
  const money = toMoneyLines(lines, context);
  return money.length > 0 && money.every((l) => l.vatCategory === 'autoliquidation');
}
