// The one place where the PDF renderer picks its fonts. jsPDF's standard fonts only know WinAnsi (Latin-1 and
// a few more): « œ » survives but many symbols print as « ? ». So every PDF embeds Unicode TrueType fonts,
// subset by jsPDF to the glyphs used (Identity-H, with a ToUnicode map so the text can be copied and searched
// as typed): DejaVu Sans, DejaVu Serif for the customisation's Times, DejaVu Sans Mono for its Courier, and
// Noto Emoji (remapped, see emoji-font.ts) when the text holds emoji above U+FFFF. Each file is fetched on
// demand, only when the document needs it, never in the first-load bundle. If DejaVu Sans cannot be loaded
// (offline before it was ever cached…), the standard fonts and the WinAnsi fallback are used; a missing
// Serif/Mono falls back to Sans, a missing emoji font to « ? ».
import type { jsPDF } from 'jspdf';

import type { PdfFontName } from '../../layout';
import { toPdfText } from '../../text';
import { cachedFontFile } from './font-cache';
import { EMOJI_SHAPING, emojiToPua, isSupplementaryEmoji, remapEmojiFont, writeEmojiFontOnOutput } from './emoji-font';

export type FontKey = 'sans' | 'serif' | 'mono' | 'emoji';

/** Where each font file is (webpack asset URLs in the apps, file paths in Node tests). */
export interface FontUrls {
  sans: { regular: string; bold: string };
  serif: { regular: string; bold: string };
  mono: { regular: string; bold: string };
  emoji: { regular: string };
}

/** The jsPDF family name registered for each font. */
export const FONT_FAMILIES: Record<FontKey, string> = {
  sans: 'AtelierSans',
  serif: 'AtelierSerif',
  mono: 'AtelierMono',
  emoji: 'AtelierEmoji',
};
/** The family of DejaVu Sans (kept for existing callers). */
export const UNICODE_FAMILY = FONT_FAMILIES.sans;

export interface UnicodeFontFiles {
  /** Base64 TrueType data, as jsPDF's virtual file system wants it. */
  regular: string;
  bold?: string | undefined;
}

export type LoadedFonts = Partial<Record<FontKey, UnicodeFontFiles>>;

/** How the renderer draws text: which jsPDF family to use, and how to make a string drawable with it. */
export interface PdfFonts {
  family(name: PdfFontName): string;
  /** The text as the family can draw it (characters it lacks replaced by their WinAnsi spelling or « ? »). */
  encode(text: string, name?: PdfFontName): string;
  /** Family of the emoji font when embedded: runs of emoji (kept as typed by `encode`) are drawn with it. */
  emojiFamily?: string | undefined;
  /**
   * The character to draw with the emoji font for `ch` (an emoji above U+FFFF → its Private Use Area code
   * point; a BMP emoji the text font lacks, such as ✅ → itself), or null when the text font draws it.
   */
  emojiChar?: ((ch: string, name?: PdfFontName) => string | null) | undefined;
  /** To call once everything is drawn, before `output()`. */
  finish?: (() => void) | undefined;
}

/** The standard fonts (Helvetica/Times/Courier) with the WinAnsi replacements of toPdfText. */
export const STANDARD_PDF_FONTS: PdfFonts = { family: (name) => name, encode: (text) => toPdfText(text) };

export type FontBytesLoader = (url: string) => Promise<ArrayBuffer>;

const fetchBytes: FontBytesLoader = async (url) => {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`font ${url}: HTTP ${response.status}`);
  return response.arrayBuffer();
};

const defaultUrls = async (): Promise<FontUrls> => (await import('./font-files')).FONT_URLS;
let loadBytes: FontBytesLoader = fetchBytes;
let loadUrls: () => Promise<FontUrls> = defaultUrls;
let cached: Partial<Record<FontKey, Promise<UnicodeFontFiles | null>>> = {};

/**
 * Tests (Node has no webpack assets): where the font files come from. `urls` may give only some fonts (the
 * others are then missing); without `urls`, the real asset module is used (its imports are file paths in Jest).
 */
export function setUnicodeFontSource(urls: (() => Promise<Partial<FontUrls>>) | null, bytes: FontBytesLoader): void {
  loadUrls = (urls as (() => Promise<FontUrls>) | null) ?? defaultUrls;
  loadBytes = bytes;
  cached = {};
}

function toBase64(buffer: ArrayBuffer | Uint8Array): string {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  if (typeof Buffer !== 'undefined')
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

/** One font's files, fetched once per page; null when they cannot be had (tried again next time). */
export function loadFont(key: FontKey): Promise<UnicodeFontFiles | null> {
  const pending =
    cached[key] ??
    (async (): Promise<UnicodeFontFiles | null> => {
      try {
        const urls = (await loadUrls())[key] as { regular: string; bold?: string } | undefined;
        if (!urls) return null;
        const [regular, bold] = await Promise.all([
          loadBytes(urls.regular),
          urls.bold ? loadBytes(urls.bold) : Promise.resolve(null),
        ]);
        return {
          regular: toBase64(key === 'emoji' ? remapEmojiFont(regular) : regular),
          bold: bold ? toBase64(bold) : undefined,
        };
      } catch {
        return null;
      }
    })().then((files) => {
      if (!files) delete cached[key]; // try again next time (back online)
      return files;
    });
  cached[key] = pending;
  return pending;
}

/** DejaVu Sans, kept for callers that need only it. */
export function loadUnicodeFont(): Promise<UnicodeFontFiles | null> {
  return loadFont('sans');
}

/** The fonts a document needs: Sans always, plus the others asked for. */
export async function loadFonts(keys: Iterable<FontKey>): Promise<LoadedFonts> {
  const wanted = new Set<FontKey>(['sans', ...keys]);
  const entries = await Promise.all([...wanted].map(async (key) => [key, await loadFont(key)] as const));
  const out: LoadedFonts = {};
  for (const [key, files] of entries) if (files) out[key] = files;
  return out;
}

interface GlyphLookup {
  characterToGlyph(code: number): number;
}

const FONT_OF: Record<PdfFontName, FontKey> = { helvetica: 'sans', times: 'serif', courier: 'mono' };

function register(doc: jsPDF, key: FontKey, files: UnicodeFontFiles, jsPDFClass?: typeof jsPDF): GlyphLookup {
  const family = FONT_FAMILIES[key];
  const file = (name: string, base64: string) => (jsPDFClass ? cachedFontFile(jsPDFClass, name, base64) : base64);
  doc.addFileToVFS(`${family}.ttf`, file(`${family}.ttf`, files.regular));
  doc.addFont(`${family}.ttf`, family, 'normal', 'Identity-H');
  if (files.bold) {
    doc.addFileToVFS(`${family}-Bold.ttf`, file(`${family}-Bold.ttf`, files.bold));
    doc.addFont(`${family}-Bold.ttf`, family, 'bold', 'Identity-H');
  } else {
    // One style only (the emoji font): bold text uses the same glyphs.
    doc.addFont(`${family}.ttf`, family, 'bold', 'Identity-H');
  }
  doc.setFont(family, 'normal');
  return (doc.getFont() as unknown as { metadata: GlyphLookup }).metadata;
}

/**
 * Registers the loaded fonts in `doc` and returns how to draw with them (null without DejaVu Sans: use the
 * standard fonts). With `jsPDFClass`, each font file is parsed once per page (font-cache.ts). Times/Courier are drawn with DejaVu Serif/Mono when loaded, else with Sans; a character a
 * font has no glyph for falls back to the WinAnsi spelling.
 */
export function embedFonts(doc: jsPDF, fonts: LoadedFonts, jsPDFClass?: typeof jsPDF): PdfFonts | null {
  if (!fonts.sans) return null;
  const glyphs: Partial<Record<FontKey, GlyphLookup>> = {};
  for (const key of ['sans', 'serif', 'mono', 'emoji'] as const) {
    const files = fonts[key];
    if (files) glyphs[key] = register(doc, key, files, jsPDFClass);
  }
  doc.setFont(FONT_FAMILIES.sans, 'normal');
  const emoji = glyphs.emoji;
  const keyOf = (name: PdfFontName | undefined): FontKey => {
    const key = FONT_OF[name ?? 'helvetica'] ?? 'sans';
    return glyphs[key] ? key : 'sans';
  };
  const known = new Map<string, 0 | 1 | 2>();
  const inEmojiFont = (code: number) =>
    !!emoji &&
    (code > 0xffff
      ? isSupplementaryEmoji(code) && emoji.characterToGlyph(emojiToPua(code)) > 0
      : code > 0x7f && (code < 0xe000 || code > 0xf8ff) && emoji.characterToGlyph(code) > 0);
  const inTextFont = (key: FontKey, code: number) =>
    code <= 0xffff && (code < 0x20 ? code === 0x0a : glyphs[key]!.characterToGlyph(code) > 0);
  /** 0: not drawable, 1: text font, 2: emoji font. */
  const drawnBy = (key: FontKey, ch: string): 0 | 1 | 2 => {
    const id = `${key}:${ch}`;
    let by = known.get(id);
    if (by === undefined) {
      const code = ch.codePointAt(0) ?? 0;
      by = inTextFont(key, code) ? 1 : inEmojiFont(code) ? 2 : 0;
      known.set(id, by);
    }
    return by;
  };
  return {
    family: (name) => FONT_FAMILIES[keyOf(name)],
    encode(text, name) {
      const key = keyOf(name);
      let out = '';
      for (const ch of text.replace(EMOJI_SHAPING, '')) out += drawnBy(key, ch) ? ch : toPdfText(ch);
      return out;
    },
    emojiFamily: emoji ? FONT_FAMILIES.emoji : undefined,
    emojiChar(ch, name) {
      if (drawnBy(keyOf(name), ch) !== 2) return null;
      const code = ch.codePointAt(0) ?? 0;
      return code > 0xffff ? String.fromCharCode(emojiToPua(code)) : ch;
    },
    finish: () => {
      if (emoji) writeEmojiFontOnOutput(doc, FONT_FAMILIES.emoji, ['normal', 'bold']);
    },
  };
}

/** Registers DejaVu Sans only (kept for existing callers). */
export function embedUnicodeFont(doc: jsPDF, files: UnicodeFontFiles): PdfFonts {
  return embedFonts(doc, { sans: files })!;
}
