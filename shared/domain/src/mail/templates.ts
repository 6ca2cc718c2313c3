// The mails a user sends from the app (devis, factures, avoirs, relances): French templates with placeholders,
// the user's own versions kept in user_settings 'mailSettings', the bounds the server enforces. Pure: used by the
// /customize editor (preview), the send-document and send-reminders Edge Functions and their tests.
import { z } from 'zod/mini';

import type { AcceptedQuoteSummary } from '../invoicing/devis-options';
import { lazySchema } from '../lazy-schema';
import { formatEuros } from '../money';

export const MAIL_KINDS = [
  'devis',
  'facture',
  'acompte',
  'situation',
  'avoir',
  'relance1',
  'relance2',
  'relance3',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_PLACEHOLDERS = ['client', 'numero', 'montant', 'echeance', 'lien', 'entreprise'] as const;
export type MailPlaceholder = (typeof MAIL_PLACEHOLDERS)[number];
export type MailValues = Record<MailPlaceholder, string>;

/** Bounds of one user's sending (checked again in SQL for the daily count). */
export const MAIL_LIMITS = {
  /** Mails (documents and reminders) one user may send per day (UTC). */
  dailySends: 50,
  subjectMaxChars: 200,
  bodyMaxChars: 5000,
  /** A PDF attached to a mail (the archived Factur-X or a devis rendered in the browser). */
  attachmentMaxBytes: 5 * 1024 * 1024,
} as const;

export interface MailTemplate {
  subject: string;
  body: string;
}

const SIGN = '\n\nCordialement,\n{entreprise}';

export const DEFAULT_MAIL_TEMPLATES: Record<MailKind, MailTemplate> = {
  devis: {
    subject: 'Devis {numero} — {entreprise}',
    body:
      'Bonjour {client},\n\nVeuillez trouver ci-joint notre devis {numero} d’un montant de {montant} TTC.\n' +
      'Vous pouvez le consulter, l’accepter et le signer en ligne : {lien}' +
      SIGN,
  },
  facture: {
    subject: 'Facture {numero} — {entreprise}',
    body:
      'Bonjour {client},\n\nVeuillez trouver ci-joint notre facture {numero} d’un montant de {montant} TTC, ' +
      'à régler au plus tard le {echeance}.\nVous pouvez aussi la consulter et la télécharger ici : {lien}' +
      SIGN,
  },
  acompte: {
    subject: 'Facture d’acompte {numero} — {entreprise}',
    body:
      'Bonjour {client},\n\nVeuillez trouver ci-joint notre facture d’acompte {numero} d’un montant de {montant} ' +
      'TTC, à régler au plus tard le {echeance}.\nConsultation en ligne : {lien}' +
      SIGN,
  },
  situation: {
    subject: 'Facture de situation {numero} — {entreprise}',
    body:
      'Bonjour {client},\n\nVeuillez trouver ci-joint notre facture de situation {numero} d’un montant de ' +
      '{montant} TTC, à régler au plus tard le {echeance}.\nConsultation en ligne : {lien}' +
      SIGN,
  },
  avoir: {
    subject: 'Avoir {numero} — {entreprise}',
    body: 'Bonjour {client},\n\nVeuillez trouver ci-joint notre avoir {numero} d’un montant de {montant} TTC.' + SIGN,
  },
  relance1: {
    subject: 'Rappel : facture {numero}',
    body:
      'Bonjour {client},\n\nSauf erreur de notre part, la facture {numero} d’un montant de {montant} TTC, ' +
      'arrivée à échéance le {echeance}, n’a pas encore été réglée. Il s’agit peut-être d’un simple oubli : ' +
      'vous la retrouverez ci-jointe et en ligne : {lien}\nSi le paiement est en cours, merci de ne pas tenir ' +
      'compte de ce message.' +
      SIGN,
  },
  relance2: {
    subject: 'Relance : facture {numero} impayée',
    body:
      'Bonjour {client},\n\nMalgré notre précédent rappel, la facture {numero} d’un montant de {montant} TTC, ' +
      'échue le {echeance}, reste impayée. Nous vous remercions de procéder à son règlement dans les plus brefs ' +
      'délais : {lien}' +
      SIGN,
  },
  relance3: {
    subject: 'Dernière relance avant mise en demeure : facture {numero}',
    body:
      'Bonjour {client},\n\nLa facture {numero} d’un montant de {montant} TTC, échue le {echeance}, reste ' +
      'impayée malgré nos relances. Conformément à l’article L441-10 du Code de commerce, des pénalités de retard ' +
      'égales à trois fois le taux d’intérêt légal sont exigibles depuis l’échéance, ainsi que, pour un client ' +
      'professionnel, l’indemnité forfaitaire pour frais de recouvrement de 40 € (article D441-5). Sans règlement ' +
      'de votre part, nous engagerons les démarches de recouvrement.\nFacture en ligne : {lien}' +
      SIGN,
  },
};

/** Reminder steps: days after the due date (J+7 courteous, J+15 firm, J+30 with the penalties and 40 €). */
export const DEFAULT_REMINDER_DAYS = [7, 15, 30] as const;

/** user_settings 'mailSettings': only what the user changed; the rest takes the defaults. Made on first use. */
export const mailSettingsSchema = lazySchema(() => {
  const template = z.object({
    subject: z.string().check(z.maxLength(MAIL_LIMITS.subjectMaxChars)),
    body: z.string().check(z.maxLength(MAIL_LIMITS.bodyMaxChars)),
  });
  return z.object({
    templates: z.optional(z.partialRecord(z.enum(MAIL_KINDS), template)),
    reminders: z.optional(
      z.object({
        enabled: z.boolean(),
        days: z.tuple([z.int(), z.int(), z.int()]),
      }),
    ),
    /** Mail the artisan when a client accepts or refuses a devis online (default: yes). */
    notifyDecisions: z.optional(z.boolean()),
  });
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;

export const MAIL_MESSAGES = {
  subjectTooLong: `L’objet du mail dépasse ${MAIL_LIMITS.subjectMaxChars} caractères.`,
  bodyTooLong: `Le texte du mail dépasse ${MAIL_LIMITS.bodyMaxChars} caractères.`,
  subjectEmpty: 'L’objet du mail est vide.',
  subjectNewline: 'L’objet du mail tient sur une ligne.',
  unknownPlaceholder: (name: string) =>
    `Le champ {${name}} n’existe pas : utilisez {client}, {numero}, {montant}, {echeance}, {lien} ou {entreprise}.`,
  reminderDays: 'Les relances sont à envoyer à des jours croissants, entre 1 et 365 jours après l’échéance.',
} as const;

/** The settings the server uses: the stored value when it is valid, else the defaults (never a crash). */
export function resolveMailSettings(stored: unknown): {
  templates: Record<MailKind, MailTemplate>;
  reminders: { enabled: boolean; days: [number, number, number] };
  notifyDecisions: boolean;
} {
  const parsed = mailSettingsSchema.safeParse(stored ?? {});
  const value = parsed.success ? parsed.data : {};
  const templates = { ...DEFAULT_MAIL_TEMPLATES };
  for (const kind of MAIL_KINDS) {
    const own = value.templates?.[kind];
    if (own && !templateError(own)) templates[kind] = own;
  }
  const days = value.reminders?.days;
  return {
    templates,
    reminders: {
      enabled: value.reminders?.enabled ?? true,
      days: days && !reminderDaysError(days) ? days : [...DEFAULT_REMINDER_DAYS],
    },
    notifyDecisions: value.notifyDecisions ?? true,
  };
}

/** The options retained (one per line, with its amount HT) and the accepted total, for the artisan's notice. */
function acceptedLines(a: AcceptedQuoteSummary): string {
  const options =
    a.options.length === 0
      ? 'Options retenues : aucune.\n'
      : 'Options retenues :\n' +
        a.options.map((o) => `- ${o.name.replace(/[\r\n]+/g, ' ')} : ${formatEuros(o.netHtCents)} HT\n`).join('');
  return `${options}Total accepté : ${formatEuros(a.netHtCents)} HT, soit ${formatEuros(a.ttcCents)} TTC.\n`;
}

/** The mail telling the artisan a client answered a devis online. */
export function decisionNotice(input: {
  number: string;
  decision: 'accepted' | 'refused';
  signerName: string | null;
  clientName: string | null;
  reason: string | null;
  date: string;
  /** For an acceptance: the options the client retained and the devis' totals with them (acceptedQuoteSummary). */
  accepted?: AcceptedQuoteSummary;
}): MailTemplate {
  const who = input.signerName || input.clientName || 'Votre client';
  return input.decision === 'accepted'
    ? {
        subject: `Devis ${input.number} accepté par ${who}`
          .replace(/[\r\n]+/g, ' ')
          .slice(0, MAIL_LIMITS.subjectMaxChars),
        body:
          `Bonne nouvelle : ${who} a accepté et signé en ligne le devis ${input.number} le ${input.date}.\n` +
          (input.accepted ? acceptedLines(input.accepted) : '') +
          'Le devis signé, avec sa page de preuve (nom, date, adresse IP, empreinte du PDF, signature), est joint ' +
          'et archivé dans Atelier (page Clients).',
      }
    : {
        subject: `Devis ${input.number} refusé`,
        body:
          `${who} a refusé le devis ${input.number} le ${input.date}.` +
          (input.reason ? `\nMotif indiqué : « ${input.reason} »` : ''),
      };
}

/** French reason a template cannot be saved, or null. */
export function templateError(t: MailTemplate): string | null {
  if (!t.subject.trim()) return MAIL_MESSAGES.subjectEmpty;
  if (/[\r\n]/.test(t.subject)) return MAIL_MESSAGES.subjectNewline;
  if (t.subject.length > MAIL_LIMITS.subjectMaxChars) return MAIL_MESSAGES.subjectTooLong;
  if (t.body.length > MAIL_LIMITS.bodyMaxChars) return MAIL_MESSAGES.bodyTooLong;
  for (const match of `${t.subject} ${t.body}`.matchAll(/\{([^{}\s]{1,30})\}/g)) {
    if (!(MAIL_PLACEHOLDERS as readonly string[]).includes(match[1]!))
      return MAIL_MESSAGES.unknownPlaceholder(match[1]!);
  }
  return null;
}

export function reminderDaysError(days: readonly number[]): string | null {
  const ok =
    days.length === 3 &&
    days.every((d) => Number.isInteger(d) && d >= 1 && d <= 365) &&
    days[0]! < days[1]! &&
    days[1]! < days[2]!;
  return ok ? null : MAIL_MESSAGES.reminderDays;
}

/** Fills the placeholders; a value never adds a line break to the subject (no header injection). */
export function renderMail(t: MailTemplate, values: MailValues): MailTemplate {
  const fill = (text: string, oneLine: boolean) =>
    text.replace(/\{(client|numero|montant|echeance|lien|entreprise)\}/g, (_, name: MailPlaceholder) => {
      const value = values[name] ?? '';
      return oneLine ? value.replace(/[\r\n]+/g, ' ') : value;
    });
  return {
    subject: fill(t.subject, true).slice(0, MAIL_LIMITS.subjectMaxChars),
    body: fill(t.body, false).slice(0, MAIL_LIMITS.bodyMaxChars + 2000),
  };
}

/** Which template a document takes. */
export function mailKindOf(table: 'quotes' | 'invoices' | 'credit_notes', invoiceKind?: string | null): MailKind {
  if (table === 'quotes') return 'devis';
  if (table === 'credit_notes') return 'avoir';
  return invoiceKind === 'deposit' ? 'acompte' : invoiceKind === 'situation' ? 'situation' : 'facture';
}
