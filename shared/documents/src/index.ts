// @atelier/documents: quote & invoice PDFs (jsPDF, loaded on demand), the layout model they share with
// the HTML preview, and the quote mail link.
export {
  renderQuotePdf,
  renderInvoicePdf,
  renderCreditNotePdf,
  renderLayoutPdf,
  type RenderedDocument,
} from './pdf/render';
export {
  buildQuoteLayout,
  buildInvoiceLayout,
  buildCreditNoteLayout,
  insuranceMention,
  latePaymentLines,
  creditNoteFileName,
  invoiceFooter,
  quoteFileName,
  invoiceFileName,
  companyLines,
  clientLines,
  LOGO_WIDTH_MM,
  QUOTE_GEOMETRY,
  INVOICE_GEOMETRY,
  TABLE_COLUMNS,
  type DocumentLayout,
  type DocumentKind,
  type DocumentClient,
  type QuoteSnapshot,
  type InvoiceSnapshot,
  type QuoteDocumentInput,
  type InvoiceDocumentInput,
  type CreditNoteSnapshot,
  type CreditNoteDocumentInput,
  type CreditNoteReason,
  type InfoBlock,
  type MetaLine,
  type TableColumn,
  type TotalLine,
  type TextSection,
} from './layout';
export { buildQuoteMailto, type QuoteMailInput } from './mailto';
export {
  takeSnapshot,
  quoteDocumentInput,
  invoiceDocumentInput,
  regenerateQuotePdf,
  regenerateInvoicePdf,
  creditNoteDocumentInput,
  regenerateCreditNotePdf,
  type CreditNoteRow,
  type CreditNoteInputOptions,
  detachSnapshotLogo,
  attachSnapshotLogo,
  type SnapshotFallback,
  type RegenerateOptions,
} from './snapshot';
export { DocumentPreview, type DocumentPreviewProps } from './preview/document-preview';
export { documentMessages, QUOTE_VALIDITY_DAYS } from './messages';
export { toPdfText, formatAmount, formatQuantity, formatRate, formatDate, addDays } from './text';
export {
  sendDocument,
  pdfForSend,
  type SendTable,
  type SendRow,
  type SendResult,
  type SendFunctions,
} from './send/send-document';
export {
  startSendQueueFlushing,
  sendQueued,
  onQueuedSendSent,
  SEND_RETRY_MS,
  type FlushSupabase,
} from './send/flush-queue';
