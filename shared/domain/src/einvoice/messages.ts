// French messages of the e-invoice module (issue 28 items 7 and 8), shown to the artisan as they are.
export const EINVOICE_MESSAGES = {
  inconsistent: (detail: string) => `Les montants de la facture électronique ne concordent pas : ${detail}.`,
  missingField: (field: string) => `La facture électronique est incomplète : ${field} manquant.`,
  buyerVatRequired:
    'L’autoliquidation exige le numéro de TVA intracommunautaire du client (ou son SIREN) sur la facture.',
  sellerTaxIdRequired:
    'La facture électronique exige le numéro de TVA ou l’identifiant fiscal de l’entreprise pour cette catégorie de TVA.',
  notXml: 'Ce fichier n’est pas une facture électronique lisible (XML mal formé).',
  unknownFormat: 'Format de facture non reconnu : seules les factures Factur-X, CII et UBL sont acceptées.',
  emptyFile: 'Le fichier est vide.',
  tooLarge: 'Le fichier est trop volumineux pour une facture électronique.',
  noAttachment: 'Ce PDF ne contient pas de facture électronique Factur-X (pièce jointe factur-x.xml absente).',
  notPdf: 'Ce fichier n’est pas un PDF lisible.',
  unreadableInvoice: (detail: string) => `Facture électronique illisible : ${detail}.`,
} as const;

/** An e-invoice that cannot be written or read; `message` is French and meant for the user. */
export class EInvoiceError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EInvoiceError';
  }
}
