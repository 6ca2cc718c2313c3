// EN 16931 e-invoices (Factur-X CII, UBL): the model, the writers and the reader. Pure TypeScript with explicit
// `.ts` imports, so the Deno Edge Functions load the same files. Not re-exported by @atelier/domain's index (the
// reader pulls fast-xml-parser, the PDF tools pdf-lib): import `@atelier/domain/src/einvoice` (XML) or
// `@atelier/domain/src/einvoice/pdf` (Factur-X PDF, received files) where needed, lazily in the apps.
export * from './model.ts';
export * from './messages.ts';
export * from './units.ts';
export * from './check.ts';
export { escapeXml } from './format.ts';
export { buildCiiXml, EN16931_GUIDELINE } from './cii.ts';
export { buildUblXml } from './ubl.ts';
export { parseEInvoiceXml, amountToCents, MAX_EINVOICE_XML_BYTES, type ReceivedInvoice } from './parse.ts';
export { eInvoiceMoney, EN_VAT_CODE, type EInvoiceMoney } from './from-totals.ts';
export { issuedDocumentToEInvoice, parseFrenchAddress } from './from-row.ts';
export { receivedInvoicePath, MAX_RECEIVED_FILE_BYTES, type ReceivedFile } from './receive.ts';
