// « Factures reçues » on /clients (issue 28 item 8): drop or pick a supplier's Factur-X PDF, CII or UBL file; it is
// read and validated in the browser, its supplier, number, dates, HT, VAT per rate and TTC shown, then archived in
// the user's storage and listed (received_invoices). A malformed file gets the reader's French message and is not
// archived; offline, the read file stays here until « Réessayer l’archivage » (or the network comes back).
import { getSupabase, useAuth } from '@atelier/platform';
import { Banner, Button, Card, formatDate, formatDateTime, formatEuros, saveFile } from '@atelier/ui';
import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';

import { RECEIVED_MESSAGES as M } from './messages';
import {
  archiveReceived,
  cachedList,
  cacheList,
  downloadName,
  listReceived,
  ReceivedError,
  readDroppedFile,
  type ReadFile,
  type ReceivedRow,
  type ReceivedSupabase,
} from './model';

type Notice = { tone: 'error' | 'success' | 'info'; text: string };
interface Pending extends ReadFile {
  name: string;
  bytes: Uint8Array;
}

const supabase = () => getSupabase() as unknown as ReceivedSupabase;

interface Figures {
  supplier: string;
  number: string;
  isCreditNote: boolean;
  issueDate: string | null;
  dueDate: string | null;
  htCents: number;
  ttcCents: number;
  dueCents: number;
  vat: ReceivedRow['vat_breakdown'];
  warnings: readonly string[];
}

const fromRow = (row: ReceivedRow): Figures => ({
  supplier: row.supplier_name,
  number: row.number,
  isCreditNote: row.is_credit_note,
  issueDate: row.issue_date,
  dueDate: row.due_date,
  htCents: Number(row.ht_cents),
  ttcCents: Number(row.ttc_cents),
  dueCents: Number(row.due_cents),
  vat: row.vat_breakdown,
  warnings: row.warnings,
});

const fromFile = ({ file: { invoice } }: ReadFile): Figures => ({
  supplier: invoice.supplier.name,
  number: invoice.number,
  isCreditNote: invoice.isCreditNote,
  issueDate: invoice.issueDate,
  dueDate: invoice.dueDate,
  htCents: invoice.totals.htCents,
  ttcCents: invoice.totals.ttcCents,
  dueCents: invoice.totals.dueCents,
  vat: invoice.vatBreakdown,
  warnings: invoice.warnings,
});

function InvoiceFigures({ figures, testId }: { figures: Figures; testId: string }) {
  const f = figures;
  return (
    <dl data-testid={testId} style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 16px', margin: 0 }}>
      <div>
        <dt>{M.supplier}</dt>
        <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{f.supplier}</dd>
      </div>
      <div>
        <dt>{f.isCreditNote ? M.creditNote : M.number}</dt>
        <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{f.number}</dd>
      </div>
      {f.issueDate ? (
        <div>
          <dt>{M.issueDate}</dt>
          <dd style={{ margin: 0 }}>{formatDate(f.issueDate)}</dd>
        </div>
      ) : null}
      {f.dueDate ? (
        <div>
          <dt>{M.dueDate}</dt>
          <dd style={{ margin: 0 }}>{formatDate(f.dueDate)}</dd>
        </div>
      ) : null}
      <div>
        <dt>{M.ht}</dt>
        <dd style={{ margin: 0 }}>{formatEuros(f.htCents)}</dd>
      </div>
      {f.vat.map((line) => (
        <div key={`${line.code}-${line.rate}`}>
          <dt>{M.vat(line.rate)}</dt>
          <dd style={{ margin: 0 }}>
            {formatEuros(line.vatCents)} <small>{M.vatOn(formatEuros(line.baseCents))}</small>
          </dd>
        </div>
      ))}
      <div>
        <dt>{M.ttc}</dt>
        <dd style={{ margin: 0 }}>
          <strong>{formatEuros(f.ttcCents)}</strong>
        </dd>
      </div>
      {f.dueCents !== f.ttcCents ? (
        <div>
          <dt>{M.due}</dt>
          <dd style={{ margin: 0 }}>{formatEuros(f.dueCents)}</dd>
        </div>
      ) : null}
      {f.warnings.length ? (
        <div style={{ flexBasis: '100%' }}>
          {M.warnings} {f.warnings.join(' ')}
        </div>
      ) : null}
    </dl>
  );
}

export function ReceivedInvoices() {
  const userId = useAuth().user?.id;
  const [rows, setRows] = useState<ReceivedRow[] | null>(null);
  const [offlineList, setOfflineList] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState<'reading' | 'archiving' | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  const refresh = useCallback(async () => {
    if (!userId) return;
    try {
      const list = await listReceived(supabase());
      setRows(list);
      setOfflineList(false);
      cacheList(userId, list);
    } catch {
      const cached = cachedList(userId);
      setRows(cached ?? []);
      setOfflineList(cached !== null);
      if (!cached) setNotice({ tone: 'error', text: M.loadError });
    }
  }, [userId]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const archive = useCallback(
    async (item: Pending) => {
      setBusy('archiving');
      try {
        const row = await archiveReceived({ supabase: supabase() }, item.bytes, item);
        setPending(null);
        setNotice({ tone: 'success', text: M.archived(row.number) });
        setRows((prev) => {
          const next = [row, ...(prev ?? []).filter((r) => r.id !== row.id)];
          if (userId) cacheList(userId, next);
          return next;
        });
      } catch (error) {
        const refusal = error instanceof ReceivedError ? error : new ReceivedError(M.archiveFailed, true);
        setNotice({ tone: refusal.retryable ? 'info' : 'error', text: refusal.message });
        if (!refusal.retryable) setPending(null);
      } finally {
        setBusy(null);
      }
    },
    [userId],
  );

  // Back online with a file waiting: archive it.
  useEffect(() => {
    if (!pending) return;
    const retry = () => void archive(pending);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [pending, archive]);

  const accept = async (picked: File | undefined) => {
    if (!picked || !userId || busy) return;
    setBusy('reading');
    setNotice(null);
    setPending(null);
    let item: Pending;
    try {
      const bytes = new Uint8Array(await picked.arrayBuffer());
      item = { ...(await readDroppedFile(userId, bytes)), name: picked.name, bytes };
    } catch (error) {
      const text = error instanceof ReceivedError ? error.message : M.unreadable;
      setNotice({ tone: 'error', text: `${text} ${M.notArchived}` });
      setBusy(null);
      return;
    }
    setPending(item);
    await archive(item);
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void accept(event.dataTransfer.files[0]);
  };

  const download = async (row: ReceivedRow) => {
    const { data, error } = await supabase().storage.from('documents').download(row.storage_path);
    if (error || !data) {
      setNotice({ tone: 'error', text: M.downloadFailed });
      return;
    }
    saveFile(downloadName(row), data);
  };

  return (
    <section aria-labelledby="received-invoices-title" data-testid="received-invoices" style={{ marginTop: 24 }}>
      <h2 id="received-invoices-title">{M.title}</h2>
      <p>{M.intro}</p>
      <label
        htmlFor="received-invoice-file"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        style={{
          display: 'block',
          padding: 16,
          border: `2px dashed ${dragging ? '#1d4ed8' : '#94a3b8'}`,
          borderRadius: 8,
          textAlign: 'center',
          cursor: 'pointer',
        }}
      >
        {busy === 'reading' ? M.reading : busy === 'archiving' ? M.archiving : M.drop}
        <input
          ref={inputRef}
          id="received-invoice-file"
          type="file"
          accept=".pdf,.xml,application/pdf,application/xml,text/xml"
          disabled={busy !== null}
          style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
          onChange={(event) => {
            void accept(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {notice ? (
        <div style={{ marginTop: 8 }}>
          <Banner tone={notice.tone}>
            {notice.text}{' '}
            <Button $variant="ghost" onClick={() => setNotice(null)}>
              {M.close}
            </Button>
          </Banner>
        </div>
      ) : null}
      {pending ? (
        <Card data-testid="received-pending" style={{ marginTop: 8 }}>
          <p style={{ marginTop: 0, overflowWrap: 'anywhere' }}>{pending.name}</p>
          <InvoiceFigures figures={fromFile(pending)} testId="received-pending-figures" />
          <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginTop: 8 }}>
            <Button disabled={busy !== null} onClick={() => void archive(pending)}>
              {M.retry}
            </Button>
            <Button $variant="secondary" disabled={busy !== null} onClick={() => setPending(null)}>
              {M.discard}
            </Button>
          </div>
        </Card>
      ) : null}
      {offlineList ? <p>{M.offlineList}</p> : null}
      {rows && !rows.length ? <p>{M.empty}</p> : null}
      <ul data-testid="received-list" style={{ listStyle: 'none', padding: 0, display: 'grid', gap: 8 }}>
        {(rows ?? []).map((row) => (
          <li key={row.id}>
            <Card>
              <InvoiceFigures figures={fromRow(row)} testId="received-row" />
              <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center', marginTop: 8 }}>
                <small>{M.receivedOn(formatDateTime(row.received_at))}</small>
                <Button $variant="secondary" onClick={() => void download(row)}>
                  {M.download}
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
