// User-visible text of the home page / quote builder (SPEC.md §2 « Home », §7 email action, §8 « Home » and
// « Quote generation »).
export const QUOTE_MESSAGES = {
  pageTitle: 'Devis',
  planNames: { free: 'Gratuit', pro: 'Pro', enterprise: 'Enterprise' },
  planBadgeLabel: 'Plan',
  remainingQuotes: (n: number) => (n > 1 ? `${n} devis restants ce mois-ci` : `${n} devis restant ce mois-ci`),
  quotaBannerTitle: 'Limite de devis atteinte',
  quotaExhausted:
    'Vous avez atteint votre limite de devis mensuelle. Passez à un plan supérieur pour créer des devis illimités.',
  initError: "Erreur lors de l'initialisation de la page",
  retry: 'Réessayer',

  recognitionTitle: 'Reconnaissance',

  currentQuoteTitle: 'Devis en cours',
  projectTitleLabel: 'Projet',
  notSpecified: 'Non spécifié',
  clientHeading: 'Client',
  clientName: 'Nom',
  clientAddress: 'Adresse',
  clientPhone: 'Téléphone',
  clientEmail: 'Email',
  columnTask: 'Tâche',
  columnQuantity: 'Quantité',
  columnPrice: 'Prix',
  columnUnit: 'Unité',
  columnActions: 'Actions',
  total: 'Total',
  totalHT: 'Total HT',
  totalTVA: (rate: string) => `TVA (${rate} %)`,
  totalTVAOn: (rate: string, base: string) => `TVA (${rate} %) sur ${base} HT`,
  totalVat: 'Total TVA',
  lineVatRate: (n: number) => `Taux de TVA de la ligne ${n}`,
  columnVat: 'TVA',
  totalTTC: 'Total TTC',
  noLines: 'Aucune tâche dans ce devis',

  editTitle: 'Modifier le devis',
  projectTitleInput: 'Titre du projet',
  pickClient: 'Choisir un client enregistré',
  pickClientPlaceholder: '— Nouveau client —',
  lineTask: (n: number) => `Tâche de la ligne ${n}`,
  lineQuantity: (n: number) => `Quantité de la ligne ${n}`,
  removeLine: (n: number) => `Supprimer la ligne ${n}`,
  removeLineButton: 'Supprimer',
  addLine: 'Ajouter une ligne',
  vatRate: 'Taux de TVA (%)',
  emptyCatalogue: "Créez d'abord des tâches dans la gestion des tâches pour ajouter des lignes.",

  openSavedConfirm: (number: string) =>
    `Ouvrir le devis ${number} ? Le devis en cours (titre, client, lignes et TVA) sera remplacé.`,
  savedQuoteNotFound: "Ce devis n'a pas été trouvé dans votre carnet de clients.",
  openingSavedQuote: 'Ouverture du devis…',
  savedQuoteOpened: (number: string) =>
    `Devis ${number} ouvert : le générer à nouveau remplace celui enregistré dans la fiche du client.`,
  newQuote: 'Nouveau devis',
  newQuoteConfirmTitle: 'Commencer un nouveau devis ?',
  newQuoteConfirmText:
    'Le devis en cours (titre, client, lignes et TVA) sera effacé. Les devis déjà générés restent dans la fiche de leur client.',
  newQuoteConfirm: 'Effacer et commencer',
  cancel: 'Annuler',

  exportTitle: 'Export',
  generate: 'Générer le PDF',
  generating: 'Génération en cours...',
  sendEmail: 'Envoyer par email',
  download: (fileName: string) => `Télécharger ${fileName}`,
  generated: (number: string) => `Devis ${number} généré et enregistré dans la fiche du client.`,
  share: 'Partager le PDF',
  shareTitle: (number: string) => `Devis ${number}`,
  attachHint: (fileName: string) =>
    `Votre messagerie ne peut pas joindre le fichier elle-même : joignez ${fileName} (téléchargé) au message.`,
  invalidClientEmail: "L'email du client n'est pas valide : corrigez-le pour l'envoyer par email.",
  pdfFirst: "Veuillez d'abord générer le PDF.",

  emailRequired: "L'email du client est requis pour générer un devis.",
  nameRequired: 'Le nom du client est requis pour générer un devis.',
  taskRequired: 'Au moins une tâche est requise pour générer un devis.',
  companyNameRequired:
    'Le nom de votre entreprise est requis pour générer un devis : renseignez-le dans la page Entreprise.',
  companyLink: 'Ouvrir la page Entreprise',
  generationFailed: 'Une erreur est survenue lors de la génération du devis',
  generationOffline:
    'Hors ligne : plus de numéro de devis réservé sur cet appareil. Votre devis est gardé ; générez le PDF au retour du réseau.',
  pdfNotStored: "Le PDF n'a pas pu être conservé dans le navigateur : téléchargez-le maintenant.",
} as const;
