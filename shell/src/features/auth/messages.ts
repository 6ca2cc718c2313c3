// User-visible texts of /auth (SPEC.md §2 Auth, §5, §8).
export const AUTH_PAGE_MESSAGES = {
  loginTitle: 'Connexion',
  signUpTitle: (step: number) => `Inscription - Étape ${step}/4`,
  email: 'Email',
  password: 'Mot de passe',
  confirmPassword: 'Confirmer le mot de passe',
  companyName: "Nom de l'entreprise",
  firstName: 'Prénom',
  lastName: 'Nom',
  phone: 'Téléphone',
  address: 'Adresse',
  addressHint: 'Commencez à taper (3 caractères minimum) puis choisissez une adresse.',
  siret: 'SIRET (optionnel)',
  choosePlan: 'Choisissez votre offre',
  login: 'Se connecter',
  loggingIn: 'Connexion...',
  continue: 'Continuer',
  back: 'Retour',
  signUpFree: "S'inscrire",
  signUpPaid: 'Continuer vers le paiement',
  creating: 'Création du compte...',
  toSignUp: "Pas encore de compte ? S'inscrire",
  toLogin: 'Déjà un compte ? Se connecter',
  required: 'Ce champ est requis.',
  invalidEmail: 'Adresse email invalide.',
  passwordsDiffer: 'Les mots de passe ne correspondent pas.',
  invalidSiret: 'Le SIRET doit comporter 14 chiffres.',
  selectPlan: 'Veuillez sélectionner un plan',
  createFailed: 'Failed to create account',
  forgotPassword: 'Mot de passe oublié ?',
  forgotTitle: 'Mot de passe oublié',
  forgotIntro: 'Indiquez votre adresse email : vous recevrez un lien pour choisir un nouveau mot de passe.',
  sendResetLink: 'Envoyer le lien',
  sendingResetLink: 'Envoi...',
  resetLinkSent:
    "Si un compte existe pour cette adresse, un email contenant un lien de réinitialisation vient d'être envoyé.",
  resetTitle: 'Nouveau mot de passe',
  resetFormLabel: 'Choix du nouveau mot de passe',
  newPassword: 'Nouveau mot de passe',
  saveNewPassword: 'Enregistrer le mot de passe',
  savingNewPassword: 'Enregistrement...',
  resetDone: 'Votre mot de passe a été modifié.',
  resetLinkInvalid: 'Ce lien est invalide ou a expiré. Demandez un nouveau lien depuis la page de connexion.',
  checkingLink: 'Vérification du lien...',
  toHome: "Aller à l'accueil",
  backToLogin: 'Retour à la connexion',
  confirmEmail: 'Compte créé. Confirmez votre adresse email via le lien reçu, puis connectez-vous.',
  perMonth: '/mois',
  selected: 'Sélectionné',
  included: 'Inclus',
  notIncluded: 'Non inclus',
} as const;

export interface PlanCardContent {
  id: 'free' | 'pro' | 'enterprise';
  features: { label: string; included: boolean }[];
}

/** Features shown on the sign-up plan cards (SPEC §6 plan gates; recognition marked off for free). */
export const PLAN_CARDS: PlanCardContent[] = [
  {
    id: 'free',
    features: [
      { label: '3 devis par mois', included: true },
      { label: "Jusqu'à 10 clients", included: true },
      { label: '100 Mo de stockage', included: true },
      { label: 'Support par email', included: true },
      { label: 'Reconnaissance photo et vocale', included: false },
      { label: 'Modèles personnalisés', included: false },
    ],
  },
  {
    id: 'pro',
    features: [
      { label: 'Devis illimités', included: true },
      { label: 'Clients illimités', included: true },
      { label: '1 Go de stockage', included: true },
      { label: 'Reconnaissance photo et vocale', included: true },
      { label: 'Modèles personnalisés', included: true },
      { label: 'Support prioritaire', included: true },
    ],
  },
  {
    id: 'enterprise',
    features: [
      { label: 'Devis illimités', included: true },
      { label: '10 Go de stockage', included: true },
      { label: "Jusqu'à 5 utilisateurs", included: true },
      { label: 'Accès API', included: true },
      { label: 'Reconnaissance photo et vocale', included: true },
      { label: 'Support dédié 24/7 et formation personnalisée', included: true },
    ],
  },
];
