// The online acceptance of a devis: its status for the artisan and what the client must give to accept.
import { QUOTE_SIGN_LINK_DAYS } from './links';

export const QUOTE_SIGN_STATUSES = ['brouillon', 'envoyé', 'vu', 'accepté', 'refusé', 'expiré'] as const;
export type QuoteSignStatus = (typeof QUOTE_SIGN_STATUSES)[number];

export interface QuoteSignFacts {
  quoteDate: string;
  sentAt?: string | null;
  viewedAt?: string | null;
  decision?: 'accepted' | 'refused' | null;
}

/** A devis is valid QUOTE_SIGN_LINK_DAYS days from its date (the PDF prints « Validité 30 jours »). */
export function quoteValidUntil(quoteDate: string): string {
  const t = Date.parse(quoteDate);
  return new Date(t + QUOTE_SIGN_LINK_DAYS * 86_400_000).toISOString();
}

export function quoteSignStatus(facts: QuoteSignFacts, now: Date): QuoteSignStatus {
  if (facts.decision === 'accepted') return 'accepté';
  if (facts.decision === 'refused') return 'refusé';
  if (Date.parse(quoteValidUntil(facts.quoteDate)) < now.getTime()) return 'expiré';
  if (facts.viewedAt) return 'vu';
  if (facts.sentAt) return 'envoyé';
  return 'brouillon';
}

export const SIGNATURE_LIMITS = {
  nameMaxChars: 120,
  reasonMaxChars: 1000,
  /** A PNG data URL of the drawn signature. */
  signatureMaxChars: 300_000,
} as const;

export const SIGNING_MESSAGES = {
  nameRequired: 'Saisissez votre nom et prénom.',
  nameTooLong: `Le nom ne peut pas dépasser ${SIGNATURE_LIMITS.nameMaxChars} caractères.`,
  termsRequired: 'Cochez la case pour accepter le devis et ses conditions.',
  signatureRequired: 'Signez dans le cadre avant de valider.',
  signatureInvalid: 'La signature n’a pas pu être lue : recommencez.',
  reasonTooLong: `Le motif ne peut pas dépasser ${SIGNATURE_LIMITS.reasonMaxChars} caractères.`,
} as const;

export interface AcceptanceInput {
  name: string;
  termsAccepted: boolean;
  signature: string;
}

/** French reason an acceptance is refused, or null when it is complete. */
export function acceptanceError(input: AcceptanceInput): string | null {
  const name = input.name.trim();
  if (!name) return SIGNING_MESSAGES.nameRequired;
  if (name.length > SIGNATURE_LIMITS.nameMaxChars) return SIGNING_MESSAGES.nameTooLong;
  if (!input.termsAccepted) return SIGNING_MESSAGES.termsRequired;
  if (!input.signature) return SIGNING_MESSAGES.signatureRequired;
  if (
    input.signature.length > SIGNATURE_LIMITS.signatureMaxChars ||
    !/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/.test(input.signature)
  ) {
    return SIGNING_MESSAGES.signatureInvalid;
  }
  return null;
}
