// Speed (issue 8: a 30-line invoice in ≤ 150 ms). jsPDF parses every embedded TrueType font again for each
// document (base64 decoding, then every table: ~40 ms for DejaVu Sans) and writes the subset font with plain
// arrays. Here, each font file is parsed once per page: jsPDF gets a tiny placeholder file naming the font, and
// `TTFFont.open` (patched once) hands each document its own light copy of the parsed font, with the state a
// document changes (glyphs used, ToUnicode, widths, subset) fresh. The subset font's table directory is
// written with typed arrays.
import type { jsPDF as JsPdf } from 'jspdf';

type JsPdfClass = typeof JsPdf;

interface ParsedFont {
  subset: { constructor: new (font: ParsedFont) => unknown };
  directory: object;
  toUnicode: Record<number, number>;
}

interface TtfApi {
  open(file: Uint8Array): ParsedFont;
}

const MARKER = '\u0000\u0001\u0000\u0000ATELIER-FONT:';
const parsed = new Map<string, ParsedFont>();
const sources = new Map<string, () => Uint8Array>();
let patched = false;

function decodeBase64(base64: string): Uint8Array {
  if (typeof Buffer !== 'undefined') return new Uint8Array(Buffer.from(base64, 'base64'));
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

function keyOf(file: Uint8Array): string | null {
  if (file.length > 200 || file.length < MARKER.length) return null;
  let text = '';
  for (let i = 0; i < file.length; i += 1) text += String.fromCharCode(file[i]!);
  return text.startsWith(MARKER) ? text.slice(MARKER.length) : null;
}

function checksum(bytes: Uint8Array, from: number, length: number): number {
  let sum = 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = from + length;
  let i = from;
  for (; i + 4 <= end; i += 4) sum = (sum + view.getUint32(i)) >>> 0;
  if (i < end) {
    let last = 0;
    for (let k = 0; k < 4; k += 1) last = (last << 8) | (i + k < end ? bytes[i + k]! : 0);
    sum = (sum + (last >>> 0)) >>> 0;
  }
  return sum;
}

/** Directory.encode of jsPDF, same bytes, with typed arrays instead of `Array.concat` per table. */
function encodeDirectory(this: { scalarType: number }, tables: Record<string, ArrayLike<number>>): Uint8Array {
  const tags = Object.keys(tables);
  const count = tags.length;
  // jsPDF's own (odd) search fields, kept identical.
  const searchRange = Math.floor(Math.log(count) / Math.LN2) * 16;
  const entrySelector = Math.floor(searchRange / Math.LN2);
  let size = 12 + 16 * count;
  for (const tag of tags) size += (tables[tag]!.length + 3) & ~3;
  const out = new Uint8Array(size);
  const view = new DataView(out.buffer);
  view.setUint32(0, this.scalarType >>> 0);
  view.setUint16(4, count);
  view.setUint16(6, searchRange & 0xffff);
  view.setUint16(8, entrySelector & 0xffff);
  view.setUint16(10, (count * 16 - searchRange) & 0xffff);
  let offset = 12 + 16 * count;
  let headOffset = -1;
  tags.forEach((tag, i) => {
    const table = tables[tag]!;
    out.set(table, offset);
    const at = 12 + 16 * i;
    for (let k = 0; k < 4; k += 1) out[at + k] = tag.charCodeAt(k);
    view.setUint32(at + 4, checksum(out, offset, table.length));
    view.setUint32(at + 8, offset);
    view.setUint32(at + 12, table.length);
    if (tag === 'head') headOffset = offset;
    offset += (table.length + 3) & ~3;
  });
  if (headOffset >= 0) {
    view.setUint32(headOffset + 8, 0);
    view.setUint32(headOffset + 8, (0xb1b0afba - checksum(out, 0, out.length)) >>> 0);
  }
  return out;
}

function patch(jsPDF: JsPdfClass): void {
  if (patched) return;
  const api = (jsPDF as unknown as { API: { TTFFont: TtfApi } }).API.TTFFont;
  const open = api.open.bind(api);
  let directoryPatched = false;
  api.open = (file: Uint8Array) => {
    const key = keyOf(file);
    if (key === null) return open(file);
    let font = parsed.get(key);
    if (!font) {
      const bytes = sources.get(key);
      if (!bytes) throw new Error(`font ${key} is not registered`);
      font = open(bytes());
      parsed.set(key, font);
      if (!directoryPatched) {
        (Object.getPrototypeOf(font.directory) as { encode: unknown }).encode = encodeDirectory;
        directoryPatched = true;
      }
    }
    // A document's own copy: parsed tables shared, per-document state fresh.
    // (own properties: jsPDF tests `metadata.hasOwnProperty('cmap')`).
    const copy = Object.assign(Object.create(Object.getPrototypeOf(font) as object) as ParsedFont, font);
    copy.toUnicode = {};
    const Subset = font.subset.constructor;
    copy.subset = new Subset(copy) as ParsedFont['subset'];
    return copy;
  };
  patched = true;
}

/**
 * What to give `doc.addFileToVFS` for a font: a placeholder naming it, its bytes (base64) decoded and parsed
 * once per page, on the first document that uses it.
 */
export function cachedFontFile(jsPDF: JsPdfClass, name: string, base64: string): string {
  patch(jsPDF);
  // The same name may hold another file (tests swap the font source): the key follows the content.
  let hash = 0;
  const step = Math.max(1, Math.floor(base64.length / 4096));
  for (let i = 0; i < base64.length; i += step) hash = (hash * 31 + base64.charCodeAt(i)) | 0;
  const key = `${name}:${base64.length}:${hash >>> 0}`;
  if (!sources.has(key)) sources.set(key, () => decodeBase64(base64));
  return `${MARKER}${key}`;
}
