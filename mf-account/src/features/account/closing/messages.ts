// « Télécharger toutes mes données » and « Supprimer mon compte » on /account (issue 25 §4).
export const CLOSING_MESSAGES = {
  dataTitle: 'Mes données',
  dataIntro:
    'Téléchargez une archive ZIP de tout ce que vous avez dans Atelier : factures et avoirs en PDF Factur-X tels qu’archivés, devis, factures reçues, fichiers CSV de vos clients et documents, catalogue et paramètres.',
  download: 'Télécharger toutes mes données',
  downloading: 'Préparation de l’archive…',
  downloaded: (file: string) => `${file} téléchargé.`,
  tooMany: 'Trop d’exports demandés : réessayez dans quelques minutes.',
  downloadFailed: 'L’export n’a pas pu être préparé (connexion au serveur impossible). Réessayez plus tard.',
  sessionExpired: 'Session expirée : reconnectez-vous.',
  deleteIntro: 'La suppression de votre compte est définitive : toutes vos données sont effacées.',
  open: 'Supprimer mon compte',
  dialogTitle: 'Supprimer mon compte',
  exportFirst:
    'Téléchargez d’abord toutes vos données : après la suppression, plus rien ne pourra être récupéré, ni par vous ni par nous.',
  whatIsDeleted:
    'Seront supprimés : votre compte, vos clients, devis, factures, avoirs, factures reçues, fichiers archivés, catalogue et paramètres. Un abonnement payant est résilié immédiatement. Vous serez déconnecté de tous vos appareils.',
  retention:
    'Les factures que vous avez émises doivent être conservées 10 ans (article L123-22 du Code de commerce) : c’est à vous de garder l’archive téléchargée.',
  confirmLabel: 'Pour confirmer, saisissez l’adresse e-mail de votre compte',
  confirm: 'Supprimer définitivement',
  deleting: 'Suppression en cours…',
  cancel: 'Annuler',
  mismatch: 'L’adresse e-mail saisie ne correspond pas à celle de votre compte.',
  failed: 'La suppression a échoué. Réessayez plus tard.',
  offline: 'La suppression demande une connexion au serveur. Réessayez une fois en ligne.',
} as const;
