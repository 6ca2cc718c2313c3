// Texts of a document's send through the send-document function (issue 26), shared by /clients and the home page.
export const SEND_TEXTS = {
  failedSend: 'Le mail n’a pas pu partir. Réessayez plus tard.',
  pdfUnavailable: 'Le PDF du document n’a pas pu être produit.',
} as const;
