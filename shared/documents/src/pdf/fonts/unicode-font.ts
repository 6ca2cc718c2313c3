// The one place where the PDF renderer picks its font. jsPDF's standard fonts only know WinAnsi (Latin-1 and
// a few more): « œ » survives but many symbols print as « ? ». So every PDF embeds a Unicode TrueType font
// (DejaVu Sans), subset by jsPDF to the glyphs used (Identity-H, with a ToUnicode map so the text can be copied
// and searched as typed). It is fetched on demand with the PDF code, never in the first-load bundle. If it
// cannot be loaded (offline before it was ever cached…), the standard fonts and the WinAnsi fallback are used.
import type { jsPDF } from 'jspdf';

import type { PdfFontName } from '../../layout';
import { toPdfText } from '../../text';

/** The font family name registered in each jsPDF document. */
export const UNICODE_FAMILY = 'AtelierSans';

export interface UnicodeFontFiles {
  /** Base64 TrueType data, as jsPDF's virtual file system wants it. */
  regular: string;
  bold: string;
}

/** How the renderer draws text: which jsPDF family to use, and how to make a string drawable with it. */
export interface PdfFonts {
  family(name: PdfFontName): string;
  encode(text: string): string;
}

/** The standard fonts (Helvetica/Times/Courier) with the WinAnsi replacements of toPdfText. */
export const STANDARD_PDF_FONTS: PdfFonts = { family: (name) => name, encode: toPdfText };

export type FontBytesLoader = (url: string) => Promise<ArrayBuffer>;

const fetchBytes: FontBytesLoader = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`font ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
};

let loadBytes: FontBytesLoader = fetchBytes;
let loadUrls: () => Promise<{ regular: string; bold: string }> = async () =>
  (await import('./font-files')).UNICODE_FONT_URLS;
let cached: Promise<UnicodeFontFiles | null> | null = null;

/** Tests (Node has no webpack assets): where the font files come from. */
export function setUnicodeFontSource(
  urls: () => Promise<{ regular: string; bold: string }>,
  bytes: FontBytesLoader,
): void {
  loadUrls = urls;
  loadBytes = bytes;
  cached = null;
}

function toBase64(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  if (typeof Buffer !== 'undefined') return Buffer.from(bytes).toString('base64');
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** The font files, fetched once per page; null when they cannot be had. */
export function loadUnicodeFont(): Promise<UnicodeFontFiles | null> {
  cached ??= (async () => {
    try {
      const urls = await loadUrls();
      const [regular, bold] = await Promise.all([loadBytes(urls.regular), loadBytes(urls.bold)]);
      return { regular: toBase64(regular), bold: toBase64(bold) };
    } catch {
      return null;
    }
  })().then((files) => {
    if (!files) cached = null; // try again next time (back online)
    return files;
  });
  return cached;
}

interface GlyphLookup {
  characterToGlyph(code: number): number;
}

/**
 * Registers the Unicode font in `doc` and returns how to draw with it: every family is drawn with it (one
 * embedded font keeps the file small), and a character it has no glyph for falls back to the WinAnsi spelling.
 */
export function embedUnicodeFont(doc: jsPDF, files: UnicodeFontFiles): PdfFonts {
  doc.addFileToVFS('AtelierSans.ttf', files.regular);
  doc.addFileToVFS('AtelierSans-Bold.ttf', files.bold);
  doc.addFont('AtelierSans.ttf', UNICODE_FAMILY, 'normal', 'Identity-H');
  doc.addFont('AtelierSans-Bold.ttf', UNICODE_FAMILY, 'bold', 'Identity-H');
  doc.setFont(UNICODE_FAMILY, 'normal');
  const glyphs = (doc.getFont() as unknown as { metadata: GlyphLookup }).metadata;
  const known = new Map<string, boolean>();
  const has = (ch: string) => {
    let ok = known.get(ch);
    if (ok === undefined) {
      const code = ch.codePointAt(0) ?? 0;
      // jsPDF draws UTF-16 code units one by one: characters beyond U+FFFF cannot be drawn.
      ok = code <= 0xffff && (code < 0x20 ? code === 0x0a : glyphs.characterToGlyph(code) > 0);
      known.set(ch, ok);
    }
    return ok;
  };
  return {
    family: () => UNICODE_FAMILY,
    encode(text) {
      let out = '';
      for (const ch of text) out += has(ch) ? ch : toPdfText(ch);
      return out;
    },
  };
}
