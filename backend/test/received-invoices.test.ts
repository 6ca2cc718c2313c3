// « Factures reçues » (issue 28 item 8, migration 0065): a supplier's Factur-X PDF archived in the owner's
// `recues/` folder through supabase-js storage, then recorded in received_invoices. Attacker's view: anonymous,
// another user, a path forged outside the caller's folder, a row pointing at no archived file or at someone
// else's, an oversized file, the same invoice twice, a huge body; records are immutable.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { attachFacturX, readReceivedFile } from '@atelier/domain/src/einvoice/pdf/index.ts';
import { receivedInvoicePath, type ReceivedFile } from '@atelier/domain/src/einvoice/receive.ts';
import { PDFDocument } from 'pdf-lib';

import type { RunningBackend } from '../src/server.ts';
import { anonClient, raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

const GOLDEN = path.join(__dirname, '../../shared/domain/src/einvoice/golden/a-three-rates-deposit-deducted.cii.xml');

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;
let pdf: Uint8Array;
let received: ReceivedFile;

/** A supplier's Factur-X: a real PDF with the golden CII of case (a) attached. */
async function facturX(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Facture fournisseur', { x: 50, y: 780 });
  return attachFacturX(await doc.save(), readFileSync(GOLDEN, 'utf8'), {
    title: 'Facture fournisseur',
    author: 'Fournisseur',
    date: new Date('2026-10-01T10:00:00Z'),
  });
}

function row(userId: string, file: ReceivedFile, size: number, storagePath = receivedInvoicePath(userId, file)) {
  const inv = file.invoice;
  return {
    storage_path: storagePath,
    format: file.format,
    syntax: inv.syntax,
    file_size: size,
    type_code: inv.typeCode,
    is_credit_note: inv.isCreditNote,
    number: inv.number,
    issue_date: inv.issueDate,
    due_date: inv.dueDate,
    currency: inv.currency,
    supplier_name: inv.supplier.name,
    supplier_siren: inv.supplier.siren,
    supplier_vat_id: inv.supplier.vatId,
    ht_cents: inv.totals.htCents,
    vat_cents: inv.totals.vatCents,
    ttc_cents: inv.totals.ttcCents,
    due_cents: inv.totals.dueCents,
    vat_breakdown: inv.vatBreakdown,
    warnings: inv.warnings,
  };
}

const blob = (bytes: Uint8Array, type = 'application/pdf') => new Blob([bytes as BlobPart], { type });

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'alice');
  bob = await signUpUser(backend, 'bob');
  pdf = await facturX();
  received = await readReceivedFile(pdf);
});
afterAll(async () => {
  await backend?.close();
});

describe('received_invoices', () => {
  it('archives a Factur-X in the owner folder and records it; the same invoice twice is refused', async () => {
    const storagePath = receivedInvoicePath(alice.id, received);
    expect(storagePath).toMatch(new RegExp(`^${alice.id}/recues/\\d{4}/[A-Za-z0-9-]+_[A-Za-z0-9-]+\\.pdf$`));
    const up = await alice.client.storage.from('documents').upload(storagePath, blob(pdf), { upsert: false });
    expect(up.error).toBeNull();
    const ins = await alice.client
      .from('received_invoices')
      .insert(row(alice.id, received, pdf.length))
      .select();
    expect(ins.error).toBeNull();
    expect(ins.data?.[0]).toMatchObject({ user_id: alice.id, number: received.invoice.number });
    expect(received.invoice.totals.ttcCents).toBeGreaterThan(0);
    expect(received.invoice.vatBreakdown.length).toBeGreaterThanOrEqual(3);

    // Duplicate: the storage refuses the second upload, and the table a second row for the same path.
    const again = await alice.client.storage.from('documents').upload(storagePath, blob(pdf), { upsert: false });
    expect(again.error).not.toBeNull();
    const twice = await alice.client.from('received_invoices').insert(row(alice.id, received, pdf.length));
    expect(twice.error?.code).toBe('23505');

    const list = await alice.client.from('received_invoices').select('number, ttc_cents, vat_breakdown');
    expect(list.data).toEqual([
      {
        number: received.invoice.number,
        ttc_cents: received.invoice.totals.ttcCents,
        vat_breakdown: received.invoice.vatBreakdown,
      },
    ]);
  });

  it('is invisible and unwritable for anonymous callers', async () => {
    const anon = anonClient(backend);
    const read = await anon.from('received_invoices').select('*');
    expect(read.data ?? []).toEqual([]);
    const write = await anon.from('received_invoices').insert(row(alice.id, received, pdf.length));
    expect(write.error).not.toBeNull();
    const upload = await anon.storage
      .from('documents')
      .upload(`${alice.id}/recues/2026/anon_1.pdf`, blob(pdf), { upsert: false });
    expect(upload.error).not.toBeNull();
  });

  it("keeps another user out: no read, no delete, no row pointing at the owner's file or folder", async () => {
    expect((await bob.client.from('received_invoices').select('*')).data).toEqual([]);
    const del = await bob.client.from('received_invoices').delete().neq('number', '').select();
    expect(del.data ?? []).toEqual([]);
    expect((await alice.client.from('received_invoices').select('id')).data).toHaveLength(1);

    // Bob records Alice's archived file as his own: refused (path outside his folder, object not his).
    const forged = await bob.client
      .from('received_invoices')
      .insert({ ...row(bob.id, received, pdf.length, receivedInvoicePath(alice.id, received)), user_id: bob.id });
    expect(forged.error).not.toBeNull();
    // Bob records a row owned by Alice: refused.
    const asAlice = await bob.client
      .from('received_invoices')
      .insert({ ...row(alice.id, received, pdf.length), user_id: alice.id });
    expect(asAlice.error).not.toBeNull();
    // Bob uploads into Alice's recues folder: refused by the storage policies.
    const intrude = await bob.client.storage
      .from('documents')
      .upload(`${alice.id}/recues/2026/pirate_1.pdf`, blob(pdf), { upsert: false });
    expect(intrude.error).not.toBeNull();
    // No update at all (records are immutable), even for the owner.
    const upd = await alice.client.from('received_invoices').update({ ttc_cents: 1 }).neq('number', '').select();
    expect(upd.data ?? []).toEqual([]);
  });

  it('refuses a forged path: outside the recues folder, traversal, or no archived file behind it', async () => {
    const base = row(bob.id, received, pdf.length);
    for (const storagePath of [
      `${bob.id}/facture-FA0001.pdf`,
      `${bob.id}/recues/2026/../../${alice.id}/x_1.pdf`,
      `${alice.id}/recues/2026/x_1.pdf`,
      `${bob.id}/recues/2026/jamais-envoye_1.pdf`,
    ]) {
      const res = await bob.client.from('received_invoices').insert({ ...base, storage_path: storagePath });
      expect(res.error).not.toBeNull();
    }
    // A recorded size that is not the archived object's.
    const storagePath = `${bob.id}/recues/2026/bob_1.pdf`;
    expect((await bob.client.storage.from('documents').upload(storagePath, blob(pdf))).error).toBeNull();
    const lie = await bob.client
      .from('received_invoices')
      .insert({ ...base, storage_path: storagePath, file_size: pdf.length + 1 });
    expect(lie.error).not.toBeNull();
  });

  it('refuses an oversized file (row over 20 MB) and a huge or malformed body', async () => {
    const bigSize = 20 * 1024 * 1024 + 1;
    const bigPath = `${bob.id}/recues/2026/gros_1.pdf`;
    const bigFile = new Uint8Array(bigSize);
    bigFile.set(pdf);
    expect((await bob.client.storage.from('documents').upload(bigPath, blob(bigFile))).error).toBeNull();
    const big = await bob.client
      .from('received_invoices')
      .insert({ ...row(bob.id, received, bigSize), storage_path: bigPath });
    expect(big.error?.code).toBe('23514');
    await bob.client.storage.from('documents').remove([bigPath]);
    const hugeBreakdown = Array.from({ length: 51 }, () => ({ code: 'S', rate: 20, baseCents: 1, vatCents: 0 }));
    const huge = await bob.client
      .from('received_invoices')
      .insert({ ...row(bob.id, received, pdf.length), vat_breakdown: hugeBreakdown });
    expect(huge.error).not.toBeNull();
    const nested = JSON.stringify({ ...row(bob.id, received, pdf.length), warnings: deep(200) });
    const res = await raw(backend, '/rest/v1/received_invoices', {
      method: 'POST',
      token: bob.accessToken,
      body: nested,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const count = await backend.db.query('select count(*)::int as n from public.received_invoices where user_id = $1', [
      bob.id,
    ]);
    expect(count.rows[0]?.n).toBe(0);
  });
});

function deep(levels: number): unknown {
  let value: unknown = 'x';
  for (let i = 0; i < levels; i += 1) value = [value];
  return value;
}
