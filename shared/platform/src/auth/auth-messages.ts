// User-visible texts of sign-in / sign-up / session errors (SPEC.md §5, §8; French where the spec is silent).
export const AUTH_MESSAGES = {
  invalidCredentials: 'Email ou mot de passe incorrect.',
  userAlreadyExists: 'Un compte existe déjà avec cet email.',
  weakPasswordPrefix: 'Mot de passe trop faible :',
  weakPasswordReasons: {
    length: 'il est trop court (6 caractères minimum)',
    characters: 'il doit mélanger minuscules, majuscules, chiffres et symboles',
    pwned: 'il figure dans une liste de mots de passe divulgués',
  } as Record<string, string>,
  weakPasswordDefault: 'il ne respecte pas les règles de sécurité',
  network: 'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
  missingCredentials: 'You must provide either an email or phone number and a password',
  rateLimited: 'Trop de tentatives. Veuillez patienter quelques instants avant de réessayer.',
  invalidEmail: 'Adresse email invalide.',
  emailNotConfirmed: 'Veuillez confirmer votre adresse email avant de vous connecter.',
  generic: 'Une erreur est survenue',
} as const;
