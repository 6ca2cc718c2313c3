// User-visible texts of « Envoyer » and of a document's sending / signing status on /clients (issue 26).
import type { QuoteSignStatus } from '@atelier/domain';

export const SEND_MESSAGES = {
  send: 'Envoyer',
  sending: 'Envoi…',
  sendTo: (email: string) => `Envoyer au client (${email})`,
  sent: (email: string) => `Envoyé à ${email}.`,
  queued: 'Hors ligne : l’envoi partira dès le retour du réseau.',
  queuedShort: 'Envoi en attente du réseau',
  failedSend: 'Le mail n’a pas pu partir. Réessayez plus tard.',
  sentOn: (date: string, email: string) => `Envoyé le ${date} à ${email}`,
  failedOn: (date: string) => `Échec de l’envoi le ${date}`,
  reminderOn: (step: number, date: string) => `Relance ${step} envoyée le ${date}`,
  status: 'Statut :',
  acceptedBy: (name: string, date: string) => `accepté par ${name} le ${date}`,
  acceptedOptions: (names: readonly string[]) => ` — options retenues : ${names.join(', ')}`,
  refusedOn: (date: string, reason: string | null) => `refusé le ${date}${reason ? ` : « ${reason} »` : ''}`,
  revoke: 'Désactiver le lien',
  revoked: 'Lien désactivé : le client ne peut plus l’ouvrir.',
  signedPdf: 'Devis signé (PDF)',
  pdfUnavailable: 'Le PDF du document n’a pas pu être produit.',
  acceptedNext: 'Suite du devis accepté',
  invoiceAccepted: 'Facturer',
} as const;

export const QUOTE_STATUS_LABELS: Record<QuoteSignStatus, string> = {
  brouillon: 'brouillon',
  envoyé: 'envoyé',
  vu: 'vu',
  accepté: 'accepté',
  refusé: 'refusé',
  expiré: 'expiré',
};
