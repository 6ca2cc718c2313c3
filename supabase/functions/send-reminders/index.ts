// Late-payment reminders (issue 26 item 3). Called by a scheduler with the SERVICE ROLE only: the local backend's
// (backend/src/reminders/scheduler.ts), or pg_cron + pg_net / a scheduled function on hosted Supabase
// (docs/decisions/0070-send-sign-remind.md). POST { today?: 'YYYY-MM-DD' } (the clock, for tests; default now).
// For every late, unpaid, not cancelled invoice: the step due by the user's schedule (@atelier/domain
// reminderStepDue), claimed with its send record in ONE transaction (claim_reminder: unique (invoice, step)), so
// overlapping runs and restarts never send a step twice, and a payment recorded meanwhile stops it.
import {
  formatEuros,
  publicDocumentPath,
  reminderKind,
  reminderStepDue,
  renderMail,
  resolveMailSettings,
} from '../_shared/domain/index.ts';
import { json, preflight } from '../_shared/cors.ts';
import { download, rpc, SERVICE_ROLE_KEY } from '../_shared/db.ts';
import { readBody, sha256Hex } from '../_shared/bytes.ts';
import { frenchDate, htmlBody, sendMail } from '../_shared/mail.ts';

const SITE_URL = (Deno.env.get('SITE_URL') ?? '').replace(/\/+$/, '');

const RUN_BUDGET_MS = 20_000;

interface Candidate {
  id: string;
  user_id: string;
  number: string;
  due_date: string;
  net_due_cents: number;
  pdf_path: string | null;
  company: Record<string, unknown> | null;
  client_name: string;
  client_email: string;
  settings: unknown;
  steps: number[];
}

async function run(today: string): Promise<{ sent: number; failed: number; considered: number }> {
  const candidates = await rpc<Candidate[]>(SERVICE_ROLE_KEY, 'reminder_candidates', { p_today: today });
  let sent = 0;
  let failed = 0;
  // One run stays short (the scheduler calls again): what is left is taken by the next run.
  const deadline = Date.now() + RUN_BUDGET_MS;
  for (const c of candidates) {
    if (Date.now() > deadline) break;
    const settings = resolveMailSettings(c.settings);
    if (!settings.reminders.enabled) continue;
    const step = reminderStepDue(
      { dueDate: c.due_date, isPaid: false, cancelled: false },
      today,
      settings.reminders.days,
      c.steps,
    );
    if (!step) continue;
    const sendId = await rpc<string | null>(SERVICE_ROLE_KEY, 'claim_reminder', { p_invoice_id: c.id, p_step: step });
    if (!sendId) continue; // taken by another run, paid meanwhile, or over the daily limit
    try {
      const pdf = c.pdf_path ? await download(SERVICE_ROLE_KEY, c.pdf_path) : null;
      let link = '';
      if (pdf && c.pdf_path) {
        const made = await rpc<{ token: string }>(SERVICE_ROLE_KEY, 'create_document_link', {
          p_table: 'invoices',
          p_id: c.id,
          p_pdf_path: c.pdf_path,
          p_pdf_sha256: await sha256Hex(pdf),
          p_user: c.user_id,
        });
        link = `${SITE_URL}${publicDocumentPath('view_invoice', made.token)}`;
      }
      const companyName = String(c.company?.name ?? '').trim() || 'Atelier';
      const mail = renderMail(settings.templates[reminderKind(step)], {
        client: c.client_name,
        numero: c.number,
        montant: formatEuros(Number(c.net_due_cents)),
        echeance: frenchDate(c.due_date),
        lien: link,
        entreprise: companyName,
      });
      await sendMail({
        to: c.client_email,
        subject: mail.subject,
        text: mail.body,
        html: htmlBody(mail.body, link || null),
        fromName: companyName,
        replyTo: String(c.company?.email ?? '').trim() || undefined,
        attachments: pdf ? [{ filename: `facture-${c.number}.pdf`, contentType: 'application/pdf', content: pdf }] : [],
      });
      await rpc(SERVICE_ROLE_KEY, 'finish_document_send', { p_send_id: sendId, p_ok: true });
      sent += 1;
    } catch (error) {
      failed += 1;
      console.error('reminder failed:', error);
      await rpc(SERVICE_ROLE_KEY, 'finish_document_send', {
        p_send_id: sendId,
        p_ok: false,
        p_error: error instanceof Error ? error.message.slice(0, 300) : 'échec',
      }).catch(() => undefined);
    }
  }
  return { sent, failed, considered: candidates.length };
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  const token = (req.headers.get('Authorization') ?? '').replace(/^Bearer\s+/i, '').trim();
  if (!SERVICE_ROLE_KEY || token !== SERVICE_ROLE_KEY) return json(401, { error: 'Service role required' });
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
  const text = await readBody(req, 1024);
  if (text === null) return json(413, { error: 'Request body too large' });
  let today = new Date().toISOString().slice(0, 10);
  try {
    const body = text ? (JSON.parse(text) as { today?: unknown }) : {};
    if (typeof body.today === 'string') {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(body.today)) return json(400, { error: 'today: YYYY-MM-DD' });
      today = body.today;
    }
  } catch {
    return json(400, { error: 'invalid JSON' });
  }
  try {
    return json(200, await run(today));
  } catch (error) {
    console.error('send-reminders failed:', error);
    return json(500, { error: 'reminders failed' });
  }
});
