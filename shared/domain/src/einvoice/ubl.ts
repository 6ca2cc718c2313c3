// OASIS UBL 2.1 Invoice / CreditNote under EN 16931 (CustomizationID urn:cen.eu:en16931:2017): the same EInvoice
// as buildCiiXml, for the plateformes and buyers that ask for UBL. Validated in CI with the official EN 16931 UBL
// schematron (the UBL 2.1 XSD is not vendored). Note subject codes go in the text as « #PMT#… » (EN 16931 UBL).
import { assertWritable } from './check.ts';
import { amount, decimal, el } from './format.ts';
import type {
  EInvoice,
  EInvoiceAddress,
  EInvoiceBuyer,
  EInvoiceLine,
  EInvoiceSeller,
  EInvoiceVatRow,
} from './model.ts';
import { EN16931_GUIDELINE } from './cii.ts';

const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
};
const COMMON =
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';

const money = (name: string, cents: number) => `<cbc:${name} currencyID="EUR">${amount(cents)}</cbc:${name}>`;

function address(tag: string, a: EInvoiceAddress): string {
  return (
    `<cac:${tag}>` +
    el('cbc:StreetName', a.line1) +
    el('cbc:AdditionalStreetName', a.line2) +
    el('cbc:CityName', a.city) +
    el('cbc:PostalZone', a.postcode) +
    `<cac:Country>${el('cbc:IdentificationCode', a.countryCode)}</cac:Country>` +
    `</cac:${tag}>`
  );
}

const vatScheme = (id: string | undefined, scheme = 'VAT') =>
  id
    ? `<cac:PartyTaxScheme>${el('cbc:CompanyID', id)}<cac:TaxScheme>${el('cbc:ID', scheme)}</cac:TaxScheme></cac:PartyTaxScheme>`
    : '';

function party(tag: string, p: EInvoiceSeller | EInvoiceBuyer, seller: boolean): string {
  const s = p as EInvoiceSeller;
  return (
    `<cac:${tag}><cac:Party>` +
    el('cbc:EndpointID', p.email, ' schemeID="EM"') +
    (seller && s.siret
      ? `<cac:PartyIdentification>${el('cbc:ID', s.siret, ' schemeID="0009"')}</cac:PartyIdentification>`
      : '') +
    (seller && s.tradingName ? `<cac:PartyName>${el('cbc:Name', s.tradingName)}</cac:PartyName>` : '') +
    address('PostalAddress', p.address) +
    vatScheme(p.vatId) +
    (seller ? vatScheme(s.taxRegistrationId, 'FC') : '') +
    '<cac:PartyLegalEntity>' +
    el('cbc:RegistrationName', p.name) +
    el('cbc:CompanyID', p.siren, ' schemeID="0002"') +
    (seller ? el('cbc:CompanyLegalForm', s.legalInfo) : '') +
    '</cac:PartyLegalEntity>' +
    (p.email ? `<cac:Contact>${el('cbc:ElectronicMail', p.email)}</cac:Contact>` : '') +
    `</cac:Party></cac:${tag}>`
  );
}

function taxCategory(tag: string, code: string, rate: number, row?: EInvoiceVatRow): string {
  return (
    `<cac:${tag}>` +
    el('cbc:ID', code) +
    `<cbc:Percent>${decimal(rate)}</cbc:Percent>` +
    el('cbc:TaxExemptionReasonCode', row?.exemptionReasonCode) +
    el('cbc:TaxExemptionReason', row?.exemptionReason) +
    '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>' +
    `</cac:${tag}>`
  );
}

/** A remise (ChargeIndicator false): on a line (BG-27), or on the document with its VAT category (BG-20). */
function allowanceCharge(cents: number, reason: string, tax?: { vatCode: string; rate: number }): string {
  return (
    '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator>' +
    el('cbc:AllowanceChargeReason', reason) +
    money('Amount', cents) +
    (tax ? taxCategory('TaxCategory', tax.vatCode, tax.rate) : '') +
    '</cac:AllowanceCharge>'
  );
}

function line(l: EInvoiceLine, credit: boolean): string {
  const tag = credit ? 'CreditNoteLine' : 'InvoiceLine';
  return (
    `<cac:${tag}>` +
    el('cbc:ID', l.id) +
    el(
      credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity',
      decimal(l.quantity),
      ` unitCode="${l.unitCode.replace(/[^A-Z0-9]/g, '')}"`,
    ) +
    money('LineExtensionAmount', l.netAmountCents) +
    (l.allowance ? allowanceCharge(l.allowance.amountCents, l.allowance.reason) : '') +
    '<cac:Item>' +
    el('cbc:Description', l.description) +
    el('cbc:Name', l.name) +
    taxCategory('ClassifiedTaxCategory', l.vatCode, l.vatRate) +
    '</cac:Item>' +
    `<cac:Price>${money('PriceAmount', l.netPriceCents)}</cac:Price>` +
    `</cac:${tag}>`
  );
}

/** The UBL XML of an invoice (Invoice, 380 / 386) or credit note (CreditNote, 381). */
export function buildUblXml(invoice: EInvoice): string {
  assertWritable(invoice);
  const credit = invoice.typeCode === '381';
  const root = credit ? 'CreditNote' : 'Invoice';
  const t = invoice.totals;
  const p = invoice.payment;
  const notes = invoice.notes
    .filter((n) => n.text.trim())
    .map((n) => el('cbc:Note', n.subjectCode ? `#${n.subjectCode}#${n.text}` : n.text))
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<${root} xmlns="${NS[root]}" ${COMMON}>` +
    `<cbc:CustomizationID>${EN16931_GUIDELINE}</cbc:CustomizationID>` +
    el('cbc:ID', invoice.number) +
    `<cbc:IssueDate>${invoice.issueDate}</cbc:IssueDate>` +
    (!credit && invoice.dueDate ? `<cbc:DueDate>${invoice.dueDate}</cbc:DueDate>` : '') +
    `<cbc:${root}TypeCode>${invoice.typeCode}</cbc:${root}TypeCode>` +
    notes +
    `<cbc:DocumentCurrencyCode>${invoice.currency}</cbc:DocumentCurrencyCode>` +
    el('cbc:BuyerReference', invoice.buyerReference) +
    invoice.precedingInvoices
      .map(
        (r) =>
          `<cac:BillingReference><cac:InvoiceDocumentReference>${el('cbc:ID', r.number)}${el('cbc:IssueDate', r.issueDate)}</cac:InvoiceDocumentReference></cac:BillingReference>`,
      )
      .join('') +
    party('AccountingSupplierParty', invoice.seller, true) +
    party('AccountingCustomerParty', invoice.buyer, false) +
    (invoice.delivery?.date || invoice.delivery?.address
      ? '<cac:Delivery>' +
        el('cbc:ActualDeliveryDate', invoice.delivery.date) +
        (invoice.delivery.address
          ? `<cac:DeliveryLocation>${address('Address', invoice.delivery.address)}</cac:DeliveryLocation>`
          : '') +
        '</cac:Delivery>'
      : '') +
    (p
      ? '<cac:PaymentMeans>' +
        `<cbc:PaymentMeansCode>${p.meansCode}</cbc:PaymentMeansCode>` +
        (credit && invoice.dueDate ? `<cbc:PaymentDueDate>${invoice.dueDate}</cbc:PaymentDueDate>` : '') +
        el('cbc:PaymentID', p.remittance) +
        (p.iban
          ? '<cac:PayeeFinancialAccount>' +
            el('cbc:ID', p.iban.replace(/\s+/g, '')) +
            el('cbc:Name', p.accountName) +
            (p.bic
              ? `<cac:FinancialInstitutionBranch>${el('cbc:ID', p.bic.replace(/\s+/g, ''))}</cac:FinancialInstitutionBranch>`
              : '') +
            '</cac:PayeeFinancialAccount>'
          : '') +
        '</cac:PaymentMeans>'
      : '') +
    (invoice.paymentTerms ? `<cac:PaymentTerms>${el('cbc:Note', invoice.paymentTerms)}</cac:PaymentTerms>` : '') +
    (invoice.allowances ?? []).map((a) => allowanceCharge(a.amountCents, a.reason, a)).join('') +
    '<cac:TaxTotal>' +
    money('TaxAmount', t.vatCents) +
    invoice.vatBreakdown
      .map(
        (r) =>
          '<cac:TaxSubtotal>' +
          money('TaxableAmount', r.baseCents) +
          money('TaxAmount', r.vatCents) +
          taxCategory('TaxCategory', r.vatCode, r.rate, r) +
          '</cac:TaxSubtotal>',
      )
      .join('') +
    '</cac:TaxTotal>' +
    '<cac:LegalMonetaryTotal>' +
    money('LineExtensionAmount', t.lineTotalCents) +
    money('TaxExclusiveAmount', t.taxBasisCents) +
    money('TaxInclusiveAmount', t.grandTotalCents) +
    (t.allowanceTotalCents ? money('AllowanceTotalAmount', t.allowanceTotalCents) : '') +
    (t.prepaidCents ? money('PrepaidAmount', t.prepaidCents) : '') +
    money('PayableAmount', t.duePayableCents) +
    '</cac:LegalMonetaryTotal>' +
    invoice.lines.map((l) => line(l, credit)).join('') +
    `</${root}>\n`
  );
}
