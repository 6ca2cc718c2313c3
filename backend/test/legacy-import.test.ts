// Legacy import (migration 0015): the spec's localStorage client book imported into the account once, without
// duplicates, legacy invoices issued with their numbers, counters moved past them, RLS and the free plan's limit.
import { randomUUID } from 'node:crypto';

import type { RunningBackend } from '../src/server.ts';
import { anonClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'legacy-alice');
  bob = await signUpUser(backend, 'legacy-bob');
});
afterAll(async () => {
  await backend?.close();
});

const LINES = [{ name: 'Peinture', unit: 'm2', price: 25, quantity: 4 }];

// Row ids as @atelier/storage derives them (stable per user and legacy id): one uuid per (user, legacy id).
const ids = new Map<string, string>();
const rowId = (user: SignedInUser, legacyId: string) =>
  ids.get(`${user.id}:${legacyId}`) ?? ids.set(`${user.id}:${legacyId}`, randomUUID()).get(`${user.id}:${legacyId}`)!;

interface LegacyDoc {
  id: string;
  number?: string;
  quoteId?: string;
}

/** What the browser sends (@atelier/storage quoteToRow / invoiceToRow rows under each client). */
function payload(user: SignedInUser, clients: Array<{ email: string; quotes: LegacyDoc[]; invoices: LegacyDoc[] }>) {
  const common = {
    project_title: 'Salon',
    lines: LINES,
    vat_rate: 20,
    total_ht_cents: 10000,
    tva_cents: 2000,
    total_ttc_cents: 12000,
    snapshot: null,
  };
  return clients.map((c) => ({
    name: `Client ${c.email}`,
    email: c.email,
    phone: '06 00 00 00 00',
    address: '1 rue A',
    quotes: c.quotes.map((q) => ({
      ...common,
      id: rowId(user, q.id),
      legacy_id: q.id,
      number: q.number ?? null,
      date: '2024-03-01T09:00:00.000Z',
    })),
    invoices: c.invoices.map((i) => ({
      ...common,
      id: rowId(user, i.id),
      legacy_id: i.id,
      quote_id: rowId(user, i.quoteId!),
      status: i.number ? 'issued' : 'draft',
      number: i.number ?? null,
      issue_date: '2024-03-05',
      service_date: '2024-03-05',
      is_paid: true,
      payment_date: '2024-03-20',
    })),
  }));
}

const quote = (id: string, number?: string): LegacyDoc => ({ id, ...(number ? { number } : {}) });
const invoice = (id: string, quoteId: string, number?: string): LegacyDoc => ({
  id,
  quoteId,
  ...(number ? { number } : {}),
});

describe('import_legacy_data', () => {
  it('imports once, keeps invoice numbers issued and immutable, and moves the counters past them', async () => {
    const data = payload(alice, [
      {
        email: 'durand@example.fr',
        quotes: [quote('quote-1', 'DE0007')],
        invoices: [invoice('invoice-1', 'quote-1', 'FA0004')],
      },
      { email: 'martin@example.fr', quotes: [quote('quote-2')], invoices: [invoice('invoice-2', 'quote-2')] },
    ]);
    const first = await alice.client.rpc('import_legacy_data', { p_clients: data });
    expect(first.error).toBeNull();
    expect(first.data).toEqual({ clients: 2, quotes: 2, invoices: 2, skipped: 0, errors: [] });

    // Again (reload, another browser with the same data): refused, nothing new (issue 25: once per account).
    const again = await alice.client.rpc('import_legacy_data', { p_clients: data });
    expect(again.error).toMatchObject({ code: 'P0001', hint: 'legacy_import_done' });

    // The numbered one keeps its number in the import series; the one without a number is a draft.
    const { data: invoices } = await alice.client.from('invoices').select('*').order('legacy_id');
    expect(invoices).toHaveLength(2);
    expect(invoices!.map((i) => [i.legacy_id, i.number, i.status, i.is_paid])).toEqual([
      ['invoice-1', 'IMP-FA0004', 'issued', true],
      ['invoice-2', null, 'draft', true],
    ]);
    expect(invoices![0]).toMatchObject({ total_ttc_cents: 12000, issue_date: '2024-03-05' });

    const { data: quotes } = await alice.client.from('quotes').select('legacy_id, number, client_id');
    expect(quotes).toHaveLength(2);

    // Issued: the trigger refuses changes and deletion.
    const change = await alice.client.from('invoices').update({ total_ttc_cents: 1 }).eq('number', 'IMP-FA0004');
    expect(change.error?.message).toMatch(/émise/);

    // The FA series never moved: the next issued invoice is FA0001; the next quote number follows DE0007.
    const { data: client } = await alice.client.from('clients').select('id').eq('email', 'durand@example.fr').single();
    const draft = await alice.client
      .from('invoices')
      .insert({
        user_id: alice.id,
        client_id: client!.id,
        lines: LINES,
        total_ht_cents: 10000,
        tva_cents: 2000,
        total_ttc_cents: 12000,
        snapshot: { client: { name: 'D', email: 'd@x.fr' } },
      })
      .select()
      .single();
    const issued = await alice.client.rpc('issue_invoice', { p_id: draft.data!.id });
    expect(issued.error).toBeNull();
    expect((issued.data as { number: string }).number).toBe('FA0001');
    const { data: counters } = await alice.client.from('document_counters').select('kind, last_number');
    expect(counters).toEqual(expect.arrayContaining([{ kind: 'quote', last_number: 7 }]));
  });

  it('is refused to anon and writes only into the caller’s account', async () => {
    const anon = await anonClient(backend).rpc('import_legacy_data', { p_clients: [] });
    expect(anon.error).not.toBeNull();
    const data = payload(bob, [{ email: 'durand@example.fr', quotes: [quote('quote-1')], invoices: [] }]);
    const result = await bob.client.rpc('import_legacy_data', { p_clients: data });
    expect(result.data).toEqual({ clients: 1, quotes: 1, invoices: 0, skipped: 0, errors: [] });
    const { data: aliceSees } = await alice.client.from('clients').select('email');
    expect(aliceSees).toHaveLength(2);
    const { data: bobSees } = await bob.client.from('legacy_imports').select('user_id, clients');
    expect(bobSees).toEqual([{ user_id: bob.id, clients: 1 }]);
  });

  it('respects the free plan’s 10 clients (the rest is skipped and counted)', async () => {
    const carol = await signUpUser(backend, 'legacy-carol');
    const twelve = Array.from({ length: 12 }, (_, i) => ({ email: `c${i}@example.fr`, quotes: [], invoices: [] }));
    const first = await carol.client.rpc('import_legacy_data', { p_clients: payload(carol, twelve) });
    expect(first.data).toMatchObject({ clients: 10, skipped: 2 });
  });
});
