// Public links a client opens without an account (sign a devis, see an invoice): what the token is and how long
// it lives. The token itself is made and hashed in SQL (create_document_link); this only fixes the rules.

export const DOCUMENT_LINK_PURPOSES = ['sign_quote', 'view_invoice'] as const;
export type DocumentLinkPurpose = (typeof DOCUMENT_LINK_PURPOSES)[number];

/** A devis link lives as long as the devis is valid. */
export const QUOTE_SIGN_LINK_DAYS = 30;
/** An invoice link lives the time the client needs to pay and keep it (the invoice is kept 10 years anyway). */
export const INVOICE_LINK_DAYS = 180;
/** 64 hex characters = 256 bits (≥ 128 required). */
export const LINK_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** The shell's public page of a token. */
export function publicDocumentPath(purpose: DocumentLinkPurpose, token: string): string {
  return purpose === 'sign_quote' ? `/signer/${token}` : `/facture-en-ligne/${token}`;
}
