// Reads a received e-invoice (CII — Factur-X / ZUGFeRD — or UBL Invoice / CreditNote) into what the « Factures
// reçues » list shows: supplier, number, dates, totals and VAT breakdown, in integer cents. Malformed or unknown
// input gets a French message (EInvoiceError). fast-xml-parser: pure JS, runs in the browser, Node and Deno.
// A DOCTYPE is refused outright (no entity expansion, no external entities).
import { XMLParser, XMLValidator } from 'fast-xml-parser';

import { EINVOICE_MESSAGES as M, EInvoiceError } from './messages.ts';

/** 5 MB of XML is far more than any invoice (a 500-line CII is ~1 MB). */
export const MAX_EINVOICE_XML_BYTES = 5 * 1024 * 1024;

export interface ReceivedInvoice {
  syntax: 'CII' | 'UBL';
  /** BT-24 (CII guideline / UBL CustomizationID). */
  specification: string | null;
  /** BT-3: 380 facture, 381 avoir, 386 acompte… */
  typeCode: string;
  isCreditNote: boolean;
  number: string;
  /** ISO dates. */
  issueDate: string | null;
  dueDate: string | null;
  currency: string;
  supplier: { name: string; siren: string | null; vatId: string | null };
  buyer: { name: string; siren: string | null; vatId: string | null };
  totals: { htCents: number; vatCents: number; ttcCents: number; prepaidCents: number; dueCents: number };
  vatBreakdown: { code: string; rate: number; baseCents: number; vatCents: number }[];
  lineCount: number;
  /** Inconsistencies found (French), shown beside the invoice; the file is still readable. */
  warnings: string[];
}

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

const arr = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const node = (v: unknown): Node =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : Array.isArray(v) ? node(v[0]) : {};
const at = (v: unknown, ...path: string[]): unknown => path.reduce<unknown>((cur, key) => node(cur)[key], v);

function text(v: unknown): string | null {
  if (Array.isArray(v)) return text(v[0]);
  if (typeof v === 'string') return v.trim() || null;
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && '#text' in v) return text((v as Node)['#text']);
  return null;
}

/** « 1234.5 » → 123450; refuses what is not a decimal number. */
export function amountToCents(value: string | null, field: string): number {
  if (value === null) return 0;
  const m = /^([+-])?(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) throw new EInvoiceError(M.unreadableInvoice(`montant « ${value.slice(0, 40)} » illisible (${field})`));
  const decimals = (m[3] ?? '').padEnd(3, '0');
  let cents = Number(m[2]) * 100 + Number(decimals.slice(0, 2));
  if (Number(decimals[2]) >= 5) cents += 1; // half away from zero, on the absolute value
  if (!Number.isSafeInteger(cents)) throw new EInvoiceError(M.unreadableInvoice(`montant trop grand (${field})`));
  return m[1] === '-' ? -cents : cents;
}

/** CII format 102 (YYYYMMDD) or ISO → ISO. */
function isoDate(value: string | null): string | null {
  if (!value) return null;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (compact) return `${compact[1]}-${compact[2]}-${compact[3]}`;
  return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

function schemeValue(entries: unknown, scheme: string): string | null {
  for (const e of arr(entries)) if (node(e)['@schemeID'] === scheme) return text(e);
  return null;
}

function readCii(root: Node): Omit<ReceivedInvoice, 'warnings'> {
  const doc = node(root.ExchangedDocument);
  const tx = node(root.SupplyChainTradeTransaction);
  const agreement = node(tx.ApplicableHeaderTradeAgreement);
  const settlement = node(tx.ApplicableHeaderTradeSettlement);
  const sums = node(settlement.SpecifiedTradeSettlementHeaderMonetarySummation);
  const party = (p: unknown) => ({
    name: text(at(p, 'Name')) ?? '',
    siren: sirenOf(at(p, 'SpecifiedLegalOrganization', 'ID')),
    vatId: schemeValue(
      arr(node(p).SpecifiedTaxRegistration).map((r) => node(r).ID),
      'VA',
    ),
  });
  const currency = text(settlement.InvoiceCurrencyCode) ?? 'EUR';
  // BT-110 is the TaxTotalAmount in the invoice currency (a second one may be in the VAT accounting currency).
  const taxTotals = arr(sums.TaxTotalAmount);
  const taxTotal = taxTotals.find((t) => node(t)['@currencyID'] === currency) ?? taxTotals[0];
  const typeCode = text(doc.TypeCode) ?? '';
  return {
    syntax: 'CII',
    specification: text(at(root, 'ExchangedDocumentContext', 'GuidelineSpecifiedDocumentContextParameter', 'ID')),
    typeCode,
    isCreditNote: typeCode === '381',
    number: text(doc.ID) ?? '',
    issueDate: isoDate(text(at(doc, 'IssueDateTime', 'DateTimeString'))),
    dueDate: isoDate(text(at(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime', 'DateTimeString'))),
    currency,
    supplier: party(agreement.SellerTradeParty),
    buyer: party(agreement.BuyerTradeParty),
    totals: {
      htCents: amountToCents(text(sums.TaxBasisTotalAmount), 'BT-109'),
      vatCents: amountToCents(text(taxTotal), 'BT-110'),
      ttcCents: amountToCents(text(sums.GrandTotalAmount), 'BT-112'),
      prepaidCents: amountToCents(text(sums.TotalPrepaidAmount), 'BT-113'),
      dueCents: amountToCents(text(sums.DuePayableAmount), 'BT-115'),
    },
    vatBreakdown: arr(settlement.ApplicableTradeTax).map((t) => ({
      code: text(node(t).CategoryCode) ?? '',
      rate: Number(text(node(t).RateApplicablePercent) ?? 0),
      baseCents: amountToCents(text(node(t).BasisAmount), 'BT-116'),
      vatCents: amountToCents(text(node(t).CalculatedAmount), 'BT-117'),
    })),
    lineCount: arr(tx.IncludedSupplyChainTradeLineItem).length,
  };
}

/** A legal registration id is a SIREN when its scheme says so (0002) or, without scheme, when it has 9 digits. */
function sirenOf(id: unknown): string | null {
  const value = text(id);
  const scheme = node(id)['@schemeID'];
  return value && (scheme === '0002' || (scheme === undefined && /^\d{9}$/.test(value))) ? value : null;
}

function readUbl(root: Node, credit: boolean): Omit<ReceivedInvoice, 'warnings'> {
  const party = (p: unknown) => {
    const legal = node(at(p, 'Party', 'PartyLegalEntity'));
    const vat = arr(at(p, 'Party', 'PartyTaxScheme')).find((s) => text(at(s, 'TaxScheme', 'ID')) === 'VAT');
    return {
      name: text(legal.RegistrationName) ?? text(at(p, 'Party', 'PartyName', 'Name')) ?? '',
      siren: sirenOf(legal.CompanyID),
      vatId: vat ? text(node(vat).CompanyID) : null,
    };
  };
  const totals = node(root.LegalMonetaryTotal);
  const taxTotal = arr(root.TaxTotal).find((t) => node(t).TaxSubtotal !== undefined) ?? arr(root.TaxTotal)[0];
  const typeCode = text(credit ? root.CreditNoteTypeCode : root.InvoiceTypeCode) ?? (credit ? '381' : '380');
  return {
    syntax: 'UBL',
    specification: text(root.CustomizationID),
    typeCode,
    isCreditNote: credit || typeCode === '381',
    number: text(root.ID) ?? '',
    issueDate: isoDate(text(root.IssueDate)),
    dueDate: isoDate(text(root.DueDate) ?? text(at(root, 'PaymentMeans', 'PaymentDueDate'))),
    currency: text(root.DocumentCurrencyCode) ?? 'EUR',
    supplier: party(root.AccountingSupplierParty),
    buyer: party(root.AccountingCustomerParty),
    totals: {
      htCents: amountToCents(text(totals.TaxExclusiveAmount), 'BT-109'),
      vatCents: amountToCents(text(node(taxTotal).TaxAmount), 'BT-110'),
      ttcCents: amountToCents(text(totals.TaxInclusiveAmount), 'BT-112'),
      prepaidCents: amountToCents(text(totals.PrepaidAmount), 'BT-113'),
      dueCents: amountToCents(text(totals.PayableAmount), 'BT-115'),
    },
    vatBreakdown: arr(node(taxTotal).TaxSubtotal).map((s) => ({
      code: text(at(s, 'TaxCategory', 'ID')) ?? '',
      rate: Number(text(at(s, 'TaxCategory', 'Percent')) ?? 0),
      baseCents: amountToCents(text(node(s).TaxableAmount), 'BT-116'),
      vatCents: amountToCents(text(node(s).TaxAmount), 'BT-117'),
    })),
    lineCount: arr(credit ? root.CreditNoteLine : root.InvoiceLine).length,
  };
}

/** The EN 16931 sums a reader can check without the lines' details (BR-CO-14/15/16). */
function warningsOf(inv: Omit<ReceivedInvoice, 'warnings'>): string[] {
  const out: string[] = [];
  const t = inv.totals;
  const vatSum = inv.vatBreakdown.reduce((s, r) => s + r.vatCents, 0);
  if (inv.vatBreakdown.length > 0 && vatSum !== t.vatCents)
    out.push('Le total de TVA ne correspond pas au détail par taux.');
  if (t.htCents + t.vatCents !== t.ttcCents) out.push('Le total TTC ne correspond pas au HT plus la TVA.');
  if (t.ttcCents - t.prepaidCents !== t.dueCents)
    out.push('Le net à payer ne correspond pas au TTC moins les acomptes.');
  if (!inv.issueDate) out.push('La date de la facture est absente ou illisible.');
  return out;
}

/** Reads a CII or UBL e-invoice. Throws EInvoiceError (French) for anything that is not one. */
export function parseEInvoiceXml(xml: string): ReceivedInvoice {
  const source = xml.replace(/^\uFEFF/, '');
  if (!source.trim()) throw new EInvoiceError(M.emptyFile);
  if (new TextEncoder().encode(source).length > MAX_EINVOICE_XML_BYTES) throw new EInvoiceError(M.tooLarge);
  if (/<!DOCTYPE/i.test(source)) throw new EInvoiceError(M.notXml);
  if (XMLValidator.validate(source) !== true) throw new EInvoiceError(M.notXml);
  let doc: Node;
  try {
    doc = parser.parse(source) as Node;
  } catch {
    throw new EInvoiceError(M.notXml);
  }
  let read: Omit<ReceivedInvoice, 'warnings'>;
  if (doc.CrossIndustryInvoice) read = readCii(node(doc.CrossIndustryInvoice));
  else if (doc.Invoice) read = readUbl(node(doc.Invoice), false);
  else if (doc.CreditNote) read = readUbl(node(doc.CreditNote), true);
  else throw new EInvoiceError(M.unknownFormat);
  if (!read.number) throw new EInvoiceError(M.unreadableInvoice('numéro de facture absent'));
  if (!read.supplier.name) throw new EInvoiceError(M.unreadableInvoice('fournisseur absent'));
  return { ...read, warnings: warningsOf(read) };
}
