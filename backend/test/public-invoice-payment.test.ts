// Issue 26 item 4: the client's invoice page (public-document, /facture-en-ligne/<token>) shows what is paid and
// due and, while something is due, the artisan's bank details (valid IBAN only, formatted) with an ISO 11649 RF
// reference built from the invoice number. Attackers: another user's token shows only that user's invoice and
// bank; a revoked, expired, tampered or devis token shows no bank details; anonymous callers cannot read any
// artisan's IBAN through the REST API, the SQL functions or storage.
import { PDFDocument, StandardFonts } from 'pdf-lib';

import { isValidStructuredReference } from '../../shared/domain/src/mail/payment-reference.ts';
import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

jest.setTimeout(240_000);

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

const ALICE_IBAN = 'FR76 3000 6000 0112 3456 7890 189';
const BOB_IBAN = 'DE89370400440532013000';
const LINES = [{ name: 'Peinture', unit: 'm2', price: 25, quantity: 40, vatRate: 20, vatCategory: 'standard' }];
const TOTALS = { total_ht_cents: 100000, tva_cents: 20000, total_ttc_cents: 120000 };

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'pay-alice');
  bob = await signUpUser(backend, 'pay-bob');
  for (const [user, iban] of [
    [alice, ALICE_IBAN],
    [bob, BOB_IBAN],
  ] as const) {
    await user.client.from('user_settings').upsert({
      user_id: user.id,
      key: 'companyInfo',
      value: { name: `Entreprise ${user.id.slice(0, 4)}`, rib: { iban, bic: 'AGRIFRPP', bank: 'Banque' } },
    });
  }
});
afterAll(async () => {
  await backend?.close();
});

async function pdfBase64(title: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(title, { font: await doc.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
  return Buffer.from(await doc.save()).toString('base64');
}

const pub = (body: unknown) =>
  raw(backend, '/functions/v1/public-document', { method: 'POST', body: JSON.stringify(body) });

/** An issued invoice of `user` whose snapshot carries `rib`, mailed to its client; returns the page's token. */
async function sentInvoice(user: SignedInUser, rib: Record<string, string>) {
  const client = await user.client
    .from('clients')
    .insert({ user_id: user.id, name: 'Paul Client', email: `paul.${Date.now()}.${Math.random()}@example.fr` })
    .select()
    .single();
  if (client.error) throw new Error(client.error.message);
  const draft = await user.client
    .from('invoices')
    .insert({
      user_id: user.id,
      client_id: client.data.id,
      lines: LINES,
      vat_rate: 20,
      vat_regime: 'assujetti',
      ...TOTALS,
      snapshot: {
        company: { name: 'Artisan', vatRegime: 'assujetti', siret: '73282932000074', rib },
        client: { name: 'Paul Client' },
      },
    })
    .select()
    .single();
  if (draft.error) throw new Error(draft.error.message);
  const issued = await user.client.rpc('issue_invoice', { p_id: draft.data.id });
  if (issued.error) throw new Error(issued.error.message);
  const inv = issued.data as { id: string; number: string };
  const pdf = await pdfBase64(`Facture ${inv.number}`);
  const sent = await raw(backend, '/functions/v1/send-document', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify({ table: 'invoices', id: inv.id, pdf }),
  });
  if (sent.status !== 200) throw new Error(`send ${sent.status} ${sent.text}`);
  const token = /\/facture-en-ligne\/([0-9a-f]{64})$/.exec((sent.json as { link: string }).link)![1]!;
  return { ...inv, token };
}

const digits = (iban: string) => iban.replace(/\s/g, '');

describe('the client’s invoice page: paid, due and bank details', () => {
  it('shows the amount due, the formatted IBAN and a valid RF reference of the invoice number; nothing once paid', async () => {
    const inv = await sentInvoice(alice, { iban: digits(ALICE_IBAN).toLowerCase(), bic: 'agrifrpp', bank: 'Banque' });
    const open = await pub({ action: 'open', token: inv.token });
    expect(open.status).toBe(200);
    const view = open.json as {
      payment: Record<string, number>;
      bank: { iban: string; bic: string; bank: string; reference: string };
      paymentReference: string;
    };
    expect(view.payment).toEqual({ prepaidCents: 0, retenueCents: 0, paidCents: 0, dueCents: 120000 });
    expect(view.bank).toEqual({ iban: ALICE_IBAN, bic: 'AGRIFRPP', bank: 'Banque', reference: view.paymentReference });
    expect(isValidStructuredReference(view.paymentReference)).toBe(true);
    expect(view.paymentReference.replace(/\s/g, '')).toMatch(new RegExp(`^RF\\d\\d${inv.number}$`));

    await alice.client.from('invoices').update({ is_paid: true, payment_date: '2026-11-20' }).eq('id', inv.id);
    const paid = (await pub({ action: 'open', token: inv.token })).json as { payment: unknown; bank: unknown };
    expect(paid.payment).toEqual({ prepaidCents: 0, retenueCents: 0, paidCents: 120000, dueCents: 0 });
    expect(paid.bank).toBeNull();
  });

  it('an IBAN that fails its check is never shown', async () => {
    const inv = await sentInvoice(alice, { iban: 'FR76 3000 6000 0112 3456 7890 188', bic: 'AGRIFRPP' });
    const view = (await pub({ action: 'open', token: inv.token })) as { json: { bank: unknown }; text: string };
    expect(view.json.bank).toBeNull();
    expect(view.text).not.toContain('3000');
  });

  it('each token shows its own invoice’s bank details only', async () => {
    const a = await sentInvoice(alice, { iban: ALICE_IBAN });
    const b = await sentInvoice(bob, { iban: BOB_IBAN });
    const viewA = await pub({ action: 'open', token: a.token });
    const viewB = await pub({ action: 'open', token: b.token });
    expect((viewA.json as { bank: { iban: string } }).bank.iban).toBe(ALICE_IBAN);
    expect((viewB.json as { bank: { iban: string } }).bank.iban).toBe('DE89 3704 0044 0532 0130 00');
    expect(viewA.text).not.toContain('DE89');
    expect(viewB.text).not.toContain('FR76');
  });

  it('a revoked, expired, tampered or devis link shows no bank details', async () => {
    const inv = await sentInvoice(alice, { iban: ALICE_IBAN });
    const tampered = inv.token.slice(0, -1) + (inv.token.endsWith('0') ? '1' : '0');
    const wrong = await pub({ action: 'open', token: tampered });
    expect(wrong.status).toBe(404);
    expect(wrong.text).not.toMatch(/FR76|iban|RF\d\d/i);

    expect((await alice.client.rpc('revoke_document_links', { p_id: inv.id })).data).toBe(1);
    const revoked = await pub({ action: 'open', token: inv.token });
    expect(revoked.status).toBe(410);
    expect(revoked.text).not.toMatch(/FR76|iban|RF\d\d/i);
    expect(revoked.text).not.toContain(inv.number);

    const late = await sentInvoice(alice, { iban: ALICE_IBAN });
    await backend.db.query(
      `update public.document_links set expires_at = now() - interval '1 second' where document_id = $1`,
      [late.id],
    );
    const expired = await pub({ action: 'open', token: late.token });
    expect(expired.status).toBe(410);
    expect(expired.text).not.toMatch(/FR76|iban|RF\d\d/i);
    for (const action of ['pdf', 'accept', 'refuse']) {
      expect((await pub({ action, token: late.token, name: 'X', terms: true })).text).not.toMatch(/FR76|iban/i);
    }

    // A devis' signing page never carries the company's bank details (the company fields are whitelisted).
    const client = await alice.client
      .from('clients')
      .insert({ user_id: alice.id, name: 'Léa', email: `lea.${Date.now()}@example.fr` })
      .select()
      .single();
    const quote = await alice.client
      .from('quotes')
      .insert({
        user_id: alice.id,
        client_id: client.data!.id,
        number: `DE${Date.now().toString(36).toUpperCase()}`,
        lines: LINES,
        vat_rate: 20,
        vat_regime: 'assujetti',
        ...TOTALS,
        snapshot: { company: { name: 'Artisan', rib: { iban: ALICE_IBAN } }, client: { name: 'Léa' } },
      })
      .select()
      .single();
    const sent = await raw(backend, '/functions/v1/send-document', {
      method: 'POST',
      token: alice.accessToken,
      body: JSON.stringify({ table: 'quotes', id: quote.data!.id, pdf: await pdfBase64('devis') }),
    });
    const devisToken = /\/signer\/([0-9a-f]{64})$/.exec((sent.json as { link: string }).link)![1]!;
    const devis = await pub({ action: 'open', token: devisToken });
    expect(devis.status).toBe(200);
    expect(devis.text).not.toMatch(/FR76|iban|rib/i);
  });

  it('anonymous callers cannot read any artisan’s IBAN through REST, RPC or storage', async () => {
    for (const table of ['user_settings', 'invoices', 'quotes', 'document_links', 'clients']) {
      const res = await raw(backend, `/rest/v1/${table}?select=*`);
      expect(res.text).not.toMatch(/FR76|DE89/);
      if (res.status === 200) expect(res.json).toEqual([]);
    }
    const rpc = await raw(backend, '/rest/v1/rpc/open_document_link', {
      method: 'POST',
      body: JSON.stringify({ p_token: 'a'.repeat(64) }),
    });
    expect(rpc.status).toBeGreaterThanOrEqual(400);
    // Another user's session reads nothing of Alice's settings or invoices either.
    const settings = await bob.client.from('user_settings').select('value').eq('user_id', alice.id);
    expect(settings.data).toEqual([]);
    const invoices = await bob.client.from('invoices').select('snapshot').eq('user_id', alice.id);
    expect(invoices.data).toEqual([]);
    const listed = await raw(backend, `/storage/v1/object/list/documents`, {
      method: 'POST',
      body: JSON.stringify({ prefix: `${alice.id}/` }),
    });
    expect(listed.text).not.toContain('facture');
  });
});
