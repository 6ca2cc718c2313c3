// The document layout model: what a quote or an invoice shows, in order, with every string already
// formatted. The PDF renderer and the HTML preview both draw from it, so they cannot disagree.
import {
  DEFAULT_LATE_PAYMENT_TEXT,
  eurosToCents,
  hasReducedRenovationRate,
  isAutoliquidation,
  legalMentions,
  multiplyCents,
  negateLines,
  computeDocumentTotals,
  paymentTerms,
  retenueReleaseDate,
  storedVatContext,
  toMoneyLines,
  type Client,
  type DocumentTotals,
  type LegalDocumentKind,
  type VatContext,
  type CompanyInfo,
  type Invoice,
  type Quote,
  type QuoteCustomization,
  type QuoteLine,
  type Totals,
  type Discount,
} from '@atelier/domain';

import { documentDiscountLabel, documentRows, optionLines, type RowKind } from './lines-layout';
import { documentMessages as m, QUOTE_VALIDITY_DAYS } from './messages';
import { formatAmount, formatDate, formatRate } from './text';

export type Side = 'left' | 'right';
export type DocumentKind = 'quote' | 'invoice' | 'credit_note';

/** What a quote document needs (a stored `Quote` with its number fits). */
export type QuoteSnapshot = Pick<Quote, 'date' | 'tasks' | 'tvaRate'> &
  Partial<
    Pick<Quote, 'vatRegime' | 'depositPercent' | 'progressBilling' | 'retenuePercent' | 'retenueCaution' | 'discount'>
  > & {
    number: string;
    projectTitle?: string | undefined;
  };
/** What an invoice document needs (a stored `Invoice` with its number fits). */
export type InvoiceSnapshot = Pick<Invoice, 'date' | 'tasks' | 'tvaRate' | 'isPaid'> &
  Partial<
    Pick<
      Invoice,
      | 'vatRegime'
      | 'kind'
      | 'prepaidCents'
      | 'deductions'
      | 'retenuePercent'
      | 'retenueCaution'
      | 'situationNumber'
      | 'progress'
      | 'depositPercent'
      | 'discount'
    >
  > & {
    /** A situation's VAT per rate as issued (vat_breakdown, keyed by vatKey): cumulative minus previous. */
    vatCents?: Record<string, number> | undefined;
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
  vatRegime?: Quote['vatRegime'];
  projectTitle?: string | undefined;
  /** The invoice's remise globale (issue 27). */
  discount?: Discount | undefined;
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
export type DocumentClient = Pick<Client, 'name' | 'email' | 'phone' | 'address'> & {
  siren?: string | undefined;
  vatNumber?: string | undefined;
  siteAddress?: string | undefined;
};

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
  /** One cell per column. */
  rows: string[][];
  /** How each row is drawn (issue 27: section headings, subtotals, comments); absent = every row a line. */
  rowKinds?: RowKind[] | undefined;
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
    ...legalFormLines(company),
    ...labelled(m.registrationLabel, company.registration),
  ];
}

/** « SARL au capital de 10 000 € » (C. com. R123-238), when the company set its legal form. */
function legalFormLines(company: CompanyInfo): string[] {
  const form = clean(company.legalForm);
  const capital = clean(company.capital);
  if (!form) return [];
  return [capital ? m.legalForm(form, capital) : form];
}

export function clientLines(client: DocumentClient): string[] {
  return [
    clean(client.name) || m.notSpecified,
    ...splitLines(client.address),
    ...labelled(m.phoneLabel, client.phone),
    ...labelled(m.emailLabel, client.email),
    ...labelled(m.sirenLabel, client.siren),
    ...labelled(m.vatNumberLabel, client.vatNumber),
  ];
}

/** The site address when it differs from the billing address (décret 2022-1299). */
function siteLine(client: DocumentClient): MetaLine | null {
  const site = splitLines(client.siteAddress).join(', ');
  return site && site !== splitLines(client.address).join(', ') ? { label: m.siteAddressLabel, value: site } : null;
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

/** The options not accepted, after the totals (issue 27), or null when there are none. */
function optionsSection(tasks: QuoteLine[], context: VatContext): TextSection | null {
  const lines = optionLines(tasks, context);
  return lines.length > 0 ? { title: m.optionsTitle, lines } : null;
}

/**
 * The totals block, from the money model's figures: HT, the VAT of each rate (with its base when there are
 * several), TTC; then the deposits already paid, the retenue de garantie and the net to pay when there are any.
 * Under the franchise or autoliquidation there is no VAT line: the mention under the totals says why.
 */
export function totalsOf(
  totals: DocumentTotals,
  deductions: TotalLine[] = [],
  discount: Discount | null | undefined = null,
): TotalLine[] {
  const taxed = totals.breakdown.filter((row) => row.code === 'S');
  const out: TotalLine[] =
    totals.documentDiscountCents === 0
      ? [{ label: m.totalHT, value: formatAmount(totals.totalHTCents), emphasis: false }]
      : [
          { label: m.totalBeforeDiscount, value: formatAmount(totals.lineTotalCents), emphasis: false },
          {
            label: documentDiscountLabel(discount),
            value: formatAmount(-totals.documentDiscountCents),
            emphasis: false,
          },
          { label: m.totalAfterDiscount, value: formatAmount(totals.totalHTCents), emphasis: false },
        ];
  if (taxed.length === 0) {
    const net = totals.prepaidCents === 0 && totals.retenueCents === 0 && deductions.length === 0;
    out.push({ label: net ? m.netToPay : m.totalTTC, value: formatAmount(totals.totalTTCCents), emphasis: net });
  } else {
    for (const row of taxed) {
      out.push({
        label:
          taxed.length > 1 ? m.vatOn(formatRate(row.rate), formatAmount(row.baseCents)) : m.vat(formatRate(row.rate)),
        value: formatAmount(row.vatCents),
        emphasis: false,
      });
    }
    if (taxed.length > 1) out.push({ label: m.totalVat, value: formatAmount(totals.totalVatCents), emphasis: false });
    out.push({ label: m.totalTTC, value: formatAmount(totals.totalTTCCents), emphasis: true });
  }
  if (totals.prepaidCents !== 0 || totals.retenueCents !== 0 || deductions.length > 0) {
    out.push(...deductions);
    if (totals.prepaidCents !== 0 && deductions.length === 0) {
      out.push({ label: m.alreadyPaid, value: formatAmount(-totals.prepaidCents), emphasis: false });
    }
    if (totals.retenueCents !== 0) {
      out.push({ label: m.retenueLine, value: formatAmount(-totals.retenueCents), emphasis: false });
    }
    out.push({ label: m.netToPay, value: formatAmount(totals.netDueCents), emphasis: true });
  }
  return out;
}

/** The VAT context of a stored document (its regime, or the rule for documents made before regimes existed). */
function contextOf(
  document: { vatRegime?: string | undefined; tvaRate: number; tasks: QuoteLine[] },
  company: CompanyInfo,
): VatContext {
  return storedVatContext(document, company);
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

/**
 * Legal mentions printed under the totals, decided by @atelier/domain's legalMentions: VAT (293 B,
 * autoliquidation, débits), the nature of the operation, the retenue de garantie, the insurance (décennale).
 */
function legalSection(
  company: CompanyInfo,
  kind: LegalDocumentKind,
  tasks: QuoteLine[],
  context: VatContext,
  retenue: { ratePercent: number; caution: boolean; amountCents: number; releaseDate?: string } | null,
  withInsurance: boolean,
): { section: TextSection | null; certification: string[] } {
  const mentions = legalMentions({
    kind,
    regime: context.regime,
    vatOnDebits: company.vatOnDebits === true,
    autoliquidation: isAutoliquidation(tasks, context),
    reducedRenovation: hasReducedRenovationRate(tasks, context),
    energyRenovation: toMoneyLines(tasks, context).some(
      (l) => l.vatCategory === 'reduced_renovation' && l.vatRate === 5.5,
    ),
    nature: company.operationNature ?? 'services',
    retenue,
  });
  const lines = [
    ...mentions.vat,
    mentions.nature,
    ...(mentions.retenue ? [mentions.retenue] : []),
    ...(withInsurance ? [insuranceMention(company)].filter((l): l is string => l !== null) : []),
  ];
  return { section: { title: m.legalTitle, lines }, certification: mentions.certification };
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
  const context = contextOf(quote, company);
  const totals = computeDocumentTotals(toMoneyLines(quote.tasks, context), { documentDiscount: quote.discount });
  const legal = legalSection(company, 'quote', quote.tasks, context, null, true);
  const table = documentRows(quote.tasks, context);
  const site = siteLine(client);
  const conditions = [
    ...(quote.depositPercent ? [m.depositRequested(formatRate(quote.depositPercent))] : []),
    ...(quote.progressBilling ? [m.progressBilling] : []),
    ...(quote.progressBilling && quote.retenuePercent
      ? [
          quote.retenueCaution
            ? m.retenueCaution(formatRate(quote.retenuePercent))
            : m.retenueRequested(formatRate(quote.retenuePercent)),
        ]
      : []),
  ];
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
      ...(site ? [site] : []),
    ],
    ...common(company, client, customization),
    projectTitle: projectLine(quote.projectTitle),
    columns: TABLE_COLUMNS,
    ...table,
    totals: totalsOf(totals, [], quote.discount),
    sections: [
      optionsSection(quote.tasks, context),
      conditions.length > 0 ? { title: m.quoteConditionsTitle, lines: conditions } : null,
      bankSection(company),
      legal.section,
      // The client's reduced-rate certification, printed just above the signature box (BOI-LETTRE-000280).
      legal.certification.length > 0 ? { title: m.certificationTitle, lines: legal.certification } : null,
    ].filter((s): s is TextSection => s !== null),
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
  const terms = paymentTerms(calendarDay(invoice.date), settings?.paymentDeadline ?? 30);
  const dueDate = (invoice.dueDate && formatDate(invoice.dueDate)) || formatDate(terms.dueDate);
  const meta: MetaLine[] = [
    { label: m.numberLabel, value: invoice.number },
    { label: m.issueDateLabel, value: formatDate(invoice.date) },
    {
      label: m.serviceDateLabel,
      value: (invoice.serviceDate && formatDate(invoice.serviceDate)) || formatDate(invoice.date),
    },
    { label: m.dueDateLabel, value: dueDate },
  ];
  const quoteRef = clean(quoteNumber);
  if (settings?.showQuoteReference && quoteRef) meta.push({ label: m.quoteReferenceLabel, value: quoteRef });
  const site = siteLine(client);
  if (site) meta.push(site);
  // No payment status nor payment date on the document: an issued invoice never changes, its payment state lives
  // in the app (issue 28).
  const kind = invoice.kind ?? 'invoice';
  const context = contextOf(invoice, company);
  const retenue =
    invoice.retenuePercent && invoice.retenuePercent > 0
      ? { ratePercent: invoice.retenuePercent, caution: invoice.retenueCaution === true }
      : null;
  const totals = computeDocumentTotals(toMoneyLines(invoice.tasks, context), {
    documentDiscount: invoice.discount,
    prepaidCents: invoice.prepaidCents ?? 0,
    retenue,
    ...(invoice.vatCents ? { vatCents: invoice.vatCents } : {}),
  });
  const deductions: TotalLine[] = (invoice.deductions ?? []).map((d) => ({
    label: m.depositDeducted(d.number, d.issue_date ? formatDate(d.issue_date) : ''),
    value: formatAmount(-d.total_ttc_cents),
    emphasis: false,
  }));
  const legal = legalSection(
    company,
    kind === 'invoice' ? 'invoice' : kind,
    invoice.tasks,
    context,
    retenue ? { ...retenue, amountCents: totals.retenueCents, ...releaseOf(invoice) } : null,
    true,
  );
  const paymentLines = [
    ...paymentText(settings?.paymentText, terms.text),
    ...latePaymentLines(settings?.latePaymentText),
    m.noEarlyPaymentDiscount,
  ];
  const showHeader = customization.showHeader !== false;
  const subject = invoiceSubject(invoice, kind, quoteRef);
  return {
    kind: 'invoice',
    fileName: invoiceFileName(invoice.number),
    heading: kind === 'deposit' ? m.depositHeading : kind === 'situation' ? m.situationHeading : m.invoiceHeading,
    number: invoice.number,
    customHeader: showHeader ? clean(settings?.customHeader) || null : null,
    meta: subject ? [subject, ...meta] : meta,
    ...common(company, client, customization),
    projectTitle: projectLine(invoice.projectTitle),
    columns: kind === 'situation' ? SITUATION_COLUMNS : TABLE_COLUMNS,
    ...(kind === 'situation' ? { rows: situationRows(invoice) } : documentRows(invoice.tasks, context)),
    totals: totalsOf(totals, deductions, invoice.discount),
    sections: [
      optionsSection(invoice.tasks, context),
      { title: m.paymentTitle, lines: paymentLines },
      bankSection(company),
      legal.section,
    ].filter((s): s is TextSection => s !== null),
    signature: null,
    footer: customization.showFooter !== false ? invoiceFooter(customization, company) : null,
    pageNumbers: true,
    geometry: INVOICE_GEOMETRY,
  };
}

function calendarDay(date: string): string {
  return /^\d{4}-\d{2}-\d{2}/.test(date) ? date.slice(0, 10) : new Date(date).toISOString().slice(0, 10);
}

function releaseOf(invoice: InvoiceSnapshot): { releaseDate?: string } {
  const reception = invoice.serviceDate ?? invoice.date;
  return invoice.kind === 'situation' || reception ? { releaseDate: retenueReleaseDate(calendarDay(reception)) } : {};
}

/**
 * One payment term only (paymentTerms): the customisation's free text is kept unless it is itself a term that
 * would contradict the delay (« Paiement à réception » printed with « 30 jours »).
 */
function paymentText(custom: string | undefined, term: string): string[] {
  const text = clean(custom);
  const isTerm = /r[ée]ception/i.test(text) || text === term;
  return text && !isTerm ? [text, term] : [term];
}

/** « Facture d'acompte n° FA0002 — 30 % du devis DE0001 », « Facture de situation n° 2 — devis DE0001 ». */
function invoiceSubject(invoice: InvoiceSnapshot, kind: string, quoteRef: string): MetaLine | null {
  if (kind === 'deposit') {
    const share = invoice.depositPercent ? formatRate(invoice.depositPercent) : '';
    return { label: m.subjectLabel, value: m.depositSubject(invoice.number, share, quoteRef) };
  }
  if (kind === 'situation') {
    return { label: m.subjectLabel, value: m.situationSubject(invoice.situationNumber ?? 1, quoteRef) };
  }
  return null;
}

export const SITUATION_COLUMNS: TableColumn[] = [
  { label: m.columns.description, widthPct: 30, align: 'left' },
  { label: m.columns.quoteAmount, widthPct: 15, align: 'right' },
  { label: m.columns.cumulativePercent, widthPct: 13, align: 'right' },
  { label: m.columns.cumulative, widthPct: 14, align: 'right' },
  { label: m.columns.previous, widthPct: 14, align: 'right' },
  { label: m.columns.thisSituation, widthPct: 14, align: 'right' },
];

/**
 * A situation's lines: the devis amount, the cumulative % and amount now, the amount invoiced by the previous
 * situations, and what this situation adds (its line net).
 */
function situationRows(invoice: InvoiceSnapshot): string[][] {
  return invoice.tasks.map((line, index) => {
    const progress = invoice.progress?.[index];
    const amount = (cents: number | undefined) => (cents === undefined ? '' : formatAmount(cents));
    return [
      clean(line.name),
      amount(progress?.quote_net_cents),
      progress ? formatRate(progress.current) : '',
      amount(progress?.cumulative_cents),
      amount(progress?.previous_cents),
      formatAmount(multiplyCents(eurosToCents(line.price), line.quantity)),
    ];
  });
}

export function creditNoteFileName(number: string): string {
  return `avoir-${number}.pdf`;
}

/** An avoir: references the invoice it cancels or corrects, lines and totals negative (SPEC §9 invoice geometry). */
export function buildCreditNoteLayout(input: CreditNoteDocumentInput): DocumentLayout {
  const { creditNote, client, company, customization } = input;
  const invoiceDate = creditNote.invoiceDate ? formatDate(creditNote.invoiceDate) : '';
  const invoiceRef = invoiceDate ? m.invoiceReference(creditNote.invoiceNumber, invoiceDate) : creditNote.invoiceNumber;
  const context = contextOf(creditNote, company);
  const computed = computeDocumentTotals(negateLines(toMoneyLines(creditNote.tasks, context)), {
    documentDiscount: creditNote.discount,
  });
  // The avoir's stored (negative) totals win: they are what the server issued.
  const totals: DocumentTotals = creditNote.totals
    ? {
        ...computed,
        totalHTCents: creditNote.totals.totalHTCents,
        totalVatCents: creditNote.totals.tvaCents,
        totalTTCCents: creditNote.totals.totalTTCCents,
        payableCents: creditNote.totals.totalTTCCents,
        netDueCents: creditNote.totals.totalTTCCents,
      }
    : computed;
  const legal = legalSection(company, 'credit_note', creditNote.tasks, context, null, false);
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
    ...documentRows(creditNote.tasks, context, -1),
    totals: totalsOf(totals, [], creditNote.discount),
    sections: [
      { title: m.creditNoteTitle, lines: [m.creditNoteText(creditNote.reason, invoiceRef)] },
      legal.section,
    ].filter((s): s is TextSection => s !== null),
    signature: null,
    footer: customization.showFooter !== false ? invoiceFooter(customization, company) : null,
    pageNumbers: true,
    geometry: INVOICE_GEOMETRY,
  };
}
