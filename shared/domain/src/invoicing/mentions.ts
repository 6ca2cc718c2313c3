// The legal mentions a devis or an invoice prints, decided from the document and the company in one place
// (CGI art. 242 nonies A ann. II, C. com. L441-9 and L441-10, décret 2022-1299, BOFiP BOI-LETTRE-000280, loi
// 71-584). The PDF prints them in this order; the Factur-X XML carries the same texts as notes.
import { formatEuros, type Cents } from '../money';
import type { VatRegime } from './vat';
import { VAT_EXEMPTIONS } from './vat';

export type LegalDocumentKind = 'quote' | 'invoice' | 'deposit' | 'situation' | 'credit_note';
export const OPERATION_NATURES = ['services', 'biens', 'mixte'] as const;
export type OperationNature = (typeof OPERATION_NATURES)[number];

export const OPERATION_NATURE_LABELS: Record<OperationNature, string> = {
  services: 'Prestations de services',
  biens: 'Livraison de biens',
  mixte: 'Livraison de biens et prestations de services',
};

/** BOFiP BOI-LETTRE-000280 model mention (since LF 2025 art. 41, replaces the 1300-SD / 1301-SD attestations). */
export const REDUCED_RATE_CERTIFICATION =
  'En qualité de preneur de la prestation, je certifie que les travaux réalisés portent sur des locaux à usage ' +
  "d'habitation achevés depuis plus de deux ans et qu'ils n'ont pas eu pour effet, sur une période de deux ans au " +
  "plus, de concourir à la production d'un immeuble neuf au sens du 2° du 2 du I de l'article 257 du code général " +
  "des impôts, ni d'entraîner une augmentation de la surface de plancher des locaux existants supérieure à 10 %.";
export const REDUCED_RATE_ENERGY_CERTIFICATION =
  "Pour les travaux au taux de 5,5 %, je certifie en outre qu'ils portent sur l'amélioration de la qualité " +
  "énergétique du logement au sens de l'article 278-0 bis A du code général des impôts.";

export const AUTOLIQUIDATION_MENTION =
  'Autoliquidation : TVA due par le preneur (sous-traitance BTP, art. 283-2 nonies du CGI).';
export const FRANCHISE_MENTION = VAT_EXEMPTIONS.franchise!.text;
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits";
export const LATE_PAYMENT_MENTION =
  "En cas de retard de paiement, des pénalités égales à trois fois le taux d'intérêt légal seront exigibles, " +
  "ainsi qu'une indemnité forfaitaire pour frais de recouvrement de 40 € (art. L441-10 et D441-5 du Code de commerce).";
export const NO_DISCOUNT_MENTION = "Pas d'escompte pour paiement anticipé.";

export interface MentionsInput {
  kind: LegalDocumentKind;
  regime: VatRegime;
  vatOnDebits: boolean;
  autoliquidation: boolean;
  /** Some line is at 10 % or 5,5 % for renovating a dwelling. */
  reducedRenovation: boolean;
  /** Some line is at 5,5 %. */
  energyRenovation: boolean;
  nature: OperationNature;
  retenue?: { ratePercent: number; caution: boolean; amountCents: Cents; releaseDate?: string | undefined } | null;
}

export interface Mentions {
  /** VAT mentions (franchise, autoliquidation, débits), printed under the totals. */
  vat: string[];
  /** The client's certification, printed above the devis' signature box (a devis only). */
  certification: string[];
  /** Nature of the operation (décret 2022-1299). */
  nature: string;
  /** Retenue de garantie, stated with the amount withheld or the caution that replaces it. */
  retenue: string | null;
  /** Late-payment mentions (invoices only). */
  payment: string[];
}

function frenchDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export function legalMentions(input: MentionsInput): Mentions {
  const vat: string[] = [];
  if (input.regime === 'franchise') vat.push(FRANCHISE_MENTION);
  if (input.autoliquidation) vat.push(AUTOLIQUIDATION_MENTION);
  if (input.vatOnDebits && input.regime === 'assujetti' && input.kind !== 'quote') vat.push(VAT_ON_DEBITS_MENTION);
  const certification =
    input.kind === 'quote' && input.reducedRenovation && input.regime === 'assujetti'
      ? [REDUCED_RATE_CERTIFICATION, ...(input.energyRenovation ? [REDUCED_RATE_ENERGY_CERTIFICATION] : [])]
      : [];
  let retenue: string | null = null;
  if (input.retenue && input.retenue.ratePercent > 0) {
    const rate = `${String(input.retenue.ratePercent).replace('.', ',')} %`;
    const release = input.retenue.releaseDate ? `, libérable le ${frenchDate(input.retenue.releaseDate)}` : '';
    retenue = input.retenue.caution
      ? `Retenue de garantie de ${rate} (loi n° 71-584 du 16 juillet 1971) remplacée par une caution bancaire.`
      : `Retenue de garantie de ${rate} du TTC (loi n° 71-584 du 16 juillet 1971) : ${formatEuros(input.retenue.amountCents)}${release}.`;
  }
  const payment = input.kind === 'quote' ? [] : [LATE_PAYMENT_MENTION, NO_DISCOUNT_MENTION];
  return {
    vat,
    certification,
    nature: `Nature de l'opération : ${OPERATION_NATURE_LABELS[input.nature]}`,
    retenue,
    payment,
  };
}

/** Legal cap on a payment delay agreed between businesses (C. com. L441-10): 60 days from the invoice date. */
export const MAX_PAYMENT_DELAY_DAYS = 60;

function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * One payment term, never two that contradict each other: « Paiement à réception de facture » when the delay
 * is 0, else the delay and the due date. The delay is capped at 60 days.
 */
export function paymentTerms(issueDate: string, deadlineDays: number): { dueDate: string; text: string } {
  const days = Math.max(0, Math.min(MAX_PAYMENT_DELAY_DAYS, Math.round(deadlineDays)));
  const dueDate = addDays(issueDate, days);
  if (days === 0) return { dueDate, text: 'Paiement à réception de facture' };
  return { dueDate, text: `Paiement à ${days} jours, au plus tard le ${frenchDate(dueDate)}` };
}
