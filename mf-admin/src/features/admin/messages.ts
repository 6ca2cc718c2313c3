export const ADMIN_MESSAGES = {
  title: 'Administration',
  accessDenied: 'Accès refusé',
  accessDeniedDetail: "Vous n'avez pas les droits d'administration nécessaires.",
} as const;
