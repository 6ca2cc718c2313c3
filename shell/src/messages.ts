// User-visible texts of the shell (SPEC.md §2, §8).
export const NAV_ITEMS = [
  { to: '/', label: 'Devis' },
  { to: '/clients', label: 'Clients' },
  { to: '/customize', label: 'Personnalisation' },
  { to: '/tasks', label: 'Gestion des Tâches' },
  { to: '/company', label: 'Entreprise' },
  { to: '/account', label: 'Mon Compte' },
] as const;

export const ADMIN_NAV_ITEM = { to: '/admin', label: 'Administration' } as const;

export const SHELL_MESSAGES = {
  brand: 'Atelier',
  openMenu: 'Ouvrir le menu',
  closeMenu: 'Fermer le menu',
  dismiss: 'OK',
  mainNav: 'Navigation principale',
  guardError: (reason: string) => `Une erreur est survenue : ${reason}`,
  retry: 'Réessayer',
  footerLegal: 'Informations légales',
  contact: 'Contact',
  updateAvailable: 'Nouvelle version disponible',
  reload: 'Recharger',
  offline: 'Hors ligne : vos saisies sont gardées sur cet appareil. Ce qui demande le réseau attendra son retour.',
} as const;
