// One invoice on a client card: number, total, payment status at a glance (payée / en attente / en retard),
// download, mark paid, Corriger / Annuler (avoir); its avoirs listed under it. A draft can be edited, issued
// or deleted.
import { formatDate, formatEuros } from '@atelier/ui';

import { CLIENTS_MESSAGES as M } from '../../messages';
import { TransmissionNote } from '../received-invoices/transmission-note';

import { useDocumentActions } from './document-actions-context';
import { invoiceStatus, type DocumentStatus, type Row } from './rows';
import { SendDocument } from './send-document';

const STATUS_TEXT: Record<DocumentStatus, string> = {
  paid: M.paid,
  pending: M.pending,
  late: M.late,
  draft: M.draft,
  cancelled: M.cancelled,
};

export function InvoiceItem({ invoice, creditNotes }: { invoice: Row; creditNotes: readonly Row[] }) {
  const actions = useDocumentActions();
  const busy = actions.busy.has(invoice.id);
  const status = invoiceStatus(invoice, creditNotes.length > 0);
  const number = String(invoice.number ?? '');
  const detail =
    status === 'paid' && invoice.payment_date
      ? M.paidOn(formatDate(String(invoice.payment_date)))
      : (status === 'pending' || status === 'late') && invoice.due_date
        ? M.dueOn(formatDate(String(invoice.due_date)))
        : '';
  return (
    <li data-testid="invoice-row" data-number={number}>
      <div>
        <strong>{number || M.draft}</strong> — {formatEuros(Number(invoice.total_ttc_cents ?? 0))} —{' '}
        <span data-testid="invoice-status" className={`status status-${status}`}>
          {STATUS_TEXT[status]}
        </span>
        {detail ? <small> ({detail})</small> : null}
      </div>
      <div className="doc-actions">
        {status === 'draft' ? (
          <>
            <button type="button" onClick={() => actions.editDraft(invoice)} disabled={busy}>
              {M.editDraft}
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => actions.issueDraft(invoice)}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? M.generating : M.issueDraft}
            </button>
            <button type="button" className="danger" onClick={() => actions.deleteDraft(invoice)} disabled={busy}>
              {M.delete}
            </button>
          </>
        ) : (
          <>
            <button
              type="button"
              onClick={() => actions.downloadInvoice(invoice)}
              aria-label={`${M.downloadPdf} ${number}`}
            >
              {M.downloadPdf}
            </button>
            {status !== 'cancelled' ? (
              <>
                <button type="button" onClick={() => actions.payInvoice(invoice)} disabled={busy}>
                  {invoice.is_paid ? M.markUnpaid : M.markPaid}
                </button>
                <button type="button" onClick={() => actions.correctInvoice(invoice)} disabled={busy}>
                  {M.correct}
                </button>
                <button type="button" className="danger" onClick={() => actions.cancelInvoice(invoice)} disabled={busy}>
                  {M.cancelInvoice}
                </button>
              </>
            ) : null}
          </>
        )}
      </div>
      {status !== 'draft' ? <SendDocument table="invoices" row={invoice} /> : null}
      {status !== 'draft' ? <TransmissionNote table="invoices" row={invoice} /> : null}
      {creditNotes.length ? (
        <ul aria-label={M.creditNotes}>
          {creditNotes.map((note) => (
            <li key={note.id} data-testid="credit-note-row" data-number={String(note.number ?? '')}>
              <strong>{String(note.number ?? '')}</strong> — {M.creditNoteFor(number)} —{' '}
              {formatEuros(Number(note.total_ttc_cents ?? 0))}{' '}
              <button
                type="button"
                onClick={() => actions.downloadCreditNote(note)}
                aria-label={`${M.downloadPdf} ${String(note.number ?? '')}`}
              >
                {M.downloadPdf}
              </button>
              <SendDocument table="credit_notes" row={note} />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
