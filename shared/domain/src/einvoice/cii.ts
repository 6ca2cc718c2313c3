// UN/CEFACT Cross Industry Invoice D16B, Factur-X / EN 16931 profile (guideline urn:cen.eu:en16931:2017), written
// as strings in the order the Factur-X 1.07.3 XSD requires. No DOM and no Node API: runs in the browser, in Node and
// in Deno Edge Functions. Validated in CI against the XSD and the official EN 16931 schematron (golden tests).
import { assertWritable } from './check.ts';
import { amount, date102, decimal, el } from './format.ts';
import type {
  EInvoice,
  EInvoiceAddress,
  EInvoiceAllowance,
  EInvoiceBuyer,
  EInvoiceDocumentAllowance,
  EInvoiceLine,
  EInvoiceSeller,
  EInvoiceVatRow,
} from './model.ts';

export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

const NS = [
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"',
  'xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"',
  'xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"',
  'xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
].join(' ');

const dateTime = (tag: string, iso: string) =>
  `<${tag}><udt:DateTimeString format="102">${date102(iso)}</udt:DateTimeString></${tag}>`;

function address(a: EInvoiceAddress): string {
  return (
    '<ram:PostalTradeAddress>' +
    el('ram:PostcodeCode', a.postcode) +
    el('ram:LineOne', a.line1) +
    el('ram:LineTwo', a.line2) +
    el('ram:CityName', a.city) +
    el('ram:CountryID', a.countryCode) +
    '</ram:PostalTradeAddress>'
  );
}

const email = (value?: string) =>
  value
    ? `<ram:URIUniversalCommunication>${el('ram:URIID', value, ' schemeID="EM"')}</ram:URIUniversalCommunication>`
    : '';

const taxRegistration = (id: string | undefined, scheme: 'VA' | 'FC') =>
  id ? `<ram:SpecifiedTaxRegistration>${el('ram:ID', id, ` schemeID="${scheme}"`)}</ram:SpecifiedTaxRegistration>` : '';

function seller(s: EInvoiceSeller): string {
  const legal =
    s.siren || s.tradingName
      ? '<ram:SpecifiedLegalOrganization>' +
        el('ram:ID', s.siren, ' schemeID="0002"') +
        el('ram:TradingBusinessName', s.tradingName) +
        '</ram:SpecifiedLegalOrganization>'
      : '';
  return (
    '<ram:SellerTradeParty>' +
    el('ram:GlobalID', s.siret, ' schemeID="0009"') +
    el('ram:Name', s.name) +
    el('ram:Description', s.legalInfo) +
    legal +
    address(s.address) +
    email(s.email) +
    taxRegistration(s.vatId, 'VA') +
    taxRegistration(s.taxRegistrationId, 'FC') +
    '</ram:SellerTradeParty>'
  );
}

function buyer(b: EInvoiceBuyer): string {
  const legal = b.siren
    ? `<ram:SpecifiedLegalOrganization>${el('ram:ID', b.siren, ' schemeID="0002"')}</ram:SpecifiedLegalOrganization>`
    : '';
  return (
    '<ram:BuyerTradeParty>' +
    el('ram:Name', b.name) +
    legal +
    address(b.address) +
    email(b.email) +
    taxRegistration(b.vatId, 'VA') +
    '</ram:BuyerTradeParty>'
  );
}

/** A remise (ChargeIndicator false): on a line (BG-27), or on the document (BG-20, with its VAT category). */
function allowance(a: EInvoiceAllowance, tax?: EInvoiceDocumentAllowance): string {
  return (
    '<ram:SpecifiedTradeAllowanceCharge>' +
    '<ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>' +
    `<ram:ActualAmount>${amount(a.amountCents)}</ram:ActualAmount>` +
    el('ram:Reason', a.reason) +
    (tax
      ? '<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode>' +
        `<ram:CategoryCode>${tax.vatCode}</ram:CategoryCode>` +
        `<ram:RateApplicablePercent>${decimal(tax.rate)}</ram:RateApplicablePercent>` +
        '</ram:CategoryTradeTax>'
      : '') +
    '</ram:SpecifiedTradeAllowanceCharge>'
  );
}

function line(l: EInvoiceLine): string {
  return (
    '<ram:IncludedSupplyChainTradeLineItem>' +
    `<ram:AssociatedDocumentLineDocument>${el('ram:LineID', l.id)}</ram:AssociatedDocumentLineDocument>` +
    `<ram:SpecifiedTradeProduct>${el('ram:Name', l.name)}${el('ram:Description', l.description)}</ram:SpecifiedTradeProduct>` +
    '<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice>' +
    `<ram:ChargeAmount>${amount(l.netPriceCents)}</ram:ChargeAmount>` +
    '</ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>' +
    '<ram:SpecifiedLineTradeDelivery>' +
    el('ram:BilledQuantity', decimal(l.quantity), ` unitCode="${l.unitCode.replace(/[^A-Z0-9]/g, '')}"`) +
    '</ram:SpecifiedLineTradeDelivery>' +
    '<ram:SpecifiedLineTradeSettlement>' +
    '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode>' +
    `<ram:CategoryCode>${l.vatCode}</ram:CategoryCode>` +
    `<ram:RateApplicablePercent>${decimal(l.vatRate)}</ram:RateApplicablePercent>` +
    '</ram:ApplicableTradeTax>' +
    (l.allowance ? allowance(l.allowance) : '') +
    '<ram:SpecifiedTradeSettlementLineMonetarySummation>' +
    `<ram:LineTotalAmount>${amount(l.netAmountCents)}</ram:LineTotalAmount>` +
    '</ram:SpecifiedTradeSettlementLineMonetarySummation>' +
    '</ram:SpecifiedLineTradeSettlement>' +
    '</ram:IncludedSupplyChainTradeLineItem>'
  );
}

function vatRow(r: EInvoiceVatRow, dueDateCode: string | undefined): string {
  return (
    '<ram:ApplicableTradeTax>' +
    `<ram:CalculatedAmount>${amount(r.vatCents)}</ram:CalculatedAmount>` +
    '<ram:TypeCode>VAT</ram:TypeCode>' +
    el('ram:ExemptionReason', r.exemptionReason) +
    `<ram:BasisAmount>${amount(r.baseCents)}</ram:BasisAmount>` +
    `<ram:CategoryCode>${r.vatCode}</ram:CategoryCode>` +
    el('ram:ExemptionReasonCode', r.exemptionReasonCode) +
    el('ram:DueDateTypeCode', dueDateCode) +
    `<ram:RateApplicablePercent>${decimal(r.rate)}</ram:RateApplicablePercent>` +
    '</ram:ApplicableTradeTax>'
  );
}

/** The CII XML of an invoice, credit note or prepayment invoice (throws EInvoiceError when the figures disagree). */
export function buildCiiXml(invoice: EInvoice): string {
  assertWritable(invoice);
  const t = invoice.totals;
  const notes = invoice.notes
    .filter((n) => n.text.trim())
    .map(
      (n) => `<ram:IncludedNote>${el('ram:Content', n.text)}${el('ram:SubjectCode', n.subjectCode)}</ram:IncludedNote>`,
    )
    .join('');
  const delivery = invoice.delivery;
  const payment = invoice.payment;
  const paymentMeans = payment
    ? '<ram:SpecifiedTradeSettlementPaymentMeans>' +
      `<ram:TypeCode>${payment.meansCode}</ram:TypeCode>` +
      (payment.iban
        ? '<ram:PayeePartyCreditorFinancialAccount>' +
          el('ram:IBANID', payment.iban.replace(/\s+/g, '')) +
          el('ram:AccountName', payment.accountName) +
          '</ram:PayeePartyCreditorFinancialAccount>'
        : '') +
      (payment.bic
        ? `<ram:PayeeSpecifiedCreditorFinancialInstitution>${el('ram:BICID', payment.bic.replace(/\s+/g, ''))}</ram:PayeeSpecifiedCreditorFinancialInstitution>`
        : '') +
      '</ram:SpecifiedTradeSettlementPaymentMeans>'
    : '';
  const terms =
    invoice.paymentTerms || invoice.dueDate
      ? '<ram:SpecifiedTradePaymentTerms>' +
        el('ram:Description', invoice.paymentTerms) +
        (invoice.dueDate ? dateTime('ram:DueDateDateTime', invoice.dueDate) : '') +
        '</ram:SpecifiedTradePaymentTerms>'
      : '';
  const preceding = invoice.precedingInvoices
    .map(
      (p) =>
        '<ram:InvoiceReferencedDocument>' +
        el('ram:IssuerAssignedID', p.number) +
        (p.issueDate
          ? `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date102(p.issueDate)}</qdt:DateTimeString></ram:FormattedIssueDateTime>`
          : '') +
        '</ram:InvoiceReferencedDocument>',
    )
    .join('');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<rsm:CrossIndustryInvoice ${NS}>` +
    '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter>' +
    `<ram:ID>${EN16931_GUIDELINE}</ram:ID>` +
    '</ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>' +
    '<rsm:ExchangedDocument>' +
    el('ram:ID', invoice.number) +
    `<ram:TypeCode>${invoice.typeCode}</ram:TypeCode>` +
    dateTime('ram:IssueDateTime', invoice.issueDate) +
    notes +
    '</rsm:ExchangedDocument>' +
    '<rsm:SupplyChainTradeTransaction>' +
    invoice.lines.map(line).join('') +
    '<ram:ApplicableHeaderTradeAgreement>' +
    el('ram:BuyerReference', invoice.buyerReference) +
    seller(invoice.seller) +
    buyer(invoice.buyer) +
    '</ram:ApplicableHeaderTradeAgreement>' +
    '<ram:ApplicableHeaderTradeDelivery>' +
    (delivery?.address ? `<ram:ShipToTradeParty>${address(delivery.address)}</ram:ShipToTradeParty>` : '') +
    (delivery?.date
      ? `<ram:ActualDeliverySupplyChainEvent>${dateTime('ram:OccurrenceDateTime', delivery.date)}</ram:ActualDeliverySupplyChainEvent>`
      : '') +
    '</ram:ApplicableHeaderTradeDelivery>' +
    '<ram:ApplicableHeaderTradeSettlement>' +
    el('ram:PaymentReference', payment?.remittance) +
    `<ram:InvoiceCurrencyCode>${invoice.currency}</ram:InvoiceCurrencyCode>` +
    paymentMeans +
    invoice.vatBreakdown.map((r) => vatRow(r, invoice.vatDueDateCode)).join('') +
    (invoice.allowances ?? []).map((a) => allowance(a, a)).join('') +
    terms +
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
    `<ram:LineTotalAmount>${amount(t.lineTotalCents)}</ram:LineTotalAmount>` +
    (t.allowanceTotalCents
      ? `<ram:AllowanceTotalAmount>${amount(t.allowanceTotalCents)}</ram:AllowanceTotalAmount>`
      : '') +
    `<ram:TaxBasisTotalAmount>${amount(t.taxBasisCents)}</ram:TaxBasisTotalAmount>` +
    `<ram:TaxTotalAmount currencyID="${invoice.currency}">${amount(t.vatCents)}</ram:TaxTotalAmount>` +
    `<ram:GrandTotalAmount>${amount(t.grandTotalCents)}</ram:GrandTotalAmount>` +
    (t.prepaidCents ? `<ram:TotalPrepaidAmount>${amount(t.prepaidCents)}</ram:TotalPrepaidAmount>` : '') +
    `<ram:DuePayableAmount>${amount(t.duePayableCents)}</ram:DuePayableAmount>` +
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>' +
    preceding +
    '</ram:ApplicableHeaderTradeSettlement>' +
    '</rsm:SupplyChainTradeTransaction>' +
    '</rsm:CrossIndustryInvoice>\n'
  );
}
