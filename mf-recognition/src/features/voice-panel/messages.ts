// Every text of the voice recognition panel (SPEC §2, §5, §8).
import { RECOGNITION_FRAME_MESSAGES as F } from '@atelier/ui/src/recognition-frame';

export const VOICE_MESSAGES = {
  title: F.voiceTitle,
  intro: F.voiceIntro,
  startListening: "Démarrer l'écoute",
  stopListening: "Arrêter l'écoute",
  mute: 'Couper le micro',
  unmute: 'Réactiver le micro',
  statusReady: 'Prêt à écouter',
  statusListening: 'Écoute en cours...',
  statusMuted: 'Micro coupé',
  transcriptLabel: 'Texte reconnu',
  typedLabel: 'Saisissez ou collez vos notes',
  typedPlaceholder:
    'Ex. : Projet rénovation salle de bain. Client Jean Dupont, 06 12 34 56 78. Pose de carrelage sol 12 m2…',
  clear: 'Effacer le texte',
  analyse: 'Analyse',
  unsupported:
    'Votre navigateur ne prend pas en charge la reconnaissance vocale. Utilisez Chrome, Edge ou Safari pour dicter, ou saisissez vos notes ci-dessous.',
  // SPEC §5 / §8
  blank: 'Aucun texte détecté. Veuillez réessayer.',
  microphoneUnavailable: 'Microphone non disponible. Vérifiez les permissions de votre navigateur.',
  cannotStart: 'Impossible de démarrer la reconnaissance vocale. Vérifiez les permissions du microphone.',
  network: 'Problème de connexion. Vérifiez votre connexion internet.',
  noResult: 'Aucune information pertinente trouvée dans le texte',
  unexpected: 'Erreur inattendue. Réessayez avec un texte plus clair',
  tips: [
    'Parlez distinctement, une tâche à la fois, avec sa quantité et son unité.',
    'Exemple : « Pose de carrelage sol, vingt-cinq mètres carrés ».',
    "Donnez le nom, le téléphone et l'email du client.",
    'Annoncez le titre : « Projet rénovation de la salle de bain ».',
    "Arrêtez l'écoute puis relisez le texte avant de lancer l'analyse.",
  ],
} as const;

/** SPEC §4/§9: speech language. */
export const SPEECH_LANG = 'fr-FR';
