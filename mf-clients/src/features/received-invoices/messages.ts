// French text of « Factures reçues » on /clients (issue 28 item 8). The reader's own refusals (malformed XML, PDF
// without factur-x.xml…) come from @atelier/domain EINVOICE_MESSAGES and are shown as they are.
const rate = (value: number) => `${String(value).replace('.', ',')} %`;

export const RECEIVED_MESSAGES = {
  title: 'Factures reçues',
  intro:
    'Déposez ici une facture reçue d’un fournisseur (Factur-X PDF, CII ou UBL XML) : elle est lue, vérifiée puis archivée dans votre espace.',
  drop: 'Déposer une facture reçue ici, ou cliquer pour choisir le fichier',
  reading: 'Lecture de la facture…',
  archiving: 'Archivage de la facture…',
  archived: (number: string) => `Facture ${number} archivée dans vos factures reçues.`,
  duplicate: (number: string) => `La facture ${number} de ce fournisseur est déjà archivée.`,
  needsNetwork:
    'L’archivage d’une facture reçue nécessite une connexion réseau. Le fichier reste ici : réessayez une fois en ligne.',
  archiveFailed: 'L’archivage de la facture a échoué. Le fichier reste ici : réessayez.',
  unreadable: 'Ce fichier n’a pas pu être lu comme une facture électronique.',
  notArchived: 'Le fichier n’a pas été archivé.',
  retry: 'Réessayer l’archivage',
  discard: 'Retirer',
  close: 'Fermer',
  supplier: 'Fournisseur',
  number: 'N°',
  issueDate: 'Date',
  dueDate: 'Échéance',
  ht: 'Total HT',
  vat: (value: number) => `TVA ${rate(value)}`,
  vatOn: (base: string) => `sur ${base}`,
  ttc: 'Total TTC',
  due: 'Net à payer',
  creditNote: 'Avoir',
  warnings: 'À vérifier :',
  empty: 'Aucune facture reçue pour l’instant.',
  download: 'Télécharger',
  downloadFailed: 'Le fichier archivé n’a pas pu être téléchargé.',
  loadError: 'La liste des factures reçues n’a pas pu être chargée.',
  offlineList: 'Hors ligne : voici la liste lors de la dernière connexion.',
  receivedOn: (date: string) => `Reçue le ${date}`,
  // The plateforme agréée, on an issued invoice / avoir (facturx/send, einvoice_transmissions).
  transmitted: (date: string) => `Transmise à la plateforme le ${date}`,
  transmit: 'Transmettre à la plateforme',
  transmitting: 'Transmission…',
  transmitFailed: 'La transmission à la plateforme a échoué. Réessayez plus tard.',
  transmitNeedsNetwork: 'La transmission à la plateforme nécessite une connexion réseau.',
} as const;
