// VAT of a French building firm: the rates a line may carry, the category that says why (standard, reduced
// rate for renovating a dwelling, autoliquidation of subcontracted work, franchise en base), and the company's
// regime, an explicit setting on /company (never guessed from an empty VAT number field).
import * as z from 'zod/mini';

/** CGI art. 278 (20 %), 279-0 bis (10 %), 278-0 bis A (5,5 %), 281 quater (2,1 %), 0 % (autoliquidation, 293 B). */
export const VAT_RATES = [20, 10, 5.5, 2.1, 0] as const;
export type VatRate = (typeof VAT_RATES)[number];

export const VAT_CATEGORIES = ['standard', 'reduced_renovation', 'autoliquidation', 'franchise'] as const;
export type VatCategory = (typeof VAT_CATEGORIES)[number];

/** EN 16931 VAT category code (UNCL 5305) of each category: BT-118 / BT-151. */
export const VAT_CATEGORY_CODES: Record<VatCategory, 'S' | 'AE' | 'E'> = {
  standard: 'S',
  reduced_renovation: 'S',
  autoliquidation: 'AE',
  franchise: 'E',
};

/** Exemption reason (BT-120) and code (BT-121) of the categories without VAT. */
export const VAT_EXEMPTIONS: Partial<Record<VatCategory, { text: string; code: string }>> = {
  autoliquidation: { text: 'Autoliquidation', code: 'VATEX-EU-AE' },
  franchise: { text: 'TVA non applicable, art. 293 B du CGI', code: 'VATEX-FR-FRANCHISE' },
};

export const VAT_REGIMES = ['assujetti', 'franchise'] as const;
/** assujetti: charges VAT; franchise: franchise en base (CGI art. 293 B), never charges VAT. */
export type VatRegime = (typeof VAT_REGIMES)[number];

export const vatRegimeSchema = z.enum(VAT_REGIMES);
export const vatCategorySchema = z.enum(VAT_CATEGORIES);

export function isVatRate(rate: unknown): rate is VatRate {
  return typeof rate === 'number' && (VAT_RATES as readonly number[]).includes(rate);
}

/** « 5,5 % », « 20 % ». */
export function formatVatRate(rate: number): string {
  return `${String(rate).replace('.', ',')}\u00A0%`;
}

/** The categories a line may take under a regime, and the rates each allows. */
export const CATEGORY_RATES: Record<VatCategory, readonly VatRate[]> = {
  standard: [20, 10, 5.5, 2.1],
  reduced_renovation: [10, 5.5],
  autoliquidation: [0],
  franchise: [0],
};

export function categoriesForRegime(regime: VatRegime): readonly VatCategory[] {
  return regime === 'franchise' ? ['franchise'] : ['standard', 'reduced_renovation', 'autoliquidation'];
}

/**
 * The category a line gets when it carries only a rate (lines made before categories existed, the editor's
 * rate picker): 10 % and 5,5 % are the renovation rates; 0 % under a VAT-charging regime is autoliquidation.
 */
export function defaultCategory(rate: number, regime: VatRegime): VatCategory {
  if (regime === 'franchise') return 'franchise';
  if (rate === 10 || rate === 5.5) return 'reduced_renovation';
  if (rate === 0) return 'autoliquidation';
  return 'standard';
}
