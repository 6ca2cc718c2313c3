// The rows of the exported CSV files, from the server's CSV records (pure; tested in mf-clients' export.test.ts).
// Shared by « Exporter (CSV) » on /clients and the account-export Edge Function (one format).
import { centsToCsvEuros, csvDate as frenchDate, type CsvRecord, csvTextCell as textCell } from './csv';
import { EXPORT_MESSAGES as M } from './messages';

/** What the export asks the server for (supabase-js `.select(...)`), per table. */
export const EXPORT_SELECT = {
  clients: 'id,name,email,phone,address,created_at,archived_at',
  quotes: 'id,client_id,number,date,project_title,total_ht_cents,tva_cents,total_ttc_cents',
  invoices:
    'id,client_id,kind,status,number,quote_number,situation_number,issue_date,project_title,' +
    'total_ht_cents,tva_cents,total_ttc_cents,net_due_cents,is_paid,payment_date',
  credit_notes: 'id,client_id,invoice_id,number,issue_date,project_title,total_ht_cents,tva_cents,total_ttc_cents',
} as const;

export interface ExportTables {
  clients: CsvRecord[];
  quotes: CsvRecord[];
  invoices: CsvRecord[];
  credit_notes: CsvRecord[];
}

const yesNo = (value: string | null | undefined) => (value === 't' || value === 'true' ? M.yes : M.no);

export function clientRows(clients: readonly CsvRecord[]): string[][] {
  return clients.map((c) => [
    textCell(c.name),
    textCell(c.email),
    textCell(c.phone),
    textCell(c.address),
    frenchDate(c.created_at),
    c.archived_at ? M.yes : M.no,
  ]);
}

function invoiceType(invoice: CsvRecord): string {
  if (invoice.kind === 'deposit') return M.deposit;
  if (invoice.kind === 'situation') return M.situation(invoice.situation_number ?? '');
  return M.invoice;
}

/**
 * Devis, then invoices (acomptes and situations included, drafts marked), then avoirs, each in the server's date
 * order. An avoir's amounts are negative (it cancels its invoice; stored so, and forced so), so a column's sum
 * over invoices and avoirs is the turnover; a devis has no amount due.
 */
export function documentRows(tables: ExportTables): string[][] {
  const clients = new Map(tables.clients.map((c) => [c.id, c]));
  const invoiceNumbers = new Map(tables.invoices.map((i) => [i.id, i.number]));
  const client = (id: string | null | undefined) => (id ? clients.get(id) : undefined);
  const rows: string[][] = [];
  for (const q of tables.quotes) {
    rows.push([
      M.quote,
      textCell(q.number),
      q.number ? M.numbered : M.draft,
      frenchDate(q.date),
      textCell(client(q.client_id)?.name),
      textCell(client(q.client_id)?.email),
      textCell(q.project_title),
      '',
      centsToCsvEuros(q.total_ht_cents),
      centsToCsvEuros(q.tva_cents),
      centsToCsvEuros(q.total_ttc_cents),
      '',
      '',
      '',
    ]);
  }
  for (const i of tables.invoices) {
    const issued = i.status === 'issued';
    rows.push([
      invoiceType(i),
      textCell(i.number),
      issued ? M.issued : M.draft,
      frenchDate(i.issue_date),
      textCell(client(i.client_id)?.name),
      textCell(client(i.client_id)?.email),
      textCell(i.project_title),
      textCell(i.quote_number),
      centsToCsvEuros(i.total_ht_cents),
      centsToCsvEuros(i.tva_cents),
      centsToCsvEuros(i.total_ttc_cents),
      centsToCsvEuros(i.net_due_cents ?? i.total_ttc_cents),
      yesNo(i.is_paid),
      frenchDate(i.payment_date),
    ]);
  }
  for (const a of tables.credit_notes) {
    rows.push([
      M.creditNote,
      textCell(a.number),
      M.creditNoteIssued,
      frenchDate(a.issue_date),
      textCell(client(a.client_id)?.name),
      textCell(client(a.client_id)?.email),
      textCell(a.project_title),
      textCell(a.invoice_id ? (invoiceNumbers.get(a.invoice_id) ?? '') : ''),
      centsToCsvEuros(a.total_ht_cents, true),
      centsToCsvEuros(a.tva_cents, true),
      centsToCsvEuros(a.total_ttc_cents, true),
      centsToCsvEuros(a.total_ttc_cents, true),
      '',
      '',
    ]);
  }
  return rows;
}
