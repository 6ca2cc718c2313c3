// The send itself is tested with @atelier/documents (send/send-document.test.ts).
import { createSendInfoLoader, hasLiveLink, quoteStatusOf, type SendSupabase } from './send-model';

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

  it('gathers the ids of a delay into one ask, keeps answers for cards shown again, asks afresh on demand', async () => {
    jest.useFakeTimers();
    try {
      let clock = 0;
      const calls: Array<{ table?: string; ids?: string[] }> = [];
      const load = createSendInfoLoader(() => fakeSupabase({}, calls), {
        delayMs: 150,
        keepMs: 30_000,
        now: () => clock,
      });
      const first = Promise.all([load('a'), load('b')]);
      await jest.advanceTimersByTimeAsync(100);
      const third = load('c');
      expect(calls).toEqual([]); // nothing asked inside the keystroke's frame
      await jest.advanceTimersByTimeAsync(60);
      await Promise.all([first, third]);
      expect(calls.map((c) => c.ids)).toEqual([
        ['a', 'b', 'c'],
        ['a', 'b', 'c'],
        ['a', 'b', 'c'],
      ]);
      clock = 10_000;
      expect((await load('a')).sends).toHaveLength(1); // shown again: the kept answer
      expect(calls).toHaveLength(3);
      const fresh = load('a', true); // after a send
      await jest.advanceTimersByTimeAsync(150);
      await fresh;
      expect(calls).toHaveLength(6);
      clock = 50_000; // kept answers grow old
      const old = load('b');
      await jest.advanceTimersByTimeAsync(150);
      await old;
      expect(calls).toHaveLength(9);
    } finally {
      jest.useRealTimers();
    }
  });
});
