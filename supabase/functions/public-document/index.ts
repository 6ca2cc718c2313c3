// The public pages of a document (issue 26 items 2 and 4): no account, only a link token (256 bits, stored as its
// SHA-256, single-purpose, expiring, revocable). POST /functions/v1/public-document with
//   { action: 'open', token }                  → that one document for the page (nothing else of the artisan)
//   { action: 'pdf', token }                   → the exact PDF the link shows
//   { action: 'accept', token, name, terms, signature, pdfSha256 }   → a devis accepted (once)
//   { action: 'refuse', token, reason }        → a devis refused (once)
// The token is checked in SQL (open_document_link / decide_quote, service role only) on every call; the caller's
// IP (X-Forwarded-For of the gateway) is kept with the acceptance. The accepted devis is archived with an
// evidence page at <artisan>/devis-<n>-signe.pdf.
import {
  acceptanceError,
  acceptedOptionsValid,
  acceptedQuoteSummary,
  type AcceptedQuoteSummary,
  bankTransferDetails,
  decisionNotice,
  devisOptionChoices,
  devisTotals,
  formatEuros,
  formatVatRate,
  invoicePayment,
  publicDevisLines,
  resolveMailSettings,
  type Discount,
  type VatContext,
  REDUCED_RATE_CERTIFICATION,
  SIGNATURE_LIMITS,
  SIGNING_MESSAGES,
  structuredReference,
} from '../_shared/domain/index.ts';
import { json, preflight } from '../_shared/cors.ts';
import { DbError, download, rpc, SERVICE_ROLE_KEY, upload } from '../_shared/db.ts';
import { readBody } from '../_shared/bytes.ts';
import { frenchDate, htmlBody, sendMail } from '../_shared/mail.ts';
import { addEvidencePage } from './evidence.ts';

const MAX_BODY_BYTES = SIGNATURE_LIMITS.signatureMaxChars + 16 * 1024;
/** Per caller IP and minute: a token cannot be brute-forced anyway (2^256), this keeps the function cheap. */
const PER_MINUTE = 60;
const hits = new Map<string, { minute: number; count: number }>();

interface Decided {
  quote_id: string;
  user_id: string;
  decision: 'accepted' | 'refused';
  artisan_email: string | null;
  settings: unknown;
  number: string | null;
  client_name: string | null;
}

/** Tells the artisan (their account address) unless they switched it off; a failure never undoes the decision. */
async function notifyArtisan(
  d: Decided,
  signerName: string | null,
  reason: string | null,
  signedPdf?: Uint8Array,
  accepted?: AcceptedQuoteSummary,
) {
  if (!d.artisan_email || !resolveMailSettings(d.settings).notifyDecisions) return;
  const notice = decisionNotice({
    number: d.number ?? '',
    decision: d.decision,
    signerName,
    clientName: d.client_name,
    reason,
    date: frenchDate(new Date().toISOString()),
    ...(accepted ? { accepted } : {}),
  });
  try {
    await sendMail({
      to: d.artisan_email,
      subject: notice.subject,
      text: notice.body,
      html: htmlBody(notice.body, null),
      fromName: 'Atelier',
      attachments: signedPdf
        ? [{ filename: `devis-${d.number}-signe.pdf`, contentType: 'application/pdf', content: signedPdf }]
        : [],
    });
  } catch (error) {
    console.error('public-document: artisan not notified:', error);
  }
}

const M = {
  unknown: 'Ce lien n’est pas valide. Vérifiez qu’il est complet ou demandez un nouveau lien à votre artisan.',
  expired: 'Ce lien a expiré : le devis n’est plus valable. Demandez un nouveau devis à votre artisan.',
  revoked: 'Ce lien a été désactivé par l’artisan. Demandez-lui un nouveau lien.',
  badRequest: 'Requête invalide.',
  tooLarge: 'La signature est trop volumineuse : recommencez avec un tracé plus simple.',
  tooMany: 'Trop de demandes : patientez une minute.',
  notQuote: 'Ce lien ne permet pas de signer.',
  badOptions: 'Options invalides : rechargez la page.',
  server: 'Une erreur est survenue. Réessayez dans quelques instants.',
};

interface Opened {
  state: 'ok' | 'unknown' | 'expired' | 'revoked';
  purpose: 'sign_quote' | 'view_invoice';
  user_id: string;
  document_id: string;
  pdf_path: string;
  pdf_sha256: string;
  expires_at: string;
  document: Record<string, unknown> & { number: string; company?: Record<string, unknown> | null; lines?: unknown[] };
  decision: {
    decision: string;
    signer_name: string | null;
    decided_at: string;
    refusal_reason: string | null;
    accepted_options?: { index: number; name: string }[] | null;
  } | null;
}

/** The VAT context of the opened devis (its regime, its legacy single rate). */
function vatContext(d: Opened['document']): VatContext {
  const regime = d.vat_regime === 'franchise' ? 'franchise' : 'assujetti';
  return { regime, documentRate: Number(d.vat_rate ?? 20) };
}

function discountOf(d: Opened['document']): Discount | null {
  const raw = d.discount as { kind?: unknown; value?: unknown } | null | undefined;
  if (!raw || (raw.kind !== 'percent' && raw.kind !== 'amount') || typeof raw.value !== 'number') return null;
  return { kind: raw.kind, value: raw.value };
}

const COMPANY_FIELDS = ['name', 'address', 'phone', 'email', 'siret', 'tva', 'website'];

function publicCompany(company: Record<string, unknown> | null | undefined): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of COMPANY_FIELDS) if (typeof company?.[key] === 'string') out[key] = company[key];
  return out;
}

function needsCertification(lines: unknown[] | undefined): boolean {
  return (lines ?? []).some((l) => {
    const rate = Number((l as { vatRate?: unknown }).vatRate);
    return rate === 10 || rate === 5.5;
  });
}

function callerIp(req: Request): string {
  return (req.headers.get('x-forwarded-for') ?? '').split(',')[0]!.trim().slice(0, 100);
}

function limited(ip: string): boolean {
  const minute = Math.floor(Date.now() / 60_000);
  const entry = hits.get(ip);
  if (!entry || entry.minute !== minute) {
    if (hits.size > 10_000) hits.clear();
    hits.set(ip, { minute, count: 1 });
    return false;
  }
  entry.count += 1;
  return entry.count > PER_MINUTE;
}

async function open(token: string, markViewed = true): Promise<Opened | Response> {
  const opened = await rpc<Opened>(SERVICE_ROLE_KEY, 'open_document_link', {
    p_token: token,
    p_mark_viewed: markViewed,
  });
  if (opened.state !== 'ok')
    return json(opened.state === 'unknown' ? 404 : 410, { state: opened.state, error: M[opened.state] });
  return opened;
}

/** What the page shows: the document without ids, paths or the artisan's other data. */
function view(o: Opened): Record<string, unknown> {
  const d = o.document;
  const company = publicCompany(d.company);
  const base = {
    state: 'ok',
    purpose: o.purpose,
    expiresAt: o.expires_at,
    pdfSha256: o.pdf_sha256,
    company,
    clientName: d.client_name ?? null,
    number: d.number,
    projectTitle: d.project_title ?? null,
  };
  if (o.purpose === 'sign_quote') {
    // The lines as the PDF prints them (sections, comments, descriptions, remises, options), read by the domain.
    const lines = publicDevisLines(d.lines);
    const context = vatContext(d);
    const discount = discountOf(d);
    const rates = devisTotals(lines, discount, context).vat.map((v) => formatVatRate(v.rate));
    return {
      ...base,
      date: d.date,
      lines,
      discount,
      vatRegime: context.regime,
      documentRate: context.documentRate,
      options: o.decision ? [] : devisOptionChoices(lines, context),
      vatRates: [...new Set(rates)],
      totalHtCents: d.total_ht_cents,
      tvaCents: d.tva_cents,
      totalTtcCents: d.total_ttc_cents,
      certification: needsCertification(lines.map((l) => ({ vatRate: l.vatRate ?? context.documentRate })))
        ? REDUCED_RATE_CERTIFICATION
        : null,
      decision: o.decision
        ? {
            decision: o.decision.decision,
            signerName: o.decision.signer_name,
            decidedAt: o.decision.decided_at,
            refusalReason: o.decision.refusal_reason,
            acceptedOptions: (o.decision.accepted_options ?? []).map((a) => a.name),
          }
        : null,
    };
  }
  const payment = invoicePayment({
    totalTtcCents: Number(d.total_ttc_cents ?? 0),
    prepaidCents: Number(d.prepaid_cents ?? 0),
    retenueCents: Number(d.retenue_cents ?? 0),
    netDueCents: d.net_due_cents === null || d.net_due_cents === undefined ? null : Number(d.net_due_cents),
    isPaid: d.is_paid === true,
    cancelled: d.cancelled === true,
  });
  const rib = (d.company?.rib ?? null) as { iban?: unknown; bic?: unknown; bank?: unknown } | null;
  const reference = structuredReference(String(d.number));
  return {
    ...base,
    kind: d.kind,
    issueDate: d.issue_date,
    dueDate: d.due_date,
    totalHtCents: d.total_ht_cents,
    tvaCents: d.tva_cents,
    totalTtcCents: d.total_ttc_cents,
    netDueCents: d.net_due_cents,
    isPaid: d.is_paid,
    paymentDate: d.payment_date,
    cancelled: d.cancelled,
    payment,
    // The artisan's bank details only while something is due on this invoice, and only a valid IBAN.
    bank: payment.dueCents > 0 ? bankTransferDetails(rib, reference) : null,
    paymentReference: reference,
  };
}

async function handle(req: Request): Promise<Response> {
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return json(413, { error: M.tooLarge });
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return json(400, { error: M.badRequest });
  }
  if (!body || typeof body !== 'object' || typeof body.token !== 'string' || typeof body.action !== 'string') {
    return json(400, { error: M.badRequest });
  }
  const token = body.token;
  if (body.action === 'open') {
    const o = await open(token);
    return o instanceof Response ? o : json(200, view(o));
  }
  if (body.action === 'pdf') {
    const o = await open(token, false);
    if (o instanceof Response) return o;
    const bytes = await download(SERVICE_ROLE_KEY, o.pdf_path);
    if (!bytes) return json(404, { error: M.unknown });
    const prefix = o.purpose === 'sign_quote' ? 'devis' : 'facture';
    return new Response(new Uint8Array(bytes), {
      status: 200,
      headers: {
        'Access-Control-Allow-Origin': '*',
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${prefix}-${o.document.number.replace(/[^\w-]/g, '')}.pdf"`,
        'Cache-Control': 'no-store',
      },
    });
  }
  if (body.action !== 'accept' && body.action !== 'refuse') return json(400, { error: M.badRequest });
  const o = await open(token, false);
  if (o instanceof Response) return o;
  if (o.purpose !== 'sign_quote') return json(403, { error: M.notQuote });
  const ip = callerIp(req);
  const userAgent = (req.headers.get('user-agent') ?? '').slice(0, 500);
  if (body.action === 'refuse') {
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (reason.length > SIGNATURE_LIMITS.reasonMaxChars) return json(422, { error: SIGNING_MESSAGES.reasonTooLong });
    const refused = await rpc<Decided>(SERVICE_ROLE_KEY, 'decide_quote', {
      p_token: token,
      p_decision: 'refused',
      p_name: null,
      p_signature: null,
      p_pdf_sha256: o.pdf_sha256,
      p_ip: ip,
      p_user_agent: userAgent,
      p_reason: reason,
      p_options: [],
    });
    await notifyArtisan(refused, null, reason || null);
    return json(200, { decision: 'refused' });
  }
  const input = {
    name: typeof body.name === 'string' ? body.name : '',
    termsAccepted: body.terms === true,
    signature: typeof body.signature === 'string' ? body.signature : '',
  };
  const invalid = acceptanceError(input);
  if (invalid) return json(422, { error: invalid });
  // The options the client ticked: indexes of this devis' option choices only (checked again in decide_quote).
  const lines = publicDevisLines(o.document.lines);
  const chosen = body.options === undefined ? [] : body.options;
  if (!acceptedOptionsValid(lines, chosen)) return json(400, { error: M.badOptions });
  const context = vatContext(o.document);
  const choices = devisOptionChoices(lines, context);
  const optionTexts = chosen.map((i) => {
    const c = choices.find((choice) => choice.index === i)!;
    return `${c.name} — ${formatEuros(c.netHtCents)} HT`;
  });
  const original = await download(SERVICE_ROLE_KEY, o.pdf_path);
  if (!original) return json(404, { error: M.unknown });
  // The evidence page is built BEFORE the decision is stored: a signature pdf-lib cannot read is refused cleanly.
  const decidedAt = new Date().toISOString();
  let signed: Uint8Array;
  try {
    signed = await addEvidencePage(original, {
      number: o.document.number,
      companyName: String(o.document.company?.name ?? ''),
      signerName: input.name.trim(),
      decidedAt,
      ip,
      userAgent,
      pdfSha256: o.pdf_sha256,
      signaturePng: input.signature,
      certification: needsCertification(o.document.lines) ? REDUCED_RATE_CERTIFICATION : null,
      options: optionTexts,
    });
  } catch {
    return json(422, { error: SIGNING_MESSAGES.signatureInvalid });
  }
  const decided = await rpc<Decided>(SERVICE_ROLE_KEY, 'decide_quote', {
    p_token: token,
    p_decision: 'accepted',
    p_name: input.name.trim(),
    p_signature: input.signature,
    p_pdf_sha256: typeof body.pdfSha256 === 'string' ? body.pdfSha256 : '',
    p_ip: ip,
    p_user_agent: userAgent,
    p_reason: null,
    p_options: chosen,
  });
  const path = `${o.user_id}/devis-${o.document.number.replace(/[^\w-]/g, '')}-signe.pdf`;
  try {
    await upload(SERVICE_ROLE_KEY, path, signed);
    await rpc(SERVICE_ROLE_KEY, 'set_signed_quote_pdf', { p_quote_id: decided.quote_id, p_path: path });
  } catch (error) {
    console.error('public-document: signed PDF not archived:', error); // the decision itself is stored
  }
  // The options retained and the accepted total, computed by the domain as decide_quote stored them.
  const summary = acceptedQuoteSummary(lines, discountOf(o.document), context, chosen);
  await notifyArtisan(decided, input.name.trim(), null, signed, summary);
  return json(200, { decision: 'accepted', decidedAt });
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
  if (limited(callerIp(req) || 'unknown')) return json(429, { error: M.tooMany });
  try {
    return await handle(req);
  } catch (error) {
    if (error instanceof DbError && error.code === 'P0001') {
      const status = error.hint === 'link_invalid' ? 410 : error.hint === 'options_invalid' ? 400 : 409;
      return json(status, { error: error.message });
    }
    console.error('public-document failed:', error);
    return json(500, { error: M.server });
  }
});
