// The artisan's bank details as a client sees them (issue 26 item 4): the IBAN checked (ISO 13616: the country's
// length and the mod-97 key) before it is printed or shown on a public page, so a typo never sends a client's
// transfer to nobody; and what is paid / still due on an invoice, from its stored totals.
import type { Cents } from '../money';

/** IBAN length per country (SWIFT IBAN registry) for the countries a French artisan's bank is likely in. */
const IBAN_LENGTHS: Record<string, number> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
};

function compact(input: string): string {
  return input.replace(/[\s\u00A0\u202F-]/g, '').toUpperCase();
}

function mod97(text: string): number {
  let rest = 0;
  for (const ch of text) {
    const value = ch >= 'A' && ch <= 'Z' ? ch.charCodeAt(0) - 55 : Number(ch);
    rest = (rest * (value > 9 ? 100 : 10) + value) % 97;
  }
  return rest;
}

/** The IBAN without spaces, upper case, when its country length and check digits are right; else null. */
export function normaliseIban(input: string): string | null {
  const iban = compact(input);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return null;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return null;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1 ? iban : null;
}

export function isValidIban(input: string): boolean {
  return normaliseIban(input) !== null;
}

/** « FR76 3000 6000 0112 3456 7890 189 »: groups of four, as banks print it. */
export function formatIban(iban: string): string {
  return compact(iban).replace(/(.{4})(?=.)/g, '$1 ');
}

/** A BIC (ISO 9362: bank 4 letters, country 2 letters, place 2, optional branch 3), upper case, or null. */
export function normaliseBic(input: string): string | null {
  const bic = compact(input);
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? bic : null;
}

export interface BankTransferDetails {
  iban: string;
  bic: string | null;
  bank: string | null;
  /** ISO 11649 creditor reference built from the invoice number (see payment-reference.ts), or null. */
  reference: string | null;
}

/** What a client needs to pay by transfer; null when the artisan has no valid IBAN (nothing wrong is shown). */
export function bankTransferDetails(
  rib: { iban?: unknown; bic?: unknown; bank?: unknown } | null | undefined,
  reference: string | null,
): BankTransferDetails | null {
  const iban = typeof rib?.iban === 'string' ? normaliseIban(rib.iban) : null;
  if (!iban) return null;
  const bank = typeof rib?.bank === 'string' ? rib.bank.trim().slice(0, 100) : '';
  return {
    iban: formatIban(iban),
    bic: typeof rib?.bic === 'string' ? normaliseBic(rib.bic) : null,
    bank: bank || null,
    reference,
  };
}

export interface InvoicePaymentInput {
  totalTtcCents: Cents;
  /** Deposits (acomptes) already invoiced and deducted from this invoice. */
  prepaidCents?: Cents | null;
  /** Retenue de garantie kept back (paid when released, not now). */
  retenueCents?: Cents | null;
  /** TTC − deposits − retenue, as stored at issue; the TTC when absent. */
  netDueCents?: Cents | null;
  isPaid: boolean;
  cancelled: boolean;
}

export interface InvoicePayment {
  prepaidCents: Cents;
  retenueCents: Cents;
  /** Paid on this invoice (its net amount once marked paid). */
  paidCents: Cents;
  /** Still to pay now: 0 once paid or cancelled by an avoir. */
  dueCents: Cents;
}

/** Paid and due amounts of an issued invoice, from its stored totals (never recomputed from lines). */
export function invoicePayment(input: InvoicePaymentInput): InvoicePayment {
  const prepaid = Math.max(0, input.prepaidCents ?? 0);
  const retenue = Math.max(0, input.retenueCents ?? 0);
  const net = Math.max(0, input.netDueCents ?? input.totalTtcCents - prepaid - retenue);
  const settled = input.isPaid || input.cancelled;
  return {
    prepaidCents: prepaid,
    retenueCents: retenue,
    paidCents: input.isPaid ? net : 0,
    dueCents: settled ? 0 : net,
  };
}
