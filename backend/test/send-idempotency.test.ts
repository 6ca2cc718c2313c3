// A queued « Envoyer » flushed twice (two tabs, two devices, a retry after a lost answer) mails once: the browser's
// idempotency key is honoured by send-document (migration 0110, decision 0130). Attackers: the same user replaying
// the key (sequentially and at once), another user replaying the victim's key on the victim's document and on their
// own, a key reused for another document, malformed keys, a direct RPC call by another user.
import { randomUUID } from 'node:crypto';

import { PDFDocument, StandardFonts } from 'pdf-lib';

import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

jest.setTimeout(240_000);

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'once-alice');
  bob = await signUpUser(backend, 'once-bob');
});
afterAll(async () => {
  await backend?.close();
});

const LINES = [
  { name: 'Pose de carrelage', unit: 'm2', price: 20, quantity: 10, vatRate: 20, vatCategory: 'standard' },
];

async function pdfBase64(title: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(title, { font: await doc.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
  return Buffer.from(await doc.save()).toString('base64');
}

async function quote(user: SignedInUser) {
  const email = `client.${randomUUID()}@example.fr`;
  const c = await user.client
    .from('clients')
    .insert({ user_id: user.id, name: 'Paul Client', email })
    .select()
    .single();
  if (c.error) throw new Error(c.error.message);
  const q = await user.client
    .from('quotes')
    .insert({
      user_id: user.id,
      client_id: c.data.id,
      number: `DE${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      lines: LINES,
      vat_rate: 20,
      vat_regime: 'assujetti',
      total_ht_cents: 20000,
      tva_cents: 4000,
      total_ttc_cents: 24000,
      snapshot: { company: { name: 'Durand', vatRegime: 'assujetti' }, client: { name: 'Paul Client' } },
    })
    .select()
    .single();
  if (q.error) throw new Error(q.error.message);
  return { id: q.data.id as string, email, pdf: await pdfBase64(`Devis ${q.data.number}`) };
}

const send = (user: SignedInUser, body: unknown) =>
  raw(backend, '/functions/v1/send-document', { method: 'POST', token: user.accessToken, body: JSON.stringify(body) });
const mailsTo = (email: string) => backend.mailbox!.messages.filter((m) => m.to === email).length;
async function sendsOf(id: string) {
  const r = await backend.db.query(
    `select id::text, user_id::text, status, to_email, idempotency_key::text as key
       from public.document_sends where document_id = $1 order by created_at`,
    [id],
  );
  return r.rows as { id: string; user_id: string; status: string; to_email: string; key: string | null }[];
}

describe('send-document with an idempotency key', () => {
  it('a replay of the same key by the same user answers the first send and mails nothing', async () => {
    const q = await quote(alice);
    const key = randomUUID();
    const first = await send(alice, { table: 'quotes', id: q.id, pdf: q.pdf, idempotencyKey: key });
    expect(first.status).toBe(200);
    const { sendId } = first.json as { sendId: string };
    expect(first.json).toMatchObject({ status: 'sent', to: q.email });
    expect(mailsTo(q.email)).toBe(1);

    for (let i = 0; i < 3; i++) {
      const again = await send(alice, { table: 'quotes', id: q.id, pdf: q.pdf, idempotencyKey: key });
      expect(again.status).toBe(200);
      expect(again.json).toEqual({ sendId, status: 'sent', to: q.email, link: null, replayed: true });
    }
    expect(mailsTo(q.email)).toBe(1);
    expect(await sendsOf(q.id)).toEqual([{ id: sendId, user_id: alice.id, status: 'sent', to_email: q.email, key }]);
    // Without a key (an older client) each call is a send, as before.
    expect((await send(alice, { table: 'quotes', id: q.id, pdf: q.pdf })).status).toBe(200);
    expect(mailsTo(q.email)).toBe(2);
  });

  it('two tabs flushing the same queued send at once: one mail, one record', async () => {
    const q = await quote(alice);
    const key = randomUUID();
    const body = { table: 'quotes', id: q.id, pdf: q.pdf, idempotencyKey: key };
    const answers = await Promise.all([send(alice, body), send(alice, body), send(alice, body)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.filter((a) => (a.json as { replayed?: boolean }).replayed !== true)).toHaveLength(1);
    expect(mailsTo(q.email)).toBe(1);
    expect(await sendsOf(q.id)).toHaveLength(1);
  });

  it('another user replaying the key changes nothing of the first user’s send', async () => {
    const q = await quote(alice);
    const key = randomUUID();
    expect((await send(alice, { table: 'quotes', id: q.id, pdf: q.pdf, idempotencyKey: key })).status).toBe(200);
    const before = await sendsOf(q.id);

    // Bob with Alice's key on Alice's devis: not his document.
    const onVictim = await send(bob, { table: 'quotes', id: q.id, pdf: q.pdf, idempotencyKey: key });
    expect(onVictim.status).toBe(404);
    expect(JSON.stringify(onVictim.json)).not.toContain(q.email);
    // Bob with Alice's key on his own devis: his own, separate send (not a replay of Alice's).
    const own = await quote(bob);
    const mine = await send(bob, { table: 'quotes', id: own.id, pdf: own.pdf, idempotencyKey: key });
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({ status: 'sent', to: own.email });
    expect((mine.json as { replayed?: boolean }).replayed).toBeUndefined();
    expect(mailsTo(own.email)).toBe(1);
    // The RPC itself, called by Bob with Alice's key and document.
    const direct = await bob.client.rpc('begin_document_send_once', {
      p_table: 'quotes',
      p_id: q.id,
      p_to: q.email,
      p_key: key,
    });
    expect(direct.error).not.toBeNull();

    expect(await sendsOf(q.id)).toEqual(before);
    expect(mailsTo(q.email)).toBe(1);
  });

  it('refuses a key reused for another document and malformed keys; a failed send releases its key', async () => {
    const a = await quote(alice);
    const b = await quote(alice);
    const key = randomUUID();
    expect((await send(alice, { table: 'quotes', id: a.id, pdf: a.pdf, idempotencyKey: key })).status).toBe(200);
    const reused = await send(alice, { table: 'quotes', id: b.id, pdf: b.pdf, idempotencyKey: key });
    expect(reused.status).toBe(409);
    expect(reused.json).toEqual({ error: 'Cette clé d’envoi a déjà servi pour un autre document.' });
    expect(mailsTo(b.email)).toBe(0);
    expect(await sendsOf(b.id)).toEqual([]);

    for (const bad of ['x', 42, '', `${key}0`, { key }, [key], 'a'.repeat(10_000)]) {
      const res = await send(alice, { table: 'quotes', id: b.id, pdf: b.pdf, idempotencyKey: bad });
      expect(res.status).toBe(400);
    }
    expect(mailsTo(b.email)).toBe(0);

    // The SMTP failed the first time (recorded 'failed'): the queue's next try with the same key sends.
    await backend.db.query(`update public.document_sends set status = 'failed' where document_id = $1`, [a.id]);
    const retried = await send(alice, { table: 'quotes', id: a.id, pdf: a.pdf, idempotencyKey: key });
    expect(retried.status).toBe(200);
    expect((retried.json as { replayed?: boolean }).replayed).toBeUndefined();
    expect(mailsTo(a.email)).toBe(2);
    expect((await sendsOf(a.id)).map((s) => s.status)).toEqual(['failed', 'sent']);
  });
});
