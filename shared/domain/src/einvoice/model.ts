// The EN 16931 semantic model, the subset an artisan's invoice needs (issue 28 item 7). Every figure is already
// computed (money model: ../invoicing computeDocumentTotals): the writers only format, escape and order them.
// Amounts are integer cents, dates ISO 'YYYY-MM-DD', rates percents (5.5), quantities decimals (≤ 4 places).

/** BT-3: commercial invoice, credit note (avoir), prepayment invoice (facture d'acompte). */
export type EInvoiceTypeCode = '380' | '381' | '386';

/** BT-118 / BT-151 (UNCL 5305): standard, reverse charge (autoliquidation), exempt (franchise 293 B), zero rated. */
export type EInvoiceVatCode = 'S' | 'AE' | 'E' | 'Z';

/**
 * BT-21 subject codes (UNTDID 4451) used by French invoices: PMT indemnité forfaitaire, PMD pénalités de retard,
 * AAB escompte, REG regulatory information (assurance décennale, legal mentions), AAI general information,
 * SUR supplier remarks, TXD tax declaration (TVA d'après les débits).
 */
export type EInvoiceNoteSubject = 'PMT' | 'PMD' | 'AAB' | 'REG' | 'AAI' | 'SUR' | 'TXD';

export interface EInvoiceNote {
  subjectCode?: EInvoiceNoteSubject;
  text: string;
}

export interface EInvoiceAddress {
  /** BT-35 / BT-50 / BT-75. */
  line1?: string;
  line2?: string;
  /** BT-38 / BT-53 / BT-78. */
  postcode?: string;
  /** BT-37 / BT-52 / BT-77. */
  city?: string;
  /** ISO 3166-1 alpha-2 (BT-40 / BT-55 / BT-80). */
  countryCode: string;
}

export interface EInvoiceSeller {
  /** BT-27. */
  name: string;
  /** BT-28 trading name, when it differs. */
  tradingName?: string;
  /** BT-30, scheme 0002 (SIREN, 9 digits). */
  siren?: string;
  /** BT-29, scheme 0009 (SIRET, 14 digits). */
  siret?: string;
  /** BT-31 intra-community VAT number (FR + key + SIREN). */
  vatId?: string;
  /** BT-32 tax registration (scheme FC) when the firm has no VAT number (franchise en base). */
  taxRegistrationId?: string;
  /** BT-33: legal form, capital, RCS / RM (« SARL au capital de 10 000 € — RCS Lyon 123 456 789 »). */
  legalInfo?: string;
  address: EInvoiceAddress;
  /** BT-34, scheme EM. */
  email?: string;
}

export interface EInvoiceBuyer {
  /** BT-44. */
  name: string;
  /** BT-47, scheme 0002: a business client's SIREN (décret 2022-1299). */
  siren?: string;
  /** BT-48. */
  vatId?: string;
  address: EInvoiceAddress;
  /** BT-49, scheme EM. */
  email?: string;
}

export interface EInvoicePrecedingInvoice {
  /** BT-25. */
  number: string;
  /** BT-26. */
  issueDate?: string;
}

export interface EInvoicePayment {
  /** BT-81 (UNCL 4461): 58 SEPA credit transfer, 30 credit transfer, 10 cash, 20 cheque, 48 card. */
  meansCode: '58' | '30' | '10' | '20' | '48' | '57' | '59';
  /** BT-84. */
  iban?: string;
  /** BT-86. */
  bic?: string;
  /** BT-85. */
  accountName?: string;
  /** BT-83 remittance information (usually the invoice number). */
  remittance?: string;
}

export interface EInvoiceLine {
  /** BT-126. */
  id: string;
  /** BT-153. */
  name: string;
  /** BT-154. */
  description?: string;
  /** BT-129. */
  quantity: number;
  /** BT-130, UN/ECE recommendation 20 (frenchUnitCode). */
  unitCode: string;
  /** BT-146 item net price (per unit, HT). */
  netPriceCents: number;
  /** BT-131 = the money model's line net (quantity × BT-146 − BT-136). */
  netAmountCents: number;
  /** BG-27: the line's remise (BT-136 amount, BT-139 reason), when it has one. */
  allowance?: EInvoiceAllowance;
  /** BT-151. */
  vatCode: EInvoiceVatCode;
  /** BT-152 (0 for AE and E). */
  vatRate: number;
}

/** A remise: on a line (BG-27: BT-136 / BT-139) or on the document (BG-20: BT-92 / BT-97 with BT-95 / BT-96). */
export interface EInvoiceAllowance {
  /** BT-136 / BT-92 (positive). */
  amountCents: number;
  /** BT-139 / BT-97. */
  reason: string;
}

/** BG-20: a document-level allowance, one per VAT category and rate it lowers the base of. */
export interface EInvoiceDocumentAllowance extends EInvoiceAllowance {
  /** BT-95. */
  vatCode: EInvoiceVatCode;
  /** BT-96. */
  rate: number;
}

export interface EInvoiceVatRow {
  /** BT-118. */
  vatCode: EInvoiceVatCode;
  /** BT-119. */
  rate: number;
  /** BT-116. */
  baseCents: number;
  /** BT-117. */
  vatCents: number;
  /** BT-120 (AE: « Autoliquidation », E: « TVA non applicable, art. 293 B du CGI »). */
  exemptionReason?: string;
  /** BT-121 (VATEX-EU-AE, VATEX-FR-FRANCHISE). */
  exemptionReasonCode?: string;
}

export interface EInvoiceTotals {
  /** BT-106 = Σ BT-131. */
  lineTotalCents: number;
  /** BT-107 = Σ BT-92 (the remise globale), when there is one. */
  allowanceTotalCents?: number;
  /** BT-109 = BT-106 − BT-107. */
  taxBasisCents: number;
  /** BT-110 = Σ BT-117. */
  vatCents: number;
  /** BT-112 = BT-109 + BT-110. */
  grandTotalCents: number;
  /** BT-113: deposits already invoiced and paid. */
  prepaidCents: number;
  /** BT-115 = BT-112 − BT-113. */
  duePayableCents: number;
}

export interface EInvoice {
  /** BT-1. */
  number: string;
  /** BT-2. */
  issueDate: string;
  /** BT-3. */
  typeCode: EInvoiceTypeCode;
  /** BT-5: always EUR for Atelier. */
  currency: 'EUR';
  /** BT-9. */
  dueDate?: string;
  /** BT-10 (the buyer's reference, e.g. the devis number). */
  buyerReference?: string;
  /** BT-8 (UNTDID 2475): 5 = invoice date (option pour les débits), 72 = date of payment (services). */
  vatDueDateCode?: '5' | '29' | '72';
  /** BG-3: the invoices a credit note corrects, the deposit invoices a final invoice deducts. */
  precedingInvoices: EInvoicePrecedingInvoice[];
  /** BG-1 / BT-22. */
  notes: EInvoiceNote[];
  seller: EInvoiceSeller;
  buyer: EInvoiceBuyer;
  /** BG-13: the site (BG-15) when it differs from the buyer's address, and the date of the work (BT-72). */
  delivery?: { address?: EInvoiceAddress; date?: string };
  payment?: EInvoicePayment;
  /** BT-20: payment terms, including the retenue de garantie withheld (EN 16931 has no element for it). */
  paymentTerms?: string;
  lines: EInvoiceLine[];
  /** BG-20: the remise globale spread per VAT category and rate (absent or empty: none). */
  allowances?: EInvoiceDocumentAllowance[];
  vatBreakdown: EInvoiceVatRow[];
  totals: EInvoiceTotals;
}
