// One quote on a client card: number, title, total; download the PDF, edit, generate the invoice, delete.
import { formatEuros } from '@atelier/ui';

import { CLIENTS_MESSAGES as M } from '../../messages';

import { useDocumentActions } from './document-actions-context';
import { ProgressInvoiceActions } from './progress-invoice-actions';
import type { Row } from './rows';
import { SendDocument } from './send-document';

export function QuoteItem({ quote }: { quote: Row }) {
  const actions = useDocumentActions();
  const busy = actions.busy.has(quote.id);
  const number = String(quote.number ?? '');
  return (
    <li data-testid="quote-row" data-number={number}>
      <div>
        <strong>{number}</strong> {String(quote.project_title ?? '')} —{' '}
        {formatEuros(Number(quote.total_ttc_cents ?? 0))}
      </div>
      <div className="doc-actions">
        <button type="button" onClick={() => actions.downloadQuote(quote)} aria-label={`${M.downloadPdf} ${number}`}>
          {M.downloadPdf}
        </button>
        <button type="button" onClick={() => actions.editQuote(quote)}>
          {M.edit}
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => actions.generateInvoice(quote)}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy ? M.generating : M.generateInvoice}
        </button>
        <ProgressInvoiceActions quote={quote} />
        <button type="button" className="danger" onClick={() => actions.deleteQuote(quote)} disabled={busy}>
          {M.delete}
        </button>
      </div>
      <SendDocument table="quotes" row={quote} />
    </li>
  );
}
