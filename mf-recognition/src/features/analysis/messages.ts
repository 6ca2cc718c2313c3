// User-visible text of the analysis (SPEC.md §5 and §8, exact wording).

export const PROVIDER_NAME = 'OpenAI';

export const ANALYSIS_MESSAGES = {
  emptyText: 'Aucun texte fourni',
  noTasksInImage: "Aucune tâche détectée dans l'image. Veuillez utiliser une image plus claire avec du texte visible.",
  noValidTasks: 'Aucune tâche valide détectée. Veuillez utiliser une image plus claire avec du texte lisible.',
  rateLimit: 'Limite de requêtes atteinte. Veuillez patienter quelques instants avant de réessayer.',
  invalidKey: (provider: string) => `Clé API ${provider} invalide. Veuillez contacter le support.`,
  quota: (provider: string) => `Quota ${provider} épuisé. Veuillez réessayer plus tard.`,
  network: 'Problème de connexion. Vérifiez votre connexion internet.',
  other: (detail: string) => `Erreur lors de l'analyse de l'image: ${detail}.`,
  unknown: "Erreur inattendue lors de l'analyse de l'image.",
} as const;
