// Outgoing mail of the Edge Functions (documents and reminders, issue 26): through SMTP_URL with nodemailer when
// set (hosted: a function secret), else into the local backend's mailbox (ATELIER_LOCAL_MAILBOX_URL, set by
// backend/ only when it has no SMTP). From: SMTP_FROM's address with the artisan's company as display name;
// Reply-To: the artisan, so the client's answer reaches them and never us.
import { Buffer } from 'node:buffer';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  fromName?: string;
  replyTo?: string;
  attachments?: Array<{ filename: string; contentType: string; content: Uint8Array }>;
}

const SMTP_URL = Deno.env.get('SMTP_URL') ?? '';
const SMTP_FROM = Deno.env.get('SMTP_FROM') || 'Atelier <no-reply@atelier.local>';
const LOCAL_MAILBOX = Deno.env.get('ATELIER_LOCAL_MAILBOX_URL') ?? '';

export function mailConfigured(): boolean {
  return !!(SMTP_URL || LOCAL_MAILBOX);
}

/** A display name safe in a From header. */
function displayName(name: string | undefined): string | undefined {
  const clean = (name ?? '')
    .replace(/[\r\n<>"\\]/g, ' ')
    .trim()
    .slice(0, 100);
  return clean || undefined;
}

function fromAddress(): string {
  return /<([^>]+)>/.exec(SMTP_FROM)?.[1] ?? SMTP_FROM;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const name = displayName(mail.fromName);
  if (SMTP_URL) {
    const nodemailer = (await import('npm:nodemailer@7.0.9')).default as {
      createTransport(url: string): { sendMail(options: Record<string, unknown>): Promise<unknown> };
    };
    await nodemailer.createTransport(SMTP_URL).sendMail({
      from: name ? { name, address: fromAddress() } : SMTP_FROM,
      to: mail.to,
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.content),
      })),
    });
    return;
  }
  if (!LOCAL_MAILBOX) throw new Error('mail not configured (SMTP_URL)');
  const res = await fetch(`${LOCAL_MAILBOX}/deliver`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      fromName: name,
      replyTo: mail.replyTo,
      attachments: (mail.attachments ?? []).map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        base64: Buffer.from(a.content).toString('base64'),
      })),
    }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`local mailbox ${res.status}: ${text.slice(0, 200)}`);
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** The HTML part of a plain-text body: escaped, line breaks kept, the public link made clickable. */
export function htmlBody(text: string, link: string | null): string {
  let html = escapeHtml(text).replace(/\r?\n/g, '<br>');
  if (link) {
    const safe = escapeHtml(link);
    html = html.split(safe).join(`<a href="${safe}">${safe}</a>`);
  }
  return `<div style="font-family:sans-serif;font-size:14px;line-height:1.5">${html}</div>`;
}

export function frenchDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const d = new Date(iso.length <= 10 ? `${iso}T12:00:00Z` : iso);
  if (Number.isNaN(d.getTime())) return '';
  return d.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
}
