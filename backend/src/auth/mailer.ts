// Outgoing auth mail. With SMTP_URL (smtp://user:pass@host:port or smtps://…) mail goes out through nodemailer;
// without it, it is delivered to the local mailbox: an in-memory list served as a small page under a secret
// path (`/mailbox/<token>/`) that `npm start` prints, like Supabase's local mail catcher (Inbucket/Mailpit).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Documents sent by a user (issue 26): their company as sender name, their address as reply-to, the PDF. */
  fromName?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface StoredMail extends Omit<Mail, 'attachments'> {
  id: string;
  from: string;
  sentAt: string;
  /** Listed in /messages; each one's bytes at /m/<id>/attachments/<index>. */
  attachments: Array<{ filename: string; contentType: string; size: number }>;
}

/** What POST <mailbox>/deliver accepts (the send-document / send-reminders functions without SMTP_URL). */
const MAX_DELIVERY_BYTES = 12 * 1024 * 1024;

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Present for the local mailbox only. */
  mailbox?: LocalMailbox;
}

export const MAIL_FROM = process.env.SMTP_FROM || 'Atelier <no-reply@atelier.local>';

export class LocalMailbox implements Mailer {
  readonly messages: StoredMail[] = [];
  readonly mailbox = this;
  private readonly files = new Map<string, Buffer[]>();

  constructor(private readonly capacity = 500) {}

  async send(mail: Mail): Promise<void> {
    const { attachments = [], ...rest } = mail;
    const id = randomUUID();
    const address = /<([^>]+)>/.exec(MAIL_FROM)?.[1] ?? MAIL_FROM;
    const from = mail.fromName ? `${mail.fromName.replace(/[<>"\r\n]/g, '')} <${address}>` : MAIL_FROM;
    this.messages.unshift({
      ...rest,
      id,
      from,
      sentAt: new Date().toISOString(),
      attachments: attachments.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        size: a.content.length,
      })),
    });
    if (attachments.length)
      this.files.set(
        id,
        attachments.map((a) => a.content),
      );
    for (const dropped of this.messages.splice(this.capacity)) this.files.delete(dropped.id);
  }

  /** POST /deliver: a mail built by an Edge Function, attachments in base64 (the secret path is the credential). */
  private deliver(req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): void {
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DELIVERY_BYTES && !refused) {
        refused = true;
        answer(413, { error: 'too large' });
        req.destroy();
      } else if (!refused) chunks.push(chunk);
    });
    req.on('end', () => {
      if (refused) return;
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
        const list = Array.isArray(body.attachments) ? (body.attachments as Array<Record<string, unknown>>) : [];
        if (!text('to') || !text('subject')) return answer(400, { error: 'to and subject required' });
        void this.send({
          to: text('to'),
          subject: text('subject'),
          text: text('text'),
          html: text('html'),
          ...(text('fromName') ? { fromName: text('fromName') } : {}),
          ...(text('replyTo') ? { replyTo: text('replyTo') } : {}),
          attachments: list.slice(0, 5).map((a) => ({
            filename: String(a.filename ?? 'document.pdf'),
            contentType: String(a.contentType ?? 'application/octet-stream'),
            content: Buffer.from(String(a.base64 ?? ''), 'base64'),
          })),
        }).then(() => answer(200, { id: this.messages[0]?.id }));
      } catch {
        answer(400, { error: 'invalid JSON' });
      }
    });
  }

  /** Serves `/messages` (JSON), `/` (list page) and `/m/<id>` (one message) below the mailbox's secret path. */
  handle(req: IncomingMessage, res: ServerResponse, sub: string): void {
    const headers = {
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    };
    if (sub === '/deliver' && req.method === 'POST') return this.deliver(req, res, headers);
    const file = /^\/m\/([0-9a-f-]{36})\/attachments\/(\d+)$/.exec(sub);
    if (file) {
      const mail = this.messages.find((m) => m.id === file[1]);
      const bytes = this.files.get(file[1]!)?.[Number(file[2])];
      const meta = mail?.attachments[Number(file[2])];
      if (!bytes || !meta) {
        res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
        res.end('Pièce jointe introuvable');
        return;
      }
      res.writeHead(200, {
        ...headers,
        'content-type': meta.contentType,
        'content-disposition': `attachment; filename="${meta.filename.replace(/[^\w.-]/g, '_')}"`,
      });
      res.end(bytes);
      return;
    }
    if (sub === '/messages') {
      res.writeHead(200, { ...headers, 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(this.messages));
      return;
    }
    const one = /^\/m\/([0-9a-f-]{36})$/.exec(sub);
    if (one) {
      const mail = this.messages.find((m) => m.id === one[1]);
      if (!mail) {
        res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
        res.end('Message introuvable');
        return;
      }
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      res.end(
        page(
          mail.subject,
          `<p><a href="./..">← Boîte de réception</a></p><h1>${escape(mail.subject)}</h1>` +
            `<p>De : ${escape(mail.from)}<br>À : ${escape(mail.to)}<br>` +
            (mail.replyTo ? `Répondre à : ${escape(mail.replyTo)}<br>` : '') +
            `${escape(mail.sentAt)}</p>` +
            mail.attachments
              .map((a, i) => `<p>📎 <a href="${mail.id}/attachments/${i}">${escape(a.filename)}</a> (${a.size} o)</p>`)
              .join('') +
            `<hr>${mail.html}`,
        ),
      );
      return;
    }
    if (sub === '/' || sub === '') {
      const rows = this.messages
        .map(
          (m) =>
            `<li><a href="m/${m.id}">${escape(m.subject)}</a> — ${escape(m.to)} <small>${escape(m.sentAt)}</small></li>`,
        )
        .join('');
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      res.end(
        page(
          'Boîte mail locale',
          `<h1>Boîte mail locale</h1><p>Messages envoyés par le backend (aucun serveur SMTP configuré).</p>` +
            (rows ? `<ul>${rows}</ul>` : '<p>Aucun message.</p>'),
        ),
      );
      return;
    }
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  }
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escape(title)}</title></head><body>${body}</body></html>`;
}

export function escape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

export class SmtpMailer implements Mailer {
  private transport: Promise<{ sendMail(options: Record<string, unknown>): Promise<unknown> }>;

  constructor(url: string) {
    const moduleName = 'nodemailer'; // untyped: loaded only when SMTP_URL is set
    this.transport = import(moduleName).then(
      (mod: { default?: { createTransport(url: string): never }; createTransport?(url: string): never }) =>
        (mod.default ?? mod).createTransport!(url),
    );
  }

  async send(mail: Mail): Promise<void> {
    const { fromName, ...rest } = mail;
    const address = /<([^>]+)>/.exec(MAIL_FROM)?.[1] ?? MAIL_FROM;
    await (await this.transport).sendMail({ from: fromName ? { name: fromName, address } : MAIL_FROM, ...rest });
  }
}

export function createMailer(smtpUrl: string | undefined): Mailer {
  return smtpUrl ? new SmtpMailer(smtpUrl) : new LocalMailbox();
}

// ── templates (GoTrue's defaults, in French) ─────────────────────────────────────────────────────────────────

export function authMail(
  kind: 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication',
  to: string,
  link: string | undefined,
  otp: string,
): Mail {
  const texts = {
    signup: ['Confirmez votre inscription', 'Cliquez sur ce lien pour confirmer votre adresse email :'],
    recovery: ['Réinitialisez votre mot de passe', 'Cliquez sur ce lien pour choisir un nouveau mot de passe :'],
    magiclink: ['Votre lien de connexion', 'Cliquez sur ce lien pour vous connecter :'],
    email_change: ['Confirmez votre nouvelle adresse email', 'Cliquez sur ce lien pour confirmer cette adresse :'],
    reauthentication: ['Confirmez votre identité', 'Saisissez ce code pour confirmer votre identité :'],
  } as const;
  const [subject, intro] = texts[kind];
  const text = `${intro}\n${link ?? ''}\n\nOu saisissez ce code : ${otp}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez cet email.`;
  const html =
    `<h2>${escape(subject)}</h2><p>${escape(intro)}</p>` +
    (link ? `<p><a href="${escape(link)}">${escape(subject)}</a></p>` : '') +
    `<p>Code : <strong>${escape(otp)}</strong></p>` +
    `<p>Si vous n'êtes pas à l'origine de cette demande, ignorez cet email.</p>`;
  return { to, subject, text, html };
}
