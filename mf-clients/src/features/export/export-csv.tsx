// « Exporter (CSV) » on /clients: the client book and every devis, invoice (acomptes, situations) and avoir, read
// from the server as CSV (supabase-js `.csv()`, the user's rows under RLS) and saved as two Excel-ready files.
import { getSupabase } from '@atelier/platform';
import { Banner, Button, saveFile } from '@atelier/ui';
import { useState } from 'react';

import { parsePostgrestCsv, toExcelCsv, type CsvRecord } from './csv';
import { clientRows, documentRows, EXPORT_SELECT, type ExportTables } from './export-rows';
import { EXPORT_MESSAGES as M } from './messages';

type Table = keyof typeof EXPORT_SELECT;
const ORDER: Record<Table, string> = {
  clients: 'name',
  quotes: 'date',
  invoices: 'issue_date',
  credit_notes: 'issue_date',
};

async function readTable(table: Table): Promise<CsvRecord[]> {
  const { data, error } = await getSupabase()
    .from(table)
    .select(EXPORT_SELECT[table])
    .order(ORDER[table], { ascending: true, nullsFirst: false })
    .order('created_at', { ascending: true })
    .csv();
  if (error || typeof data !== 'string') throw error ?? new Error('no CSV');
  return parsePostgrestCsv(data);
}

function save(fileName: string, text: string): void {
  saveFile(fileName, new Blob([text], { type: 'text/csv;charset=utf-8' }));
}

export function ExportCsv() {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const run = async (kind: 'clients' | 'documents') => {
    if (running) return;
    setRunning(true);
    setNotice(null);
    try {
      const day = new Date().toLocaleDateString('sv-SE'); // aaaa-mm-jj, local day
      const clients = await readTable('clients');
      let fileName: string;
      if (kind === 'clients') {
        fileName = M.clientsFile(day);
        save(fileName, toExcelCsv(M.clientHeaders, clientRows(clients)));
      } else {
        const [quotes, invoices, creditNotes] = await Promise.all([
          readTable('quotes'),
          readTable('invoices'),
          readTable('credit_notes'),
        ]);
        const tables: ExportTables = { clients, quotes, invoices, credit_notes: creditNotes };
        fileName = M.documentsFile(day);
        save(fileName, toExcelCsv(M.documentHeaders, documentRows(tables)));
      }
      setNotice({ tone: 'success', text: M.done(fileName) });
    } catch {
      setNotice({ tone: 'error', text: M.failed });
    } finally {
      setRunning(false);
    }
  };

  return (
    <div role="group" aria-label={M.region} style={{ display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
      <Button $variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? M.close : M.open}
      </Button>
      {open ? (
        <>
          <Button $variant="secondary" disabled={running} onClick={() => void run('clients')}>
            {M.clients}
          </Button>
          <Button $variant="secondary" disabled={running} onClick={() => void run('documents')}>
            {M.documents}
          </Button>
          {running ? <span aria-live="polite">{M.running}</span> : null}
        </>
      ) : null}
      {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
    </div>
  );
}
