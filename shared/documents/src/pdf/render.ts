// PDF entry points. jsPDF is imported here, dynamically, so it is fetched only when a PDF is made.
import {
  buildCreditNoteLayout,
  buildInvoiceLayout,
  buildQuoteLayout,
  type CreditNoteDocumentInput,
  type DocumentLayout,
  type InvoiceDocumentInput,
  type QuoteDocumentInput,
} from '../layout';
import { toPdfText } from '../text';
import { drawDocument } from './draw';
import { needsEmojiFont } from './fonts/emoji-font';
import { STANDARD_PDF_FONTS, embedFonts, loadFonts, type FontKey } from './fonts/unicode-font';

export interface RenderedDocument {
  bytes: Uint8Array;
  fileName: string;
  /** Non-fatal problems met while drawing (French, shown to the user as warnings). */
  warnings: string[];
}

const DOCUMENT_TITLES: Record<DocumentLayout['kind'], string> = {
  quote: 'Devis',
  invoice: 'Facture',
  credit_note: 'Avoir',
};

/**
 * The fonts a document needs beyond DejaVu Sans: Serif/Mono when the customisation picks Times/Courier, the
 * emoji font only when some text holds an emoji above U+FFFF.
 */
export function fontsNeeded(layout: DocumentLayout): FontKey[] {
  const keys = new Set<FontKey>();
  for (const name of [layout.style.titleFont, layout.style.bodyFont]) {
    if (name === 'times') keys.add('serif');
    if (name === 'courier') keys.add('mono');
  }
  const { logo: _logo, ...texts } = layout;
  if (needsEmojiFont(JSON.stringify(texts))) keys.add('emoji');
  return [...keys];
}

export async function renderLayoutPdf(layout: DocumentLayout, author = ''): Promise<RenderedDocument> {
  const [{ jsPDF }, fontFiles] = await Promise.all([import('jspdf'), loadFonts(fontsNeeded(layout))]);
  const doc = new jsPDF({
    orientation: 'portrait',
    unit: 'mm',
    format: 'a4',
    compress: true,
    putOnlyUsedFonts: true,
  });
  const fonts = embedFonts(doc, fontFiles, jsPDF) ?? STANDARD_PDF_FONTS;
  doc.setProperties({
    // Document properties are written as PDF strings (Latin-1 only): the WinAnsi spelling.
    title: toPdfText(`${DOCUMENT_TITLES[layout.kind]} ${layout.number}`),
    author: toPdfText(author),
    creator: 'Atelier',
  });
  doc.setLanguage('fr-FR');
  const warnings = drawDocument(doc, layout, fonts);
  fonts.finish?.();
  const bytes = new Uint8Array(doc.output('arraybuffer'));
  return { bytes, fileName: layout.fileName, warnings };
}

/** Quote PDF (SPEC.md §9), file name `devis-{number}.pdf`. */
export function renderQuotePdf(input: QuoteDocumentInput): Promise<RenderedDocument> {
  return renderLayoutPdf(buildQuoteLayout(input), input.company.name);
}

/** Invoice PDF (SPEC.md §9), file name `facture-{number}.pdf`. */
export function renderInvoicePdf(input: InvoiceDocumentInput): Promise<RenderedDocument> {
  return renderLayoutPdf(buildInvoiceLayout(input), input.company.name);
}

/** Avoir (credit note) PDF: references its invoice, negative totals, file name `avoir-{number}.pdf`. */
export function renderCreditNotePdf(input: CreditNoteDocumentInput): Promise<RenderedDocument> {
  return renderLayoutPdf(buildCreditNoteLayout(input), input.company.name);
}
