// A devis the client accepted online (issue 26) offers what comes next right beside its « accepté » status:
// « Facturer » (the page's invoice generation, as « Générer la facture ») and « Facture d'acompte » (the acompte
// modal of progress-invoice-actions). Mounted by send-document.tsx once the status is « accepté ».
import { useDocumentActions } from './document-actions-context';
import { ProgressInvoiceActions } from './progress-invoice-actions';
import type { Row } from './rows';
import { SEND_MESSAGES as M } from './send-messages';

export function AcceptedQuoteActions({ quote }: { quote: Row }) {
  const actions = useDocumentActions();
  const busy = actions.busy.has(quote.id);
  return (
    <span className="doc-actions" role="group" aria-label={M.acceptedNext} data-testid="accepted-quote-actions">
      <button
        type="button"
        className="primary"
        onClick={() => actions.generateInvoice(quote)}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {M.invoiceAccepted}
      </button>
      <ProgressInvoiceActions quote={quote} depositOnly />
    </span>
  );
}
