// One quote on a client card: number, title, total; download the PDF, generate the invoice; edit and delete in
// its menu (named after the devis); a field changed on two devices shown as a conflict to settle.
import { currentSyncEngine } from '@atelier/storage';
import { formatEuros } from '@atelier/ui';

import { CLIENTS_MESSAGES as M } from '../../messages';
import { DIALOG_MESSAGES as D } from '../dialogs/messages';
import { ConflictNotes } from '../sync-feedback/conflict-notes';

import { useDocumentActions } from './document-actions-context';
import { DocumentMenu } from './document-menu';
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
        <DocumentMenu
          label={D.moreActions(D.quote(number))}
          items={[
            { label: D.editQuote(number), onSelect: () => actions.editQuote(quote) },
            { label: D.deleteQuote(number), onSelect: () => actions.deleteQuote(quote), danger: true, disabled: busy },
          ]}
        />
      </div>
      <ConflictNotes engine={currentSyncEngine()} table="quotes" id={quote.id} />
      <SendDocument table="quotes" row={quote} />
    </li>
  );
}
