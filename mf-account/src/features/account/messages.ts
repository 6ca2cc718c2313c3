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
  logoutFailed: 'Failed to log out',
} as const;

/** How long the profile success message stays (SPEC §8). */
export const PROFILE_SAVED_MS = 3_000;
