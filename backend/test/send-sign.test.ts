// Issue 26: documents sent from the app (send-document), the client's public page (public-document: sign or
// refuse a devis, see an invoice), under Deno against the in-memory backend and its local mailbox. Attackers:
// anonymous, another user, a foreign address, over the daily limit, a huge body, a wrong / tampered / expired /
// revoked token, a token of the wrong purpose, a replayed acceptance, a forged X-Forwarded-For.
import { createHash } from 'node:crypto';

import { PDFDocument, StandardFonts } from 'pdf-lib';

import type { RunningBackend } from '../src/server.ts';
import { raw, serviceClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

jest.setTimeout(240_000);

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'send-alice');
  bob = await signUpUser(backend, 'send-bob');
  await alice.client.from('user_settings').upsert({
    user_id: alice.id,
    key: 'companyInfo',
    value: { name: 'Durand Rénovation', email: 'contact@durand-renovation.fr' },
  });
});
afterAll(async () => {
  await backend?.close();
});

const LINES = [
  { name: 'Pose de carrelage', unit: 'm2', price: 22, quantity: 65, vatRate: 5.5, vatCategory: 'reduced_renovation' },
  { name: 'Robinet thermostatique', unit: 'unité', price: 85.5, quantity: 1, vatRate: 20, vatCategory: 'standard' },
];
// 1430 HT at 5,5 % = 78,65 ; 85,50 HT at 20 % = 17,10 → HT 1515,50, TVA 95,75, TTC 1611,25
const TOTALS = { total_ht_cents: 151550, tva_cents: 9575, total_ttc_cents: 161125 };
const SNAPSHOT = {
  company: {
    name: 'Durand Rénovation',
    vatRegime: 'assujetti',
    address: '12 rue des Artisans\n69003 Lyon',
    email: 'contact@durand-renovation.fr',
    siret: '73282932000074',
    rib: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP', bank: 'Banque' },
  },
  client: { name: 'Paul Client' },
};

async function pdfBase64(title: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(title, { font: await doc.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
  return Buffer.from(await doc.save()).toString('base64');
}

async function clientOf(user: SignedInUser, email = `paul.${Date.now()}.${Math.random()}@example.fr`) {
  const c = await user.client
    .from('clients')
    .insert({ user_id: user.id, name: 'Paul Client', email, address: '4 place Bellecour, 69002 Lyon' })
    .select()
    .single();
  if (c.error) throw new Error(c.error.message);
  return c.data as { id: string; email: string };
}

async function quote(user: SignedInUser, extra: Record<string, unknown> = {}) {
  const client = await clientOf(user);
  const q = await user.client
    .from('quotes')
    .insert({
      user_id: user.id,
      client_id: client.id,
      number: `DE${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      lines: LINES,
      vat_rate: 20,
      vat_regime: 'assujetti',
      ...TOTALS,
      snapshot: SNAPSHOT,
      ...extra,
    })
    .select()
    .single();
  if (q.error) throw new Error(q.error.message);
  return { ...(q.data as { id: string; number: string }), client };
}

const send = (token: string | undefined, body: unknown, apikey?: string) =>
  raw(backend, '/functions/v1/send-document', { method: 'POST', token, body: JSON.stringify(body), apikey });
const pub = (body: unknown, headers: Record<string, string> = {}) =>
  raw(backend, '/functions/v1/public-document', { method: 'POST', body: JSON.stringify(body), headers });

function tokenOf(link: string): string {
  return /\/(?:signer|facture-en-ligne)\/([0-9a-f]{64})$/.exec(link)![1]!;
}

const PNG = // a 1×1 black PNG
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('send-document', () => {
  it('mails the devis to its client with the PDF, company as sender name, reply-to the artisan, a signing link', async () => {
    const q = await quote(alice);
    const pdf = await pdfBase64(`Devis ${q.number}`);
    const res = await send(alice.accessToken, { table: 'quotes', id: q.id, pdf });
    expect(res.status).toBe(200);
    const { link, to } = res.json as { link: string; to: string };
    expect(to).toBe(q.client.email);
    expect(link).toMatch(/^http:\/\/localhost:3000\/signer\/[0-9a-f]{64}$/);

    const mail = backend.mailbox!.messages.find((m) => m.to === q.client.email)!;
    expect(mail.subject).toBe(`Devis ${q.number} — Durand Rénovation`);
    expect(mail.from).toBe('Durand Rénovation <no-reply@atelier.local>');
    expect(mail.replyTo).toBe('contact@durand-renovation.fr');
    expect(mail.text.replace(/\s/g, ' ')).toContain('1 611,25 € TTC');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`<a href="${link}">`);
    expect(mail.attachments).toEqual([
      { filename: `devis-${q.number}.pdf`, contentType: 'application/pdf', size: Buffer.from(pdf, 'base64').length },
    ]);
    const file = await fetch(`${backend.mailboxUrl}m/${mail.id}/attachments/0`);
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(pdf, 'base64'))).toBe(true);

    const sends = await alice.client.from('document_sends').select('*').eq('document_id', q.id);
    expect(sends.data).toEqual([
      expect.objectContaining({ status: 'sent', to_email: q.client.email, kind: 'document' }),
    ]);
    // The token is never stored in clear: only its SHA-256.
    const links = await serviceClient(backend).from('document_links').select('token_hash').eq('document_id', q.id);
    expect(links.data).toEqual([{ token_hash: createHash('sha256').update(tokenOf(link)).digest('hex') }]);
  });

  it('refuses anonymous callers, another user, a foreign address, a huge body and a draft invoice', async () => {
    const q = await quote(alice);
    const pdf = await pdfBase64('x');
    expect((await send(undefined, { table: 'quotes', id: q.id, pdf })).status).toBe(401);
    expect((await send(backend.anonKey, { table: 'quotes', id: q.id, pdf })).status).toBe(401);
    const other = await send(bob.accessToken, { table: 'quotes', id: q.id, pdf });
    expect(other.status).toBe(404);
    const foreign = await send(alice.accessToken, { table: 'quotes', id: q.id, pdf, to: 'attacker@evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toEqual({ error: 'Un document ne s’envoie qu’à l’adresse email de son client.' });
    expect(backend.mailbox!.messages.some((m) => m.to === 'attacker@evil.example')).toBe(false);
    const huge = await send(alice.accessToken, { table: 'quotes', id: q.id, pdf: 'A'.repeat(8 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const nested = await send(alice.accessToken, JSON.parse('{"table":'.repeat(1) + '[[[[[[[[[[1]]]]]]]]]]}'));
    expect(nested.status).toBe(400);
    const notPdf = await send(alice.accessToken, {
      table: 'quotes',
      id: q.id,
      pdf: Buffer.from('<html>').toString('base64'),
    });
    expect(notPdf.status).toBe(422);
    // Users cannot write the send log themselves (only through the checked functions).
    const forged = await alice.client
      .from('document_sends')
      .insert({ user_id: alice.id, document_table: 'quotes', document_id: q.id, to_email: 'x@y.fr' });
    expect(forged.error).not.toBeNull();
    // Nor start a send to an address that is not the client's through the RPC directly.
    const direct = await alice.client.rpc('begin_document_send', { p_table: 'quotes', p_id: q.id, p_to: 'x@evil.fr' });
    expect(direct.error?.message).toBe('Un document ne s’envoie qu’à l’adresse email de son client.');
  });

  it('stops at the daily limit with a French message', async () => {
    const carol = await signUpUser(backend, 'send-carol');
    const q = await quote(carol);
    // 49 sends already today (recorded through the checked RPC, as the function does).
    for (let i = 0; i < 49; i++) {
      const r = await carol.client.rpc('begin_document_send', { p_table: 'quotes', p_id: q.id, p_to: q.client.email });
      expect(r.error).toBeNull();
    }
    const pdf = await pdfBase64('x');
    expect((await send(carol.accessToken, { table: 'quotes', id: q.id, pdf })).status).toBe(200);
    const over = await send(carol.accessToken, { table: 'quotes', id: q.id, pdf });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ error: 'Limite de 50 envois par jour atteinte : réessayez demain.' });
  });
});

describe('public-document: signing a devis', () => {
  it('shows only that devis, records viewing, accepts once with the evidence, and archives the signed PDF', async () => {
    const q = await quote(alice);
    const pdf = await pdfBase64(`Devis ${q.number}`);
    const sent = await send(alice.accessToken, { table: 'quotes', id: q.id, pdf });
    const token = tokenOf((sent.json as { link: string }).link);

    const opened = await pub({ action: 'open', token });
    expect(opened.status).toBe(200);
    const view = opened.json as Record<string, unknown>;
    expect(view).toMatchObject({
      state: 'ok',
      purpose: 'sign_quote',
      number: q.number,
      totalTtcCents: 161125,
      clientName: 'Paul Client',
      company: { name: 'Durand Rénovation', siret: '73282932000074' },
      decision: null,
    });
    expect(String(view.certification)).toMatch(/^En qualité de preneur de la prestation/);
    expect((view.lines as unknown[]).length).toBe(2);
    // Nothing that identifies rows or files of the artisan, nor their bank details on a devis.
    const body = opened.text;
    for (const secret of [alice.id, q.id, q.client.id, q.client.email, 'FR76', 'pdf_path']) {
      expect(body).not.toContain(secret);
    }
    const seen = await alice.client.from('document_links').select('viewed_at').eq('document_id', q.id);
    expect(seen.data?.[0]?.viewed_at).toBeTruthy();

    const file = await fetch(`${backend.url}/functions/v1/public-document`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'pdf', token }),
    });
    const bytes = Buffer.from(await file.arrayBuffer());
    expect(bytes.equals(Buffer.from(pdf, 'base64'))).toBe(true);
    const sha = createHash('sha256').update(bytes).digest('hex');
    expect(view.pdfSha256).toBe(sha);

    const incomplete = await pub({
      action: 'accept',
      token,
      name: 'Paul Client',
      terms: false,
      signature: PNG,
      pdfSha256: sha,
    });
    expect(incomplete.status).toBe(422);
    expect(incomplete.json).toEqual({ error: 'Cochez la case pour accepter le devis et ses conditions.' });

    const accepted = await pub(
      { action: 'accept', token, name: 'Paul Client', terms: true, signature: PNG, pdfSha256: sha },
      { 'x-forwarded-for': '6.6.6.6' },
    );
    expect(accepted.status).toBe(200);
    const replay = await pub({ action: 'accept', token, name: 'Mallory', terms: true, signature: PNG, pdfSha256: sha });
    expect(replay.status).toBe(409);
    expect(replay.json).toEqual({ error: 'Ce devis a déjà reçu une réponse.' });
    const refuseAfter = await pub({ action: 'refuse', token, reason: 'trop cher' });
    expect(refuseAfter.status).toBe(409);

    const evidence = await alice.client.from('quote_acceptances').select('*').eq('quote_id', q.id).single();
    expect(evidence.data).toMatchObject({
      decision: 'accepted',
      signer_name: 'Paul Client',
      signature_png: PNG,
      pdf_sha256: sha,
      signed_pdf_path: `${alice.id}/devis-${q.number}-signe.pdf`,
    });
    // The IP is the connection's, not the forged header's.
    expect(evidence.data.signer_ip).not.toBe('6.6.6.6');
    expect(evidence.data.signer_ip).toMatch(/127\.0\.0\.1|::1/);
    const signed = await alice.client.storage.from('documents').download(evidence.data.signed_pdf_path);
    const signedDoc = await PDFDocument.load(Buffer.from(await signed.data!.arrayBuffer()));
    expect(signedDoc.getPageCount()).toBe(2);
    // The artisan is told by mail, with the signed devis.
    const notice = backend.mailbox!.messages.find((m) => m.to === alice.email && m.subject.includes(q.number))!;
    expect(notice.subject).toBe(`Devis ${q.number} accepté par Paul Client`);
    expect(notice.attachments[0]!.filename).toBe(`devis-${q.number}-signe.pdf`);
    // Bob cannot read Alice's evidence.
    const peek = await bob.client.from('quote_acceptances').select('*').eq('quote_id', q.id);
    expect(peek.data).toEqual([]);
    // The page shows the decision afterwards.
    expect(((await pub({ action: 'open', token })).json as { decision: unknown }).decision).toMatchObject({
      decision: 'accepted',
      signerName: 'Paul Client',
    });
  });

  it('answers a wrong, tampered, revoked or expired token with a French message and nothing of the devis', async () => {
    const q = await quote(alice);
    const sent = await send(alice.accessToken, { table: 'quotes', id: q.id, pdf: await pdfBase64('x') });
    const token = tokenOf((sent.json as { link: string }).link);
    const tampered = token.slice(0, -1) + (token.endsWith('0') ? '1' : '0');
    for (const bad of [tampered, 'a'.repeat(64), 'abc', token.toUpperCase(), `${token}00`]) {
      const res = await pub({ action: 'open', token: bad });
      expect(res.status).toBe(404);
      expect(res.text).not.toContain(q.number);
      expect((res.json as { error: string }).error).toMatch(/^Ce lien n’est pas valide/);
      expect((await pub({ action: 'accept', token: bad, name: 'X', terms: true, signature: PNG })).status).toBe(404);
    }
    // A second send revokes the first link (the client signs the latest PDF only).
    const again = await send(alice.accessToken, { table: 'quotes', id: q.id, pdf: await pdfBase64('v2') });
    const revoked = await pub({ action: 'open', token });
    expect(revoked.status).toBe(410);
    expect(revoked.json).toEqual({
      state: 'revoked',
      error: 'Ce lien a été désactivé par l’artisan. Demandez-lui un nouveau lien.',
    });
    // The owner revokes the new one; another user cannot.
    const token2 = tokenOf((again.json as { link: string }).link);
    expect((await bob.client.rpc('revoke_document_links', { p_id: q.id })).data).toBe(0);
    expect((await pub({ action: 'open', token: token2 })).status).toBe(200);
    expect((await alice.client.rpc('revoke_document_links', { p_id: q.id })).data).toBe(1);
    expect((await pub({ action: 'open', token: token2 })).status).toBe(410);

    // A devis older than its 30 days of validity: its link has expired.
    const old = await quote(alice);
    const fresh = await send(alice.accessToken, { table: 'quotes', id: old.id, pdf: await pdfBase64('old') });
    const oldToken = tokenOf((fresh.json as { link: string }).link);
    await backend.db.query(
      `update public.document_links set expires_at = now() - interval '1 second' where document_id = $1`,
      [old.id],
    );
    const expired = await pub({ action: 'open', token: oldToken });
    expect(expired.status).toBe(410);
    expect(expired.text).not.toContain(old.number);
    expect((expired.json as { error: string }).error).toMatch(/expiré/);
    const lateAccept = await pub({
      action: 'accept',
      token: oldToken,
      name: 'P',
      terms: true,
      signature: PNG,
      pdfSha256: 'x',
    });
    expect(lateAccept.status).toBe(410);
  });

  it('the public SQL functions are closed to anon and users; tokens are single-purpose', async () => {
    for (const client of [alice.client]) {
      const r = await client.rpc('open_document_link', { p_token: 'a'.repeat(64) });
      expect(r.error).not.toBeNull();
      const d = await client.rpc('decide_quote', {
        p_token: 'a'.repeat(64),
        p_decision: 'accepted',
        p_name: 'x',
        p_signature: PNG,
        p_pdf_sha256: 'a'.repeat(64),
        p_ip: '',
        p_user_agent: '',
        p_reason: null,
      });
      expect(d.error).not.toBeNull();
      const c = await client.rpc('claim_reminder', { p_invoice_id: alice.id, p_step: 1 });
      expect(c.error).not.toBeNull();
    }
    const anon = await raw(backend, '/rest/v1/rpc/open_document_link', {
      method: 'POST',
      body: JSON.stringify({ p_token: 'a'.repeat(64) }),
    });
    expect(anon.status).toBeGreaterThanOrEqual(401);
    // An invoice link cannot sign anything.
    const inv = await issuedInvoice(alice);
    const sent = await send(alice.accessToken, { table: 'invoices', id: inv.id });
    expect(sent.status).toBe(200);
    const token = tokenOf((sent.json as { link: string }).link);
    expect((await pub({ action: 'accept', token, name: 'P', terms: true, signature: PNG })).status).toBe(403);
  });

  it('refuses a huge or nested body, a GET, and a token of the wrong type', async () => {
    const huge = await pub({
      action: 'accept',
      token: 'a'.repeat(64),
      signature: `data:image/png;base64,${'A'.repeat(400_000)}`,
    });
    expect(huge.status).toBe(413);
    expect((await pub({ action: 'open', token: { $ne: null } })).status).toBe(400);
    expect((await pub(JSON.parse(`${'['.repeat(200)}1${']'.repeat(200)}`))).status).toBe(400);
    expect((await raw(backend, '/functions/v1/public-document', { method: 'GET' })).status).toBe(405);
    const notJson = await raw(backend, '/functions/v1/public-document', { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
  });

  it('records a refusal with its reason', async () => {
    const q = await quote(alice);
    const sent = await send(alice.accessToken, { table: 'quotes', id: q.id, pdf: await pdfBase64('x') });
    const token = tokenOf((sent.json as { link: string }).link);
    expect((await pub({ action: 'refuse', token, reason: 'x'.repeat(1001) })).status).toBe(422);
    expect((await pub({ action: 'refuse', token, reason: 'Trop cher' })).status).toBe(200);
    const row = await alice.client
      .from('quote_acceptances')
      .select('decision,refusal_reason')
      .eq('quote_id', q.id)
      .single();
    expect(row.data).toEqual({ decision: 'refused', refusal_reason: 'Trop cher' });
    const notice = backend.mailbox!.messages.find((m) => m.to === alice.email && m.subject.includes(q.number))!;
    expect(notice.subject).toBe(`Devis ${q.number} refusé`);
    expect(notice.text).toContain('Motif indiqué : « Trop cher »');
  });
});

async function issuedInvoice(user: SignedInUser) {
  const client = await clientOf(user);
  const draft = await user.client
    .from('invoices')
    .insert({
      user_id: user.id,
      client_id: client.id,
      lines: LINES,
      vat_rate: 20,
      vat_regime: 'assujetti',
      ...TOTALS,
      snapshot: SNAPSHOT,
    })
    .select()
    .single();
  if (draft.error) throw new Error(draft.error.message);
  const issued = await user.client.rpc('issue_invoice', { p_id: draft.data.id });
  if (issued.error) throw new Error(issued.error.message);
  const inv = issued.data as { id: string; number: string };
  // Archive its Factur-X as the app does after issuing.
  const fx = await raw(backend, '/functions/v1/facturx', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify({ documentId: inv.id, table: 'invoices', pdf: await pdfBase64(`Facture ${inv.number}`) }),
  });
  if (fx.status !== 200) throw new Error(`facturx ${fx.status} ${fx.text}`);
  return { ...inv, client };
}

describe('public-document: an invoice page', () => {
  it('mails the archived Factur-X and shows paid / due with the bank details and an RF reference', async () => {
    const inv = await issuedInvoice(alice);
    const sent = await send(alice.accessToken, { table: 'invoices', id: inv.id });
    expect(sent.status).toBe(200);
    const mail = backend.mailbox!.messages.find((m) => m.to === inv.client.email)!;
    expect(mail.attachments[0]!.filename).toBe(`facture-${inv.number}.pdf`);
    const token = tokenOf((sent.json as { link: string }).link);
    const view = (await pub({ action: 'open', token })).json as Record<string, unknown>;
    expect(view).toMatchObject({
      purpose: 'view_invoice',
      number: inv.number,
      isPaid: false,
      netDueCents: 161125,
      bank: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' },
    });
    expect(String(view.paymentReference)).toMatch(/^RF\d\d /);
    const file = await fetch(`${backend.url}/functions/v1/public-document`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'pdf', token }),
    });
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await alice.client.from('invoices').update({ is_paid: true, payment_date: '2026-11-20' }).eq('id', inv.id);
    expect(((await pub({ action: 'open', token })).json as { isPaid: boolean }).isPaid).toBe(true);
  });
});
