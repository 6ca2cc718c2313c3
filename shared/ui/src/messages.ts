// User-visible texts of the shared UI primitives.
export const UI_MESSAGES = {
  saving: 'Sauvegarde...',
  saved: 'Sauvegardé !',
  remoteUnavailable: 'Ce module est momentanément indisponible.',
  retry: 'Réessayer',
  close: 'Fermer',
  loading: 'Chargement...',
  confirm: 'Confirmer',
  cancel: 'Annuler',
} as const;
