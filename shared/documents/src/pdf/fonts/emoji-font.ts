// Emoji above U+FFFF (😀 👍 🔧…) in jsPDF. jsPDF draws UTF-16 code units one by one and reads only format-4
// (16-bit) cmaps, so it cannot reach a glyph for U+1F600. What this module does about it:
// 1. the emoji font (Noto Emoji, monochrome outlines, npm @expo-google-fonts/noto-emoji) gets a new cmap, one
//    format-4 table where each emoji U+1F000–U+1FAFF sits at a Private Use Area code point (U+E000 + offset);
// 2. the renderer draws emoji runs with that font, as PUA characters (see draw.ts `Painter.text`);
// 3. the font's ToUnicode map is written by us (jsPDF's writes 4 hex digits only): each glyph maps back to the
//    real emoji (UTF-16BE surrogate pair), so the text copied or extracted from the PDF is the emoji as typed.
import type { jsPDF } from 'jspdf';

/** Supplementary-plane emoji blocks mapped into the PUA (Mahjong … Symbols and Pictographs Extended-A). */
export const EMOJI_FIRST = 0x1f000;
export const EMOJI_LAST = 0x1faff;
const PUA_BASE = 0xe000;

/** True for a code point this module can draw with the emoji font. */
export function isSupplementaryEmoji(codePoint: number): boolean {
  return codePoint >= EMOJI_FIRST && codePoint <= EMOJI_LAST;
}

export function emojiToPua(codePoint: number): number {
  return PUA_BASE + (codePoint - EMOJI_FIRST);
}

export function puaToEmoji(code: number): number | null {
  const cp = code - PUA_BASE + EMOJI_FIRST;
  return code >= PUA_BASE && isSupplementaryEmoji(cp) ? cp : null;
}

/** Characters that only shape emoji (variation selectors, zero-width joiner): dropped, jsPDF cannot shape. */
export const EMOJI_SHAPING = /[\uFE0E\uFE0F\u200D]/g;

/** Common emoji of the BMP that DejaVu has no glyph for (DejaVu draws ☀ ⚡ ✔ ❤ ★ itself). */
const BMP_EMOJI_MISSING =
  /[\u231A\u231B\u23E9-\u23F3\u23F8-\u23FA\u2705\u274C\u274E\u2753-\u2755\u2757\u2795-\u2797\u27B0\u27BF\u2B50\u2B55]/;

/** Whether a text holds a character the emoji font is needed for. */
export function needsEmojiFont(text: string): boolean {
  if (BMP_EMOJI_MISSING.test(text)) return true;
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isSupplementaryEmoji(cp)) return true;
  }
  return false;
}

// ── sfnt reading / writing ──────────────────────────────────────────────────────────────────────────────

interface TableRecord {
  tag: string;
  data: Uint8Array;
}

function readTables(bytes: Uint8Array): { version: number; tables: TableRecord[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(0);
  const count = view.getUint16(4);
  const tables: TableRecord[] = [];
  for (let i = 0; i < count; i += 1) {
    const at = 12 + 16 * i;
    const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
    const offset = view.getUint32(at + 8);
    const length = view.getUint32(at + 12);
    tables.push({ tag, data: bytes.subarray(offset, offset + length) });
  }
  return { version, tables };
}

function checksum(data: Uint8Array): number {
  let sum = 0;
  const padded =
    data.length % 4 === 0
      ? data
      : (() => {
          const p = new Uint8Array(data.length + (4 - (data.length % 4)));
          p.set(data);
          return p;
        })();
  const view = new DataView(padded.buffer, padded.byteOffset, padded.byteLength);
  for (let i = 0; i < padded.length; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  return sum;
}

function writeTables(version: number, tables: TableRecord[]): Uint8Array {
  const sorted = [...tables].sort((a, b) => (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
  const headerSize = 12 + 16 * sorted.length;
  let size = headerSize;
  for (const t of sorted) size += (t.data.length + 3) & ~3;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  const n = sorted.length;
  const entrySelector = Math.floor(Math.log2(n));
  const searchRange = 2 ** entrySelector * 16;
  view.setUint32(0, version);
  view.setUint16(4, n);
  view.setUint16(6, searchRange);
  view.setUint16(8, entrySelector);
  view.setUint16(10, n * 16 - searchRange);
  let offset = headerSize;
  sorted.forEach((t, i) => {
    const at = 12 + 16 * i;
    for (let k = 0; k < 4; k += 1) out[at + k] = t.tag.charCodeAt(k);
    view.setUint32(at + 4, checksum(t.data));
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, t.data.length);
    out.set(t.data, offset);
    offset += (t.data.length + 3) & ~3;
  });
  return out;
}

/** code point → glyph id, from the font's format-12 (or format-4) Unicode cmap subtables. */
function readCmap(cmap: Uint8Array): Map<number, number> {
  const view = new DataView(cmap.buffer, cmap.byteOffset, cmap.byteLength);
  const count = view.getUint16(2);
  const map = new Map<number, number>();
  for (let i = 0; i < count; i += 1) {
    const platform = view.getUint16(4 + 8 * i);
    const encoding = view.getUint16(6 + 8 * i);
    const offset = view.getUint32(8 + 8 * i);
    const format = view.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) {
      const groups = view.getUint32(offset + 12);
      for (let g = 0; g < groups; g += 1) {
        const at = offset + 16 + 12 * g;
        const start = view.getUint32(at);
        const end = view.getUint32(at + 4);
        const glyph = view.getUint32(at + 8);
        for (let cp = start; cp <= end; cp += 1) if (!map.has(cp)) map.set(cp, glyph + cp - start);
      }
    } else if (format === 4) {
      const segCount = view.getUint16(offset + 6) / 2;
      const ends = offset + 14;
      const starts = ends + 2 * segCount + 2;
      const deltas = starts + 2 * segCount;
      const ranges = deltas + 2 * segCount;
      for (let s = 0; s < segCount; s += 1) {
        const end = view.getUint16(ends + 2 * s);
        const start = view.getUint16(starts + 2 * s);
        const delta = view.getUint16(deltas + 2 * s);
        const rangeOffset = view.getUint16(ranges + 2 * s);
        for (let c = start; c <= end && c !== 0xffff; c += 1) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const at = ranges + 2 * s + rangeOffset + 2 * (c - start);
            glyph = view.getUint16(at);
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0 && !map.has(c)) map.set(c, glyph);
        }
      }
    }
  }
  return map;
}

/** A cmap table with one (3,1) format-4 subtable for these 16-bit codes. */
function buildFormat4(codes: Map<number, number>): Uint8Array {
  const sorted = [...codes.entries()].filter(([c]) => c < 0xffff).sort((a, b) => a[0] - b[0]);
  // Segments of consecutive codes with consecutive glyphs (idDelta, no glyph array).
  const segments: { start: number; end: number; delta: number }[] = [];
  for (const [code, glyph] of sorted) {
    const last = segments[segments.length - 1];
    const delta = (glyph - code) & 0xffff;
    if (last && last.end === code - 1 && last.delta === delta) last.end = code;
    else segments.push({ start: code, end: code, delta });
  }
  segments.push({ start: 0xffff, end: 0xffff, delta: 1 });
  const segCount = segments.length;
  const length = 16 + 8 * segCount;
  const table = new Uint8Array(4 + 8 + length);
  const view = new DataView(table.buffer);
  view.setUint16(0, 0); // version
  view.setUint16(2, 1); // one subtable
  view.setUint16(4, 3); // Windows
  view.setUint16(6, 1); // Unicode BMP
  view.setUint32(8, 12);
  const at = 12;
  const entrySelector = Math.floor(Math.log2(segCount));
  const searchRange = 2 * 2 ** entrySelector;
  view.setUint16(at, 4);
  view.setUint16(at + 2, length);
  view.setUint16(at + 4, 0);
  view.setUint16(at + 6, segCount * 2);
  view.setUint16(at + 8, searchRange);
  view.setUint16(at + 10, entrySelector);
  view.setUint16(at + 12, segCount * 2 - searchRange);
  const ends = at + 14;
  const starts = ends + 2 * segCount + 2;
  const deltas = starts + 2 * segCount;
  const ranges = deltas + 2 * segCount;
  segments.forEach((s, i) => {
    view.setUint16(ends + 2 * i, s.end);
    view.setUint16(starts + 2 * i, s.start);
    view.setUint16(deltas + 2 * i, s.delta);
    view.setUint16(ranges + 2 * i, 0);
  });
  return table;
}

/**
 * The emoji font with its cmap replaced: BMP characters as they were, supplementary emoji at their PUA code
 * points. Tables jsPDF does not use for drawing (GSUB, vmtx…) are left as they are.
 */
export function remapEmojiFont(input: ArrayBuffer | Uint8Array): Uint8Array {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const { version, tables } = readTables(bytes);
  const cmap = tables.find((t) => t.tag === 'cmap');
  if (!cmap) throw new Error('emoji font without cmap');
  const source = readCmap(cmap.data);
  const codes = new Map<number, number>();
  for (const [cp, glyph] of source) {
    if (cp < 0xe000 || (cp > 0xf8ff && cp < 0xffff)) codes.set(cp, glyph);
    else if (isSupplementaryEmoji(cp)) codes.set(emojiToPua(cp), glyph);
  }
  return writeTables(
    version,
    tables.map((t) => (t.tag === 'cmap' ? { tag: 'cmap', data: buildFormat4(codes) } : t)),
  );
}

// ── ToUnicode map of the emoji font ────────────────────────────────────────────────────────────────────

const MARK = 'Atelier-Identity-H';

interface TtfMetadata {
  glyIdsUsed: number[];
  toUnicode: Record<number, number>;
  Unicode: { widths: (number | number[])[] };
  subset: { encode(glyphs: number[], flag: number): number[] | Uint8Array };
  bbox: number[];
  flags: number;
  stemV: number;
  italicAngle: number;
  ascender: number;
  decender: number;
  capHeight: number;
}

interface JsPdfFont {
  fontName: string;
  encoding: string;
  metadata: TtfMetadata;
  objectNumber?: number;
  isAlreadyPutted?: boolean;
}

interface PutFontArgs {
  font: JsPdfFont;
  out(line: string): void;
  newObject(): number;
  putStream(options: { data: string; addLength1?: boolean; objectId?: number }): void;
}

function hex4(n: number): string {
  return n.toString(16).padStart(4, '0');
}

/** UTF-16BE hex of a code point (a surrogate pair above U+FFFF). */
function utf16Hex(codePoint: number): string {
  if (codePoint <= 0xffff) return hex4(codePoint);
  const v = codePoint - 0x10000;
  return hex4(0xd800 + (v >> 10)) + hex4(0xdc00 + (v & 0x3ff));
}

export function emojiToUnicodeCmap(toUnicode: Record<number, number>): string {
  const entries = Object.keys(toUnicode)
    .map(Number)
    .sort((a, b) => a - b)
    .map((glyph) => {
      const code = toUnicode[glyph]!;
      return `<${hex4(glyph)}><${utf16Hex(puaToEmoji(code) ?? code)}>`;
    });
  let body = '';
  for (let i = 0; i < entries.length; i += 100) {
    const chunk = entries.slice(i, i + 100);
    body += `\n${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`;
  }
  return (
    '/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n/CIDSystemInfo <<\n  /Registry (Adobe)\n' +
    '  /Ordering (UCS)\n  /Supplement 0\n>> def\n/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n' +
    `1 begincodespacerange\n<0000><ffff>\nendcodespacerange${body}\n` +
    'endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend'
  );
}

function pdfArray(value: unknown): string {
  return Array.isArray(value) ? `[${value.map(pdfArray).join(' ')}]` : String(value);
}

/** Writes the emoji font like jsPDF's Identity-H writer, with our ToUnicode map. */
function putEmojiFont({ font, out, newObject, putStream }: PutFontArgs): void {
  if (font.encoding !== MARK) return;
  const meta = font.metadata;
  const data = meta.subset.encode(meta.glyIdsUsed, 1);
  let binary = '';
  for (let i = 0; i < data.length; i += 1) binary += String.fromCharCode(data[i]!);
  const fontFile = newObject();
  putStream({ data: binary, addLength1: true, objectId: fontFile });
  out('endobj');
  const cmap = newObject();
  putStream({ data: emojiToUnicodeCmap(meta.toUnicode), addLength1: true, objectId: cmap });
  out('endobj');
  const name = font.fontName.replace(/[^A-Za-z0-9_.-]/g, '');
  const descriptor = newObject();
  out('<<');
  out('/Type /FontDescriptor');
  out(`/FontName /${name}`);
  out(`/FontFile2 ${fontFile} 0 R`);
  out(`/FontBBox ${pdfArray(meta.bbox)}`);
  out(`/Flags ${meta.flags}`);
  out(`/StemV ${meta.stemV}`);
  out(`/ItalicAngle ${meta.italicAngle}`);
  out(`/Ascent ${meta.ascender}`);
  out(`/Descent ${meta.decender}`);
  out(`/CapHeight ${meta.capHeight}`);
  out('>>');
  out('endobj');
  const descendant = newObject();
  out('<<');
  out('/Type /Font');
  out(`/BaseFont /${name}`);
  out(`/FontDescriptor ${descriptor} 0 R`);
  out(`/W ${pdfArray(meta.Unicode.widths)}`);
  out('/CIDToGIDMap /Identity');
  out('/DW 1000');
  out('/Subtype /CIDFontType2');
  out('/CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>');
  out('>>');
  out('endobj');
  font.objectNumber = newObject();
  out('<<');
  out('/Type /Font');
  out('/Subtype /Type0');
  out(`/ToUnicode ${cmap} 0 R`);
  out(`/BaseFont /${name}`);
  out('/Encoding /Identity-H');
  out(`/DescendantFonts [${descendant} 0 R]`);
  out('>>');
  out('endobj');
  font.isAlreadyPutted = true;
}

interface DocInternals {
  getFont(name: string, style: string): JsPdfFont | undefined;
  events: { subscribe(topic: string, callback: (args: PutFontArgs) => void): string };
}

/**
 * Call once everything is drawn, before `output()`: the emoji font is then written by us (ToUnicode with the
 * real emoji) instead of jsPDF's Identity-H writer, which is kept away by a different encoding name.
 */
export function writeEmojiFontOnOutput(doc: jsPDF, family: string, styles: string[]): void {
  const internal = doc.internal as unknown as DocInternals;
  let any = false;
  for (const style of styles) {
    const font = internal.getFont(family, style);
    if (font && font.encoding === 'Identity-H') {
      font.encoding = MARK;
      any = true;
    }
  }
  if (any) internal.events.subscribe('putFont', putEmojiFont);
}
