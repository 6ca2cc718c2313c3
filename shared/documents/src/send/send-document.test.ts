import type { QueuedSend } from '@atelier/storage';

import { sendQueued, MISSING_ROW_PATIENCE_MS, type FlushSupabase } from './flush-queue';
import { sendDocument } from './send-document';

function fakeSupabase(
  answer: { data?: unknown; error?: unknown },
  calls: unknown[] = [],
  row: Record<string, unknown> | null = null,
): FlushSupabase {
  return {
    functions: {
      invoke: async (name, options) => {
        calls.push({ name, ...options });
        return { data: answer.data ?? null, error: (answer.error as never) ?? null };
      },
    },
    from: (table) => ({
      select: () => ({
        eq: (_column: string, id: string) => ({
          maybeSingle: async () => {
            calls.push({ table, id });
            return { data: row, error: null };
          },
        }),
      }),
    }),
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

  it('attaches the exact PDF bytes it is given (the home page’s fresh devis)', async () => {
    const calls: Array<{ body?: { pdf?: string } }> = [];
    const bytes = new TextEncoder().encode('%PDF-1.7 devis');
    expect(await sendDocument(fakeSupabase({ data: {} }, calls), 'quotes', { id: 'q1' }, () => true, bytes)).toBe(
      'sent',
    );
    expect(atob(calls[0]!.body!.pdf!)).toBe('%PDF-1.7 devis');
  });

  it('queues when offline and passes the server’s French refusal on with its status', async () => {
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
      status: 429,
    });
    const network = { message: 'Failed to send a request to the Edge Function', name: 'FunctionsFetchError' };
    expect(await sendDocument(fakeSupabase({ error: network }), 'invoices', archivedInvoice)).toBe('retry');
    const down = { message: 'x', context: { status: 503, json: async () => ({}) } };
    expect(await sendDocument(fakeSupabase({ error: down }), 'invoices', archivedInvoice)).toBe('retry');
  });
});

describe('a queued send', () => {
  const entry: QueuedSend = {
    table: 'invoices',
    id: 'i1',
    queuedAt: '2026-11-27T10:00:00.000Z',
    key: '0f8a4c1e-5b7d-4e2a-9c3b-1d2e3f4a5b6c',
  };
  const queuedAt = Date.parse(entry.queuedAt);

  it('reads the row from the server and sends it with the entry’s idempotency key', async () => {
    const calls: unknown[] = [];
    const supabase = fakeSupabase({ data: {} }, calls, archivedInvoice);
    expect(
      await sendQueued(
        supabase,
        entry,
        () => true,
        () => queuedAt + 1000,
      ),
    ).toBe('sent');
    expect(calls).toEqual([
      { table: 'invoices', id: 'i1' },
      { name: 'send-document', body: { table: 'invoices', id: 'i1', idempotencyKey: entry.key } },
    ]);
  });

  it('waits for a row still in the sync outbox, then gives up with a French message', async () => {
    const calls: unknown[] = [];
    const supabase = fakeSupabase({ data: {} }, calls, null);
    expect(
      await sendQueued(
        supabase,
        entry,
        () => true,
        () => queuedAt + 60_000,
      ),
    ).toBe('retry');
    expect(
      await sendQueued(
        supabase,
        entry,
        () => true,
        () => queuedAt + MISSING_ROW_PATIENCE_MS + 1,
      ),
    ).toEqual({
      error: 'Le mail n’a pas pu partir. Réessayez plus tard.',
    });
    expect(calls.some((c) => (c as { name?: string }).name === 'send-document')).toBe(false);
  });

  it('does nothing offline', async () => {
    const calls: unknown[] = [];
    expect(await sendQueued(fakeSupabase({}, calls, archivedInvoice), entry, () => false)).toBe('retry');
    expect(calls).toEqual([]);
  });
});
