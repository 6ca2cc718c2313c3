import { RECEIVED_MESSAGES as M } from './messages';
import { loadTransmissions, resetTransmissions, snapshot, transmit, type TransmissionSupabase } from './transmissions';

const DOC = '1f0e5a3c-2b4d-4c6e-8f0a-1b2c3d4e5f60';

function fake(answer: { data?: unknown; error?: { message: string; context?: unknown } }) {
  const calls: unknown[] = [];
  const supabase = {
    functions: {
      invoke: async (name: string, options: { body: unknown }) => {
        calls.push([name, options.body]);
        return { data: answer.data ?? null, error: answer.error ?? null };
      },
    },
    from: () => ({
      select: async () => ({ data: [{ document_id: 'old', sent_at: '2026-11-02T09:00:00Z' }], error: null }),
    }),
  } as unknown as TransmissionSupabase;
  return { supabase, calls };
}

beforeEach(() => resetTransmissions());

it('reads the transmissions once, then records a new one from the function’s answer', async () => {
  const { supabase, calls } = fake({ data: { id: 'pa_1', status: 'deposee', sentAt: '2026-11-26T10:00:00Z' } });
  await loadTransmissions(supabase, 'u1');
  expect(snapshot().get('old')).toBe('2026-11-02T09:00:00Z');
  expect(await transmit(supabase, 'invoices', DOC, true)).toBeNull();
  expect(calls).toEqual([['facturx/send', { documentId: DOC, table: 'invoices' }]]);
  expect(snapshot().get(DOC)).toBe('2026-11-26T10:00:00Z');
});

it('gives the function’s French refusal, and says offline that the network is needed', async () => {
  const refusal = 'Aucune plateforme agréée n’est configurée pour transmettre les factures.';
  const { supabase } = fake({
    error: {
      message: 'Edge Function returned a non-2xx status code',
      context: { json: async () => ({ error: refusal }) },
    },
  });
  expect(await transmit(supabase, 'invoices', DOC, true)).toBe(refusal);
  expect(snapshot().has(DOC)).toBe(false);
  const offline = fake({});
  expect(await transmit(offline.supabase, 'invoices', DOC, false)).toBe(M.transmitNeedsNetwork);
  expect(offline.calls).toEqual([]);
});
