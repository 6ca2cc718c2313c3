// The money model's figures (computeDocumentTotals) → the EInvoice's lines amounts, BG-23 and BG-22. Type-only
// imports of ../invoicing, so this file also loads in Deno (which erases them).
import type { DocumentTotals } from '../invoicing/totals';
import type { EInvoice, EInvoiceDocumentAllowance, EInvoiceVatCode } from './model.ts';
import { vatRowsByCode } from './vat-rows.ts';

export interface EInvoiceMoney {
  /** BT-131 of each line, in the order of the lines given to computeDocumentTotals. */
  lineNetCents: number[];
  /** BT-151 / BT-152 of each line come from the lines themselves; the codes of the breakdown from here. */
  vatBreakdown: EInvoice['vatBreakdown'];
  /** BG-20: the remise globale per VAT code and rate (empty without one). */
  allowances: EInvoiceDocumentAllowance[];
  totals: EInvoice['totals'];
}

export const DOCUMENT_DISCOUNT_REASON = 'Remise globale';
export const LINE_DISCOUNT_REASON = 'Remise';

/** The remise globale's shares per (code, rate), positive, as BG-20 allowances. */
export function documentAllowances(
  rows: readonly { code: string; rate: number; discountCents: number }[],
): EInvoiceDocumentAllowance[] {
  const out = new Map<string, EInvoiceDocumentAllowance>();
  for (const r of rows) {
    if (!r.discountCents) continue;
    const vatCode = r.code as EInvoiceVatCode;
    const rate = vatCode === 'S' ? r.rate : 0;
    const key = `${vatCode}|${rate}`;
    const row = out.get(key) ?? { vatCode, rate, amountCents: 0, reason: DOCUMENT_DISCOUNT_REASON };
    row.amountCents += Math.abs(r.discountCents);
    out.set(key, row);
  }
  return [...out.values()];
}

/** Credit notes (381) are written with positive amounts: pass sign −1 for an avoir stored negative. */
export function eInvoiceMoney(totals: DocumentTotals, sign: 1 | -1 = 1): EInvoiceMoney {
  const allowances = documentAllowances(
    totals.breakdown.map((r) => ({ code: r.code, rate: r.rate, discountCents: r.discountCents ?? 0 })),
  );
  return {
    lineNetCents: totals.lineNetCents.map((n) => sign * n),
    allowances,
    vatBreakdown: vatRowsByCode(
      totals.breakdown.map((r) => ({
        code: r.code,
        rate: r.rate,
        baseCents: sign * r.baseCents,
        vatCents: sign * r.vatCents,
      })),
    ),
    totals: {
      lineTotalCents: sign * totals.lineTotalCents,
      ...(totals.documentDiscountCents ? { allowanceTotalCents: sign * totals.documentDiscountCents } : {}),
      taxBasisCents: sign * totals.totalHTCents,
      vatCents: sign * totals.totalVatCents,
      grandTotalCents: sign * totals.totalTTCCents,
      prepaidCents: sign * totals.prepaidCents,
      duePayableCents: sign * totals.payableCents,
    },
  };
}

export const EN_VAT_CODE: Record<string, EInvoiceVatCode> = {
  standard: 'S',
  reduced_renovation: 'S',
  autoliquidation: 'AE',
  franchise: 'E',
};
