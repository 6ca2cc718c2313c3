// Issue 8, the /clients page's archive of issued documents: the invoice (FA…) and avoir (AV…) PDFs uploaded to
// `documents/<user id>/facture-<number>.pdf` (as mf-clients does with supabase-js) are readable by their owner
// only; pdf_path is set once on the immutable rows; only is_paid / payment_date change afterwards.
import type { RunningBackend } from '../src/server.ts';
import { anonClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'archive-alice');
  bob = await signUpUser(backend, 'archive-bob');
});
afterAll(async () => {
  await backend?.close();
});

const pdf = (label: string) => new Blob([`%PDF-1.3\n% ${label}\n%%EOF\n`], { type: 'application/pdf' });

async function issuedInvoice(user: SignedInUser) {
  const client = await user.client
    .from('clients')
    .upsert(
      {
        name: 'Éloïse Durand',
        email: `eloise.${Date.now()}@exemple.fr`,
        phone: '06',
        address: 'Lyon',
        user_id: user.id,
      },
      {
        onConflict: 'email,user_id',
      },
    )
    .select()
    .single();
  expect(client.error).toBeNull();
  const draft = await user.client
    .from('invoices')
    .insert({
      user_id: user.id,
      client_id: client.data!.id,
      quote_number: 'DE0001',
      lines: [{ name: 'Peinture', unit: 'm2', price: 25, quantity: 40 }],
      vat_rate: 20,
      total_ht_cents: 100000,
      tva_cents: 20000,
      total_ttc_cents: 120000,
    })
    .select()
    .single();
  expect(draft.error).toBeNull();
  const issued = await user.client.rpc('issue_invoice', { p_id: draft.data!.id });
  expect(issued.error).toBeNull();
  return issued.data as { id: string; number: string };
}

it('archives an issued invoice’s PDF readable by its owner only, and records its path once', async () => {
  const invoice = await issuedInvoice(alice);
  expect(invoice.number).toMatch(/^FA\d{4}$/);
  const path = `${alice.id}/facture-${invoice.number}.pdf`;
  const up = await alice.client.storage.from('documents').upload(path, pdf(invoice.number), {
    contentType: 'application/pdf',
  });
  expect(up.error).toBeNull();
  const set = await alice.client.from('invoices').update({ pdf_path: path }).eq('id', invoice.id).select().single();
  expect(set.error).toBeNull();
  expect(set.data).toMatchObject({ pdf_path: path, status: 'issued' });

  const own = await alice.client.storage.from('documents').download(path);
  expect(own.error).toBeNull();
  expect(await own.data!.text()).toContain(invoice.number);

  // Another user and anon can neither read it nor see the row that points at it.
  expect((await bob.client.storage.from('documents').download(path)).error).not.toBeNull();
  expect((await anonClient(backend).storage.from('documents').download(path)).error).not.toBeNull();
  const bobRow = await bob.client.from('invoices').select('pdf_path').eq('id', invoice.id);
  expect(bobRow.data).toEqual([]);
  // Nor replace it.
  expect(
    (await bob.client.storage.from('documents').upload(path, pdf('pirate'), { upsert: true })).error,
  ).not.toBeNull();

  // The archived file is not overwritten, and the recorded path cannot be changed once set.
  expect((await alice.client.storage.from('documents').upload(path, pdf('again'))).error).not.toBeNull();
  const moved = await alice.client
    .from('invoices')
    .update({ pdf_path: `${alice.id}/other.pdf` })
    .eq('id', invoice.id);
  expect(moved.error?.message).toMatch(/Une facture émise ne peut pas être modifiée/);

  // Marking it paid changes only is_paid and payment_date.
  const paid = await alice.client
    .from('invoices')
    .update({ is_paid: true, payment_date: '2026-11-20' })
    .eq('id', invoice.id)
    .select()
    .single();
  expect(paid.error).toBeNull();
  expect(paid.data).toMatchObject({
    is_paid: true,
    payment_date: '2026-11-20',
    pdf_path: path,
    number: invoice.number,
  });
});

it('archives an avoir’s PDF the same way (AV…, owner only)', async () => {
  const invoice = await issuedInvoice(alice);
  const note = await alice.client.rpc('issue_credit_note', { p_invoice_id: invoice.id, p_reason: 'cancel' });
  expect(note.error).toBeNull();
  const { id, number } = note.data as { id: string; number: string; total_ttc_cents: number };
  expect(number).toMatch(/^AV\d{4}$/);
  expect(Number((note.data as { total_ttc_cents: number }).total_ttc_cents)).toBe(-120000);
  const path = `${alice.id}/avoir-${number}.pdf`;
  expect((await alice.client.storage.from('documents').upload(path, pdf(number))).error).toBeNull();
  const set = await alice.client.from('credit_notes').update({ pdf_path: path }).eq('id', id).select().single();
  expect(set.error).toBeNull();
  expect(await (await alice.client.storage.from('documents').download(path)).data!.text()).toContain(number);
  expect((await bob.client.storage.from('documents').download(path)).error).not.toBeNull();
  const bobSet = await bob.client
    .from('credit_notes')
    .update({ pdf_path: `${bob.id}/x.pdf` })
    .eq('id', id)
    .select();
  expect(bobSet.data ?? []).toEqual([]);
});
