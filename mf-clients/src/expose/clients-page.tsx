// Exposed as mf_clients/ClientsPage (/clients): the client book, read at once from the user's local copy
// (@atelier/storage sync engine, IndexedDB per user) and synced with the server. This file wires the features:
// the virtualised card grid (features/client-book), the client form (features/client-form) and the document
// actions and modals (features/documents).
import type { SyncRow } from '@atelier/storage';
import { Banner, Button, PageTitle } from '@atelier/ui';
import { useCallback, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';

import { BusinessBar } from '../features/client-book/business-bar';
import type { BusinessFilter, BusinessSort } from '../features/client-book/business';
import { ClientSearchList } from '../features/client-book/client-search-list';
import { useClientBook, useEngine } from '../features/client-book/use-client-book';
import { useClientEdits } from '../features/client-book/use-client-edits';
import { ClientFormModal, EMPTY_CLIENT_FORM } from '../features/client-form/client-form-modal';
import { DIALOG_MESSAGES as D } from '../features/dialogs/messages';
import { useConfirm } from '../features/dialogs/use-confirm';
import {
  DocumentError,
  creditNotePdf,
  generateInvoice,
  invoicePdf,
  issueCreditNote,
  issueDraft,
  quotePdf,
  saveFile,
  setPaid,
  type DocumentServices,
  type PdfFile,
} from '../features/documents/actions';
import { DocumentActionsContext, type DocumentActions } from '../features/documents/document-actions-context';
import { DraftInvoiceModal } from '../features/documents/draft-invoice-modal';
import { PaymentModal } from '../features/documents/payment-modal';
import { today, type PaymentChoice, type Row } from '../features/documents/rows';
import { useDocumentServices } from '../features/documents/use-document-services';
import { ExportCsv } from '../features/export/export-csv';
import { ReceivedInvoices } from '../features/received-invoices/received-invoices';
import { refusalText } from '../features/sync-feedback/refusal';
import { TrashSection } from '../features/trash/trash-section';
import { CLIENTS_MESSAGES as M } from '../messages';

type Notice = { tone: 'error' | 'info' | 'success'; text: string };
const UNPAID: PaymentChoice = { isPaid: false, paymentDate: null };

export default function ClientsPage() {
  const engine = useEngine();
  const navigate = useNavigate();
  const [filters, setFilters] = useState<ReadonlySet<BusinessFilter>>(new Set());
  const [sort, setSort] = useState<BusinessSort>('date');
  const view = useMemo(() => ({ filters, sort }), [filters, sort]);
  const book = useClientBook(engine, view);
  const { confirm, dialog } = useConfirm();
  const toggleFilter = useCallback(
    (filter: BusinessFilter) =>
      setFilters((prev) => {
        const next = new Set(prev);
        if (!next.delete(filter)) next.add(filter);
        return next;
      }),
    [],
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [generating, setGenerating] = useState<Row | null>(null);
  const [paying, setPaying] = useState<Row | null>(null);
  const [draft, setDraft] = useState<Row | null>(null);

  const payingInitial = useMemo<PaymentChoice>(
    () =>
      paying
        ? {
            isPaid: !paying.is_paid,
            paymentDate: typeof paying.payment_date === 'string' ? paying.payment_date : today(),
          }
        : UNPAID,
    [paying],
  );

  const services = useDocumentServices(engine);

  /** Runs one document action: its buttons blocked meanwhile, its failure shown in French. */
  const run = useCallback(
    async (id: string, action: () => Promise<void>, fallback: string) => {
      if (!services || busy.has(id)) return;
      setBusy((prev) => new Set(prev).add(id));
      try {
        await action();
      } catch (error) {
        setNotice({ tone: 'error', text: error instanceof DocumentError ? error.message : fallback });
      } finally {
        setBusy((prev) => {
          const next = new Set(prev);
          next.delete(id);
          return next;
        });
      }
    },
    [services, busy],
  );

  const download = useCallback(
    (id: string, make: (s: DocumentServices) => Promise<PdfFile>, fallback: string) =>
      void run(id, async () => saveFile(await make(services!)), fallback),
    [run, services],
  );

  /** « Annuler » / « Corriger » (after the user confirmed): the avoir, and for Corriger the new draft opened. */
  const issueAvoir = useCallback(
    (invoice: Row, reason: 'cancel' | 'correct') =>
      void run(
        invoice.id,
        async () => {
          const result = await issueCreditNote(services!, invoice, reason);
          setNotice(
            result.warning
              ? { tone: 'error', text: result.warning }
              : { tone: 'success', text: M.creditNoteIssued(String(result.row.number)) },
          );
          if (result.draft) setDraft(result.draft);
        },
        M.updateError,
      ),
    [run, services],
  );

  const actions = useMemo<DocumentActions>(
    () => ({
      busy,
      downloadQuote: (quote) => download(`pdf:${quote.id}`, (s) => quotePdf(s, quote), M.quotePdfUnavailable),
      editQuote: (quote) => navigate(`/?devis=${encodeURIComponent(quote.id)}`),
      generateInvoice: (quote) => {
        if (!busy.has(quote.id)) setGenerating(quote);
      },
      deleteQuote: async (quote) => {
        const number = String(quote.number ?? '');
        const ok = await confirm({
          title: D.confirmTitle.deleteQuote,
          message: M.confirmDeleteQuote,
          confirmLabel: D.deleteQuote(number),
          danger: true,
        });
        if (!engine || !ok) return;
        engine.remove('quotes', quote.id).then(
          () => void engine.sync(),
          () => setNotice({ tone: 'error', text: M.deleteQuoteError }),
        );
      },
      downloadInvoice: (invoice) =>
        download(`pdf:${invoice.id}`, (s) => invoicePdf(s, invoice), M.invoicePdfUnavailable),
      payInvoice: (invoice) => setPaying(invoice),
      correctInvoice: async (invoice) => {
        const number = String(invoice.number);
        const ok = await confirm({
          title: D.confirmTitle.correctInvoice,
          message: M.confirmCorrectInvoice(number),
          confirmLabel: D.correctInvoice(number),
        });
        if (ok) issueAvoir(invoice, 'correct');
      },
      cancelInvoice: async (invoice) => {
        const number = String(invoice.number);
        const ok = await confirm({
          title: D.confirmTitle.cancelInvoice,
          message: M.confirmCancelInvoice(number),
          confirmLabel: D.cancelInvoice(number),
          danger: true,
        });
        if (ok) issueAvoir(invoice, 'cancel');
      },
      editDraft: (invoice) => setDraft(invoice),
      issueDraft: (invoice) =>
        void run(
          invoice.id,
          async () => {
            const result = await issueDraft(services!, invoice.id);
            saveFile(result.file);
            setNotice(
              result.warning
                ? { tone: 'error', text: result.warning }
                : { tone: 'success', text: M.invoiceIssued(String(result.row.number)) },
            );
          },
          M.invoiceGenerationError,
        ),
      deleteDraft: async (invoice) => {
        const ok = await confirm({
          title: D.confirmTitle.deleteDraft,
          message: M.confirmDeleteInvoice,
          confirmLabel: D.deleteDraft,
          danger: true,
        });
        if (!engine || !ok) return;
        engine.remove('invoices', invoice.id).then(
          () => void engine.sync(),
          () => setNotice({ tone: 'error', text: M.deleteInvoiceError }),
        );
      },
      downloadCreditNote: (note) =>
        download(`pdf:${note.id}`, (s) => creditNotePdf(s, note), M.creditNotePdfUnavailable),
    }),
    [busy, confirm, download, engine, issueAvoir, navigate, run, services],
  );

  const confirmGenerate = (choice: PaymentChoice) => {
    const quote = generating;
    if (!quote) return;
    void run(
      quote.id,
      async () => {
        try {
          const result = await generateInvoice(services!, quote, choice);
          saveFile(result.file);
          setNotice(
            result.warning
              ? { tone: 'error', text: result.warning }
              : { tone: 'success', text: M.invoiceIssued(String(result.row.number)) },
          );
        } finally {
          setGenerating(null);
        }
      },
      M.invoiceGenerationError,
    );
  };

  const confirmPaid = (choice: PaymentChoice) => {
    const invoice = paying;
    if (!invoice) return;
    void run(
      invoice.id,
      async () => {
        try {
          await setPaid(services!, invoice, choice.isPaid, choice.paymentDate ?? null);
        } finally {
          setPaying(null);
        }
      },
      M.updateError,
    );
  };

  const saveDraft = (changes: Record<string, unknown>, issue: boolean) => {
    const current = draft && engine?.row('invoices', draft.id);
    if (!current || !engine) {
      setNotice({ tone: 'error', text: M.invoiceNotFound });
      return;
    }
    void run(
      current.id,
      async () => {
        await engine.write('invoices', { ...current, ...changes } as SyncRow);
        setDraft(null);
        if (!issue) {
          void engine.sync();
          return;
        }
        const result = await issueDraft(services!, current.id);
        saveFile(result.file);
        setNotice(
          result.warning
            ? { tone: 'error', text: result.warning }
            : { tone: 'success', text: M.invoiceIssued(String(result.row.number)) },
        );
      },
      M.invoiceGenerationError,
    );
  };

  const notifyError = useCallback((text: string) => setNotice({ tone: 'error', text }), []);
  const notifyInfo = useCallback((text: string) => setNotice({ tone: 'info', text }), []);
  const { editing, setEditing, saveClient, editClient, deleteClient } = useClientEdits(
    engine,
    book,
    confirm,
    notifyError,
    notifyInfo,
  );

  const { status, loaded, clients } = book;
  // A change the server refused for good: already out of the local copy; the user is told which row and why.
  const lastRefusal = status?.rejected.at(-1);
  const rejected = lastRefusal ? refusalText(lastRefusal) : null;
  const loadFailed = loaded && !clients.length && status?.error && !status.lastSync;

  return (
    <DocumentActionsContext.Provider value={actions}>
      <PageTitle>{M.title}</PageTitle>
      {notice ? (
        <Banner tone={notice.tone === 'success' ? 'success' : notice.tone}>
          {notice.text}{' '}
          <Button $variant="ghost" onClick={() => setNotice(null)}>
            {M.close}
          </Button>
        </Banner>
      ) : null}
      {rejected ? <Banner tone="error">{rejected}</Banner> : null}
      {status && status.pending > 0 ? <p aria-live="polite">{M.pendingSync(status.pending)}</p> : null}
      {/* The search and the list: a key typed re-renders them only (client-search-list.tsx). */}
      <ClientSearchList
        clients={book.arranged}
        index={book.index}
        filtersActive={filters.size > 0}
        toolbar={
          <>
            <Button onClick={() => setEditing({ id: null, form: EMPTY_CLIENT_FORM })}>{M.add}</Button>
            <ExportCsv />
          </>
        }
        header={
          clients.length ? (
            <BusinessBar
              total={book.receivables.total}
              filters={filters}
              onToggle={toggleFilter}
              sort={sort}
              onSort={setSort}
            />
          ) : null
        }
        empty={
          loadFailed ? (
            <Banner tone="error">
              {M.loadError}{' '}
              <Button $variant="secondary" onClick={() => void engine?.sync()}>
                {M.retry}
              </Button>
            </Banner>
          ) : !clients.length ? (
            loaded ? (
              <p>{M.empty}</p>
            ) : (
              false
            )
          ) : null
        }
        figures={book.receivables.byClient}
        quotesByClient={book.quotesByClient}
        invoicesByClient={book.invoicesByClient}
        creditNotesByInvoice={book.creditNotesByInvoice}
        onEdit={editClient}
        onDelete={deleteClient}
      />
      <TrashSection
        engine={engine}
        clients={engine?.rows('clients') ?? []}
        quotesByClient={book.quotesByClient}
        invoicesByClient={book.invoicesByClient}
        creditNotesByInvoice={book.creditNotesByInvoice}
        onError={(text) => setNotice({ tone: 'error', text })}
      />
      <ReceivedInvoices />
      <ClientFormModal editing={editing} onClose={() => setEditing(null)} onSave={saveClient} />
      <PaymentModal
        open={generating !== null}
        title={M.generateInvoiceTitle}
        confirmLabel={M.generateInvoice}
        initial={UNPAID}
        running={generating !== null && busy.has(generating.id)}
        onClose={() => setGenerating(null)}
        onConfirm={confirmGenerate}
      />
      <PaymentModal
        open={paying !== null}
        title={M.markPaidTitle}
        confirmLabel={M.save}
        initial={payingInitial}
        running={paying !== null && busy.has(paying.id)}
        onClose={() => setPaying(null)}
        onConfirm={confirmPaid}
      />
      <DraftInvoiceModal
        draft={draft}
        running={draft !== null && busy.has(draft.id)}
        onClose={() => setDraft(null)}
        onSave={saveDraft}
      />
      {dialog}
    </DocumentActionsContext.Provider>
  );
}
