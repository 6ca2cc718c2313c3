// Wording shared by the image and voice panels (SPEC §2, §8, §9).
import { RECOGNITION_FRAME_MESSAGES as F } from '@atelier/ui/src/recognition-frame';

export const FEEDBACK_MESSAGES = {
  retry: 'Réessayer',
  close: 'Fermer',
  analysing: F.analysing,
  emptyCatalogueTitle: F.emptyCatalogueTitle,
  emptyCatalogue: F.emptyCatalogue,
  goToTasks: F.goToTasks,
  tipsTitle: F.tipsTitle,
  quotaReached:
    'Vous avez atteint votre limite de devis mensuelle. Passez à un plan supérieur pour créer des devis illimités.',
  successPrefix: 'Analyse réussie ! Ajouté au devis en cours :',
  extractedTasks: (count: number) => (count > 1 ? `${count} tâches` : '1 tâche'),
  extractedClient: 'informations client',
  extractedTitle: 'titre du projet',
} as const;

/** Spec §9: the success message disappears after 5 s. */
export const SUCCESS_MESSAGE_MS = 5000;

export interface ExtractedKinds {
  tasks: number;
  client: boolean;
  title: boolean;
}

/** « Analyse réussie ! Ajouté au devis en cours : 3 tâches, informations client, titre du projet. » */
export function successMessage(kinds: ExtractedKinds): string {
  const parts = [
    ...(kinds.tasks > 0 ? [FEEDBACK_MESSAGES.extractedTasks(kinds.tasks)] : []),
    ...(kinds.client ? [FEEDBACK_MESSAGES.extractedClient] : []),
    ...(kinds.title ? [FEEDBACK_MESSAGES.extractedTitle] : []),
  ];
  return `${FEEDBACK_MESSAGES.successPrefix} ${parts.join(', ')}.`;
}
