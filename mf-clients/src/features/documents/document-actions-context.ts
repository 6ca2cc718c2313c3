// What a card's document rows can ask the page to do (the page owns the modals, the notices and the engine).
import { createContext, useContext } from 'react';

import type { Row } from './rows';

export interface DocumentActions {
  /** Ids of documents with an action running (their buttons are blocked). */
  busy: ReadonlySet<string>;
  downloadQuote(quote: Row): void;
  editQuote(quote: Row): void;
  generateInvoice(quote: Row): void;
  deleteQuote(quote: Row): void;
  downloadInvoice(invoice: Row): void;
  payInvoice(invoice: Row): void;
  correctInvoice(invoice: Row): void;
  cancelInvoice(invoice: Row): void;
  editDraft(invoice: Row): void;
  issueDraft(invoice: Row): void;
  deleteDraft(invoice: Row): void;
  downloadCreditNote(note: Row): void;
}

const noop = () => undefined;
export const DocumentActionsContext = createContext<DocumentActions>({
  busy: new Set(),
  downloadQuote: noop,
  editQuote: noop,
  generateInvoice: noop,
  deleteQuote: noop,
  downloadInvoice: noop,
  payInvoice: noop,
  correctInvoice: noop,
  cancelInvoice: noop,
  editDraft: noop,
  issueDraft: noop,
  deleteDraft: noop,
  downloadCreditNote: noop,
});

export function useDocumentActions(): DocumentActions {
  return useContext(DocumentActionsContext);
}
