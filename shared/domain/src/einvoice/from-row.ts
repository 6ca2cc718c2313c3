// An issued invoice / acompte / situation / avoir as stored by the server (issue_invoice, issue_credit_note:
// totals, VAT breakdown and deposits computed and checked in SQL with the money model's rules) → EInvoice.
// No arithmetic on totals here: the line nets come from the server's document_money(), the breakdown and totals
// from the row. Credit notes are stored negative; CII wants a 381 with positive amounts.
import { linesInTotal } from '../invoicing/line-roles.ts';
import { multiplyCents } from '../invoicing/rounding.ts';
import { documentAllowances, LINE_DISCOUNT_REASON } from './from-totals.ts';
import type { EInvoice, EInvoiceAddress, EInvoiceLine, EInvoiceNote, EInvoiceVatCode } from './model.ts';
import { frenchUnitCode } from './units.ts';
import { vatRowsByCode } from './vat-rows.ts';

export interface StoredDocumentLine {
  /** Issue 27: 'text' and 'section' lines carry no amount and are not invoice lines (nor unaccepted options). */
  kind?: 'item' | 'text' | 'section';
  name: string;
  unit?: string;
  /** Unit price HT in euros (the stored shape). */
  price: number;
  quantity: number;
  description?: string;
  option?: boolean;
  accepted?: boolean;
}

export interface StoredBreakdownRow {
  category: string;
  code: string;
  rate: number | string;
  base_cents: number | string;
  vat_cents: number | string;
  /** The row's share of the remise globale (migration 0067). */
  discount_cents?: number | string;
}

export interface IssuedDocumentRow {
  table: 'invoices' | 'credit_notes';
  kind?: 'invoice' | 'deposit' | 'situation' | null;
  number: string;
  issue_date: string;
  due_date?: string | null;
  service_date?: string | null;
  quote_number?: string | null;
  lines: StoredDocumentLine[];
  vat_breakdown: StoredBreakdownRow[] | null;
  total_ht_cents: number | string;
  tva_cents: number | string;
  total_ttc_cents: number | string;
  prepaid_cents?: number | string | null;
  deductions?: { number?: string; issue_date?: string }[] | null;
  retenue_percent?: number | string | null;
  retenue_cents?: number | string | null;
  retenue_caution?: boolean | null;
  net_due_cents?: number | string | null;
  situation_number?: number | null;
  site_address?: string | null;
  snapshot: {
    company?: Record<string, unknown> | null;
    client?: Record<string, unknown> | null;
    invoiceNumber?: string | null;
    invoiceDate?: string | null;
  } | null;
}

export interface StoredClient {
  name?: string | null;
  email?: string | null;
  address?: string | null;
  siren?: string | null;
  vat_number?: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
const int = (v: unknown) => Number(v ?? 0);
const euros = (cents: number) => (Math.abs(cents) / 100).toFixed(2).replace('.', ',');

/** « 12 rue de la Gare\n69003 Lyon », « 8 boulevard du Port, 80000 Amiens » → street, postcode, city (France). */
export function parseFrenchAddress(text: string | null | undefined): EInvoiceAddress {
  const parts = (text ?? '')
    .split(/\n|,/)
    .map((p) => p.trim())
    .filter(Boolean);
  const at = parts.findIndex((p) => /^\d{5}\s+\S/.test(p));
  if (at < 0) return { line1: parts.join(', ') || undefined, countryCode: 'FR' };
  const m = /^(\d{5})\s+(.+)$/.exec(parts[at]!)!;
  const street = parts.filter((_, i) => i !== at);
  return {
    line1: street[0],
    line2: street.slice(1).join(', ') || undefined,
    postcode: m[1],
    city: m[2],
    countryCode: 'FR',
  };
}

/**
 * The EInvoice of an issued document. `lineMoney` is the server's document_money(lines) — per line its net in cents
 * and its EN code and rate — so that BT-131 are exactly the nets the totals were made of.
 */
export function issuedDocumentToEInvoice(
  row: IssuedDocumentRow,
  client: StoredClient | null,
  lineMoney: { net_cents: number | string; rate: number | string; category: string }[],
): EInvoice {
  const company = row.snapshot?.company ?? {};
  const snapClient = row.snapshot?.client ?? {};
  const credit = row.table === 'credit_notes';
  const sign = credit ? -1 : 1;
  const codeOf = (category: string): EInvoiceVatCode =>
    category === 'autoliquidation' ? 'AE' : category === 'franchise' ? 'E' : 'S';
  // The lines in the total only (document_money's rows are theirs, in order): no text, section or option line.
  const lines: EInvoiceLine[] = linesInTotal(row.lines).map((l, i) => {
    const money = lineMoney[i];
    const vatCode = codeOf(money?.category ?? 'standard');
    const priceCents = Math.abs(Math.round(l.price * 100));
    const netAmountCents = sign * int(money?.net_cents);
    // BT-136: quantity × BT-146 − BT-131 (the line's remise, rounded as the money model rounds it).
    const allowanceCents = multiplyCents(priceCents, l.quantity) - netAmountCents;
    const description = str(l.description)?.slice(0, 2000);
    return {
      id: String(i + 1),
      name: l.name || `Ligne ${i + 1}`,
      ...(description ? { description } : {}),
      quantity: l.quantity,
      unitCode: frenchUnitCode(l.unit),
      netPriceCents: priceCents,
      netAmountCents,
      ...(allowanceCents > 0 ? { allowance: { amountCents: allowanceCents, reason: LINE_DISCOUNT_REASON } } : {}),
      vatCode,
      vatRate: vatCode === 'S' ? Number(money?.rate ?? 0) : 0,
    };
  });
  const allowances = documentAllowances(
    (row.vat_breakdown ?? []).map((r) => ({
      code: r.code,
      rate: Number(r.rate),
      discountCents: int(r.discount_cents),
    })),
  );
  const allowanceTotal = allowances.reduce((sum, a) => sum + a.amountCents, 0);
  const ht = sign * int(row.total_ht_cents);
  const vat = sign * int(row.tva_cents);
  const ttc = sign * int(row.total_ttc_cents);
  const prepaid = credit ? 0 : int(row.prepaid_cents);
  const siret = str(company.siret)?.replace(/\s+/g, '');
  const vatId = str(company.tva)?.replace(/\s+/g, '');
  const rib = (company.rib ?? {}) as Record<string, unknown>;
  const notes: EInvoiceNote[] = [
    { subjectCode: 'PMD', text: 'Pénalités de retard : trois fois le taux d’intérêt légal.' },
    { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €.' },
    { subjectCode: 'AAB', text: 'Pas d’escompte pour paiement anticipé.' },
  ];
  const deductions = (row.deductions ?? []).filter((d) => str(d.number));
  const retenue = int(row.retenue_cents);
  const retenueText = retenue
    ? ` Retenue de garantie de ${String(row.retenue_percent).replace('.', ',')} % (loi 71-584) : ${euros(retenue)} € retenus, libérés un an après la réception ; net à payer ${euros(int(row.net_due_cents))} €.`
    : row.retenue_caution
      ? ' Retenue de garantie remplacée par une caution bancaire.'
      : '';
  const typeCode = credit ? '381' : row.kind === 'deposit' ? '386' : '380';
  return {
    number: row.number,
    issueDate: row.issue_date,
    typeCode,
    currency: 'EUR',
    dueDate: credit ? undefined : (row.due_date ?? undefined),
    buyerReference: str(row.quote_number),
    precedingInvoices: credit
      ? [
          {
            number: String(row.snapshot?.invoiceNumber ?? ''),
            issueDate: str(row.snapshot?.invoiceDate)?.slice(0, 10),
          },
        ].filter((p) => p.number)
      : deductions.map((d) => ({ number: d.number!, issueDate: str(d.issue_date)?.slice(0, 10) })),
    notes: str(company.footer) ? [...notes, { subjectCode: 'REG', text: str(company.footer)! }] : notes,
    seller: {
      name: str(company.name) ?? 'Entreprise',
      siren: siret?.slice(0, 9),
      siret: siret && siret.length === 14 ? siret : undefined,
      vatId,
      taxRegistrationId: vatId ? undefined : siret?.slice(0, 9),
      legalInfo: str(company.legalInfo) ?? str(company.footer),
      address: parseFrenchAddress(str(company.address)),
      email: str(company.email),
    },
    buyer: {
      name: str(client?.name) ?? str(snapClient.name) ?? 'Client',
      siren: str(client?.siren) ?? str(snapClient.siren),
      vatId: (str(client?.vat_number) ?? str(snapClient.vatNumber))?.replace(/\s+/g, ''),
      address: parseFrenchAddress(str(client?.address) ?? str(snapClient.address)),
      email: str(client?.email) ?? str(snapClient.email),
    },
    delivery: {
      address: str(row.site_address) ? parseFrenchAddress(row.site_address) : undefined,
      date: str(row.service_date)?.slice(0, 10),
    },
    payment: str(rib.iban)
      ? { meansCode: '58', iban: str(rib.iban), bic: str(rib.bic), remittance: row.number }
      : undefined,
    paymentTerms: credit
      ? `Avoir sur la facture ${row.snapshot?.invoiceNumber ?? ''}.`.trim()
      : `Paiement par virement${row.due_date ? ` au plus tard le ${row.due_date.split('-').reverse().join('/')}` : ''}.${retenueText}`,
    lines,
    ...(allowances.length > 0 ? { allowances } : {}),
    vatBreakdown: vatRowsByCode(
      (row.vat_breakdown ?? []).map((r) => ({
        code: r.code,
        rate: Number(r.rate),
        baseCents: sign * int(r.base_cents),
        vatCents: sign * int(r.vat_cents),
      })),
    ),
    totals: {
      lineTotalCents: ht + allowanceTotal,
      ...(allowanceTotal ? { allowanceTotalCents: allowanceTotal } : {}),
      taxBasisCents: ht,
      vatCents: vat,
      grandTotalCents: ttc,
      prepaidCents: prepaid,
      duePayableCents: ttc - prepaid,
    },
  };
}
