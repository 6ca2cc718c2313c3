// The facturx Edge Function (issue 28 items 7 and 8) under Deno: the owner's issued invoice gets its Factur-X built
// from the database rows (never from the request), archived once in the private bucket; the XML alone on GET (CII,
// UBL); the archived file sent to the plateforme agréée configured by env (here the backend's fake PA). Attackers:
// anonymous, another user, a draft, a replay after archive, a huge or nested body, a PDF that is not one.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PDFDocument, StandardFonts } from 'pdf-lib';

import { extractFacturX, inspectFacturX } from '@atelier/domain/src/einvoice/pdf';
import { validateEInvoices } from '../../scripts/lib/validate-einvoice.cjs';
import { startFakePlateforme, type FakePlateforme } from '../src/pa-sandbox/index.ts';
import type { RunningBackend } from '../src/server.ts';
import { anonClient, raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

jest.setTimeout(180_000);

let backend: RunningBackend;
let pa: FakePlateforme;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  pa = await startFakePlateforme();
  backend = await startTestBackend({ env: pa.env() });
  alice = await signUpUser(backend, 'facturx-alice');
  bob = await signUpUser(backend, 'facturx-bob');
});
afterAll(async () => {
  await backend?.close();
  await pa?.close();
});

const LINES = [
  { name: 'Pose de carrelage', unit: 'm2', price: 22, quantity: 65, vatRate: 5.5, vatCategory: 'reduced_renovation' },
  {
    name: 'Plomberie salle de bains',
    unit: 'forfait',
    price: 1582.5,
    quantity: 1,
    vatRate: 10,
    vatCategory: 'reduced_renovation',
  },
  { name: 'Robinet thermostatique', unit: 'unité', price: 85.5, quantity: 1, vatRate: 20, vatCategory: 'standard' },
];
const SNAPSHOT = {
  company: {
    name: 'Durand Rénovation',
    vatRegime: 'assujetti',
    tva: 'FR44732829320',
    siret: '73282932000074',
    address: '12 rue des Artisans\n69003 Lyon',
    email: 'contact@durand-renovation.fr',
    rib: { iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' },
    footer: 'SARL au capital de 10 000 € — RCS Lyon 732 829 320',
  },
  client: { name: 'SCI Les Tilleuls', email: 'sci@example.fr' },
};

async function visualPdf(): Promise<string> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Facture', { font: await doc.embedFont(StandardFonts.Helvetica) });
  return Buffer.from(await doc.save()).toString('base64');
}

async function invoice(user: SignedInUser, issue = true): Promise<{ id: string; number?: string }> {
  const client = await user.client
    .from('clients')
    .insert({
      name: 'SCI Les Tilleuls',
      email: `sci.${Date.now()}.${Math.random()}@example.fr`,
      address: '4 place Bellecour, 69002 Lyon',
      siren: '552100554',
      vat_number: 'FR96552100554',
      user_id: user.id,
    })
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
      total_ht_cents: 309800,
      tva_cents: 25400,
      total_ttc_cents: 335200,
      site_address: '27 avenue Jean Jaurès, 69007 Lyon',
      snapshot: SNAPSHOT,
    })
    .select()
    .single();
  if (draft.error) throw new Error(draft.error.message);
  if (!issue) return { id: draft.data.id };
  const issued = await user.client.rpc('issue_invoice', { p_id: draft.data.id });
  if (issued.error) throw new Error(issued.error.message);
  return issued.data as { id: string; number: string };
}

const post = (token: string | undefined, body: unknown) =>
  raw(backend, '/functions/v1/facturx', { method: 'POST', token, body: JSON.stringify(body) });

it('archives the owner’s issued invoice as a Factur-X PDF built from the database, once; the XML alone on GET', async () => {
  const inv = await invoice(alice);
  const pdf = await visualPdf();
  // Totals in the request are ignored: only documentId, table and pdf are read.
  const res = await post(alice.accessToken, { documentId: inv.id, table: 'invoices', pdf, total_ttc_cents: 1 });
  expect(res.status).toBe(200);
  const archivedPath = `${alice.id}/facture-${inv.number}.pdf`;
  expect(res.json).toMatchObject({ path: archivedPath });

  const row = await alice.client.from('invoices').select('pdf_path').eq('id', inv.id).single();
  expect(row.data).toEqual({ pdf_path: archivedPath });
  const file = await alice.client.storage.from('documents').download(archivedPath);
  expect(file.error).toBeNull();
  const bytes = new Uint8Array(await file.data!.arrayBuffer());
  const xml = await extractFacturX(bytes);
  const info = await inspectFacturX(bytes);
  expect(info.attachments[0]).toMatchObject({ name: 'factur-x.xml', afRelationship: 'Alternative', inCatalogAF: true });
  expect(info.fx.ConformanceLevel).toBe('EN 16931');

  const alone = await raw(backend, `/functions/v1/facturx/xml?id=${inv.id}&table=invoices&format=cii`, {
    token: alice.accessToken,
  });
  expect(alone.status).toBe(200);
  expect(alone.text).toBe(xml);
  expect(xml).toContain('<ram:TaxBasisTotalAmount>3098.00</ram:TaxBasisTotalAmount>');
  expect(xml).toContain('<ram:GrandTotalAmount>3352.00</ram:GrandTotalAmount>');
  expect(xml).toContain(`<ram:ID>${inv.number}</ram:ID>`);
  expect(xml).toContain('<ram:ID schemeID="0002">552100554</ram:ID>');

  const dir = mkdtempSync(path.join(os.tmpdir(), 'facturx-fn-'));
  try {
    writeFileSync(path.join(dir, 'f.xml'), xml!);
    const [result] = validateEInvoices([path.join(dir, 'f.xml')]);
    expect(result!.errors).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  // Replay after archive: refused, the archived file unchanged.
  const replay = await post(alice.accessToken, { documentId: inv.id, table: 'invoices', pdf });
  expect(replay.status).toBe(409);
  expect(replay.json).toMatchObject({ error: 'Ce document est déjà archivé : le fichier archivé ne change plus.' });
  const again = await alice.client.storage.from('documents').download(archivedPath);
  expect(new Uint8Array(await again.data!.arrayBuffer())).toEqual(bytes);
});

it('refuses anonymous callers, another user’s document, a draft, a bad PDF, bad input and a huge body', async () => {
  const inv = await invoice(alice);
  const pdf = await visualPdf();
  expect((await post(undefined, { documentId: inv.id, table: 'invoices', pdf })).status).toBe(401);
  expect((await post(backend.anonKey, { documentId: inv.id, table: 'invoices', pdf })).status).toBe(401);
  const { error } = await anonClient(backend).functions.invoke('facturx', {
    body: { documentId: inv.id, table: 'invoices', pdf },
  });
  expect(error).not.toBeNull();

  const other = await post(bob.accessToken, { documentId: inv.id, table: 'invoices', pdf });
  expect(other.status).toBe(404);
  const otherXml = await raw(backend, `/functions/v1/facturx/xml?id=${inv.id}&table=invoices`, {
    token: bob.accessToken,
  });
  expect(otherXml.status).toBe(404);

  const draft = await invoice(alice, false);
  const draftRes = await post(alice.accessToken, { documentId: draft.id, table: 'invoices', pdf });
  expect(draftRes.status).toBe(409);
  expect(draftRes.json).toMatchObject({ error: 'Seule une facture émise reçoit sa Factur-X : émettez-la d’abord.' });

  const notPdf = await post(alice.accessToken, {
    documentId: inv.id,
    table: 'invoices',
    pdf: Buffer.from('hello').toString('base64'),
  });
  expect(notPdf.status).toBe(422);
  expect((await post(alice.accessToken, { documentId: inv.id, table: 'profiles', pdf })).status).toBe(400);
  expect((await post(alice.accessToken, { documentId: "x' or 1=1", table: 'invoices', pdf })).status).toBe(400);
  expect(
    (await raw(backend, '/functions/v1/facturx', { method: 'POST', token: alice.accessToken, body: '{"documentId":' }))
      .status,
  ).toBe(400);
  const nested = '['.repeat(5000) + ']'.repeat(5000);
  expect(
    (await raw(backend, '/functions/v1/facturx', { method: 'POST', token: alice.accessToken, body: nested })).status,
  ).toBe(400);

  const huge = await post(alice.accessToken, {
    documentId: inv.id,
    table: 'invoices',
    pdf: 'A'.repeat(9 * 1024 * 1024),
  });
  expect(huge.status).toBe(413);
  // Nothing was archived by the refused calls.
  const row = await alice.client.from('invoices').select('pdf_path').eq('id', inv.id).single();
  expect(row.data).toEqual({ pdf_path: null });
});

it('archives an avoir as a 381 referencing its invoice, with positive amounts; UBL on request', async () => {
  const inv = await invoice(alice);
  const note = await alice.client.rpc('issue_credit_note', { p_invoice_id: inv.id, p_reason: 'cancel' });
  expect(note.error).toBeNull();
  const { id, number } = note.data as { id: string; number: string };
  const res = await post(alice.accessToken, { documentId: id, table: 'credit_notes', pdf: await visualPdf() });
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ path: `${alice.id}/avoir-${number}.pdf` });
  const file = await alice.client.storage.from('documents').download(`${alice.id}/avoir-${number}.pdf`);
  const xml = (await extractFacturX(new Uint8Array(await file.data!.arrayBuffer())))!;
  expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
  expect(xml).toContain(`<ram:IssuerAssignedID>${inv.number}</ram:IssuerAssignedID>`);
  expect(xml).toContain('<ram:GrandTotalAmount>3352.00</ram:GrandTotalAmount>');

  const ubl = await raw(backend, `/functions/v1/facturx/xml?id=${id}&table=credit_notes&format=ubl`, {
    token: alice.accessToken,
  });
  expect(ubl.status).toBe(200);
  expect(ubl.text).toContain('<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>');
  expect(ubl.text).toContain('<cbc:PayableAmount currencyID="EUR">3352.00</cbc:PayableAmount>');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facturx-avoir-'));
  try {
    writeFileSync(path.join(dir, 'avoir.cii.xml'), xml);
    writeFileSync(path.join(dir, 'avoir.ubl.xml'), ubl.text);
    const results = validateEInvoices([path.join(dir, 'avoir.cii.xml'), path.join(dir, 'avoir.ubl.xml')]);
    expect(results.map((r) => r.errors)).toEqual([[], []]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

it('sends the archived Factur-X to the plateforme agréée configured by env, once', async () => {
  const inv = await invoice(alice);
  const send = (token: string | undefined) =>
    raw(backend, '/functions/v1/facturx/send', {
      method: 'POST',
      token,
      body: JSON.stringify({ documentId: inv.id, table: 'invoices' }),
    });
  const early = await send(alice.accessToken);
  expect(early.status).toBe(409);
  expect(early.json).toMatchObject({ error: 'Archivez d’abord le document (Factur-X) avant de le transmettre.' });

  expect(
    (await post(alice.accessToken, { documentId: inv.id, table: 'invoices', pdf: await visualPdf() })).status,
  ).toBe(200);
  expect((await send(undefined)).status).toBe(401);
  expect((await send(bob.accessToken)).status).toBe(404);
  const sent = await send(alice.accessToken);
  expect(sent.status).toBe(200);
  expect(sent.json).toMatchObject({ plateforme: 'http', status: 'deposee' });
  const record = pa.received.find((r) => r.number === inv.number)!;
  expect(record).toMatchObject({
    id: (sent.json as { id: string }).id,
    typeCode: '380',
    sellerSiren: '732829320',
    buyerSiren: '552100554',
    invoice: { syntax: 'CII', totals: { htCents: 309800, vatCents: 25400, ttcCents: 335200 } },
  });
  const again = await send(alice.accessToken);
  expect(again.status).toBe(409);
  expect(again.json).toMatchObject({ error: 'Cette facture a déjà été transmise à la plateforme.' });
  expect(pa.received.filter((r) => r.number === inv.number)).toHaveLength(1); // refused before reaching the PA

  // Recorded (migration 0066): what was sent, when, the PA's receipt; the owner reads it, nobody writes it.
  const { data: transmissions } = await alice.client.from('einvoice_transmissions').select('*');
  const archived = await alice.client.from('invoices').select('pdf_path').eq('id', inv.id).single();
  const stored = await alice.client.storage.from('documents').download(String(archived.data?.pdf_path));
  const bytes = new Uint8Array(await stored.data!.arrayBuffer());
  expect(transmissions).toEqual([
    expect.objectContaining({
      user_id: alice.id,
      document_table: 'invoices',
      document_id: inv.id,
      number: inv.number,
      type_code: '380',
      plateforme: 'http',
      receipt_id: (sent.json as { id: string }).id,
      receipt_status: 'deposee',
      pdf_bytes: bytes.length,
      pdf_sha256: createHash('sha256').update(bytes).digest('hex'),
      sent_at: (sent.json as { sentAt: string }).sentAt,
    }),
  ]);
  expect((await bob.client.from('einvoice_transmissions').select('*')).data).toEqual([]);
  const forged = await bob.client.from('einvoice_transmissions').insert({ ...transmissions![0], id: undefined });
  expect(forged.error).not.toBeNull();
  const own = await alice.client
    .from('einvoice_transmissions')
    .insert({ ...transmissions![0], id: undefined, document_id: bob.id });
  expect(own.error).not.toBeNull();
  const upd = await alice.client
    .from('einvoice_transmissions')
    .update({ receipt_status: 'x' })
    .neq('number', '')
    .select();
  expect(upd.data ?? []).toEqual([]);
});

it('the fake plateforme refuses a wrong key and a PDF without e-invoice', async () => {
  const call = (key: string, body: unknown) =>
    fetch(`${pa.url}/invoices`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await call('pa_wrong', { number: 'X', document: '' })).status).toBe(401);
  const res = await call(pa.apiKey, { number: 'X', document: await visualPdf() });
  expect(res.status).toBe(422);
  expect(await res.json()).toEqual({
    error: 'Ce PDF ne contient pas de facture électronique Factur-X (pièce jointe factur-x.xml absente).',
  });
});
