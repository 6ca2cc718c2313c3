// Every text of the notes box (issue 13): typed or pasted notes → proposed lines → accepted into the devis.
import { RECOGNITION_FRAME_MESSAGES as F } from '@atelier/ui/src/recognition-frame';

export const NOTES_MESSAGES = {
  title: F.notesTitle,
  intro: F.notesIntro,
  label: F.notesLabel,
  placeholder: F.notesPlaceholder,
  analyse: F.analyseNotes,
  analysing: F.analysing,
  blank: 'Aucun texte détecté. Veuillez réessayer.',
  noResult: 'Aucune information pertinente trouvée dans le texte',
  unexpected: 'Erreur inattendue. Réessayez avec un texte plus clair',
  proposed: 'Lignes proposées',
  keep: 'Garder cette ligne',
  quantity: 'Quantité',
  source: 'D’après :',
  unsure: 'À vérifier',
  remove: 'Retirer',
  client: 'Client',
  accept: 'Ajouter au devis',
  cancel: 'Annuler',
  nothingKept: 'Cochez au moins une ligne ou gardez le client.',
} as const;
