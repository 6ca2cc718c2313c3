import { createSendInfoLoader, hasLiveLink, quoteStatusOf, sendDocument, type SendSupabase } from './send-model';

function fakeSupabase(answer: { data?: unknown; error?: unknown }, calls: unknown[] = []): SendSupabase {
  return {
    functions: {
      invoke: async (name, options) => {
        calls.push({ name, ...options });
        return { data: answer.data ?? null, error: (answer.error as never) ?? null };
      },
    },
    from: (table) => ({
      select: () => ({
        in: async (_column: string, ids: string[]) => {
          calls.push({ table, ids });
          const rows: Record<string, unknown[]> = {
            document_sends: [
              {
                document_id: 'a',
                to_email: 'p@x.fr',
                kind: 'document',
                status: 'sent',
                created_at: '2026-11-20T10:00:00Z',
              },
            ],
            document_links: [
              {
                document_id: 'a',
                viewed_at: '2026-11-21T10:00:00Z',
                revoked_at: null,
                expires_at: '2026-12-10T00:00:00Z',
              },
            ],
            quote_acceptances: [],
          };
          return { data: rows[table] ?? [], error: null };
        },
      }),
    }),
    rpc: async () => ({ data: null, error: null }),
  };
}

const archivedInvoice = { id: 'i1', pdf_path: 'u/facture-FA0001.pdf', status: 'issued' };

describe('sendDocument', () => {
  it('sends an archived invoice without a PDF from the browser', async () => {
    const calls: unknown[] = [];
    expect(await sendDocument(fakeSupabase({ data: { status: 'sent' } }, calls), 'invoices', archivedInvoice)).toBe(
      'sent',
    );
    expect(calls).toEqual([{ name: 'send-document', body: { table: 'invoices', id: 'i1' } }]);
  });
  it('queues when offline and passes the server’s French refusal on', async () => {
    expect(await sendDocument(fakeSupabase({}), 'invoices', archivedInvoice, () => false)).toBe('retry');
    const refusal = {
      message: 'Edge Function returned a non-2xx status code',
      context: {
        status: 429,
        json: async () => ({ error: 'Limite de 50 envois par jour atteinte : réessayez demain.' }),
      },
    };
    expect(await sendDocument(fakeSupabase({ error: refusal }), 'invoices', archivedInvoice)).toEqual({
      error: 'Limite de 50 envois par jour atteinte : réessayez demain.',
    });
    const network = { message: 'Failed to send a request to the Edge Function', name: 'FunctionsFetchError' };
    expect(await sendDocument(fakeSupabase({ error: network }), 'invoices', archivedInvoice)).toBe('retry');
  });
});

describe('history of the documents on screen', () => {
  it('loads many documents in one query per table and derives the devis status', async () => {
    const calls: Array<{ table?: string; ids?: string[] }> = [];
    const load = createSendInfoLoader(() => fakeSupabase({}, calls));
    const [a, b] = await Promise.all([load('a'), load('b')]);
    expect(calls.map((c) => c.table)).toEqual(['document_sends', 'document_links', 'quote_acceptances']);
    expect(calls[0]!.ids).toEqual(['a', 'b']);
    expect(b.sends).toEqual([]);
    const now = new Date('2026-11-22T00:00:00Z');
    expect(quoteStatusOf({ id: 'a', date: '2026-11-15T00:00:00Z' }, a, now)).toBe('vu');
    expect(quoteStatusOf({ id: 'b', date: '2026-11-15T00:00:00Z' }, b, now)).toBe('brouillon');
    expect(quoteStatusOf({ id: 'b', date: '2026-09-15T00:00:00Z' }, b, now)).toBe('expiré');
    expect(hasLiveLink(a, now)).toBe(true);
    expect(
      quoteStatusOf(
        { id: 'a', date: '2026-11-15T00:00:00Z' },
        {
          ...a,
          decision: {
            quote_id: 'a',
            decision: 'accepted',
            signer_name: 'P',
            decided_at: '2026-11-21T00:00:00Z',
            refusal_reason: null,
            signed_pdf_path: null,
          },
        },
        now,
      ),
    ).toBe('accepté');
  });
});
