import { archiveMissingPdfs, type ArchiveSupabase, type ArchiveTable } from './archive-missing';

type Row = Record<string, unknown> & { id: string };

/** A supabase client over two tables that honours the filters the archiving sends, and a facturx function. */
function fakeSupabase(tables: Record<string, Row[]>, facturx: (body: { documentId: string }) => unknown = () => null) {
  const calls: { documentId: string; table: ArchiveTable; pdf: string }[] = [];
  const supabase: ArchiveSupabase = {
    from(table) {
      return {
        select() {
          let rows = [...(tables[table] ?? [])];
          let limit = Infinity;
          const query = {
            eq(column: string, value: string) {
              rows = rows.filter((r) => r[column] === value);
              return query;
            },
            is(column: string, value: null) {
              rows = rows.filter((r) => (r[column] ?? null) === value);
              return query;
            },
            limit(count: number) {
              limit = count;
              return query;
            },
            then(resolve: (a: { data: unknown; error: unknown }) => unknown) {
              return Promise.resolve({ data: rows.slice(0, limit), error: null }).then(resolve);
            },
          };
          return query as never;
        },
      };
    },
    functions: {
      async invoke(name, { body }) {
        expect(name).toBe('facturx');
        const b = body as { documentId: string; table: ArchiveTable; pdf: string };
        calls.push(b);
        const error = facturx(b);
        return { data: error ? null : { path: `u/${b.documentId}.pdf` }, error };
      },
    },
  };
  return { supabase, calls };
}

const render = async (table: ArchiveTable, row: Row) => btoa(`%PDF-1.7 ${table} ${row.id}`);

describe('archiveMissingPdfs (before the account export)', () => {
  it('archives, through facturx with the browser’s PDF, only issued documents that have no archived PDF', async () => {
    const { supabase, calls } = fakeSupabase({
      invoices: [
        { id: 'i-issued', status: 'issued', pdf_path: null },
        { id: 'i-archived', status: 'issued', pdf_path: 'u/facture-FA0001.pdf' },
        { id: 'i-draft', status: 'draft', pdf_path: null },
      ],
      credit_notes: [
        { id: 'a-new', pdf_path: null },
        { id: 'a-archived', pdf_path: 'u/avoir-AV0001.pdf' },
      ],
    });
    expect(await archiveMissingPdfs(supabase, render)).toEqual({ archived: 2, left: 0 });
    expect(calls).toEqual([
      { documentId: 'i-issued', table: 'invoices', pdf: btoa('%PDF-1.7 invoices i-issued') },
      { documentId: 'a-new', table: 'credit_notes', pdf: btoa('%PDF-1.7 credit_notes a-new') },
    ]);
  });

  it('goes on after a refusal (storage quota) or a PDF that cannot be drawn; those stay XML only', async () => {
    const { supabase, calls } = fakeSupabase(
      {
        invoices: [
          { id: 'i1', status: 'issued', pdf_path: null },
          { id: 'i2', status: 'issued', pdf_path: null },
          { id: 'i3', status: 'issued', pdf_path: null },
        ],
        credit_notes: [],
      },
      (b) => (b.documentId === 'i1' ? { message: 'Espace de stockage plein' } : null),
    );
    const drawing = async (table: ArchiveTable, row: Row) => {
      if (row.id === 'i2') throw new Error('logo illisible');
      return render(table, row);
    };
    expect(await archiveMissingPdfs(supabase, drawing)).toEqual({ archived: 1, left: 2 });
    expect(calls.map((c) => c.documentId)).toEqual(['i1', 'i3']);
  });

  it('is bounded in count and in time', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ id: `i${i}`, status: 'issued', pdf_path: null }));
    const { supabase, calls } = fakeSupabase({ invoices: many, credit_notes: [] });
    expect(await archiveMissingPdfs(supabase, render, Date.now, { maxDocuments: 5, maxMs: 60_000 })).toEqual({
      archived: 5,
      left: 0,
    });
    let clock = 0;
    const slow = fakeSupabase({ invoices: many, credit_notes: [] });
    const timed = await archiveMissingPdfs(slow.supabase, render, () => (clock += 10_000), {
      maxDocuments: 50,
      maxMs: 30_000,
    });
    expect(slow.calls.length).toBeLessThan(5);
    expect(timed.archived).toBe(slow.calls.length);
    expect(calls).toHaveLength(5);
  });
});
