// The public-document function, called with the anon key and the link token only.
import type { Discount, StoredLine, VatRegime } from '@atelier/domain';
import { loadSupabase } from '@atelier/platform';

export interface PublicDocument {
  state: 'ok';
  purpose: 'sign_quote' | 'view_invoice';
  expiresAt: string;
  pdfSha256: string;
  company: { name?: string; address?: string; phone?: string; email?: string; siret?: string };
  clientName: string | null;
  number: string;
  projectTitle: string | null;
  // devis
  date?: string;
  /** The stored lines as the PDF prints them (@atelier/domain publicDevisLines). */
  lines?: StoredLine[];
  /** The remise globale. */
  discount?: Discount | null;
  vatRegime?: VatRegime;
  documentRate?: number;
  certification?: string | null;
  decision?: {
    decision: 'accepted' | 'refused';
    signerName: string | null;
    decidedAt: string;
    /** Names of the options the client accepted with the devis. */
    acceptedOptions?: string[];
  } | null;
  // invoice
  kind?: string;
  issueDate?: string;
  dueDate?: string | null;
  netDueCents?: number;
  isPaid?: boolean;
  paymentDate?: string | null;
  cancelled?: boolean;
  /** @atelier/domain invoicePayment: deposits deducted, retenue, paid, still due. */
  payment?: { prepaidCents: number; retenueCents: number; paidCents: number; dueCents: number };
  /** Only while something is due, and only a valid IBAN (@atelier/domain bankTransferDetails). */
  bank?: { iban: string; bic: string | null; bank: string | null; reference: string | null } | null;
  paymentReference?: string | null;
  totalHtCents: number;
  tvaCents: number;
  totalTtcCents: number;
}

export class PublicDocumentError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function call<T>(body: Record<string, unknown>): Promise<T> {
  const client = await loadSupabase();
  const { data, error } = await client.functions.invoke('public-document', { body });
  if (!error) return data as T;
  const context = (error as { context?: { status?: number; json?: () => Promise<{ error?: string }> } }).context;
  const answer = context?.json ? await context.json().catch(() => ({}) as { error?: string }) : {};
  throw new PublicDocumentError(answer.error ?? '', context?.status ?? 0);
}

export const openDocument = (token: string) => call<PublicDocument>({ action: 'open', token });
export const documentPdf = (token: string) => call<Blob>({ action: 'pdf', token });
export const acceptQuote = (
  token: string,
  input: { name: string; terms: boolean; signature: string; pdfSha256: string; options: number[] },
) => call<{ decision: 'accepted'; decidedAt: string }>({ action: 'accept', token, ...input });
export const refuseQuote = (token: string, reason: string) =>
  call<{ decision: 'refused' }>({ action: 'refuse', token, reason });
