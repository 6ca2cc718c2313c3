// Texts of « Envoyer par email » on the home page (issue 26): the devis leaves from the server with its PDF, as
// on /clients; offline it waits in the send queue.
export const SEND_DEVIS_MESSAGES = {
  send: 'Envoyer par email',
  sending: 'Envoi en cours…',
  waiting: 'Envoi en attente du réseau',
  recipient: (email: string) => `Le devis et son PDF partiront à ${email}, qui pourra le signer en ligne.`,
  sent: (number: string, email: string) => `Devis ${number} envoyé à ${email} avec son PDF.`,
  queued: (number: string) => `Hors ligne : le devis ${number} partira par email dès le retour du réseau.`,
  signedOut: 'Connectez-vous pour envoyer le devis par email.',
  pdfFirst: "Veuillez d'abord générer le PDF.",
} as const;
