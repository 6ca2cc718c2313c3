// Before « Télécharger toutes mes données »: issued invoices and avoirs whose PDF was never archived (issued
// offline, or opened nowhere since) are archived now, the way /clients archives them (decision 0032): this browser
// draws the PDF from the stored row (@atelier/documents, as a send does) and the `facturx` function builds the XML
// from the server's rows, embeds it and archives the Factur-X PDF once. The export then holds their PDF, not only
// their XML. Best effort: a refusal (storage quota, already archived, network) leaves that document to the
// export's XML + README list, and the export goes on.

export type ArchiveTable = 'invoices' | 'credit_notes';
type Row = Record<string, unknown> & { id: string };

interface Answer {
  data: unknown;
  error: unknown;
}
interface Query extends PromiseLike<Answer> {
  eq(column: string, value: string): Query;
  is(column: string, value: null): Query;
  limit(count: number): Query;
}
/** The part of the supabase client this needs. */
export interface ArchiveSupabase {
  from(table: string): { select(columns: string): Query };
  functions: { invoke(name: string, options: { body: unknown }): PromiseLike<{ data: unknown; error: unknown }> };
}

/** At most this many documents per export, and this long (the export itself must not wait forever). */
export const ARCHIVE_BEFORE_EXPORT = { maxDocuments: 50, maxMs: 30_000 };

/** The browser's PDF of a row, base64 (default: @atelier/documents' pdfForSend, loaded on first use). */
type Render = (table: ArchiveTable, row: Row) => Promise<string | null>;
const defaultRender: Render = async (table, row) => (await import('@atelier/documents')).pdfForSend(table, row);

/** Archives the unarchived issued documents; resolves with how many were archived and how many are left. */
export async function archiveMissingPdfs(
  supabase: ArchiveSupabase,
  render: Render = defaultRender,
  now: () => number = Date.now,
  limits = ARCHIVE_BEFORE_EXPORT,
): Promise<{ archived: number; left: number }> {
  const started = now();
  const [invoices, creditNotes] = await Promise.all([
    supabase.from('invoices').select('*').eq('status', 'issued').is('pdf_path', null).limit(limits.maxDocuments),
    supabase.from('credit_notes').select('*').is('pdf_path', null).limit(limits.maxDocuments),
  ]);
  const todo: { table: ArchiveTable; row: Row }[] = [
    ...((invoices.error ? [] : invoices.data) as Row[]).map((row) => ({ table: 'invoices' as const, row })),
    ...((creditNotes.error ? [] : creditNotes.data) as Row[]).map((row) => ({ table: 'credit_notes' as const, row })),
  ].slice(0, limits.maxDocuments);
  let archived = 0;
  for (const { table, row } of todo) {
    if (now() - started > limits.maxMs) break;
    try {
      const pdf = await render(table, row);
      if (!pdf) continue;
      const { error } = await supabase.functions.invoke('facturx', { body: { documentId: row.id, table, pdf } });
      if (!error) archived += 1;
    } catch {
      // This document keeps its XML in the export (listed in README.txt).
    }
  }
  return { archived, left: todo.length - archived };
}
