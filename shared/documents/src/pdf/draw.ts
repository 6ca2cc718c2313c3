// Draws a DocumentLayout with jsPDF. Geometry follows SPEC.md §9 (A4 portrait in mm, table header 8,
// rows 7, fonts 9/8, columns 40/20/20/20, new page past pageHeight − 50, signature box 80×40).
import type { jsPDF } from 'jspdf';

import type { DocumentLayout, InfoBlock, PdfFontName, TextSection } from '../layout';
import { documentMessages as m } from '../messages';
import { STANDARD_PDF_FONTS, type PdfFonts } from './fonts/unicode-font';
import { readImageSize } from './image-size';

type Rgb = [number, number, number];

const PT_TO_MM = 0.3528;
/** Line height of wrapped text, as a multiple of the font size. */
const LINE_FACTOR = 1.25;
const WHITE: Rgb = [255, 255, 255];
const TEXT_DARK: Rgb = [33, 33, 33];
const RULE_GREY: Rgb = [203, 213, 224];
/** Tallest logo we draw, so a portrait logo cannot eat the first page. */
const MAX_LOGO_HEIGHT_MM = 30;
/** Space kept at the bottom of every page for the footer and page number. */
const FOOTER_RESERVE_MM = 12;

export function hexToRgb(hex: string): Rgb {
  let h = hex.replace('#', '');
  if (h.length === 3) h = h.replace(/(.)/g, '$1$1');
  const n = Number.parseInt(h, 16);
  if (Number.isNaN(n) || h.length !== 6) return [0, 0, 0];
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Mixes a colour with white: 0 → the colour, 1 → white. Used for striped rows. */
export function tint(rgb: Rgb, amount: number): Rgb {
  return rgb.map((c) => Math.round(c + (255 - c) * amount)) as Rgb;
}

type EmojiChar = (ch: string) => string | null;

function hasEmojiRun(line: string, emojiChar: EmojiChar): boolean {
  for (const ch of line) {
    if (ch.charCodeAt(0) > 0x7f && emojiChar(ch) !== null) return true;
  }
  return false;
}

/** A line cut into runs of plain text and of emoji (these as the emoji font's characters). */
export function splitEmojiRuns(line: string, emojiChar: EmojiChar): { text: string; emoji: boolean }[] {
  const runs: { text: string; emoji: boolean }[] = [];
  for (const ch of line) {
    const drawn = ch.charCodeAt(0) > 0x7f ? emojiChar(ch) : null;
    const emoji = drawn !== null;
    const text = drawn ?? ch;
    const last = runs[runs.length - 1];
    if (last && last.emoji === emoji) last.text += text;
    else runs.push({ text, emoji });
  }
  return runs;
}

const DATA_URL_IMAGE = /^data:image\/(png|jpe?g|gif|webp|bmp);base64,[A-Za-z0-9+/=\s]+$/i;

function lineHeightMm(fontSizePt: number): number {
  return fontSizePt * PT_TO_MM * LINE_FACTOR;
}

/** A page cursor over one jsPDF document. */
class Painter {
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly margin: number;
  readonly contentWidth: number;
  y: number;
  readonly warnings: string[] = [];
  private readonly colors: { primary: Rgb; secondary: Rgb; accent: Rgb };

  constructor(
    readonly doc: jsPDF,
    readonly layout: DocumentLayout,
    readonly fonts: PdfFonts = STANDARD_PDF_FONTS,
  ) {
    this.pageWidth = doc.internal.pageSize.getWidth();
    this.pageHeight = doc.internal.pageSize.getHeight();
    this.margin = layout.geometry.marginMm;
    this.contentWidth = this.pageWidth - 2 * this.margin;
    this.y = this.margin;
    this.colors = {
      primary: hexToRgb(layout.style.colors.primary),
      secondary: hexToRgb(layout.style.colors.secondary),
      accent: hexToRgb(layout.style.colors.accent),
    };
  }

  get primary(): Rgb {
    return this.colors.primary;
  }
  get secondary(): Rgb {
    return this.colors.secondary;
  }
  get accent(): Rgb {
    return this.colors.accent;
  }

  /** The customisation's font of the text being drawn (which embedded font encodes it). */
  private current: PdfFontName = 'helvetica';

  font(family: PdfFontName, style: 'normal' | 'bold', sizePt: number, colour: Rgb = TEXT_DARK): void {
    this.current = family;
    this.doc.setFont(this.fonts.family(family), style);
    this.doc.setFontSize(sizePt);
    this.doc.setTextColor(colour[0], colour[1], colour[2]);
  }

  encode(value: string): string {
    return this.fonts.encode(value, this.current);
  }

  text(
    value: string | string[],
    x: number,
    y: number,
    align: 'left' | 'right' | 'center' = 'left',
    lineHeightFactor?: number,
  ): void {
    const safe = Array.isArray(value) ? value.map((v) => this.encode(v)) : this.encode(value);
    this.drawEncoded(safe, x, y, align, lineHeightFactor);
  }

  wrap(value: string, widthMm: number): string[] {
    return this.doc.splitTextToSize(this.encode(value), widthMm) as string[];
  }

  /** Draws encoded text; lines holding emoji are drawn run by run, emoji with the emoji font. */
  drawEncoded(
    value: string | string[],
    x: number,
    y: number,
    align: 'left' | 'right' | 'center',
    lineHeightFactor?: number,
  ): void {
    const lines = Array.isArray(value) ? value : [value];
    const options = { align, baseline: 'alphabetic' as const, ...(lineHeightFactor ? { lineHeightFactor } : {}) };
    const emojiChar = this.fonts.emojiChar;
    const current = this.current;
    if (
      !this.fonts.emojiFamily ||
      !emojiChar ||
      !lines.some((line) => hasEmojiRun(line, (ch) => emojiChar(ch, current)))
    ) {
      this.doc.text(value, x, y, options);
      return;
    }
    const factor = lineHeightFactor ?? this.doc.getLineHeightFactor();
    const step = (this.doc.getFontSize() * factor) / this.doc.internal.scaleFactor;
    lines.forEach((line, i) => this.drawRuns(line, x, y + i * step, align));
  }

  private drawRuns(line: string, x: number, y: number, align: 'left' | 'right' | 'center'): void {
    const emojiFamily = this.fonts.emojiFamily!;
    const { fontName, fontStyle } = this.doc.getFont();
    const current = this.current;
    const runs = splitEmojiRuns(line, (ch) => this.fonts.emojiChar!(ch, current));
    const widths = runs.map((run) => {
      this.doc.setFont(run.emoji ? emojiFamily : fontName, run.emoji ? 'normal' : fontStyle);
      return this.doc.getTextWidth(run.text);
    });
    const total = widths.reduce((a, b) => a + b, 0);
    let cx = align === 'right' ? x - total : align === 'center' ? x - total / 2 : x;
    runs.forEach((run, i) => {
      this.doc.setFont(run.emoji ? emojiFamily : fontName, run.emoji ? 'normal' : fontStyle);
      this.doc.text(run.text, cx, y, { baseline: 'alphabetic' });
      cx += widths[i]!;
    });
    this.doc.setFont(fontName, fontStyle);
  }

  /** Bottom limit for free content (everything but table rows). */
  get contentBottom(): number {
    return this.pageHeight - this.margin - FOOTER_RESERVE_MM;
  }

  /** Starts a new page when `heightMm` does not fit above the footer. */
  ensureSpace(heightMm: number): void {
    if (this.y + heightMm > this.contentBottom) this.newPage();
  }

  newPage(): void {
    this.doc.addPage('a4', 'portrait');
    this.y = this.margin;
  }
}

function drawCustomHeader(p: Painter): void {
  const { customHeader, style } = p.layout;
  if (!customHeader) return;
  p.font(style.bodyFont, 'normal', style.fontSize.body, p.secondary);
  const lines = p.wrap(customHeader, p.contentWidth);
  const lh = lineHeightMm(style.fontSize.body);
  p.text(lines, p.pageWidth / 2, p.y + lh * 0.8, 'center');
  p.y += lines.length * lh + 3;
}

function toImageSize(props: { width: number; height: number; fileType: string } | undefined) {
  return props ? { width: props.width, height: props.height, format: props.fileType } : null;
}

/** Returns the logo's bottom edge, or the current y when there is no drawable logo. */
function drawLogo(p: Painter, side: 'left' | 'right'): number {
  const { logo } = p.layout;
  if (!logo) return p.y;
  try {
    if (!DATA_URL_IMAGE.test(logo.dataUrl)) throw new Error('not an image data URL');
    // Header read when possible (cheap); otherwise jsPDF decodes the image to tell its size.
    const props = readImageSize(logo.dataUrl) ?? toImageSize(p.doc.getImageProperties(logo.dataUrl));
    if (!props || !(props.width > 0) || !(props.height > 0)) throw new Error('empty image');
    let width = logo.widthMm;
    let height = (width * props.height) / props.width;
    if (height > MAX_LOGO_HEIGHT_MM) {
      height = MAX_LOGO_HEIGHT_MM;
      width = (height * props.width) / props.height;
    }
    const x = side === 'left' ? p.margin : p.pageWidth - p.margin - width;
    p.doc.addImage(logo.dataUrl, props.format, x, p.y, width, height, 'company-logo', 'FAST');
    return p.y + height;
  } catch {
    p.warnings.push(m.logoLoadError);
    return p.y;
  }
}

/** Heading (DEVIS / FACTURE), number and dates on the side opposite the company. */
function drawHeading(p: Painter): void {
  const { layout } = p;
  const { style } = layout;
  const companySide = layout.company.side;
  const headingSide = companySide === 'left' ? 'right' : 'left';
  const x = headingSide === 'right' ? p.pageWidth - p.margin : p.margin;
  const top = p.y;
  const logoBottom = layout.showHeader ? drawLogo(p, companySide) : top;

  const headingSize = style.fontSize.title + 6;
  p.font(style.titleFont, 'bold', headingSize, p.primary);
  let y = top + headingSize * PT_TO_MM;
  p.text(layout.heading, x, y, headingSide);
  y += 2;
  p.font(style.bodyFont, 'normal', style.fontSize.body, p.secondary);
  const lh = lineHeightMm(style.fontSize.body);
  for (const meta of layout.meta) {
    y += lh;
    p.text(`${meta.label} : ${meta.value}`, x, y, headingSide);
  }
  p.y = Math.max(y + 3, logoBottom + 3);
  if (layout.showHeader) {
    p.doc.setDrawColor(p.primary[0], p.primary[1], p.primary[2]);
    p.doc.setLineWidth(0.8);
    p.doc.line(p.margin, p.y, p.pageWidth - p.margin, p.y);
  }
  p.y += 6;
}

function blockHeight(p: Painter, block: InfoBlock, width: number): { lines: string[][]; height: number } {
  const { style } = p.layout;
  const lh = lineHeightMm(style.fontSize.body);
  p.font(style.bodyFont, 'normal', style.fontSize.body);
  const lines = block.lines.map((line) => p.wrap(line, width));
  const count = lines.reduce((n, l) => n + l.length, 0);
  return { lines, height: lineHeightMm(style.fontSize.body) + 1 + count * lh };
}

function drawBlock(p: Painter, block: InfoBlock, x: number, top: number, width: number): number {
  const { style } = p.layout;
  const { lines } = blockHeight(p, block, width);
  const lh = lineHeightMm(style.fontSize.body);
  let y = top + style.fontSize.body * PT_TO_MM;
  p.font(style.titleFont, 'bold', style.fontSize.body, p.accent);
  p.text(block.title.toUpperCase(), x, y);
  y += 1;
  lines.forEach((wrapped, index) => {
    p.font(style.bodyFont, index === 0 ? 'bold' : 'normal', style.fontSize.body, index === 0 ? p.secondary : TEXT_DARK);
    for (const line of wrapped) {
      y += lh;
      p.text(line, x, y);
    }
  });
  return y;
}

/** Company and client blocks: side by side when their positions differ, stacked otherwise. */
function drawParties(p: Painter): void {
  const { company, client } = p.layout;
  const gap = 10;
  const columnWidth = (p.contentWidth - gap) / 2;
  const xFor = (side: 'left' | 'right') => (side === 'left' ? p.margin : p.margin + columnWidth + gap);
  const top = p.y;
  if (company.side !== client.side) {
    const bottomA = drawBlock(p, company, xFor(company.side), top, columnWidth);
    const bottomB = drawBlock(p, client, xFor(client.side), top, columnWidth);
    p.y = Math.max(bottomA, bottomB) + 8;
    return;
  }
  const x = xFor(company.side);
  const bottom = drawBlock(p, company, x, top, columnWidth);
  p.y = drawBlock(p, client, x, bottom + 5, columnWidth) + 8;
}

function drawProjectTitle(p: Painter): void {
  const { projectTitle, style } = p.layout;
  if (!projectTitle) return;
  p.font(style.titleFont, 'bold', style.fontSize.subtitle, p.secondary);
  const lines = p.wrap(`${projectTitle.label} : ${projectTitle.value}`, p.contentWidth);
  const lh = lineHeightMm(style.fontSize.subtitle);
  p.text(lines, p.margin, p.y + style.fontSize.subtitle * PT_TO_MM);
  p.y += lines.length * lh + 4;
}

interface Column {
  x: number;
  width: number;
  align: 'left' | 'right';
}

function tableColumns(p: Painter): Column[] {
  let x = p.margin;
  return p.layout.columns.map((column) => {
    const width = (p.contentWidth * column.widthPct) / 100;
    const c = { x, width, align: column.align };
    x += width;
    return c;
  });
}

const CELL_PADDING_MM = 2;

function drawTableHeader(p: Painter, columns: Column[]): void {
  const { geometry, style } = p.layout;
  const h = geometry.tableHeaderHeightMm;
  p.doc.setFillColor(p.primary[0], p.primary[1], p.primary[2]);
  p.doc.rect(p.margin, p.y, p.contentWidth, h, 'F');
  if (style.tableStyle === 'bordered') {
    p.doc.setDrawColor(p.secondary[0], p.secondary[1], p.secondary[2]);
    p.doc.setLineWidth(0.2);
    for (const c of columns) p.doc.rect(c.x, p.y, c.width, h, 'S');
  }
  p.font(style.titleFont, 'bold', geometry.tableHeaderFontSize, WHITE);
  const baseline = p.y + h / 2 + (geometry.tableHeaderFontSize * PT_TO_MM) / 2 - 0.4;
  p.layout.columns.forEach((column, i) => {
    const c = columns[i]!;
    const x = c.align === 'right' ? c.x + c.width - CELL_PADDING_MM : c.x + CELL_PADDING_MM;
    p.text(column.label, x, baseline, c.align);
  });
  p.y += h;
}

function drawTable(p: Painter): void {
  const { geometry, style, rows } = p.layout;
  const columns = tableColumns(p);
  const stripe = tint(p.accent, 0.88);
  const bodyLh = lineHeightMm(geometry.tableBodyFontSize);
  const breakAt = p.pageHeight - geometry.pageBreakOffsetMm;
  // The header itself needs room for at least one row under it.
  if (p.y + geometry.tableHeaderHeightMm + geometry.rowHeightMm > breakAt) p.newPage();
  drawTableHeader(p, columns);
  p.font(style.bodyFont, 'normal', geometry.tableBodyFontSize);

  rows.forEach((row, rowIndex) => {
    // Issue 27: section headings (bold, primary colour) and their subtotals (bold); other rows normal.
    const kind = p.layout.rowKinds?.[rowIndex] ?? 'item';
    if (kind === 'section') p.font(style.titleFont, 'bold', geometry.tableBodyFontSize, p.primary);
    else if (kind === 'subtotal') p.font(style.bodyFont, 'bold', geometry.tableBodyFontSize);
    else p.font(style.bodyFont, 'normal', geometry.tableBodyFontSize);
    const cells = row.map((cell, i) => {
      const c = columns[i]!;
      return i === 0 ? p.wrap(cell, c.width - 2 * CELL_PADDING_MM) : [p.encode(cell)];
    });
    const lineCount = Math.max(...cells.map((c) => c.length));
    const rowHeight = Math.max(geometry.rowHeightMm, lineCount * bodyLh + 3);
    if (p.y + rowHeight > breakAt) {
      p.newPage();
      drawTableHeader(p, columns);
      if (kind === 'section') p.font(style.titleFont, 'bold', geometry.tableBodyFontSize, p.primary);
      else p.font(style.bodyFont, kind === 'subtotal' ? 'bold' : 'normal', geometry.tableBodyFontSize);
    }
    if (style.tableStyle === 'striped' && rowIndex % 2 === 1) {
      p.doc.setFillColor(stripe[0], stripe[1], stripe[2]);
      p.doc.rect(p.margin, p.y, p.contentWidth, rowHeight, 'F');
    }
    if (style.tableStyle === 'bordered') {
      p.doc.setDrawColor(p.secondary[0], p.secondary[1], p.secondary[2]);
      p.doc.setLineWidth(0.2);
      for (const c of columns) p.doc.rect(c.x, p.y, c.width, rowHeight, 'S');
    } else {
      p.doc.setDrawColor(RULE_GREY[0], RULE_GREY[1], RULE_GREY[2]);
      p.doc.setLineWidth(0.1);
      p.doc.line(p.margin, p.y + rowHeight, p.pageWidth - p.margin, p.y + rowHeight);
    }
    const firstBaseline = p.y + (geometry.rowHeightMm + geometry.tableBodyFontSize * PT_TO_MM) / 2 - 0.4;
    cells.forEach((lines, i) => {
      const c = columns[i]!;
      const x = c.align === 'right' ? c.x + c.width - CELL_PADDING_MM : c.x + CELL_PADDING_MM;
      p.drawEncoded(lines, x, firstBaseline, c.align, LINE_FACTOR);
    });
    p.y += rowHeight;
  });
  p.y += 4;
}

function drawTotals(p: Painter): void {
  const { totals, style, geometry } = p.layout;
  const rowH = geometry.rowHeightMm;
  const width = 80;
  p.ensureSpace(totals.length * rowH + 2);
  const x = p.pageWidth - p.margin - width;
  for (const total of totals) {
    if (total.emphasis) {
      p.doc.setFillColor(p.primary[0], p.primary[1], p.primary[2]);
      p.doc.rect(x, p.y, width, rowH, 'F');
      p.font(style.titleFont, 'bold', style.fontSize.body, WHITE);
    } else {
      p.font(style.bodyFont, 'normal', style.fontSize.body, TEXT_DARK);
      p.doc.setDrawColor(RULE_GREY[0], RULE_GREY[1], RULE_GREY[2]);
      p.doc.setLineWidth(0.1);
      p.doc.line(x, p.y + rowH, x + width, p.y + rowH);
    }
    const baseline = p.y + rowH / 2 + (style.fontSize.body * PT_TO_MM) / 2 - 0.4;
    p.text(total.label, x + CELL_PADDING_MM, baseline);
    p.text(total.value, x + width - CELL_PADDING_MM, baseline, 'right');
    p.y += rowH;
  }
  p.y += 6;
}

function drawSection(p: Painter, section: TextSection): void {
  const { style } = p.layout;
  const lh = lineHeightMm(style.fontSize.body);
  p.font(style.bodyFont, 'normal', style.fontSize.body);
  const lines = section.lines.flatMap((line) => p.wrap(line, p.contentWidth));
  const titleH = lineHeightMm(style.fontSize.subtitle) + 1;
  // Keep a short section on one page; a long one may flow.
  p.ensureSpace(Math.min(titleH + lines.length * lh, 60));
  p.font(style.titleFont, 'bold', style.fontSize.subtitle, p.primary);
  p.y += style.fontSize.subtitle * PT_TO_MM;
  p.text(section.title, p.margin, p.y);
  p.y += 1.5;
  p.font(style.bodyFont, 'normal', style.fontSize.body);
  for (const line of lines) {
    p.ensureSpace(lh);
    p.y += lh;
    p.text(line, p.margin, p.y);
  }
  p.y += 5;
}

function drawAdditionalText(p: Painter): void {
  const { additionalText, style } = p.layout;
  if (!additionalText) return;
  const lh = lineHeightMm(style.fontSize.body);
  p.font(style.bodyFont, 'normal', style.fontSize.body, p.secondary);
  const lines = additionalText.split(/\r?\n/).flatMap((l) => (l.trim() ? p.wrap(l, p.contentWidth) : ['']));
  for (const line of lines) {
    p.ensureSpace(lh);
    p.y += lh;
    p.text(line, p.margin, p.y);
  }
  p.y += 5;
}

function drawSignature(p: Painter): void {
  const { signature, style } = p.layout;
  if (!signature) return;
  p.ensureSpace(signature.heightMm + 2);
  const x = p.pageWidth - p.margin - signature.widthMm;
  p.doc.setDrawColor(p.secondary[0], p.secondary[1], p.secondary[2]);
  p.doc.setLineWidth(0.3);
  p.doc.rect(x, p.y, signature.widthMm, signature.heightMm, 'S');
  p.font(style.titleFont, 'bold', style.fontSize.body, p.primary);
  p.text(signature.title, x + 3, p.y + 6);
  p.font(style.bodyFont, 'normal', 7, p.secondary);
  let y = p.y + 6;
  for (const line of signature.lines) {
    for (const wrapped of p.wrap(line, signature.widthMm - 6)) {
      y += lineHeightMm(7);
      p.text(wrapped, x + 3, y);
    }
  }
  p.y += signature.heightMm + 4;
}

/** Footer text and « Page n/N » on every page, once the page count is known. */
function drawFooters(p: Painter): void {
  const { footer, pageNumbers, style } = p.layout;
  const total = p.doc.getNumberOfPages();
  const baseline = p.pageHeight - p.margin / 2 - 2;
  for (let page = 1; page <= total; page += 1) {
    p.doc.setPage(page);
    if (footer) {
      p.font(style.bodyFont, 'normal', 8, p.secondary);
      const lines = p.wrap(footer, p.contentWidth - 40);
      const lh = lineHeightMm(8);
      p.text(lines, p.pageWidth / 2, baseline - (lines.length - 1) * lh, 'center');
      p.doc.setDrawColor(RULE_GREY[0], RULE_GREY[1], RULE_GREY[2]);
      p.doc.setLineWidth(0.1);
      const ruleY = baseline - (lines.length - 1) * lh - 8 * PT_TO_MM - 2;
      p.doc.line(p.margin, ruleY, p.pageWidth - p.margin, ruleY);
    }
    if (pageNumbers) {
      p.font(style.bodyFont, 'normal', 8, p.secondary);
      p.text(m.page(page, total), p.pageWidth - p.margin, baseline, 'right');
    }
  }
}

/** Draws the whole document; returns the warnings met (a logo that failed to load…). */
export function drawDocument(doc: jsPDF, layout: DocumentLayout, fonts: PdfFonts = STANDARD_PDF_FONTS): string[] {
  const p = new Painter(doc, layout, fonts);
  drawCustomHeader(p);
  drawHeading(p);
  drawParties(p);
  drawProjectTitle(p);
  drawTable(p);
  drawTotals(p);
  for (const section of layout.sections) drawSection(p, section);
  drawAdditionalText(p);
  drawSignature(p);
  drawFooters(p);
  return p.warnings;
}
