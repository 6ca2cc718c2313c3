// The recognition placeholder's texts: the same words as mf-recognition's panels (IMAGE_MESSAGES, VOICE_MESSAGES,
// NOTES_MESSAGES, FEEDBACK_MESSAGES), which replace it once loaded. Keep both in step.
export const RECOGNITION_SLOT_MESSAGES = {
  imageTitle: "Reconnaissance d'image",
  imageIntro:
    'Photographiez ou choisissez une image de vos notes : tâches, quantités, client et titre du projet sont ajoutés au devis en cours.',
  takePhoto: 'Prendre une photo',
  chooseImage: 'Choisir une image',
  voiceTitle: 'Reconnaissance vocale',
  voiceIntro:
    'Dictez vos notes de chantier : tâches, quantités, client et titre du projet sont ajoutés au devis en cours.',
  loading: 'Chargement…',
  tipsTitle: 'Conseils',
  emptyCatalogueTitle: 'Aucune tâche dans votre catalogue',
  emptyCatalogue:
    "Créez d'abord vos tâches dans la Gestion des Tâches : la reconnaissance associe ce qu'elle lit aux tâches de votre catalogue.",
  goToTasks: 'Aller à la Gestion des Tâches',
  imageTips: [
    'Posez la feuille à plat, bien éclairée, sans reflet ni ombre.',
    'Cadrez une seule page, texte droit et net, en remplissant le cadre.',
    'Une tâche par ligne avec sa quantité et son unité (ex. : Peinture murs 25 m2).',
    "Ajoutez le nom, le téléphone, l'email et l'adresse du client pour compléter sa fiche.",
    "Les notes imprimées ou tapées sont bien mieux reconnues que l'écriture manuscrite.",
  ],
  notesTitle: 'Notes de chantier',
  notesIntro:
    'Tapez ou collez vos notes (SMS, email, dictée) : chaque ligne proposée montre les mots dont elle vient, et vous la validez avant qu’elle rejoigne le devis.',
  notesLabel: 'Vos notes',
  notesPlaceholder:
    'Ex. : Chambre 3,50 sur 4, carrelage au sol. Plinthes 14,5 ml. Client : Hélène de La Tour, 06 12 34 56 78',
  analyseNotes: 'Analyser les notes',
  analysing: 'Analyse en cours...',
} as const;
