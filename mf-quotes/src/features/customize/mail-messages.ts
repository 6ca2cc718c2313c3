// Texts of the « Mails et relances » panel of /customize (issue 26).
import type { MailKind } from '@atelier/domain';

export const MAIL_SETTINGS_MESSAGES = {
  title: 'Mails et relances',
  intro:
    'Le texte des mails envoyés avec « Envoyer » et des relances automatiques. Champs disponibles : {client}, ' +
    '{numero}, {montant}, {echeance}, {lien}, {entreprise}.',
  kind: 'Modèle',
  subject: 'Objet',
  body: 'Texte',
  preview: 'Aperçu',
  reset: 'Rétablir le texte par défaut',
  remindersTitle: 'Relances des factures impayées',
  remindersEnabled: 'Envoyer les relances automatiquement',
  reminderDay: (step: number) => `Relance ${step} : jours après l’échéance`,
  notifyDecisions: 'Me prévenir par mail quand un client accepte ou refuse un devis en ligne',
  save: 'Enregistrer les mails',
  saved: 'Mails et relances enregistrés.',
  loadError: 'Vos modèles de mails n’ont pas pu être chargés : vérifiez votre connexion.',
  saveError: 'Les mails n’ont pas pu être enregistrés : vérifiez votre connexion puis réessayez.',
  kinds: {
    devis: 'Envoi d’un devis',
    facture: 'Envoi d’une facture',
    acompte: 'Envoi d’une facture d’acompte',
    situation: 'Envoi d’une facture de situation',
    avoir: 'Envoi d’un avoir',
    relance1: 'Relance 1 (courtoise)',
    relance2: 'Relance 2 (ferme)',
    relance3: 'Relance 3 (pénalités et indemnité de 40 €)',
  } satisfies Record<MailKind, string>,
} as const;

/** Sample values of the preview. */
export const SAMPLE_MAIL_VALUES = {
  client: 'Mme Durand',
  numero: 'DE0042',
  montant: '1 250,00 €',
  echeance: '15/01/2027',
  lien: 'https://app.atelier.fr/signer/…',
  entreprise: 'Votre entreprise',
};
