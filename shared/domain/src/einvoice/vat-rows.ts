// The money model keeps one VAT row per (category, rate); EN 16931 wants one BG-23 per (code, rate): « standard »
// and « reduced_renovation » at 10 % are both S 10 %, so they are put together here (bases and VAT added: each
// category's VAT was rounded on its own, the sum stays within the schematron's BR-CO-17 / BR-S-09 tolerance).
import type { EInvoiceVatCode, EInvoiceVatRow } from './model.ts';

const EXEMPTIONS: Partial<Record<EInvoiceVatCode, { text: string; code: string }>> = {
  AE: { text: 'Autoliquidation', code: 'VATEX-EU-AE' },
  E: { text: 'TVA non applicable, art. 293 B du CGI', code: 'VATEX-FR-FRANCHISE' },
};

export interface CategoryVatRow {
  code: string;
  rate: number;
  baseCents: number;
  vatCents: number;
}

export function vatRowsByCode(rows: readonly CategoryVatRow[]): EInvoiceVatRow[] {
  const out = new Map<string, EInvoiceVatRow>();
  for (const r of rows) {
    const vatCode = r.code as EInvoiceVatCode;
    const key = `${vatCode}|${r.rate}`;
    const exemption = EXEMPTIONS[vatCode];
    const row = out.get(key) ?? {
      vatCode,
      rate: r.rate,
      baseCents: 0,
      vatCents: 0,
      ...(exemption ? { exemptionReason: exemption.text, exemptionReasonCode: exemption.code } : {}),
    };
    row.baseCents += r.baseCents;
    row.vatCents += r.vatCents;
    out.set(key, row);
  }
  return [...out.values()];
}
