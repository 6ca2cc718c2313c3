// Every text of the image recognition panel (SPEC §2, §5, §8).
import { RECOGNITION_FRAME_MESSAGES as F } from '@atelier/ui/src/recognition-frame';

export const IMAGE_MESSAGES = {
  title: F.imageTitle,
  intro: F.imageIntro,
  takePhoto: F.takePhoto,
  chooseImage: F.chooseImage,
  cameraStarting: 'Démarrage de la caméra...',
  switchCamera: 'Changer de caméra',
  frontCamera: 'Caméra avant',
  rearCamera: 'Caméra arrière',
  closeCamera: 'Fermer la caméra',
  capture: 'Capturer',
  framingGuide: 'Placez vos notes dans le cadre',
  analysedImage: 'Image analysée',
  // Validation (SPEC §5)
  notAnImage: 'Veuillez sélectionner une image (JPG, PNG, etc.)',
  tooLarge: 'Image trop volumineuse (max 20MB)',
  // Panel results (SPEC §8)
  noResult: "Aucune information pertinente trouvée dans l'image",
  unexpected: 'Erreur inattendue. Réessayez avec une image plus claire',
  // Camera (SPEC §8)
  cameraDenied: "Accès à la caméra refusé. Veuillez autoriser l'accès dans votre navigateur.",
  cameraNotFound: 'Aucune caméra trouvée sur cet appareil.',
  cameraUnsupported: "La caméra n'est pas supportée par votre navigateur.",
  cameraInUse: 'La caméra est utilisée par une autre application.',
  cameraConstraints: 'Configuration caméra non supportée. Essayez de changer de caméra.',
  cameraOther: (detail: string) => `Erreur caméra: ${detail}.`,
  captureElementsMissing: 'Éléments caméra non disponibles',
  captureNotReady: "Caméra en cours d'initialisation, veuillez patienter...",
  captureVideoNotReady: 'Vidéo non initialisée. Veuillez réessayer.',
  captureNoImage: "Impossible de créer l'image",
  captureFailed: 'Erreur lors de la capture',
  switchFailed: 'Erreur lors du changement de caméra',
  tips: F.imageTips,
  // Lines read on a photo, checked before they join the devis (issue 31 item 3)
  proposed: 'Lignes lues sur la photo',
  reviewIntro: 'Chaque ligne montre la zone de la photo où elle a été lue. Touchez une ligne pour la situer.',
  check: 'À vérifier',
  doubtful: (figures: string) => `Chiffre peu lisible : ${figures}`,
  crop: (name: string) => `Zone de la photo : ${name}`,
  noRegion: 'Zone non retrouvée sur la photo',
  keep: 'Garder cette ligne',
  quantity: 'Quantité',
  client: 'Client',
  accept: 'Ajouter au devis',
  cancel: 'Annuler',
  highlighted: 'Zone de la ligne choisie',
} as const;

/** SPEC §5/§9: images up to 20 MB. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** SPEC §9: capture is enabled about 1 s after the camera starts. */
export const CAMERA_READY_DELAY_MS = 1000;
/** SPEC §4: the captured frame is analysed as a JPEG of quality 0.95. */
export const CAPTURE_JPEG_QUALITY = 0.95;
