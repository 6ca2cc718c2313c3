// Issues 26 item 2 + 27 item 4: the client's signing page shows the devis as its PDF does (sections, remises, the
// remise globale, options « non inclus ») and the client may accept options. Attackers: an index that is not an
// option, negative / huge / non-integer indexes, repeats, 10 000 indexes, a replay with other options after the
// decision, a revoked or expired link, another devis' link — all refused, nothing changed.
import { createHash } from 'node:crypto';

import {
  devisTotals,
  invoiceLinesFromDevis,
  totalsColumns,
  type StoredLine,
  type Discount,
} from '@atelier/domain';
import { PDFDocument, StandardFonts } from 'pdf-lib';

import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

jest.setTimeout(240_000);

let backend: RunningBackend;
let alice: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'options-alice');
  await alice.client.from('user_settings').upsert({
    user_id: alice.id,
    key: 'companyInfo',
    value: { name: 'Durand Rénovation', email: 'contact@durand-renovation.fr' },
  });
});
afterAll(async () => {
  await backend?.close();
});

const CONTEXT = { regime: 'assujetti' as const, documentRate: 20 };
const LINES: StoredLine[] = [
  { kind: 'section', name: 'Salle de bain', unit: '', price: 0, quantity: 0 },
  {
    name: 'Chauffe-eau Atlantic 200 L',
    description: 'Pose comprise\nGarantie 5 ans',
    unit: 'u',
    price: 900,
    quantity: 1,
    vatRate: 20,
    vatCategory: 'standard',
    discount: { kind: 'percent', value: 10 },
  },
  { kind: 'text', name: 'Accès par la cour', unit: '', price: 0, quantity: 0 },
  { name: 'Robinetterie thermostatique', unit: 'u', price: 150, quantity: 1, vatRate: 20, option: true },
  { kind: 'section', name: 'Cuisine (option)', unit: '', price: 0, quantity: 0, option: true },
  { name: 'Évier inox', unit: 'u', price: 200, quantity: 2, vatRate: 20 },
];
const DISCOUNT: Discount = { kind: 'percent', value: 5 };

async function pdfBase64(title: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(title, { font: await doc.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
  return Buffer.from(await doc.save()).toString('base64');
}

async function quote() {
  const c = await alice.client
    .from('clients')
    .insert({ user_id: alice.id, name: 'Paul Client', email: `paul.${Math.random()}@example.fr` })
    .select()
    .single();
  if (c.error) throw new Error(c.error.message);
  const q = await alice.client
    .from('quotes')
    .insert({
      user_id: alice.id,
      client_id: c.data.id,
      number: `DE${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      lines: LINES,
      discount: DISCOUNT,
      vat_rate: 20,
      vat_regime: 'assujetti',
      ...totalsColumns(devisTotals(LINES, DISCOUNT, CONTEXT).totals),
      snapshot: { company: { name: 'Durand Rénovation', vatRegime: 'assujetti' }, client: { name: 'Paul Client' } },
    })
    .select()
    .single();
  if (q.error) throw new Error(q.error.message);
  const sent = await raw(backend, '/functions/v1/send-document', {
    method: 'POST',
    token: alice.accessToken,
    body: JSON.stringify({ table: 'quotes', id: q.data.id, pdf: await pdfBase64(`Devis ${q.data.number}`) }),
  });
  expect(sent.status).toBe(200);
  const token = /\/signer\/([0-9a-f]{64})$/.exec((sent.json as { link: string }).link)![1]!;
  return { id: q.data.id as string, number: q.data.number as string, token };
}

const pub = (body: unknown) =>
  raw(backend, '/functions/v1/public-document', { method: 'POST', body: JSON.stringify(body) });
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

async function open(token: string) {
  const res = await pub({ action: 'open', token });
  expect(res.status).toBe(200);
  return res.json as {
    pdfSha256: string;
    lines: StoredLine[];
    discount: Discount | null;
    options: { index: number; name: string; netHtCents: number }[];
    totalTtcCents: number;
    decision: { acceptedOptions: string[] } | null;
  };
}

const accept = (token: string, sha: string, options: unknown) =>
  pub({ action: 'accept', token, name: 'Paul Client', terms: true, signature: PNG, pdfSha256: sha, options });

async function stored(id: string) {
  const r = await backend.db.query(
    `select lines, total_ttc_cents::text, (select count(*) from public.quote_acceptances a where a.quote_id = q.id)::text as n
       from public.quotes q where q.id = $1`,
    [id],
  );
  return r.rows[0] as { lines: StoredLine[]; total_ttc_cents: string; n: string };
}

describe('public-document: a devis with sections, remises and options', () => {
  it('shows the lines as the PDF does, with the remise globale and the option choices', async () => {
    const q = await quote();
    const view = await open(q.token);
    expect(view.discount).toEqual(DISCOUNT);
    expect(view.lines.map((l) => l.kind ?? 'item')).toEqual(['section', 'item', 'text', 'item', 'section', 'item']);
    expect(view.lines[1]).toMatchObject({
      description: 'Pose comprise\nGarantie 5 ans',
      discount: { kind: 'percent', value: 10 },
    });
    // 900 − 10 % = 810 HT; remise globale 5 % → 769,50 HT, TVA 153,90, TTC 923,40. Options: 150 and 400 HT.
    expect(view.totalTtcCents).toBe(92340);
    expect(view.options).toEqual([
      { index: 3, name: 'Robinetterie thermostatique', netHtCents: 15000 },
      { index: 4, name: 'Cuisine (option)', netHtCents: 40000 },
    ]);
  });

  it('refuses indexes that are not options, malformed, repeated or too many; nothing changes', async () => {
    const q = await quote();
    const view = await open(q.token);
    const before = await stored(q.id);
    const bad: unknown[] = [
      [1], // an item, not an option
      [0], // a section that is not an option
      [2], // a comment
      [5], // an item inside the option section (the section is the choice)
      [-1],
      [2 ** 31],
      [1e308],
      [3.5],
      ['3'],
      [3, 3],
      [null],
      [[3]],
      { 0: 3 },
      '3',
      Array.from({ length: 10_000 }, (_, i) => i),
    ];
    for (const options of bad) {
      const res = await accept(q.token, view.pdfSha256, options);
      expect([400, 413]).toContain(res.status);
      expect(res.text).not.toContain('Robinetterie');
    }
    // The SQL check holds on its own (the function is the only caller, but not the only guard).
    await expect(
      backend.db.query(
        `select public.decide_quote($1, 'accepted', 'P', $2, $3, '', '', null, '[1]'::jsonb)`,
        [q.token, PNG, view.pdfSha256],
      ),
    ).rejects.toThrow(/Options invalides/);
    await expect(
      backend.db.query(
        `select public.decide_quote($1, 'refused', null, null, $2, '', '', 'non', '[3]'::jsonb)`,
        [q.token, view.pdfSha256],
      ),
    ).rejects.toThrow(/Options invalides/);
    const many = JSON.stringify(Array.from({ length: 10_000 }, () => 3));
    await expect(
      backend.db.query(
        `select public.decide_quote($1, 'accepted', 'P', $2, $3, '', '', null, $4::jsonb)`,
        [q.token, PNG, view.pdfSha256, many],
      ),
    ).rejects.toThrow(/Options invalides/);
    expect(await stored(q.id)).toEqual(before);
    expect(before.n).toBe('0');
  });

  it('accepts the ticked option: lines, totals, evidence, the invoice lines; a replay with other options is refused', async () => {
    const q = await quote();
    const view = await open(q.token);
    const res = await accept(q.token, view.pdfSha256, [3]);
    expect(res.status).toBe(200);

    const after = await stored(q.id);
    expect(after.lines[3]).toMatchObject({ name: 'Robinetterie thermostatique', option: true, accepted: true });
    expect(after.lines[4]!.accepted).toBeUndefined();
    // (810 + 150) HT − 5 % = 912 HT, TVA 182,40 → TTC 1094,40: the stored totals are the domain's.
    const expected = devisTotals(after.lines, DISCOUNT, CONTEXT);
    expect(expected.ttcCents).toBe(109440);
    expect(Number(after.total_ttc_cents)).toBe(109440);
    const invoiceLines = invoiceLinesFromDevis(after.lines);
    expect(invoiceLines.map((l) => l.name)).toContain('Robinetterie thermostatique');
    expect(invoiceLines.map((l) => l.name)).not.toContain('Évier inox');

    const evidence = await alice.client.from('quote_acceptances').select('*').eq('quote_id', q.id).single();
    expect(evidence.data.accepted_options).toEqual([{ index: 3, name: 'Robinetterie thermostatique' }]);
    const signed = await alice.client.storage.from('documents').download(evidence.data.signed_pdf_path);
    const bytes = Buffer.from(await signed.data!.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).not.toBe(view.pdfSha256);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);

    // The artisan's « devis accepté » mail names the retained option with its amount HT and the accepted total.
    const notice = backend.mailbox!.messages.find((m) => m.to === alice.email && m.subject.includes(q.number))!;
    expect(notice.subject).toBe(`Devis ${q.number} accepté par Paul Client`);
    expect(notice.text).toContain('Options retenues :\n- Robinetterie thermostatique : 150,00\u00a0€ HT\n');
    expect(notice.text).toContain('Total accepté : 912,00\u00a0€ HT, soit 1\u202f094,40\u00a0€ TTC.');
    expect(notice.text).not.toContain('Cuisine');

    const reopened = await open(q.token);
    expect(reopened.decision!.acceptedOptions).toEqual(['Robinetterie thermostatique']);
    expect(reopened.options).toEqual([]);

    // A replay with the section option (still an option choice of the stored lines) is refused, nothing changes.
    const replay = await accept(q.token, view.pdfSha256, [4]);
    expect(replay.status).toBe(409);
    const replaySql = backend.db.query(
      `select public.decide_quote($1, 'accepted', 'P', $2, $3, '', '', null, '[4]'::jsonb)`,
      [q.token, PNG, view.pdfSha256],
    );
    await expect(replaySql).rejects.toThrow(/déjà reçu une réponse/);
    expect(await stored(q.id)).toEqual(after);
  });

  it('accepting an option section accepts its items', async () => {
    const q = await quote();
    const view = await open(q.token);
    expect((await accept(q.token, view.pdfSha256, [4, 3])).status).toBe(200);
    const after = await stored(q.id);
    // 810 + 150 + 400 = 1360 HT − 5 % = 1292 HT, TVA 258,40 → 1550,40 TTC
    expect(Number(after.total_ttc_cents)).toBe(155040);
    expect(devisTotals(after.lines, DISCOUNT, CONTEXT).ttcCents).toBe(155040);
    const notice = backend.mailbox!.messages.find((m) => m.to === alice.email && m.subject.includes(q.number))!;
    expect(notice.text).toContain(
      'Options retenues :\n- Robinetterie thermostatique : 150,00\u00a0€ HT\n- Cuisine (option) : 400,00\u00a0€ HT\n',
    );
    expect(notice.text).toContain('Total accepté : 1\u202f292,00\u00a0€ HT, soit 1\u202f550,40\u00a0€ TTC.');
  });

  it('refuses a revoked or expired link and another devis’ link; nothing changes', async () => {
    const a = await quote();
    const b = await quote();
    const va = await open(a.token);
    // Another devis' link with this devis' option index and PDF hash: refused (the hash is of the other PDF).
    const other = await accept(b.token, va.pdfSha256, [3]);
    expect(other.status).toBe(409);
    expect((await stored(b.id)).n).toBe('0');

    await backend.db.query(`update public.document_links set expires_at = now() - interval '1 second' where document_id = $1`, [a.id]);
    const expired = await accept(a.token, va.pdfSha256, [3]);
    expect(expired.status).toBe(410);
    const vb = await open(b.token);
    expect((await alice.client.rpc('revoke_document_links', { p_id: b.id })).data).toBe(1);
    const revoked = await accept(b.token, vb.pdfSha256, [3]);
    expect(revoked.status).toBe(410);
    for (const id of [a.id, b.id]) {
      const s = await stored(id);
      expect(s.n).toBe('0');
      expect(s.lines[3]!.accepted).toBeUndefined();
    }
    // Anonymous and users cannot call the SQL function.
    const direct = await alice.client.rpc('decide_quote', {
      p_token: a.token,
      p_decision: 'accepted',
      p_name: 'P',
      p_signature: PNG,
      p_pdf_sha256: va.pdfSha256,
      p_ip: '',
      p_user_agent: '',
      p_reason: null,
      p_options: [3],
    });
    expect(direct.error).not.toBeNull();
  });
});
