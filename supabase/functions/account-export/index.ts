// « Télécharger toutes mes données » on /account (issue 25 §4): one ZIP of everything the signed-in user has in
// Atelier, built here and streamed (zip-stream.ts: one file in memory at a time).
// POST (or GET) /functions/v1/account-export with the user's token, no body. Everything is read AS THE USER (RLS):
// nobody can export someone else's data, whatever they send. Each export is counted by begin_account_export()
// (3 per 10 minutes: it reads every archived PDF) — over it, 429 with Retry-After.
// Contents (README.txt inside says it in French): the archived PDFs as stored (Factur-X for invoices and avoirs,
// devis sent and signed, received invoices), the Factur-X XML of issued documents whose PDF was never archived
// (built from the stored rows like the facturx function does), the CSV files of « Exporter (CSV) » (same code,
// @atelier/domain's export/), payments and received invoices as CSV, the settings and every row as JSON.
import {
  centsToCsvEuros,
  clientRows,
  csvDate,
  csvTextCell,
  documentRows,
  EXPORT_MESSAGES,
  EXPORT_SELECT,
  parsePostgrestCsv,
  toExcelCsv,
  type CsvRecord,
} from '../_shared/domain/index.ts';
import { buildCiiXml } from '../_shared/domain/einvoice/cii.ts';
import {
  issuedDocumentToEInvoice,
  type IssuedDocumentRow,
  type StoredClient,
} from '../_shared/domain/einvoice/from-row.ts';
import { getUser } from '../_shared/auth.ts';
import { readBody } from '../_shared/bytes.ts';
import { corsHeaders, json, preflight } from '../_shared/cors.ts';
import { DbError, download, rest, rpc } from '../_shared/db.ts';
import { FILES, PAYMENT_HEADERS, readmeText, RECEIVED_HEADERS, RECEIVED_KIND } from './readme.ts';
import { zipStream } from './zip-stream.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';

const M = {
  notSignedIn: 'User not authenticated',
  tooLarge: 'Requête trop volumineuse.',
  tooMany: 'Trop d’exports demandés : réessayez dans quelques minutes.',
  server: 'L’export n’a pas pu être préparé. Réessayez plus tard.',
};

type Row = Record<string, unknown>;
type DocRow = IssuedDocumentRow & Row & { id: string; pdf_path: string | null; client_id: string | null };

const ORDER: Record<keyof typeof EXPORT_SELECT, string> = {
  clients: 'name.asc.nullslast,created_at.asc',
  quotes: 'date.asc.nullslast,created_at.asc',
  invoices: 'issue_date.asc.nullslast,created_at.asc',
  credit_notes: 'issue_date.asc.nullslast,created_at.asc',
};

/** A table as PostgREST's CSV (`Accept: text/csv`, what `.csv()` sends), read as the user: the /clients export. */
async function csvTable(token: string, table: keyof typeof EXPORT_SELECT): Promise<CsvRecord[]> {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/${table}?select=${EXPORT_SELECT[table]}&order=${ORDER[table]}`, {
    headers: { apikey: ANON_KEY, Authorization: `Bearer ${token}`, Accept: 'text/csv' },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`csv ${table} ${res.status}: ${text.slice(0, 200)}`);
  return parsePostgrestCsv(text);
}

const rows = <T = Row>(token: string, path: string) => rest<T[]>(token, path);
const encode = (text: string) => new TextEncoder().encode(text);
const jsonFile = (value: unknown) => encode(`${JSON.stringify(value, null, 2)}\n`);
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The Factur-X XML of an issued document from its stored rows (the facturx function's computation). */
async function facturXXml(token: string, table: 'invoices' | 'credit_notes', row: DocRow, clients: Map<string, Row>) {
  const regime =
    (row.vat_regime as string | null) ??
    (row.snapshot?.company as { vatRegime?: string } | undefined)?.vatRegime ??
    null;
  const lines = table === 'credit_notes' ? row.lines.map((l) => ({ ...l, price: Math.abs(l.price) })) : row.lines;
  const money = await rpc<{ rows: { net_cents: number; rate: number; category: string }[] }>(token, 'document_money', {
    p_lines: lines,
    p_regime: regime,
    p_doc_rate: Number(row.vat_rate),
  });
  const lineMoney = table === 'credit_notes' ? money.rows.map((r) => ({ ...r, net_cents: -r.net_cents })) : money.rows;
  const client = row.client_id ? ((clients.get(row.client_id) ?? null) as StoredClient | null) : null;
  return buildCiiXml(issuedDocumentToEInvoice({ ...row, table }, client, lineMoney));
}

async function exportAccount(req: Request): Promise<Response> {
  const user = await getUser(req);
  if (!user) return json(401, { error: M.notSignedIn });
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  // No body is expected: anything large is refused before any work.
  if ((await readBody(req, 1024)) === null) return json(413, { error: M.tooLarge });
  try {
    await rpc(token, 'begin_account_export', {});
  } catch (error) {
    if (error instanceof DbError && error.hint === 'account_export_rate_limited') {
      const wait = String(Math.max(1, Number(error.detail) || 60));
      return json(429, { error: M.tooMany, code: 'rate_limited' }, { 'Retry-After': wait });
    }
    throw error;
  }

  // The rows (JSON, small next to the PDFs) are read before the stream starts, so a refusal is still a JSON error.
  const [clients, quotes, invoices, creditNotes, received, settings, profiles, subscriptions, files] =
    await Promise.all([
      rows(token, 'clients?select=*&order=created_at.asc'),
      rows(token, 'quotes?select=*&order=created_at.asc'),
      rows<DocRow>(token, 'invoices?select=*&order=created_at.asc'),
      rows<DocRow>(token, 'credit_notes?select=*&order=created_at.asc'),
      rows(token, 'received_invoices?select=*&order=received_at.asc').catch(() => [] as Row[]),
      rows<{ key: string; value: unknown }>(token, 'user_settings?select=key,value'),
      rows(token, 'profiles?select=*'),
      rows(token, 'subscriptions?select=plan_id,status,current_period_end').catch(() => [] as Row[]),
      rpc<{ name: string }[]>(token, 'my_stored_files', {}),
    ]);
  const [csvClients, csvQuotes, csvInvoices, csvCreditNotes] = await Promise.all([
    csvTable(token, 'clients'),
    csvTable(token, 'quotes'),
    csvTable(token, 'invoices'),
    csvTable(token, 'credit_notes'),
  ]);

  const setting = (key: string) => settings.find((s) => s.key === key)?.value ?? null;
  const clientById = new Map(clients.map((c) => [String(c.id), c]));
  // Where each stored file goes in the archive, by what points at it.
  const folderOf = new Map<string, string>();
  for (const i of invoices) if (i.pdf_path) folderOf.set(i.pdf_path, 'factures');
  for (const a of creditNotes) if (a.pdf_path) folderOf.set(a.pdf_path, 'avoirs');
  for (const q of quotes) if (typeof q.pdf_path === 'string') folderOf.set(q.pdf_path, 'devis');
  const receivedPaths = new Set(received.map((r) => String(r.storage_path)));
  const archivePath = (name: string): string => {
    const inFolder = name.slice(name.indexOf('/') + 1);
    if (receivedPaths.has(name) || inFolder.startsWith('recues/')) return `factures-recues/${inFolder.slice(7)}`;
    const folder = folderOf.get(name) ?? (/^(devis|signe)/i.test(baseName(name)) ? 'devis' : null);
    return folder ? `${folder}/${baseName(name)}` : `autres/${inFolder}`;
  };

  const zip = zipStream();
  const build = async () => {
    const unreadable: string[] = [];
    for (const file of files) {
      const bytes = await download(token, file.name);
      if (!bytes) {
        unreadable.push(file.name.slice(file.name.indexOf('/') + 1));
        continue;
      }
      await zip.add(archivePath(file.name), bytes, { store: /\.pdf$/i.test(file.name) });
    }
    const notArchived: string[] = [];
    const issued = [
      ...invoices.filter((i) => i.status === 'issued').map((row) => ({ table: 'invoices' as const, row })),
      ...creditNotes.map((row) => ({ table: 'credit_notes' as const, row })),
    ];
    for (const { table, row } of issued) {
      if (row.pdf_path && files.some((f) => f.name === row.pdf_path)) continue;
      const label = `${table === 'invoices' ? 'facture' : 'avoir'}-${row.number}`;
      notArchived.push(`${table === 'invoices' ? 'Facture' : 'Avoir'} ${row.number}`);
      try {
        await zip.add(`factures-xml/${label}.xml`, encode(await facturXXml(token, table, row, clientById)));
      } catch (error) {
        console.warn('account-export: no XML for', label, error instanceof Error ? error.message : error);
      }
    }

    await zip.add(FILES.clientsCsv, encode(toExcelCsv(EXPORT_MESSAGES.clientHeaders, clientRows(csvClients))));
    const tables = { clients: csvClients, quotes: csvQuotes, invoices: csvInvoices, credit_notes: csvCreditNotes };
    await zip.add(FILES.documentsCsv, encode(toExcelCsv(EXPORT_MESSAGES.documentHeaders, documentRows(tables))));
    const paid = csvInvoices.filter((i) => i.is_paid === 't' || i.is_paid === 'true');
    const clientName = (id: string | null | undefined) =>
      csvTextCell((id && csvClients.find((c) => c.id === id)?.name) || '');
    await zip.add(
      FILES.paymentsCsv,
      encode(
        toExcelCsv(
          PAYMENT_HEADERS,
          paid.map((i) => [
            csvTextCell(i.number),
            i.kind === 'deposit'
              ? EXPORT_MESSAGES.deposit
              : i.kind === 'situation'
                ? EXPORT_MESSAGES.situation(i.situation_number ?? '')
                : EXPORT_MESSAGES.invoice,
            clientName(i.client_id),
            csvDate(i.issue_date),
            centsToCsvEuros(i.net_due_cents ?? i.total_ttc_cents),
            csvDate(i.payment_date),
          ]),
        ),
      ),
    );
    await zip.add(
      FILES.receivedCsv,
      encode(
        toExcelCsv(
          RECEIVED_HEADERS,
          received.map((r) => [
            csvTextCell(String(r.supplier_name ?? '')),
            csvTextCell(String(r.supplier_siren ?? '')),
            csvTextCell(String(r.supplier_vat_id ?? '')),
            r.is_credit_note ? RECEIVED_KIND.creditNote : RECEIVED_KIND.invoice,
            csvTextCell(String(r.number ?? '')),
            csvDate(r.issue_date as string | null),
            csvDate(r.due_date as string | null),
            centsToCsvEuros(r.ht_cents as number),
            centsToCsvEuros(r.vat_cents as number),
            centsToCsvEuros(r.ttc_cents as number),
            centsToCsvEuros(r.due_cents as number),
            csvDate(r.received_at as string),
            archivePath(String(r.storage_path)),
          ]),
        ),
      ),
    );

    await zip.add(FILES.company, jsonFile({ companyInfo: setting('companyInfo'), profile: profiles[0] ?? null }));
    await zip.add(FILES.catalogue, jsonFile(setting('tasks') ?? []));
    await zip.add(FILES.customization, jsonFile(setting('quoteCustomization')));
    await zip.add(FILES.account, jsonFile({ email: user.email, id: user.id, subscriptions }));
    for (const [name, data] of [
      ['clients', clients],
      ['devis', quotes],
      ['factures', invoices],
      ['avoirs', creditNotes],
      ['factures-recues', received],
    ] as const) {
      await zip.add(FILES.data(name), jsonFile(data));
    }
    await zip.add(
      FILES.readme,
      encode(
        readmeText({
          email: user.email ?? '',
          generatedAt: new Date(),
          counts: {
            clients: clients.length,
            quotes: quotes.length,
            invoices: invoices.length,
            creditNotes: creditNotes.length,
            received: received.length,
            files: files.length - unreadable.length,
          },
          notArchived,
          unreadable,
        }),
      ),
    );
    await zip.end();
  };
  build().catch((error) => {
    console.error('account-export failed while streaming:', error);
    zip.fail(error);
  });

  const day = new Date().toISOString().slice(0, 10);
  return new Response(zip.readable, {
    status: 200,
    headers: {
      ...corsHeaders,
      'Access-Control-Expose-Headers': 'Content-Disposition',
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="atelier-export-${day}.zip"`,
      'Cache-Control': 'no-store',
    },
  });
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST' && req.method !== 'GET') return json(405, { error: 'Use POST' });
  try {
    return await exportAccount(req);
  } catch (error) {
    console.error('account-export failed:', error);
    return json(500, { error: M.server });
  }
});
