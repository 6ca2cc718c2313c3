// A user with every kind of row the app makes (issue 25 §4): client book, settings, a devis sent and signed
// online, an issued invoice archived as Factur-X and paid, an avoir (not archived), an acompte, a situation, a
// received supplier invoice, a paid subscription in the Stripe sandbox — all through the real HTTP paths.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { attachFacturX, readReceivedFile } from '@atelier/domain/src/einvoice/pdf/index.ts';
import { receivedInvoicePath } from '@atelier/domain/src/einvoice/receive.ts';
import {
  computeDocumentTotals,
  planDeposit,
  planSituation,
  toMoneyLines,
  type MoneyLine,
  type StoredLine,
} from '@atelier/domain/src/invoicing';
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, type SignedInUser } from './helpers.ts';

const GOLDEN = path.join(__dirname, '../../shared/domain/src/einvoice/golden/a-three-rates-deposit-deducted.cii.xml');
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const LINES: StoredLine[] = [
  { name: 'Pose de carrelage', unit: 'm2', price: 40, quantity: 25, vatRate: 20, vatCategory: 'standard' },
  { name: 'Plinthes', unit: 'ml', price: 12.5, quantity: 20, vatRate: 20, vatCategory: 'standard' },
];
const ASSUJETTI = { regime: 'assujetti' as const, documentRate: 20 };
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

export interface FullUser extends SignedInUser {
  clientEmail: string;
  quoteNumber: string;
  invoiceNumber: string;
  creditNoteNumber: string;
  subscriptionId: string;
  receivedNumber: string;
}

async function pdf(title: string): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText(title, { font: await doc.embedFont(StandardFonts.Helvetica), x: 50, y: 700 });
  return Buffer.from(await doc.save()).toString('base64');
}

function check<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error || result.data === null) throw new Error(`${what}: ${result.error?.message ?? 'no data'}`);
  return result.data;
}

function totals(lines: StoredLine[] | MoneyLine[], money = false) {
  const t = computeDocumentTotals(money ? (lines as MoneyLine[]) : toMoneyLines(lines as StoredLine[], ASSUJETTI));
  return { total_ht_cents: t.totalHTCents, tva_cents: t.totalVatCents, total_ttc_cents: t.totalTTCCents };
}

const asStored = (lines: MoneyLine[], label: (i: number) => string): StoredLine[] =>
  lines.map((l, i) => ({
    name: label(i),
    unit: 'forfait',
    price: l.unitPriceCents / 100,
    quantity: 1,
    vatRate: l.vatRate,
    vatCategory: l.vatCategory,
  }));

/** Subscribes the user to Pro through the sandbox's checkout page; returns the provider subscription id. */
export async function subscribe(backend: RunningBackend, user: SignedInUser): Promise<string> {
  const checkout = await raw(backend, '/functions/v1/create-checkout', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify({
      price_id: 'price_atelier_pro',
      success_url: 'http://localhost:3000/account?subscription=success&plan=pro',
      cancel_url: 'http://localhost:3000/account?subscription=canceled',
      mode: 'subscription',
    }),
  });
  if (checkout.status !== 200) throw new Error(`checkout ${checkout.status} ${checkout.text}`);
  const paid = await fetch(`${(checkout.json as { url: string }).url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      card: '4242 4242 4242 4242',
      exp: '12/34',
      cvc: '123',
      name: 'Jeanne Martin',
    }).toString(),
  });
  if (paid.status !== 303) throw new Error(`pay ${paid.status}`);
  const { rows } = await backend.db.query(
    `select subscription_id from public.stripe_subscriptions where user_id = $1 and status = 'active'`,
    [user.id],
  );
  return String((rows[0] as { subscription_id?: string } | undefined)?.subscription_id ?? '');
}

export async function providerStatus(backend: RunningBackend, subscriptionId: string): Promise<string> {
  const res = await fetch(`${backend.url}/v1/subscriptions/${subscriptionId}`, {
    headers: { authorization: `Bearer ${backend.stripeSandbox!.secretKey}` },
  });
  return ((await res.json()) as { status: string }).status;
}

export async function userWithEverything(backend: RunningBackend, prefix: string): Promise<FullUser> {
  const user = await signUpUser(backend, prefix);
  const db = user.client;
  const fn = (name: string, body: unknown, token: string | undefined = user.accessToken) =>
    raw(backend, `/functions/v1/${name}`, { method: 'POST', token, body: JSON.stringify(body) });

  for (const [key, value] of [
    ['companyInfo', { name: 'Durand Rénovation', email: 'contact@durand-renovation.fr', siret: '73282932000074' }],
    ['tasks', [{ name: 'Pose de carrelage', unit: 'm²', price: 40 }]],
    ['quoteCustomization', { primaryColor: '#1d4ed8' }],
  ] as const) {
    check(await db.from('user_settings').upsert({ user_id: user.id, key, value }).select(), `settings ${key}`);
  }
  const clientEmail = `paul.${prefix}.${Date.now()}@example.fr`;
  const client = check(
    await db
      .from('clients')
      .insert({ user_id: user.id, name: 'Paul Client', email: clientEmail, address: '4 place Bellecour, 69002 Lyon' })
      .select()
      .single(),
    'client',
  ) as { id: string };

  // Devis numbered, sent (archived PDF, send log, link) and signed online by the client.
  const quoteRow = (extra: Record<string, unknown> = {}) => ({
    user_id: user.id,
    client_id: client.id,
    number: `DE${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
    lines: LINES,
    vat_rate: 20,
    vat_regime: 'assujetti',
    ...totals(LINES),
    snapshot: SNAPSHOT,
    ...extra,
  });
  const quote = check(await db.from('quotes').insert(quoteRow()).select().single(), 'quote') as {
    id: string;
    number: string;
  };
  const quotePdf = await pdf(`Devis ${quote.number}`);
  const sent = await fn('send-document', { table: 'quotes', id: quote.id, pdf: quotePdf });
  if (sent.status !== 200) throw new Error(`send ${sent.status} ${sent.text}`);
  const token = /\/signer\/([0-9a-f]{64})$/.exec((sent.json as { link: string }).link)![1]!;
  const sha = createHash('sha256').update(Buffer.from(quotePdf, 'base64')).digest('hex');
  const accepted = await raw(backend, '/functions/v1/public-document', {
    method: 'POST',
    body: JSON.stringify({ action: 'accept', token, name: 'Paul Client', terms: true, signature: PNG, pdfSha256: sha }),
  });
  if (accepted.status !== 200) throw new Error(`accept ${accepted.status} ${accepted.text}`);

  // Issued invoice archived as Factur-X, then paid; an avoir on it (left unarchived).
  const invoiceDraft = check(
    await db
      .from('invoices')
      .insert({ ...quoteRow(), number: undefined, quote_id: quote.id })
      .select()
      .single(),
    'invoice',
  ) as { id: string };
  const invoice = check(await db.rpc('issue_invoice', { p_id: invoiceDraft.id }), 'issue') as {
    id: string;
    number: string;
  };
  const fx = await fn('facturx', {
    documentId: invoice.id,
    table: 'invoices',
    pdf: await pdf(`Facture ${invoice.number}`),
  });
  if (fx.status !== 200) throw new Error(`facturx ${fx.status} ${fx.text}`);
  check(
    await db.from('invoices').update({ is_paid: true, payment_date: '2026-11-20' }).eq('id', invoice.id).select(),
    'paid',
  );
  const creditNote = check(await db.rpc('issue_credit_note', { p_invoice_id: invoice.id }), 'avoir') as {
    number: string;
  };

  // An acompte on a second devis, and a situation on a third (progress billing).
  const money = toMoneyLines(LINES, ASSUJETTI);
  const depositQuote = check(await db.from('quotes').insert(quoteRow()).select().single(), 'quote 2') as { id: string };
  const deposit = planDeposit(money, { percent: 30 });
  if (!deposit.ok) throw new Error(deposit.message);
  const depositLines = asStored(deposit.plan.lines, (i) => `Acompte de 30 % — ligne ${i + 1}`);
  const depositDraft = check(
    await db
      .from('invoices')
      .insert({
        ...quoteRow({ lines: depositLines, ...totals(depositLines) }),
        number: undefined,
        quote_id: depositQuote.id,
        kind: 'deposit',
        deposit_percent: 30,
      })
      .select()
      .single(),
    'acompte',
  ) as { id: string };
  check(await db.rpc('issue_invoice', { p_id: depositDraft.id }), 'issue acompte');

  const situationQuote = check(
    await db
      .from('quotes')
      .insert(quoteRow({ progress_billing: true }))
      .select()
      .single(),
    'quote 3',
  ) as { id: string };
  const situation = planSituation(
    money,
    LINES.map((l) => l.name),
    [0, 0],
    [50, 50],
  );
  if (!situation.ok) throw new Error(situation.message);
  const situationLines = asStored(situation.plan.lines, (i) => `${LINES[i]!.name} — avancement 50 %`);
  const situationTotals = computeDocumentTotals(toMoneyLines(situationLines, ASSUJETTI), {
    vatCents: situation.plan.vatCents,
  });
  const situationDraft = check(
    await db
      .from('invoices')
      .insert({
        ...quoteRow({ lines: situationLines }),
        number: undefined,
        quote_id: situationQuote.id,
        kind: 'situation',
        progress: [
          { previous: 0, current: 50 },
          { previous: 0, current: 50 },
        ],
        total_ht_cents: situationTotals.totalHTCents,
        tva_cents: situationTotals.totalVatCents,
        total_ttc_cents: situationTotals.totalTTCCents,
      })
      .select()
      .single(),
    'situation',
  ) as { id: string };
  check(await db.rpc('issue_invoice', { p_id: situationDraft.id }), 'issue situation');

  // A supplier's Factur-X received and archived.
  const supplierDoc = await PDFDocument.create();
  supplierDoc.addPage([595, 842]).drawText('Facture fournisseur', { x: 50, y: 780 });
  const supplierPdf = await attachFacturX(await supplierDoc.save(), readFileSync(GOLDEN, 'utf8'), {
    title: 'Facture fournisseur',
    author: 'Fournisseur',
    date: new Date('2026-10-01T10:00:00Z'),
  });
  const received = await readReceivedFile(supplierPdf);
  const storagePath = receivedInvoicePath(user.id, received);
  const up = await db.storage
    .from('documents')
    .upload(storagePath, new Blob([supplierPdf as BlobPart], { type: 'application/pdf' }), { upsert: false });
  if (up.error) throw new Error(`upload ${up.error.message}`);
  const inv = received.invoice;
  check(
    await db
      .from('received_invoices')
      .insert({
        storage_path: storagePath,
        format: received.format,
        syntax: inv.syntax,
        file_size: supplierPdf.length,
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
      })
      .select(),
    'received',
  );

  const subscriptionId = await subscribe(backend, user);
  return {
    ...user,
    clientEmail,
    quoteNumber: quote.number,
    invoiceNumber: invoice.number,
    creditNoteNumber: creditNote.number,
    subscriptionId,
    receivedNumber: inv.number,
  };
}

/** Rows left anywhere for a user id (0 once the account is gone). */
export async function leftovers(backend: RunningBackend, userId: string): Promise<Record<string, number>> {
  const tables = [
    'public.profiles:id',
    'public.user_quotas',
    'public.subscriptions',
    'public.stripe_customers',
    'public.stripe_subscriptions',
    'public.user_settings',
    'public.clients',
    'public.quotes',
    'public.invoices',
    'public.credit_notes',
    'public.received_invoices',
    'public.document_sends',
    'public.document_links',
    'public.quote_acceptances',
    'public.document_counters',
    'auth.sessions',
    'auth.identities',
    'auth.users:id',
    'storage.objects:owner',
  ];
  const counts: Record<string, number> = {};
  for (const spec of tables) {
    const [table, column = 'user_id'] = spec.split(':');
    const { rows } = await backend.db.query(`select count(*)::int as n from ${table} where ${column} = $1`, [userId]);
    counts[table!] = Number((rows[0] as { n: number }).n);
  }
  const tokens = await backend.db.query('select count(*)::int as n from auth.refresh_tokens where user_id = $1', [
    userId,
  ]);
  counts['auth.refresh_tokens'] = Number((tokens.rows[0] as { n: number }).n);
  const files = await backend.db.query(
    `select count(*)::int as n from storage.objects where split_part(name, '/', 1) = $1`,
    [userId],
  );
  counts['storage.objects (folder)'] = Number((files.rows[0] as { n: number }).n);
  return counts;
}

export const nothingLeft = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);
