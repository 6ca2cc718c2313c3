// Outgoing auth mail. With SMTP_URL (smtp://user:pass@host:port or smtps://…) mail goes out through nodemailer;
// without it, it is delivered to the local mailbox: an in-memory list served as a small page under a secret
// path (`/mailbox/<token>/`) that `npm start` prints, like Supabase's local mail catcher (Inbucket/Mailpit).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface StoredMail extends Mail {
  id: string;
  from: string;
  sentAt: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Present for the local mailbox only. */
  mailbox?: LocalMailbox;
}

export const MAIL_FROM = process.env.SMTP_FROM || 'Atelier <no-reply@atelier.local>';

export class LocalMailbox implements Mailer {
  readonly messages: StoredMail[] = [];
  readonly mailbox = this;

  constructor(private readonly capacity = 500) {}

  async send(mail: Mail): Promise<void> {
    this.messages.unshift({ ...mail, id: randomUUID(), from: MAIL_FROM, sentAt: new Date().toISOString() });
    this.messages.length = Math.min(this.messages.length, this.capacity);
  }

  /** Serves `/messages` (JSON), `/` (list page) and `/m/<id>` (one message) below the mailbox's secret path. */
  handle(req: IncomingMessage, res: ServerResponse, sub: string): void {
    const headers = {
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    };
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
            `<p>De : ${escape(mail.from)}<br>À : ${escape(mail.to)}<br>${escape(mail.sentAt)}</p><hr>${mail.html}`,
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
    await (await this.transport).sendMail({ from: MAIL_FROM, ...mail });
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
