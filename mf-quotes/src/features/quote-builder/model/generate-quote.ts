// Quote generation (SPEC.md §4 « PDF generation », §5, §8): validate, take a quota credit (which numbers the
// quote DE0001…), render, keep the bytes, save the quote into the client's list with the snapshot it was
// issued with (DESIGN.md §4), so @atelier/documents' regenerateQuotePdf(quote) can print it again identically.
import {
  centsToEuros,
  companyVatRegime,
  retenueError,
  storedLines,
  validateDevisLines,
  type CompanyInfo,
  type StoredLine,
  type Quote,
  type QuoteCustomization,
  type VatRegime,
} from '@atelier/domain';
import type { WriteResult } from '@atelier/storage';

import { QUOTE_MESSAGES as M } from '../messages';
import type { QuoteCredit, RenderQuoteInput, RenderedPdf } from '../services';
import { draftTotals, isItemLine, pricedLines, type DraftClient, type DraftLine, type QuoteDraft } from './quote-draft';

/** A line the artisan left without its designation (a free line, a section title): refused, naming the line. */
function blankNameError(lines: readonly DraftLine[]): string | null {
  for (const [index, line] of lines.entries()) {
    if (line.name.trim() !== '') continue;
    if (line.kind === 'text') continue;
    return line.kind === 'section' ? M.blankSection(index + 1) : M.blankDesignation(index + 1);
  }
  return null;
}

/**
 * The spec's three rules, the one that applies first: a devis without any line is refused for that reason
 * (not for the client's email the user may not have typed yet), then the client's email, then the name. Then
 * the company name, which every devis prints (set on /company; the message says where).
 */
export function validateForGeneration(
  draft: QuoteDraft,
  company?: Pick<CompanyInfo, 'name' | 'vatRegime'>,
): string | null {
  if (!draft.lines.some(isItemLine)) return M.taskRequired;
  if (!draft.client.email.trim()) return M.emailRequired;
  if (!draft.client.name.trim()) return M.nameRequired;
  if (company && !company.name.trim()) return M.companyNameRequired;
  // The money model's rules (rates of the list, no VAT under the franchise, autoliquidation on every line or none).
  // Under the franchise, a line without a rate of its own has none (the devis' rate is the assujetti default).
  const regime = companyVatRegime(company);
  const options = draft.options ?? {};
  if (options.depositPercent !== undefined && !(options.depositPercent > 0 && options.depositPercent <= 100)) {
    return M.depositPercentInvalid;
  }
  if (options.progressBilling) {
    const retenue = retenueError({
      ratePercent: options.retenuePercent ?? 0,
      caution: options.retenueCaution === true,
    });
    if (retenue) return retenue;
  }
  if (options.autoliquidation && regime === 'franchise') return M.autoliquidationFranchise;
  const blank = blankNameError(draft.lines);
  if (blank) return blank;
  // Issue 27: negative prices, remises over 100 % or over their amount, empty sections, ouvrages without
  // components, then the VAT rules on the items — the money model's French messages.
  return validateDevisLines(pricedLines(draft.lines, draft.options), draft.discount, {
    regime,
    documentRate: regime === 'franchise' ? 0 : draft.vatRate,
  });
}

/**
 * The lines as the devis stores them (@atelier/domain's storedLines: every field of the stored line — kind,
 * description, remise, option, ouvrage snapshot — items with their VAT rate and category made explicit); empty
 * comments are left out.
 */
export function devisStoredLines(draft: QuoteDraft, regime: VatRegime): StoredLine[] {
  const lines = pricedLines(draft.lines, draft.options).filter((l) => l.kind !== 'text' || l.name.trim() !== '');
  return storedLines(lines, { regime, documentRate: draft.vatRate });
}

/** The stored quote (euros in the legacy shape; computed from integer cents). */
export function buildQuote(
  draft: QuoteDraft,
  meta: { id: string; number: string; date: Date; regime?: VatRegime },
): Quote & { number: string } {
  const regime = meta.regime ?? 'assujetti';
  const totals = draftTotals(draft, regime);
  const title = draft.title.trim();
  // Every line is stored with its rate and category (the contract's stored line), under the company's regime.
  const tasks = devisStoredLines(draft, regime);
  return {
    id: meta.id,
    number: meta.number,
    date: meta.date.toISOString(),
    tasks,
    totalHT: centsToEuros(totals.totalHTCents),
    tva: centsToEuros(totals.totalVatCents),
    total: centsToEuros(totals.totalTTCCents),
    tvaRate: regime === 'franchise' ? 0 : draft.vatRate,
    vatRegime: regime,
    ...quoteOptions(draft),
    ...(draft.discount ? { discount: { ...draft.discount } } : {}),
    pdfData: '',
    ...(title ? { projectTitle: title } : {}),
  };
}

/** The devis options stored with it (quotes.deposit_percent, progress_billing, retenue_*). */
function quoteOptions(draft: QuoteDraft): Partial<Quote> {
  const o = draft.options ?? {};
  return {
    ...(o.depositPercent ? { depositPercent: o.depositPercent } : {}),
    ...(o.progressBilling ? { progressBilling: true } : {}),
    ...(o.progressBilling && o.retenuePercent ? { retenuePercent: o.retenuePercent } : {}),
    ...(o.progressBilling && o.retenueCaution ? { retenueCaution: true } : {}),
    ...(o.autoliquidation ? { autoliquidation: true } : {}),
  };
}

function withoutSnapshotLogo<Q extends Quote>(quote: Q): Q {
  if (!quote.snapshot) return quote;
  return { ...quote, snapshot: { ...quote.snapshot, company: { ...quote.snapshot.company, logo: '' } } };
}

export interface GenerationDeps {
  consumeQuoteCredit(): Promise<QuoteCredit>;
  renderQuotePdf(input: RenderQuoteInput): Promise<RenderedPdf>;
  storeDocument(id: string, bytes: Uint8Array): Promise<void>;
  saveQuote(client: DraftClient, quote: Quote): WriteResult | Promise<WriteResult>;
  company(): CompanyInfo;
  customization(): QuoteCustomization;
  /** Keeps the snapshot's logo once in IndexedDB and gives its id (@atelier/storage's snapshotLogos.keep). */
  keepLogo?(dataUrl: string): Promise<string>;
  now(): Date;
}

export type GenerationResult =
  | {
      ok: true;
      quote: Quote & { number: string };
      client: DraftClient;
      totalCents: number;
      bytes: Uint8Array;
      fileName: string;
      /** Non-blocking problems (logo skipped, bytes not kept, client list not saved). */
      warnings: string[];
    }
  | { ok: false; message: string };

export async function generateQuote(draft: QuoteDraft, deps: GenerationDeps): Promise<GenerationResult> {
  const invalid = validateForGeneration(draft, deps.company());
  if (invalid) return { ok: false, message: invalid };
  const client: DraftClient = {
    name: draft.client.name.trim(),
    email: draft.client.email.trim(),
    phone: draft.client.phone.trim(),
    address: draft.client.address.trim(),
  };
  try {
    const credit = await deps.consumeQuoteCredit();
    if (!credit.allowed || !credit.number) return { ok: false, message: M.quotaExhausted };
    // @atelier/documents (layout, PDF drawing, fonts: ~15 KB gzip) loads on the first « Générer », not with /.
    const { detachSnapshotLogo, takeSnapshot } = await import('@atelier/documents');
    const now = deps.now();
    const snapshot = takeSnapshot({ client, company: deps.company(), customization: deps.customization() });
    const regime = companyVatRegime(snapshot.company);
    const built = buildQuote(draft, {
      id: draft.quoteId ?? `quote-${now.getTime()}`,
      number: credit.number,
      date: now,
      regime,
    });
    // Rendered from the snapshot itself: what is stored is exactly what was printed.
    const pdf = await deps.renderQuotePdf({
      quote: built,
      client: snapshot.client,
      company: snapshot.company,
      customization: snapshot.customization,
    });
    const warnings = [...pdf.warnings];
    // Stored with its logo kept aside in IndexedDB (not repeated in every quote in localStorage).
    const quote = { ...built, snapshot: await detachSnapshotLogo(snapshot, deps.keepLogo) };
    try {
      await deps.storeDocument(quote.id, pdf.bytes);
    } catch {
      warnings.push(M.pdfNotStored);
    }
    let saved = await deps.saveQuote(client, quote);
    if (!saved.ok && quote.snapshot.company.logo) {
      // The logo could not be kept aside and localStorage is full: the logo data URL is the heavy part of a
      // snapshot, and the PDF bytes are in IndexedDB anyway. Keep the quote without it rather than not at all.
      saved = await deps.saveQuote(client, withoutSnapshotLogo(quote));
    }
    if (!saved.ok) warnings.push(saved.message);
    return {
      ok: true,
      quote,
      client,
      totalCents: draftTotals(draft, regime).totalTTCCents,
      bytes: pdf.bytes,
      fileName: pdf.fileName || `devis-${credit.number}.pdf`,
      warnings,
    };
  } catch {
    // Offline without a reserved quote number left (@atelier/platform keeps a few per device): say so.
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return { ok: false, message: offline ? M.generationOffline : M.generationFailed };
  }
}
