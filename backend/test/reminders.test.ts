// Issue 26 item 3: late-payment reminders with a moved clock (send-reminders' `today`): J+7 and J+15 sent once
// each, never twice across overlapping runs or a restart of the backend (PGlite kept on disk), none once the
// invoice is marked paid. Only the service role may run the scheduler's function.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { PDFDocument, StandardFonts } from 'pdf-lib';

import { benchDatabase, type BenchDatabase } from '../../scripts/lib/bench-database.ts';
import type { StoredMail } from '../src/auth/mailer.ts';
import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, TEST_JWT_SECRET, type SignedInUser } from './helpers.ts';

jest.setTimeout(300_000);

let dataDir: string;
// The scheduler is global (every user's late invoices): on PostgreSQL it gets a database of its own, so the invoices
// other suites left in the shared one are not its candidates.
let database: BenchDatabase;
let backend: RunningBackend;
let alice: SignedInUser;
const mails: StoredMail[] = [];

const start = (port = 0) => startTestBackend({ port, dataDir, databaseUrl: database.url, jwtSecret: TEST_JWT_SECRET });

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'atelier-reminders-'));
  database = await benchDatabase('reminders_test');
  backend = await start();
  alice = await signUpUser(backend, 'remind-alice');
});
afterAll(async () => {
  await backend?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

const LINES = [{ name: 'Peinture', unit: 'm2', price: 20, quantity: 10, vatRate: 20, vatCategory: 'standard' }];
const SNAPSHOT = {
  company: {
    name: 'Durand Rénovation',
    vatRegime: 'assujetti',
    email: 'contact@durand.fr',
    address: '12 rue des Artisans\n69003 Lyon',
    siret: '73282932000074',
  },
  client: { name: 'Paul Client' },
};

async function lateInvoice(user: SignedInUser): Promise<{ id: string; number: string; due: string; email: string }> {
  const email = `late.${Date.now()}.${Math.random()}@example.fr`;
  const c = await user.client
    .from('clients')
    .insert({ user_id: user.id, name: 'Paul Client', email, address: '4 place Bellecour, 69002 Lyon' })
    .select()
    .single();
  const draft = await user.client
    .from('invoices')
    .insert({
      user_id: user.id,
      client_id: c.data!.id,
      lines: LINES,
      vat_rate: 20,
      vat_regime: 'assujetti',
      total_ht_cents: 20000,
      tva_cents: 4000,
      total_ttc_cents: 24000,
      snapshot: SNAPSHOT,
    })
    .select()
    .single();
  if (draft.error) throw new Error(draft.error.message);
  const issued = await user.client.rpc('issue_invoice', { p_id: draft.data.id });
  if (issued.error) throw new Error(issued.error.message);
  const inv = issued.data as { id: string; number: string };
  const doc = await PDFDocument.create();
  doc.addPage().drawText(`Facture ${inv.number}`, { font: await doc.embedFont(StandardFonts.Helvetica) });
  const fx = await raw(backend, '/functions/v1/facturx', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify({
      documentId: inv.id,
      table: 'invoices',
      pdf: Buffer.from(await doc.save()).toString('base64'),
    }),
  });
  if (fx.status !== 200) throw new Error(`facturx ${fx.status} ${fx.text}`);
  const row = await user.client.from('invoices').select('due_date').eq('id', inv.id).single();
  return { ...inv, due: row.data!.due_date as string, email };
}

function plus(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function runReminders(today: string, token = backend.serviceRoleKey) {
  const res = await raw(backend, '/functions/v1/send-reminders', {
    method: 'POST',
    token,
    apikey: token,
    body: JSON.stringify({ today }),
  });
  return res;
}

function collect(): void {
  for (const m of backend.mailbox!.messages) if (!mails.some((x) => x.id === m.id)) mails.push(m);
}
const mailsTo = (email: string) => mails.filter((m) => m.to === email).map((m) => m.subject);

it('only the service role runs the scheduler function', async () => {
  expect((await runReminders('2026-01-01', alice.accessToken)).status).toBe(401);
  expect((await runReminders('2026-01-01', backend.anonKey)).status).toBe(401);
  const bad = await runReminders('not-a-date');
  expect(bad.status).toBe(400);
});

it('sends J+7 and J+15 once each, across overlapping runs and a restart, and nothing after « payée »', async () => {
  const inv = await lateInvoice(alice);
  const paidEarly = await lateInvoice(alice);
  await alice.client.from('invoices').update({ is_paid: true, payment_date: paidEarly.due }).eq('id', paidEarly.id);
  expect(inv.due).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  expect((await runReminders(plus(inv.due, 6))).status).toBe(200);
  collect();
  expect(mailsTo(inv.email)).toEqual([]);

  // Three runs at once on J+7 (a slow run overlapped by the next tick, two processes): one mail.
  const runs = await Promise.all([0, 1, 2].map(() => runReminders(plus(inv.due, 7))));
  expect(runs.map((r) => r.status)).toEqual([200, 200, 200]);
  await runReminders(plus(inv.due, 10));
  collect();
  expect(mailsTo(inv.email)).toEqual([`Rappel : facture ${inv.number}`]);
  const first = mails.find((m) => m.to === inv.email)!;
  expect(first.attachments[0]!.filename).toBe(`facture-${inv.number}.pdf`);
  expect(first.text).toMatch(/\/facture-en-ligne\/[0-9a-f]{64}/);
  expect(first.from).toBe('Durand Rénovation <no-reply@atelier.local>');

  // Restart: same database, a fresh process (the mailbox is in memory; the claims are in Postgres).
  const port = Number(new URL(backend.url).port); // the users' clients keep talking to the same address
  await backend.close();
  backend = await start(port);
  await runReminders(plus(inv.due, 10));
  collect();
  expect(mailsTo(inv.email)).toHaveLength(1);
  await runReminders(plus(inv.due, 15));
  await runReminders(plus(inv.due, 15));
  collect();
  expect(mailsTo(inv.email)).toEqual([`Rappel : facture ${inv.number}`, `Relance : facture ${inv.number} impayée`]);

  // « Marquer payée »: no J+30.
  const paid = await alice.client
    .from('invoices')
    .update({ is_paid: true, payment_date: plus(inv.due, 16) })
    .eq('id', inv.id);
  expect(paid.error).toBeNull();
  await runReminders(plus(inv.due, 31));
  collect();
  expect(mailsTo(inv.email)).toHaveLength(2);
  expect(mailsTo(paidEarly.email)).toEqual([]);

  // Recorded on the invoice, readable by its owner.
  const sends = await alice.client
    .from('document_sends')
    .select('kind,reminder_step,status')
    .eq('document_id', inv.id)
    .order('reminder_step');
  expect(sends.data).toEqual([
    { kind: 'reminder', reminder_step: 1, status: 'sent' },
    { kind: 'reminder', reminder_step: 2, status: 'sent' },
  ]);
});

it('follows the user’s own schedule and can be switched off', async () => {
  const inv = await lateInvoice(alice);
  await alice.client
    .from('user_settings')
    .upsert({ user_id: alice.id, key: 'mailSettings', value: { reminders: { enabled: true, days: [3, 10, 20] } } });
  await runReminders(plus(inv.due, 3));
  collect();
  expect(mailsTo(inv.email)).toEqual([`Rappel : facture ${inv.number}`]);
  await alice.client
    .from('user_settings')
    .upsert({ user_id: alice.id, key: 'mailSettings', value: { reminders: { enabled: false, days: [3, 10, 20] } } });
  await runReminders(plus(inv.due, 25));
  collect();
  expect(mailsTo(inv.email)).toHaveLength(1);
});

it('a user at the daily send limit holds up no one else’s reminder', async () => {
  const bob = await signUpUser(backend, 'remind-bob');
  const busy = await lateInvoice(alice);
  // Alice already sent 50 documents today (the daily limit): her invoices wait for tomorrow.
  await backend.db.query(
    `insert into public.document_sends (user_id, document_table, document_id, to_email, kind, status)
     select $1, 'invoices', $2, $3, 'document', 'sent' from generate_series(1, 50)`,
    [alice.id, busy.id, busy.email],
  );
  const other = await lateInvoice(bob);
  const res = await runReminders(plus(other.due, 8));
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ failed: 0 });
  collect();
  expect(mailsTo(other.email)).toEqual([`Rappel : facture ${other.number}`]);
  expect(mailsTo(busy.email)).toEqual([]);
  const candidates = (await backend.db.query(`select public.reminder_candidates($1::date) as c`, [plus(other.due, 8)]))
    .rows[0]!.c as Array<{ id: string }>;
  const ids = candidates.map((c) => c.id);
  expect(ids).toContain(other.id);
  expect(ids).not.toContain(busy.id);
});
