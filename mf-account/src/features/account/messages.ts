// User-visible texts of /account (SPEC.md §2 Account, §8 Checkout and account).
export const ACCOUNT_MESSAGES = {
  title: 'Mon Compte',
  planSection: 'Mon abonnement',
  currentPlan: 'Plan actuel',
  activeTag: 'Actif',
  personalInfo: 'Informations personnelles',
  firstName: 'Prénom',
  lastName: 'Nom',
  email: 'Email',
  phone: 'Téléphone',
  save: 'Enregistrer',
  saving: 'Enregistrement...',
  saved: 'Profile updated successfully',
  saveFailed: 'Failed to save profile',
  loadFailed: 'Failed to load user data',
  logout: 'Se déconnecter',
  logoutHint: 'Vous restez connecté sur vos autres appareils.',
  logoutEverywhere: 'Se déconnecter de tous les appareils',
  logoutFailed: 'Failed to log out',
} as const;

/** Plan and billing texts of /account (SPEC §2 Account, §4 Plan change, §8 Checkout and account). */
export const BILLING_MESSAGES = {
  testMode: 'Mode test',
  testModeHint: 'Paiements de test : aucune carte n’est débitée (bac à sable Stripe).',
  quotasPanel: 'Quotas',
  featuresPanel: 'Fonctionnalités',
  supportPanel: 'Support',
  price: 'Prix',
  changePlan: 'Changer de plan',
  hidePlans: 'Masquer les plans',
  choosePlan: 'Choisissez votre plan',
  select: 'Sélectionner',
  currentPlanButton: 'Plan actuel',
  freeAlreadyActive: 'Plan gratuit déjà actif',
  activeSubscription: "Vous avez déjà un abonnement actif. Veuillez d'abord annuler votre abonnement actuel.",
  changeFailed: 'Failed to change plan',
  changing: 'Changement de plan...',
  upgraded: (plan: string) =>
    `Votre abonnement est passé au plan ${plan}. La différence pour la période en cours est facturée aujourd'hui.`,
  downgraded: (plan: string, date: string | null) =>
    `Votre abonnement est passé au plan ${plan}. Rien n'est remboursé ni facturé aujourd'hui : le nouveau prix s'applique ${date ? `au renouvellement du ${date}` : 'au prochain renouvellement'}.`,
  toFree:
    "Pour revenir au plan gratuit, résiliez votre abonnement avec « Gérer mon abonnement » : il reste actif jusqu'à la fin de la période payée.",
  redirecting: 'Redirection vers le paiement...',
  returnSuccess: 'Votre abonnement a été activé avec succès !',
  returnCanceled: "Le processus d'abonnement a été annulé.",
  activated: 'Votre abonnement a été activé avec succès !',
  manage: 'Gérer mon abonnement',
  opening: 'Ouverture...',
  portalFailed: "Impossible d'ouvrir la gestion de l'abonnement. Veuillez réessayer.",
  renewsOn: (date: string) => `Renouvellement le ${date}`,
  endsOn: (date: string) => `Se termine le ${date}`,
  cancelAtPeriodEnd: "Résiliation programmée : l'abonnement reste actif jusqu'à la fin de la période payée.",
  diagnostic: 'Diagnostic',
  hideDiagnostic: 'Masquer le diagnostic',
  diagnosticTitle: "Diagnostic de l'abonnement",
  diagnosticError: 'Erreur de diagnostic',
  sync: 'Synchroniser',
  syncing: 'Synchronisation...',
  syncSuccess: 'Synchronisation réussie',
  noCustomer: 'Aucun customer Stripe trouvé - impossible de synchroniser',
  syncError: (detail: string) => `Erreur de synchronisation : ${detail}`,
  syncFailed: 'Sync failed',
  rows: {
    user: 'Utilisateur',
    customer: 'Customer Stripe',
    providerSubscription: 'Abonnement Stripe',
    providerStatus: 'Statut Stripe',
    price: 'Prix Stripe',
    periodEnd: 'Fin de période',
    cancelAtPeriodEnd: 'Résiliation en fin de période',
    localRecord: 'Enregistrement local',
    computed: 'Statut calculé',
    none: '—',
    yes: 'oui',
    no: 'non',
  },
} as const;

/** Return message, data reload delay and success banner (SPEC §9 timers). */
export const RETURN_RELOAD_MS = 2_000;
export const ACTIVATED_BANNER_MS = 5_000;

/** How long the profile success message stays (SPEC §8). */
export const PROFILE_SAVED_MS = 3_000;
