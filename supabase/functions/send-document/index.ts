// « Envoyer » on a devis, facture, acompte, situation or avoir (issue 26 item 1, DESIGN §7).
// POST /functions/v1/send-document { table: 'quotes'|'invoices'|'credit_notes', id, pdf?: base64, to?,
// idempotencyKey?: uuid } by the owner. With a key, the send is idempotent (migration 0110, decision 0130): a second
// call with the same key by the same user answers the first send ({ replayed: true }) and mails nothing. Everything is read from the database AS THE USER (RLS): the document, its client's address (the only
// address a document may go to: begin_document_send refuses any other, and counts the daily limit), the user's
// templates and company. The attachment is the archived PDF (invoices/avoirs: the Factur-X from `facturx`, which
// this function asks to archive the browser's PDF first when missing) or, for a devis, the PDF the browser just
// rendered, archived here with its SHA-256: that exact file is what the client's link shows and signs.
import {
  formatEuros,
  mailKindOf,
  MAIL_LIMITS,
  publicDocumentPath,
  quoteValidUntil,
  renderMail,
  resolveMailSettings,
} from '../_shared/domain/index.ts';
import { getUser } from '../_shared/auth.ts';
import { json, preflight } from '../_shared/cors.ts';
import { callFunction, DbError, download, rest, rpc, upload } from '../_shared/db.ts';
import { base64ToBytes, readBody, sha256Hex } from '../_shared/bytes.ts';
import { frenchDate, htmlBody, sendMail } from '../_shared/mail.ts';

const SITE_URL = (Deno.env.get('SITE_URL') ?? '').replace(/\/+$/, '');
/** The browser's PDF in base64 (≤ MAIL_LIMITS.attachmentMaxBytes) plus the JSON around it. */
const MAX_BODY_BYTES = Math.ceil((MAIL_LIMITS.attachmentMaxBytes * 4) / 3) + 16 * 1024;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TABLES = new Set(['quotes', 'invoices', 'credit_notes']);

const M = {
  badRequest: 'Requête invalide : table et id du document sont requis.',
  tooLarge: 'Le document est trop volumineux pour être envoyé par mail.',
  notFound: 'Document introuvable.',
  draft: 'Émettez la facture avant de l’envoyer.',
  pdfMissing: 'Le PDF du document manque : téléchargez-le une fois puis renvoyez-le.',
  badPdf: 'Le PDF du document est illisible.',
  failed: 'Le mail n’a pas pu partir. Réessayez plus tard.',
  server: 'L’envoi a échoué. Réessayez plus tard.',
};

type Row = Record<string, unknown> & {
  id: string;
  number: string | null;
  client_id: string | null;
  pdf_path: string | null;
  snapshot: { company?: Record<string, unknown> } | null;
};

const FILE_PREFIX: Record<string, string> = { quotes: 'devis', invoices: 'facture', credit_notes: 'avoir' };

async function send(req: Request, token: string, userId: string, userEmail: string | null): Promise<Response> {
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return json(413, { error: M.tooLarge });
  let body: { table?: unknown; id?: unknown; pdf?: unknown; to?: unknown; idempotencyKey?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { error: M.badRequest });
  }
  const { table, id } = body ?? {};
  if (typeof table !== 'string' || !TABLES.has(table) || typeof id !== 'string' || !UUID.test(id)) {
    return json(400, { error: M.badRequest });
  }
  if (body.pdf !== undefined && typeof body.pdf !== 'string') return json(400, { error: M.badRequest });
  if (body.to !== undefined && typeof body.to !== 'string') return json(400, { error: M.badRequest });
  const key = body.idempotencyKey;
  if (key !== undefined && (typeof key !== 'string' || !UUID.test(key))) return json(400, { error: M.badRequest });

  let row = (await rest<Row[]>(token, `${table}?id=eq.${id}&select=*`))[0];
  if (!row || !row.number) return json(404, { error: row ? M.draft : M.notFound });
  if (table === 'invoices' && row.status !== 'issued') return json(409, { error: M.draft });
  const client = row.client_id
    ? (await rest<Array<{ name: string; email: string }>>(token, `clients?id=eq.${row.client_id}&select=name,email`))[0]
    : undefined;
  if (!client) return json(404, { error: M.notFound });
  const to = typeof body.to === 'string' ? body.to : client.email;

  // The attachment, and the path + hash the public link will show.
  let pdf: Uint8Array | null;
  let pdfPath: string | null = null;
  const given = typeof body.pdf === 'string' ? base64ToBytes(body.pdf) : null;
  if (
    given &&
    (given.length > MAIL_LIMITS.attachmentMaxBytes || new TextDecoder().decode(given.slice(0, 5)) !== '%PDF-')
  ) {
    return json(given.length > MAIL_LIMITS.attachmentMaxBytes ? 413 : 422, {
      error: given.length > MAIL_LIMITS.attachmentMaxBytes ? M.tooLarge : M.badPdf,
    });
  }
  if (table === 'quotes') {
    if (!given) return json(400, { error: M.pdfMissing });
    pdf = given;
  } else {
    if (!row.pdf_path && given) {
      // Archive the Factur-X first (the facturx function builds it from the rows, as the user).
      const archived = await callFunction(token, 'facturx', { documentId: id, table, pdf: body.pdf });
      await archived.body?.cancel();
      row = (await rest<Row[]>(token, `${table}?id=eq.${id}&select=*`))[0] ?? row;
    }
    if (!row.pdf_path) return json(409, { error: M.pdfMissing });
    pdfPath = row.pdf_path;
    pdf = await download(token, pdfPath);
    if (!pdf) return json(409, { error: M.pdfMissing });
  }
  const pdfSha = await sha256Hex(pdf);

  // Refused here for a foreign address, another user's document or over the daily limit (nothing sent).
  // With a key: a replay of a send already started (another tab, a retry) answers that send and mails nothing.
  let sendId: string;
  if (typeof key === 'string') {
    const begun = await rpc<{ id: string; replayed: boolean; status: string; to_email: string }>(
      token,
      'begin_document_send_once',
      { p_table: table, p_id: id, p_to: to, p_key: key },
    );
    if (begun.replayed) {
      return json(200, { sendId: begun.id, status: begun.status, to: begun.to_email, link: null, replayed: true });
    }
    sendId = begun.id;
  } else {
    sendId = await rpc<string>(token, 'begin_document_send', { p_table: table, p_id: id, p_to: to });
  }

  let link: string | null = null;
  try {
    if (table === 'quotes') {
      pdfPath = `${userId}/${FILE_PREFIX[table]}-${row.number}-${pdfSha.slice(0, 16)}.pdf`;
      await upload(token, pdfPath, pdf);
    }
    if (table !== 'credit_notes' && pdfPath) {
      const made = await rpc<{ token: string; purpose: 'sign_quote' | 'view_invoice' }>(token, 'create_document_link', {
        p_table: table,
        p_id: id,
        p_pdf_path: pdfPath,
        p_pdf_sha256: pdfSha,
      });
      link = `${SITE_URL}${publicDocumentPath(made.purpose, made.token)}`;
    }
    const settingsRows = await rest<Array<{ key: string; value: unknown }>>(
      token,
      `user_settings?key=in.(mailSettings,companyInfo)&select=key,value`,
    );
    const settings = resolveMailSettings(settingsRows.find((s) => s.key === 'mailSettings')?.value);
    const company = {
      ...(row.snapshot?.company ?? {}),
      ...((settingsRows.find((s) => s.key === 'companyInfo')?.value as Record<string, unknown>) ?? {}),
    };
    const companyName = String(company.name ?? '').trim() || 'Atelier';
    const kind = mailKindOf(table as 'quotes', String(row.kind ?? 'invoice'));
    const amount = Number(table === 'invoices' ? (row.net_due_cents ?? row.total_ttc_cents) : row.total_ttc_cents);
    const mail = renderMail(settings.templates[kind], {
      client: client.name,
      numero: String(row.number),
      montant: formatEuros(Math.abs(amount)),
      echeance: frenchDate(
        table === 'quotes' ? quoteValidUntil(String(row.date)) : (row.due_date as string | null | undefined),
      ),
      lien: link ?? '',
      entreprise: companyName,
    });
    const replyTo = String(company.email ?? '').trim() || userEmail || undefined;
    await sendMail({
      to: client.email.trim(),
      subject: mail.subject,
      text: mail.body,
      html: htmlBody(mail.body, link),
      fromName: companyName,
      replyTo,
      attachments: [
        { filename: `${FILE_PREFIX[table]}-${row.number}.pdf`, contentType: 'application/pdf', content: pdf },
      ],
    });
    await rpc(token, 'finish_document_send', { p_send_id: sendId, p_ok: true });
    return json(200, { sendId, status: 'sent', to: client.email.trim(), link });
  } catch (error) {
    console.error('send-document failed:', error);
    await rpc(token, 'finish_document_send', {
      p_send_id: sendId,
      p_ok: false,
      p_error: error instanceof Error ? error.message.slice(0, 300) : 'échec',
    }).catch(() => undefined);
    return json(502, { error: M.failed, sendId });
  }
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  const user = await getUser(req);
  if (!user) return json(401, { error: 'User not authenticated' });
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  try {
    return await send(req, token, user.id, user.email);
  } catch (error) {
    if (error instanceof DbError && error.hint === 'send_daily_limit') return json(429, { error: error.message });
    if (error instanceof DbError && error.hint === 'send_foreign_address') return json(403, { error: error.message });
    if (error instanceof DbError && error.hint === 'send_not_found') return json(404, { error: error.message });
    if (error instanceof DbError && error.hint === 'send_key_reused') return json(409, { error: error.message });
    if (error instanceof DbError && error.code === 'P0001') return json(422, { error: error.message });
    console.error('send-document failed:', error);
    return json(500, { error: M.server });
  }
});
