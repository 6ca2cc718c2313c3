// Client book, quotes, invoices, credit notes and per-user settings (migration 0010): RLS isolation between two
// users and for anon, gapless numbering under concurrency, immutability of issued invoices, the free plan's
// 10 clients, archive instead of delete, tombstones for the sync, and account deletion removing everything.
import type { RunningBackend } from '../src/server.ts';
import { anonClient, serviceClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'alice');
  bob = await signUpUser(backend, 'bob');
});
afterAll(async () => {
  await backend?.close();
});

const LINES = [{ name: 'Peinture murs', unit: 'm2', price: 25, quantity: 40 }];

async function addClient(user: SignedInUser, email: string, name = 'Client') {
  return user.client
    .from('clients')
    .upsert(
      { name, email, phone: '06 00 00 00 00', address: '1 rue A 75001 Paris', user_id: user.id },
      {
        onConflict: 'email,user_id',
      },
    )
    .select()
    .single();
}

async function draftInvoice(user: SignedInUser, clientId: string) {
  const { data, error } = await user.client
    .from('invoices')
    .insert({
      user_id: user.id,
      client_id: clientId,
      project_title: 'Rénovation salon',
      lines: LINES,
      vat_rate: 20,
      total_ht_cents: 100000,
      tva_cents: 20000,
      total_ttc_cents: 120000,
      snapshot: {
        client: { name: 'Client', email: 'c@example.fr' },
        customization: { invoice: { paymentDeadline: 15 } },
      },
    })
    .select()
    .single();
  if (error) throw new Error(error.message);
  return data as { id: string };
}

describe('clients (spec §7 calls)', () => {
  it('upserts on email,user_id returning the single row, lists by created_at desc, deletes by email+user_id', async () => {
    const first = await addClient(alice, 'dupont@example.fr', 'Dupont');
    expect(first.error).toBeNull();
    expect(first.data).toMatchObject({ name: 'Dupont', email: 'dupont@example.fr', user_id: alice.id });
    const again = await addClient(alice, 'dupont@example.fr', 'Dupont Jean');
    expect(again.data.id).toBe(first.data.id);
    expect(again.data.name).toBe('Dupont Jean');
    await addClient(alice, 'martin@example.fr', 'Martin');

    const list = await alice.client
      .from('clients')
      .select('name, email, phone, address')
      .eq('user_id', alice.id)
      .order('created_at', { ascending: false });
    expect(list.data?.map((c) => c.email)).toEqual(['martin@example.fr', 'dupont@example.fr']);

    const del = await alice.client.from('clients').delete().eq('email', 'martin@example.fr').eq('user_id', alice.id);
    expect(del.error).toBeNull();
    const after = await alice.client.from('clients').select('email').eq('user_id', alice.id);
    expect(after.data?.map((c) => c.email)).toEqual(['dupont@example.fr']);
  });

  it('isolates every table between two users and from anon', async () => {
    const client = await addClient(alice, 'iso@example.fr');
    await alice.client.from('quotes').insert({ user_id: alice.id, client_id: client.data.id, lines: LINES });
    await draftInvoice(alice, client.data.id);
    await alice.client.from('user_settings').upsert({ user_id: alice.id, key: 'tasks', value: [{ name: 'x' }] });

    for (const table of ['clients', 'quotes', 'invoices', 'credit_notes', 'user_settings', 'sync_tombstones']) {
      // Bob sees none of Alice's rows (his own company settings, saved at sign-up by migration 0080, are his).
      const own = await bob.client.from(table).select('*');
      expect({ table, rows: (own.data ?? []).filter((row) => row.user_id !== bob.id) }).toEqual({ table, rows: [] });
      const anon = await anonClient(backend).from(table).select('*');
      expect({ table, rows: anon.data ?? [] }).toEqual({ table, rows: [] });
    }
    const stolen = await bob.client.from('clients').update({ name: 'Pirate' }).eq('id', client.data.id).select();
    expect(stolen.data).toEqual([]);
    const removed = await bob.client.from('clients').delete().eq('id', client.data.id).select();
    expect(removed.data).toEqual([]);
    const forged = await bob.client.from('clients').insert({ user_id: alice.id, name: 'X', email: 'x@example.fr' });
    expect(forged.error?.code).toBe('42501');
    const anonInsert = await anonClient(backend)
      .from('clients')
      .insert({ user_id: alice.id, name: 'X', email: 'y@x.fr' });
    expect(anonInsert.error).not.toBeNull();
    const rpc = await bob.client.rpc('issue_invoice', { p_id: (await draftInvoice(alice, client.data.id)).id });
    expect(rpc.error?.message).toBe('Facture non trouvée');
    const anonRpc = await anonClient(backend).rpc('sync_changes', {});
    expect(anonRpc.error).not.toBeNull();
  });
});

describe('numbering and immutability', () => {
  it('20 concurrent issues give 20 distinct consecutive numbers', async () => {
    const user = await signUpUser(backend, 'numbers');
    const client = await addClient(user, 'num@example.fr');
    const drafts = [];
    for (let i = 0; i < 20; i += 1) drafts.push(await draftInvoice(user, client.data.id));
    const issued = await Promise.all(drafts.map((d) => user.client.rpc('issue_invoice', { p_id: d.id })));
    for (const r of issued) expect(r.error).toBeNull();
    const numbers = issued.map((r) => (r.data as { number: string }).number).sort();
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `FA${String(i + 1).padStart(4, '0')}`));
    // The due date follows the snapshot's payment deadline.
    const one = issued[0]!.data as { issue_date: string; due_date: string; status: string };
    expect(one.status).toBe('issued');
    expect((Date.parse(one.due_date) - Date.parse(one.issue_date)) / 86_400_000).toBe(15);
  });

  it('refuses changing an issued invoice’s lines, totals or number and deleting it; is_paid/payment_date change', async () => {
    const client = await addClient(alice, 'immutable@example.fr');
    const draft = await draftInvoice(alice, client.data.id);
    // A draft can be edited.
    const edit = await alice.client.from('invoices').update({ project_title: 'Cuisine' }).eq('id', draft.id).select();
    expect(edit.error).toBeNull();
    // Nobody sets status 'issued' by hand.
    const forged = await alice.client
      .from('invoices')
      .update({ status: 'issued', number: 'FA9999' })
      .eq('id', draft.id);
    expect(forged.error?.code).toBe('42501');
    const issued = await alice.client.rpc('issue_invoice', { p_id: draft.id });
    expect(issued.error).toBeNull();

    for (const change of [
      { lines: [] },
      { total_ttc_cents: 1 },
      { total_ht_cents: 1 },
      { number: 'FA0999' },
      { vat_rate: 10 },
      { status: 'draft' },
    ]) {
      const res = await alice.client.from('invoices').update(change).eq('id', draft.id);
      expect({ change, code: res.error?.code }).toEqual({ change, code: '42501' });
    }
    const del = await alice.client.from('invoices').delete().eq('id', draft.id);
    expect(del.error?.code).toBe('42501');
    const service = await serviceClient(backend).from('invoices').update({ total_ttc_cents: 5 }).eq('id', draft.id);
    expect(service.error?.code).toBe('42501'); // the trigger binds the service role too

    const paid = await alice.client
      .from('invoices')
      .update({ is_paid: true, payment_date: '2026-11-20' })
      .eq('id', draft.id)
      .select('is_paid, payment_date, total_ttc_cents')
      .single();
    expect(paid.error).toBeNull();
    expect(paid.data).toEqual({ is_paid: true, payment_date: '2026-11-20', total_ttc_cents: 120000 });
    const pdf = await alice.client
      .from('invoices')
      .update({ pdf_path: `${alice.id}/x.pdf` })
      .eq('id', draft.id);
    expect(pdf.error).toBeNull();
    const pdfAgain = await alice.client
      .from('invoices')
      .update({ pdf_path: `${alice.id}/y.pdf` })
      .eq('id', draft.id);
    expect(pdfAgain.error?.code).toBe('42501');
  });

  it('an issued invoice gets one avoir AV… with negated totals, itself immutable; the client is archived, not deleted', async () => {
    const user = await signUpUser(backend, 'avoir');
    const client = await addClient(user, 'avoir@example.fr');
    const draft = await draftInvoice(user, client.data.id);
    const noDraftNote = await user.client.rpc('issue_credit_note', { p_invoice_id: draft.id, p_reason: 'cancel' });
    expect(noDraftNote.error).not.toBeNull();
    await user.client.rpc('issue_invoice', { p_id: draft.id });
    const note = await user.client.rpc('issue_credit_note', { p_invoice_id: draft.id, p_reason: 'correct' });
    expect(note.error).toBeNull();
    expect(note.data).toMatchObject({
      number: 'AV0001',
      invoice_id: draft.id,
      reason: 'correct',
      total_ttc_cents: -120000,
      total_ht_cents: -100000,
      tva_cents: -20000,
    });
    const same = await user.client.rpc('issue_credit_note', { p_invoice_id: draft.id, p_reason: 'cancel' });
    expect((same.data as { id: string }).id).toBe((note.data as { id: string }).id);
    const changed = await user.client.from('credit_notes').update({ total_ttc_cents: 0 }).eq('invoice_id', draft.id);
    expect(changed.error?.code).toBe('42501');
    const inserted = await user.client.from('credit_notes').insert({
      user_id: user.id,
      invoice_id: draft.id,
      number: 'AV0100',
      reason: 'cancel',
      total_ht_cents: 0,
      tva_cents: 0,
      total_ttc_cents: 0,
    });
    expect(inserted.error?.code).toBe('42501');

    const del = await user.client
      .from('clients')
      .delete()
      .eq('email', 'avoir@example.fr')
      .eq('user_id', user.id)
      .select();
    expect(del.error).toBeNull();
    expect(del.data).toEqual([]);
    const kept = await user.client.from('clients').select('archived_at').eq('id', client.data.id).single();
    expect(kept.data?.archived_at).not.toBeNull();
  });

  it('deleting the account removes every row it owns (issued invoices included)', async () => {
    const user = await signUpUser(backend, 'gone');
    const client = await addClient(user, 'gone@example.fr');
    const draft = await draftInvoice(user, client.data.id);
    await user.client.rpc('issue_invoice', { p_id: draft.id });
    await user.client.rpc('issue_credit_note', { p_invoice_id: draft.id });
    const removed = await serviceClient(backend).auth.admin.deleteUser(user.id);
    expect(removed.error).toBeNull();
    for (const table of ['clients', 'invoices', 'credit_notes', 'sync_tombstones', 'document_counters']) {
      const { rows } = await backend.db.query(`select count(*)::int as n from public.${table} where user_id = $1`, [
        user.id,
      ]);
      expect({ table, n: rows[0]!.n }).toEqual({ table, n: 0 });
    }
  });
});

describe('plan limits and sync', () => {
  it('refuses the 11th client on free with a French message, accepts it on pro', async () => {
    const user = await signUpUser(backend, 'limit');
    for (let i = 1; i <= 10; i += 1) {
      const res = await addClient(user, `c${i}@example.fr`);
      expect(res.error).toBeNull();
    }
    const eleventh = await addClient(user, 'c11@example.fr');
    expect(eleventh.error?.message).toMatch(/limite de 10 clients du plan gratuit/);
    expect(eleventh.error?.hint).toBe('client_limit');
    // Updating one of the ten is still allowed.
    const update = await addClient(user, 'c3@example.fr', 'Nouveau nom');
    expect(update.error).toBeNull();

    await serviceClient(backend).from('subscriptions').insert({ user_id: user.id, plan_id: 'pro', status: 'active' });
    const onPro = await addClient(user, 'c11@example.fr');
    expect(onPro.error).toBeNull();
  });

  it('sync_changes returns the rows changed since a time, and tombstones of deleted rows', async () => {
    const user = await signUpUser(backend, 'sync');
    await addClient(user, 's1@example.fr');
    const first = await user.client.rpc('sync_changes', { p_since: null });
    expect(first.error).toBeNull();
    const since = (first.data as { now: string }).now;
    expect((first.data as { clients: unknown[] }).clients).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 20));
    await addClient(user, 's2@example.fr');
    await user.client.from('clients').delete().eq('email', 's1@example.fr').eq('user_id', user.id);
    await user.client.from('user_settings').upsert({ user_id: user.id, key: 'companyInfo', value: { name: 'SARL' } });
    const next = await user.client.rpc('sync_changes', { p_since: since });
    const data = next.data as {
      clients: Array<{ email: string }>;
      deleted: Array<{ table_name: string }>;
      settings: unknown[];
    };
    expect(data.clients.map((c) => c.email)).toEqual(['s2@example.fr']);
    expect(data.deleted.map((d) => d.table_name)).toEqual(['clients']);
    expect(data.settings).toHaveLength(1);
  });
});
