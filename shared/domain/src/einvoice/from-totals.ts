// The money model's figures (computeDocumentTotals) → the EInvoice's lines amounts, BG-23 and BG-22. Type-only
// imports of ../invoicing, so this file also loads in Deno (which erases them).
import type { DocumentTotals } from '../invoicing/totals';
import type { EInvoice, EInvoiceVatCode } from './model.ts';
import { vatRowsByCode } from './vat-rows.ts';

export interface EInvoiceMoney {
  /** BT-131 of each line, in the order of the lines given to computeDocumentTotals. */
  lineNetCents: number[];
  /** BT-151 / BT-152 of each line come from the lines themselves; the codes of the breakdown from here. */
  vatBreakdown: EInvoice['vatBreakdown'];
  totals: EInvoice['totals'];
}

/** Credit notes (381) are written with positive amounts: pass sign −1 for an avoir stored negative. */
export function eInvoiceMoney(totals: DocumentTotals, sign: 1 | -1 = 1): EInvoiceMoney {
  return {
    lineNetCents: totals.lineNetCents.map((n) => sign * n),
    vatBreakdown: vatRowsByCode(
      totals.breakdown.map((r) => ({
        code: r.code,
        rate: r.rate,
        baseCents: sign * r.baseCents,
        vatCents: sign * r.vatCents,
      })),
    ),
    totals: {
      lineTotalCents: sign * totals.totalHTCents,
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
