// One invoice on a client card: number, total, payment status at a glance (payée / en attente / en retard),
// download, mark paid, Corriger / Annuler (avoir); its avoirs listed under it. A draft can be edited, issued
// or deleted.
import { invoiceReceivable } from '@atelier/domain';
import { currentSyncEngine } from '@atelier/storage';
import { formatDate, formatEuros } from '@atelier/ui';

import { CLIENTS_MESSAGES as M } from '../../messages';
import { DIALOG_MESSAGES as D } from '../dialogs/messages';
import { TransmissionNote } from '../received-invoices/transmission-note';
import { ConflictNotes } from '../sync-feedback/conflict-notes';

import { useDocumentActions } from './document-actions-context';
import { DocumentMenu } from './document-menu';
import { invoiceStatus, today, type DocumentStatus, type Row } from './rows';
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
  const first = invoiceStatus(invoice, creditNotes.length > 0);
  // Due date and days late from the domain (stored due date, else issue date + 30 days).
  const standing = first === 'pending' || first === 'late' ? invoiceReceivable(invoice, creditNotes, today()) : null;
  const status: DocumentStatus = standing ? (standing.standing === 'overdue' ? 'late' : 'pending') : first;
  const number = String(invoice.number ?? '');
  const detail =
    status === 'paid' && invoice.payment_date
      ? M.paidOn(formatDate(String(invoice.payment_date)))
      : standing?.dueDate
        ? M.dueOn(formatDate(standing.dueDate))
        : '';
  return (
    <li data-testid="invoice-row" data-number={number}>
      <div>
        <strong>{number || M.draft}</strong> — {formatEuros(Number(invoice.total_ttc_cents ?? 0))} —{' '}
        <span data-testid="invoice-status" className={`status status-${status}`}>
          {STATUS_TEXT[status]}
        </span>
        {standing && standing.daysLate > 0 ? (
          <strong className="status-late" data-testid="days-late">
            {' '}
            {M.daysLate(standing.daysLate)}
          </strong>
        ) : null}
        {detail ? <small> ({detail})</small> : null}
      </div>
      <div className="doc-actions">
        {status === 'draft' ? (
          <>
            <button
              type="button"
              className="primary"
              onClick={() => actions.issueDraft(invoice)}
              disabled={busy}
              aria-busy={busy || undefined}
            >
              {busy ? M.generating : M.issueDraft}
            </button>
            <DocumentMenu
              label={D.moreActions(D.invoice(number))}
              items={[
                { label: D.editDraft, onSelect: () => actions.editDraft(invoice), disabled: busy },
                { label: D.deleteDraft, onSelect: () => actions.deleteDraft(invoice), danger: true, disabled: busy },
              ]}
            />
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
                <DocumentMenu
                  label={D.moreActions(D.invoice(number))}
                  items={[
                    {
                      label: D.correctInvoice(number),
                      onSelect: () => actions.correctInvoice(invoice),
                      disabled: busy,
                    },
                    {
                      label: D.cancelInvoice(number),
                      onSelect: () => actions.cancelInvoice(invoice),
                      danger: true,
                      disabled: busy,
                    },
                  ]}
                />
              </>
            ) : null}
          </>
        )}
      </div>
      <ConflictNotes engine={currentSyncEngine()} table="invoices" id={invoice.id} />
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
