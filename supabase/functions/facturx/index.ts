// Factur-X of an issued document (issue 28 item 7, DESIGN §7).
// POST /functions/v1/facturx { documentId, table: 'invoices' | 'credit_notes', pdf: base64 } by the owner: reads the
//   issued row, its client and its line nets from the database AS THAT USER (RLS; never totals from the request),
//   builds the CII XML, attaches it to the given visual PDF (PDF/A-3, factur-x.xml), archives the result in the
//   private `documents` bucket at <user>/facture-<n>.pdf (avoir-<n>.pdf), never overwriting, records pdf_path once,
//   and returns { path }.
// GET /functions/v1/facturx/xml?id=…&table=invoices|credit_notes&format=cii|ubl → the XML alone.
// POST /functions/v1/facturx/send { documentId, table } → the archived Factur-X handed to the configured plateforme
//   agréée (_shared/plateforme.ts; 503 when none is configured), once: recorded in einvoice_transmissions (what was
//   sent, its SHA-256, when, the PA's receipt) with the service role after the PA accepted it.
// Imports the domain code from the generated copy in _shared/domain (scripts/gen-functions-domain.mjs, decision 0012).
import * as pdfLib from 'npm:pdf-lib@1.17.1';

import { getUser } from '../_shared/auth.ts';
import { base64ToBytes, readBody, sha256Hex } from '../_shared/bytes.ts';
import { corsHeaders, json, preflight } from '../_shared/cors.ts';
import { plateformeFromEnv, PlateformeError } from '../_shared/plateforme.ts';
import { buildCiiXml } from '../_shared/domain/einvoice/cii.ts';
import { buildUblXml } from '../_shared/domain/einvoice/ubl.ts';
import {
  issuedDocumentToEInvoice,
  type IssuedDocumentRow,
  type StoredClient,
} from '../_shared/domain/einvoice/from-row.ts';
import { EInvoiceError } from '../_shared/domain/einvoice/messages.ts';
import { facturXPdf } from '../_shared/domain/einvoice/pdf/facturx-pdf.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';
const SERVICE_ROLE_KEY = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';
/** A visual invoice PDF with its embedded font is ~0.2 MB; 8 MB of base64 leaves room for logos. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABLES = new Set(['invoices', 'credit_notes']);
const { attachFacturX } = facturXPdf(pdfLib);

const M = {
  badRequest: 'Requête invalide : documentId, table et pdf (base64) sont requis.',
  tooLarge: 'Le PDF envoyé est trop volumineux.',
  notFound: 'Document introuvable.',
  draft: 'Seule une facture émise reçoit sa Factur-X : émettez-la d’abord.',
  archived: 'Ce document est déjà archivé : le fichier archivé ne change plus.',
  badPdf: 'Le PDF envoyé est illisible.',
  unknownFormat: 'Format inconnu : choisissez cii ou ubl.',
  notArchived: 'Archivez d’abord le document (Factur-X) avant de le transmettre.',
  noPlateforme: 'Aucune plateforme agréée n’est configurée pour transmettre les factures.',
  alreadySent: 'Cette facture a déjà été transmise à la plateforme.',
  server: 'La Factur-X n’a pas pu être produite. Réessayez plus tard.',
};

function userHeaders(token: string): Record<string, string> {
  return { apikey: ANON_KEY, Authorization: `Bearer ${token}` };
}

async function rest<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    ...init,
    headers: { ...userHeaders(token), 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`rest ${path.split('?')[0]} ${res.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

type Row = IssuedDocumentRow & {
  id: string;
  status?: string;
  pdf_path: string | null;
  client_id: string | null;
  vat_rate: number | string;
  vat_regime: string | null;
};

/** The issued document and its XML, everything read as the user (RLS). */
async function loadDocument(
  token: string,
  table: string,
  id: string,
  format: 'cii' | 'ubl' = 'cii',
): Promise<{ row: Row; xml: string; buyerSiren: string | null } | Response> {
  const rows = await rest<Row[]>(token, `${table}?id=eq.${id}&select=*`);
  const row = rows[0];
  if (!row) return json(404, { error: M.notFound });
  if (table === 'invoices' && row.status !== 'issued') return json(409, { error: M.draft });
  row.table = table as Row['table'];
  const clients = row.client_id
    ? await rest<StoredClient[]>(token, `clients?id=eq.${row.client_id}&select=name,email,address,siren,vat_number`)
    : [];
  const regime = row.vat_regime ?? (row.snapshot?.company as { vatRegime?: string } | undefined)?.vatRegime ?? null;
  const lines = table === 'credit_notes' ? row.lines.map((l) => ({ ...l, price: Math.abs(l.price) })) : row.lines;
  const money = await rest<{ rows: { net_cents: number; rate: number; category: string }[] }>(
    token,
    'rpc/document_money',
    { method: 'POST', body: JSON.stringify({ p_lines: lines, p_regime: regime, p_doc_rate: Number(row.vat_rate) }) },
  );
  const lineMoney = table === 'credit_notes' ? money.rows.map((r) => ({ ...r, net_cents: -r.net_cents })) : money.rows;
  const invoice = issuedDocumentToEInvoice(row, clients[0] ?? null, lineMoney);
  return { row, xml: (format === 'ubl' ? buildUblXml : buildCiiXml)(invoice), buyerSiren: invoice.buyer.siren ?? null };
}

async function archive(req: Request, token: string, userId: string): Promise<Response> {
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return json(413, { error: M.tooLarge });
  let body: { documentId?: unknown; table?: unknown; pdf?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { error: M.badRequest });
  }
  const { documentId, table, pdf } = body ?? {};
  if (typeof documentId !== 'string' || !UUID.test(documentId) || typeof table !== 'string' || !TABLES.has(table)) {
    return json(400, { error: M.badRequest });
  }
  if (typeof pdf !== 'string' || pdf.length === 0) return json(400, { error: M.badRequest });
  const loaded = await loadDocument(token, table, documentId);
  if (loaded instanceof Response) return loaded;
  const { row, xml } = loaded;
  if (row.pdf_path) return json(409, { error: M.archived, path: row.pdf_path });
  const visual = base64ToBytes(pdf);
  if (!visual || new TextDecoder().decode(visual.slice(0, 5)) !== '%PDF-') return json(422, { error: M.badPdf });
  let bytes: Uint8Array;
  try {
    bytes = await attachFacturX(visual, xml, {
      title: `${table === 'invoices' ? 'Facture' : 'Avoir'} ${row.number}`,
      author: String(row.snapshot?.company?.name ?? 'Atelier'),
      subject: `${table === 'invoices' ? 'Facture' : 'Avoir'} ${row.number} (Factur-X EN 16931)`,
      date: new Date(`${row.issue_date}T12:00:00Z`),
    });
  } catch {
    return json(422, { error: M.badPdf });
  }
  const path = `${userId}/${table === 'invoices' ? 'facture' : 'avoir'}-${row.number}.pdf`;
  // No x-upsert: an object already at this path is never replaced (the storage answers a conflict).
  const up = await fetch(`${SUPABASE_URL}/storage/v1/object/documents/${path}`, {
    method: 'POST',
    headers: { ...userHeaders(token), 'Content-Type': 'application/pdf' },
    body: new Uint8Array(bytes), // typed on a plain ArrayBuffer, as Deno's fetch types want
  });
  if (!up.ok) {
    const detail = await up.text();
    if (up.status === 409 || /exists|duplicate/i.test(detail)) return json(409, { error: M.archived, path });
    throw new Error(`storage upload ${up.status}: ${detail.slice(0, 300)}`);
  }
  await rest(token, `${table}?id=eq.${documentId}`, {
    method: 'PATCH',
    headers: { Prefer: 'return=minimal' },
    body: JSON.stringify({ pdf_path: path }),
  });
  return json(200, { path, bytes: bytes.length });
}

async function xmlOnly(url: URL, token: string): Promise<Response> {
  const id = url.searchParams.get('id') ?? '';
  const table = url.searchParams.get('table') ?? 'invoices';
  const format = url.searchParams.get('format') ?? 'cii';
  if (!UUID.test(id) || !TABLES.has(table)) return json(400, { error: M.badRequest });
  if (format !== 'cii' && format !== 'ubl') return json(400, { error: M.unknownFormat });
  const loaded = await loadDocument(token, table, id, format);
  if (loaded instanceof Response) return loaded;
  return new Response(loaded.xml, {
    status: 200,
    headers: {
      ...corsHeaders,
      'Content-Type': 'application/xml; charset=utf-8',
      'Content-Disposition': `attachment; filename="${format === 'ubl' ? 'ubl' : 'factur-x'}-${loaded.row.number}.xml"`,
    },
  });
}

async function send(req: Request, token: string, userId: string): Promise<Response> {
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return json(413, { error: M.tooLarge });
  let body: { documentId?: unknown; table?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { error: M.badRequest });
  }
  const { documentId, table } = body ?? {};
  if (typeof documentId !== 'string' || !UUID.test(documentId) || typeof table !== 'string' || !TABLES.has(table)) {
    return json(400, { error: M.badRequest });
  }
  const plateforme = plateformeFromEnv();
  if (!plateforme) return json(503, { error: M.noPlateforme });
  const loaded = await loadDocument(token, table, documentId);
  if (loaded instanceof Response) return loaded;
  const { row, buyerSiren } = loaded;
  if (!row.pdf_path) return json(409, { error: M.notArchived });
  const sent = await rest<unknown[]>(
    token,
    `einvoice_transmissions?document_table=eq.${table}&document_id=eq.${documentId}&select=id`,
  );
  if (sent.length) return json(409, { error: M.alreadySent });
  const file = await fetch(`${SUPABASE_URL}/storage/v1/object/documents/${row.pdf_path}`, {
    headers: userHeaders(token),
  });
  if (!file.ok) {
    await file.body?.cancel();
    return json(409, { error: M.notArchived });
  }
  const siret = String(row.snapshot?.company?.siret ?? '').replace(/\s+/g, '');
  const pdf = new Uint8Array(await file.arrayBuffer());
  const typeCode = table === 'credit_notes' ? '381' : row.kind === 'deposit' ? '386' : '380';
  try {
    const receipt = await plateforme.send({
      number: row.number,
      typeCode,
      issueDate: row.issue_date,
      sellerSiren: siret.slice(0, 9) || null,
      buyerSiren,
      pdf,
    });
    // The PA has the file: record it (service role — users only read this table). A failed record is logged and
    // the receipt still returned: the PA refuses a second deposit of the same invoice anyway.
    const record = await fetch(`${SUPABASE_URL}/rest/v1/einvoice_transmissions`, {
      method: 'POST',
      headers: {
        apikey: SERVICE_ROLE_KEY,
        Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation',
      },
      body: JSON.stringify({
        user_id: userId,
        document_table: table,
        document_id: documentId,
        number: row.number,
        type_code: typeCode,
        pdf_path: row.pdf_path,
        pdf_sha256: await sha256Hex(pdf),
        pdf_bytes: pdf.length,
        plateforme: plateforme.name,
        receipt_id: receipt.id,
        receipt_status: receipt.status,
      }),
    });
    const recorded = record.ok ? ((await record.json()) as { sent_at: string }[])[0] : null;
    if (!recorded) console.error('facturx send: transmission not recorded', record.status, await record.text());
    return json(200, { plateforme: plateforme.name, ...receipt, sentAt: recorded?.sent_at ?? null });
  } catch (error) {
    if (error instanceof PlateformeError) return json(error.status, { error: error.message });
    throw error;
  }
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  const user = await getUser(req);
  if (!user) return json(401, { error: 'User not authenticated' });
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  const url = new URL(req.url);
  try {
    if (req.method === 'GET' && url.pathname.endsWith('/xml')) return await xmlOnly(url, token);
    if (req.method === 'POST' && url.pathname.endsWith('/send')) return await send(req, token, user.id);
    if (req.method === 'POST') return await archive(req, token, user.id);
    return json(405, { error: 'Method not allowed' });
  } catch (error) {
    if (error instanceof EInvoiceError) return json(422, { error: error.message });
    console.error('facturx failed:', error);
    return json(500, { error: M.server });
  }
});
