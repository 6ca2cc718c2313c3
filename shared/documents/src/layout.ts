// The document layout model: what a quote or an invoice shows, in order, with every string already
// formatted. The PDF renderer and the HTML preview both draw from it, so they cannot disagree.
import {
  computeTotals,
  DEFAULT_LATE_PAYMENT_TEXT,
  eurosToCents,
  lineTotalCents,
  type Client,
  type CompanyInfo,
  type Invoice,
  type Quote,
  type QuoteCustomization,
  type QuoteLine,
  type Totals,
} from '@atelier/domain';

import { documentMessages as m, QUOTE_VALIDITY_DAYS } from './messages';
import { addDays, formatAmount, formatDate, formatQuantity, formatRate } from './text';

export type Side = 'left' | 'right';
export type DocumentKind = 'quote' | 'invoice' | 'credit_note';

/** What a quote document needs (a stored `Quote` with its number fits). */
export type QuoteSnapshot = Pick<Quote, 'date' | 'tasks' | 'tvaRate'> & {
  number: string;
  projectTitle?: string | undefined;
};
/** What an invoice document needs (a stored `Invoice` with its number fits). */
export type InvoiceSnapshot = Pick<Invoice, 'date' | 'tasks' | 'tvaRate' | 'isPaid'> & {
  number: string;
  paymentDate?: string | undefined;
  projectTitle?: string | undefined;
  /** Date the work was done (« date de l'exécution »); the issue date when absent. */
  serviceDate?: string | undefined;
  /** Due date as stored by the server; else issue date + the customisation's paymentDeadline. */
  dueDate?: string | undefined;
};

/** Why an avoir was issued (column `reason` of `credit_notes`, migration 0010). */
export type CreditNoteReason = 'cancel' | 'correct';

/** What an avoir (credit note) document needs. */
export interface CreditNoteSnapshot {
  /** AV0001… */
  number: string;
  /** Issue date of the avoir. */
  date: string;
  reason: CreditNoteReason;
  /** The invoice it cancels or corrects. */
  invoiceNumber: string;
  invoiceDate?: string | undefined;
  /** The invoice's lines (printed with negative line totals). */
  tasks: QuoteLine[];
  tvaRate: number;
  projectTitle?: string | undefined;
  /**
   * The avoir's stored totals in cents (negative, as `credit_notes` keeps them). When absent they are the
   * negated totals of the lines.
   */
  totals?: Totals | undefined;
}

export interface CreditNoteDocumentInput {
  creditNote: CreditNoteSnapshot;
  client: DocumentClient;
  company: CompanyInfo;
  customization: QuoteCustomization;
}
export type DocumentClient = Pick<Client, 'name' | 'email' | 'phone' | 'address'>;

export interface QuoteDocumentInput {
  quote: QuoteSnapshot;
  client: DocumentClient;
  company: CompanyInfo;
  customization: QuoteCustomization;
}

export interface InvoiceDocumentInput {
  invoice: InvoiceSnapshot;
  /** Number of the quote the invoice comes from, printed when `showQuoteReference` is on. */
  quoteNumber?: string | undefined;
  client: DocumentClient;
  company: CompanyInfo;
  customization: QuoteCustomization;
}

export interface MetaLine {
  label: string;
  value: string;
}

export interface InfoBlock {
  title: string;
  /** First line is the name (drawn bold). */
  lines: string[];
  side: Side;
}

export interface TableColumn {
  label: string;
  /** Share of the content width, in percent (SPEC.md §9: 40/20/20/20). */
  widthPct: number;
  align: 'left' | 'right';
}

export interface TotalLine {
  label: string;
  value: string;
  emphasis: boolean;
}

export interface TextSection {
  title: string;
  lines: string[];
}

export interface DocumentGeometry {
  marginMm: number;
  tableHeaderHeightMm: number;
  rowHeightMm: number;
  tableHeaderFontSize: number;
  tableBodyFontSize: number;
  /** A new page starts when the cursor passes pageHeight − this. */
  pageBreakOffsetMm: number;
}

export interface DocumentStyle {
  colors: { primary: string; secondary: string; accent: string };
  tableStyle: QuoteCustomization['tableStyle'];
  titleFont: PdfFontName;
  bodyFont: PdfFontName;
  fontSize: { title: number; subtitle: number; body: number };
}

export type PdfFontName = 'helvetica' | 'times' | 'courier';

export interface DocumentLayout {
  kind: DocumentKind;
  fileName: string;
  heading: string;
  number: string;
  /** Invoice custom header, printed above everything (only when the header is shown). */
  customHeader: string | null;
  meta: MetaLine[];
  /** Logo when the header is shown and the company has one; may still fail to load at render time. */
  logo: { dataUrl: string; widthMm: number } | null;
  /** Header band (logo + coloured rule) shown. */
  showHeader: boolean;
  company: InfoBlock;
  client: InfoBlock;
  projectTitle: MetaLine | null;
  columns: TableColumn[];
  rows: [string, string, string, string][];
  totals: TotalLine[];
  /** Payment conditions, bank details… in print order. */
  sections: TextSection[];
  additionalText: string | null;
  signature: { title: string; lines: string[]; widthMm: number; heightMm: number } | null;
  footer: string | null;
  pageNumbers: boolean;
  style: DocumentStyle;
  geometry: DocumentGeometry;
}

/** Logo widths in mm: « medium » is the spec's 30 mm. */
export const LOGO_WIDTH_MM: Record<QuoteCustomization['layout']['logoSize'], number> = {
  small: 20,
  medium: 30,
  large: 40,
};

export const QUOTE_GEOMETRY: DocumentGeometry = {
  marginMm: 15,
  tableHeaderHeightMm: 8,
  rowHeightMm: 7,
  tableHeaderFontSize: 9,
  tableBodyFontSize: 8,
  pageBreakOffsetMm: 50,
};

export const INVOICE_GEOMETRY: DocumentGeometry = { ...QUOTE_GEOMETRY, marginMm: 20 };

export const TABLE_COLUMNS: TableColumn[] = [
  { label: m.columns.description, widthPct: 40, align: 'left' },
  { label: m.columns.quantity, widthPct: 20, align: 'right' },
  { label: m.columns.unitPrice, widthPct: 20, align: 'right' },
  { label: m.columns.total, widthPct: 20, align: 'right' },
];

export function pdfFontFor(name: string | undefined): PdfFontName {
  const n = (name ?? '').toLowerCase();
  if (n.includes('times') || (n.includes('serif') && !n.includes('sans'))) return 'times';
  if (n.includes('courier') || n.includes('mono')) return 'courier';
  return 'helvetica';
}

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** A colour the renderer can use; anything else falls back to the given default. */
export function safeColour(value: string | undefined, fallback: string): string {
  return value && HEX_COLOUR.test(value.trim()) ? value.trim() : fallback;
}

function clean(value: string | undefined | null): string {
  return (value ?? '').trim();
}

/** Multi-line values (addresses) become several lines; blank ones are dropped. */
function splitLines(value: string | undefined | null): string[] {
  return clean(value)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

function labelled(label: string, value: string | undefined | null): string[] {
  const v = clean(value);
  return v ? [`${label} : ${v}`] : [];
}

export function companyLines(company: CompanyInfo): string[] {
  return [
    ...(clean(company.name) ? [clean(company.name)] : []),
    ...splitLines(company.address),
    ...labelled(m.phoneLabel, company.phone),
    ...labelled(m.emailLabel, company.email),
    ...labelled(m.websiteLabel, company.website),
    ...labelled(m.siretLabel, company.siret),
    ...labelled(m.vatNumberLabel, company.tva),
  ];
}

export function clientLines(client: DocumentClient): string[] {
  return [
    clean(client.name) || m.notSpecified,
    ...splitLines(client.address),
    ...labelled(m.phoneLabel, client.phone),
    ...labelled(m.emailLabel, client.email),
  ];
}

function bankSection(company: CompanyInfo): TextSection | null {
  const rib = company.rib ?? { bank: '', iban: '', bic: '' };
  const lines = [
    ...labelled(m.bankLabel, rib.bank),
    ...labelled(m.ibanLabel, rib.iban),
    ...labelled(m.bicLabel, rib.bic),
  ];
  return lines.length > 0 ? { title: m.bankTitle, lines } : null;
}

function tableRows(lines: QuoteSnapshot['tasks'], sign: 1 | -1 = 1): [string, string, string, string][] {
  return lines.map((line) => {
    const unit = clean(line.unit);
    return [
      clean(line.name),
      unit ? `${formatQuantity(line.quantity)} ${unit}` : formatQuantity(line.quantity),
      formatAmount(eurosToCents(line.price)),
      formatAmount(sign * lineTotalCents(line) || 0),
    ];
  });
}

function totalLines(lines: QuoteSnapshot['tasks'], tvaRate: number): TotalLine[] {
  return totalsOf(computeTotals(lines, tvaRate), tvaRate, true);
}

function totalsOf(totals: Totals, tvaRate: number, vatApplies: boolean): TotalLine[] {
  if (!vatApplies) {
    // Franchise en base (art. 293 B du CGI): no VAT line, the total to pay is the HT total.
    return [
      { label: m.totalHT, value: formatAmount(totals.totalHTCents), emphasis: false },
      { label: m.netToPay, value: formatAmount(totals.totalHTCents), emphasis: true },
    ];
  }
  return [
    { label: m.totalHT, value: formatAmount(totals.totalHTCents), emphasis: false },
    { label: m.vat(formatRate(tvaRate)), value: formatAmount(totals.tvaCents), emphasis: false },
    { label: m.totalTTC, value: formatAmount(totals.totalTTCCents), emphasis: true },
  ];
}

/**
 * Whether the company charges VAT: a company without a VAT number is under the franchise en base
 * (micro-entrepreneur), its invoices say « TVA non applicable, art. 293 B du CGI » and carry no VAT line.
 */
export function companyChargesVat(company: CompanyInfo): boolean {
  return clean(company.tva) !== '';
}

/** The VAT rate an invoice of this company should be issued with (0 under the franchise en base). */
export function effectiveVatRate(company: CompanyInfo, tvaRate: number): number {
  return companyChargesVat(company) ? tvaRate : 0;
}

/** The insurance mention of artisans (loi 96-603 art. 22-2): insurance, insurer and address, coverage. */
export function insuranceMention(company: CompanyInfo): string | null {
  const insurance = company.insurance;
  const insurer = clean(insurance?.insurer);
  if (!insurance || !insurer) return null;
  const name = clean(insurance.name) || m.insuranceDefaultName;
  const address = splitLines(insurance.address).join(', ');
  const coverage = clean(insurance.coverage);
  return m.insurance(name, address ? `${insurer}, ${address}` : insurer, coverage);
}

/** Legal mentions printed under the totals of invoices and avoirs. */
function legalSection(company: CompanyInfo, withInsurance: boolean): TextSection | null {
  const lines = [
    ...(companyChargesVat(company) ? [] : [m.vatExemption]),
    ...(withInsurance ? [insuranceMention(company)].filter((l): l is string => l !== null) : []),
  ];
  return lines.length > 0 ? { title: m.legalTitle, lines } : null;
}

const MENTIONS_PENALTIES = /p[ée]nalit/i;
const MENTIONS_INDEMNITY = /40[\s\u00a0\u202f]*(€|euros?)/i;

/**
 * The late-payment text of the customisation, completed so that the two mandatory mentions are always there
 * (Code de commerce L441-9): the penalty rate and the 40 € recovery indemnity, written as « 40 € ».
 */
export function latePaymentLines(text: string | undefined): string[] {
  const t = clean(text);
  if (!t) return [DEFAULT_LATE_PAYMENT_TEXT];
  return [
    t,
    ...(MENTIONS_PENALTIES.test(t) ? [] : [m.latePenalties]),
    ...(MENTIONS_INDEMNITY.test(t) ? [] : [m.recoveryIndemnity]),
  ];
}

function styleOf(customization: QuoteCustomization): DocumentStyle {
  const defaults = { primary: '#1a365d', secondary: '#2d3748', accent: '#4299e1' };
  const colors = customization.colors ?? defaults;
  const fontSize = customization.layout?.fontSize ?? { title: 14, subtitle: 12, body: 10 };
  return {
    colors: {
      primary: safeColour(colors.primary, defaults.primary),
      secondary: safeColour(colors.secondary, defaults.secondary),
      accent: safeColour(colors.accent, defaults.accent),
    },
    tableStyle: customization.tableStyle ?? 'simple',
    titleFont: pdfFontFor(customization.fonts?.title),
    bodyFont: pdfFontFor(customization.fonts?.body),
    fontSize,
  };
}

function common(
  company: CompanyInfo,
  client: DocumentClient,
  customization: QuoteCustomization,
): Pick<DocumentLayout, 'logo' | 'showHeader' | 'company' | 'client' | 'additionalText' | 'style'> {
  const logoSize = customization.layout?.logoSize ?? 'medium';
  const showHeader = customization.showHeader !== false;
  return {
    showHeader,
    logo:
      showHeader && clean(company.logo)
        ? { dataUrl: clean(company.logo), widthMm: LOGO_WIDTH_MM[logoSize] ?? 30 }
        : null,
    company: {
      title: m.companyTitle,
      lines: companyLines(company),
      side: customization.layout?.companyInfoPosition ?? 'left',
    },
    client: {
      title: m.clientTitle,
      lines: clientLines(client),
      side: customization.layout?.clientInfoPosition ?? 'right',
    },
    additionalText: clean(customization.additionalText) || null,
    style: styleOf(customization),
  };
}

function projectLine(title: string | undefined): MetaLine | null {
  const t = clean(title);
  return t ? { label: m.projectLabel, value: t } : null;
}

export function quoteFileName(number: string): string {
  return `devis-${number}.pdf`;
}

export function invoiceFileName(number: string): string {
  return `facture-${number}.pdf`;
}

export function buildQuoteLayout(input: QuoteDocumentInput): DocumentLayout {
  const { quote, client, company, customization } = input;
  return {
    kind: 'quote',
    fileName: quoteFileName(quote.number),
    heading: m.quoteHeading,
    number: quote.number,
    customHeader: null,
    meta: [
      { label: m.numberLabel, value: quote.number },
      { label: m.dateLabel, value: formatDate(quote.date) },
      { label: m.validityLabel, value: m.validityValue(QUOTE_VALIDITY_DAYS) },
    ],
    ...common(company, client, customization),
    projectTitle: projectLine(quote.projectTitle),
    columns: TABLE_COLUMNS,
    rows: tableRows(quote.tasks),
    totals: totalLines(quote.tasks, quote.tvaRate),
    sections: [bankSection(company)].filter((s): s is TextSection => s !== null),
    signature: { title: m.signatureTitle, lines: [...m.signatureLines], widthMm: 80, heightMm: 40 },
    footer: customization.showFooter !== false ? m.quoteFooter : null,
    pageNumbers: true,
    geometry: QUOTE_GEOMETRY,
  };
}

/** Footer chain of SPEC.md §2: custom footer → company footer → « Merci de votre confiance. » */
export function invoiceFooter(customization: QuoteCustomization, company: CompanyInfo): string {
  return clean(customization.invoice?.customFooter) || clean(company.footer) || m.invoiceFooterDefault;
}

export function buildInvoiceLayout(input: InvoiceDocumentInput): DocumentLayout {
  const { invoice, client, company, customization, quoteNumber } = input;
  const settings = customization.invoice;
  const deadlineDays = Math.max(0, Math.round(settings?.paymentDeadline ?? 30));
  const dueDate = (invoice.dueDate && formatDate(invoice.dueDate)) || formatDate(addDays(invoice.date, deadlineDays));
  const meta: MetaLine[] = [
    { label: m.numberLabel, value: invoice.number },
    { label: m.issueDateLabel, value: formatDate(invoice.date) },
    {
      label: m.serviceDateLabel,
      value: (invoice.serviceDate && formatDate(invoice.serviceDate)) || formatDate(invoice.date),
    },
    { label: m.dueDateLabel, value: dueDate },
  ];
  if (settings?.showQuoteReference && clean(quoteNumber)) {
    meta.push({ label: m.quoteReferenceLabel, value: clean(quoteNumber) });
  }
  if (settings?.showPaymentStatus) {
    meta.push({ label: m.paymentStatusLabel, value: invoice.isPaid ? m.paid : m.unpaid });
  }
  if (settings?.showPaymentDate && invoice.isPaid && invoice.paymentDate) {
    const paid = formatDate(invoice.paymentDate);
    if (paid) meta.push({ label: m.paymentDateLabel, value: paid });
  }
  const paymentLines = [
    ...(clean(settings?.paymentText) ? [clean(settings?.paymentText)] : []),
    m.paymentDeadline(deadlineDays, dueDate),
    ...latePaymentLines(settings?.latePaymentText),
    m.noEarlyPaymentDiscount,
  ];
  const showHeader = customization.showHeader !== false;
  const vatApplies = companyChargesVat(company);
  const tvaRate = vatApplies ? invoice.tvaRate : 0;
  return {
    kind: 'invoice',
    fileName: invoiceFileName(invoice.number),
    heading: m.invoiceHeading,
    number: invoice.number,
    customHeader: showHeader ? clean(settings?.customHeader) || null : null,
    meta,
    ...common(company, client, customization),
    projectTitle: projectLine(invoice.projectTitle),
    columns: TABLE_COLUMNS,
    rows: tableRows(invoice.tasks),
    totals: totalsOf(computeTotals(invoice.tasks, tvaRate), tvaRate, vatApplies),
    sections: [
      { title: m.paymentTitle, lines: paymentLines },
      bankSection(company),
      legalSection(company, true),
    ].filter((s): s is TextSection => s !== null),
    signature: null,
    footer: customization.showFooter !== false ? invoiceFooter(customization, company) : null,
    pageNumbers: true,
    geometry: INVOICE_GEOMETRY,
  };
}

export function creditNoteFileName(number: string): string {
  return `avoir-${number}.pdf`;
}

/** An avoir: references the invoice it cancels or corrects, lines and totals negative (SPEC §9 invoice geometry). */
export function buildCreditNoteLayout(input: CreditNoteDocumentInput): DocumentLayout {
  const { creditNote, client, company, customization } = input;
  const vatApplies = companyChargesVat(company);
  const tvaRate = vatApplies ? creditNote.tvaRate : 0;
  const invoiceDate = creditNote.invoiceDate ? formatDate(creditNote.invoiceDate) : '';
  const invoiceRef = invoiceDate ? m.invoiceReference(creditNote.invoiceNumber, invoiceDate) : creditNote.invoiceNumber;
  const computed = computeTotals(creditNote.tasks, tvaRate);
  const totals: Totals = creditNote.totals ?? {
    totalHTCents: -computed.totalHTCents,
    tvaCents: -computed.tvaCents,
    totalTTCCents: -computed.totalTTCCents,
  };
  const showHeader = customization.showHeader !== false;
  return {
    kind: 'credit_note',
    fileName: creditNoteFileName(creditNote.number),
    heading: m.creditNoteHeading,
    number: creditNote.number,
    customHeader: showHeader ? clean(customization.invoice?.customHeader) || null : null,
    meta: [
      { label: m.numberLabel, value: creditNote.number },
      { label: m.issueDateLabel, value: formatDate(creditNote.date) },
      { label: m.originalInvoiceLabel, value: invoiceRef },
      { label: m.reasonLabel, value: m.reasons[creditNote.reason] },
    ],
    ...common(company, client, customization),
    projectTitle: projectLine(creditNote.projectTitle),
    columns: TABLE_COLUMNS,
    rows: tableRows(creditNote.tasks, -1),
    totals: totalsOf(totals, tvaRate, vatApplies),
    sections: [
      { title: m.creditNoteTitle, lines: [m.creditNoteText(creditNote.reason, invoiceRef)] },
      legalSection(company, false),
    ].filter((s): s is TextSection => s !== null),
    signature: null,
    footer: customization.showFooter !== false ? invoiceFooter(customization, company) : null,
    pageNumbers: true,
    geometry: INVOICE_GEOMETRY,
  };
}
