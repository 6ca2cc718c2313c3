// What the second reader (PP-OCRv4, decision 0135) gets wrong in a way that can be read back (decision 0160), pure
// and shared by Node and the browser:
// - its character set has no ç ê â ô û î ù œ and it reads a few figures as look-alike signs; tesseract, which read the
//   same page first, keeps accents and decimal commas: where both readers read the same word at the same place
//   (same letters once accents are folded, or the same figures), tesseract's spelling is taken; and where tesseract
//   read there the same figures with one the second reader dropped, or a unit it misread, tesseract's (decision 0215);
// - it merges a doubled letter when nothing parts them (« allée » read « alle »): a street type after a house number
//   (« 22 alle des Pins ») is read back to the type, so that the address is still found;
// - figures glued to the word before (« murs39 », « plaf.14m² », « roulantx5 »), an opening bracket or a capital I
//   for the 1 that opens a figure (« (20 m2 », « I80 m2 »), a z touching a figure for a 2 (« x 1z »).
import type { Box, OcrLine, OcrWord, PageLayout } from '../ocr-layout';

type Read = { text: string; confidence: number; layout: PageLayout };

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');

/** Share of the smaller box's width and height that the two boxes have in common (0–1, the lesser of both). */
function overlap(a: Box, b: Box): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  if (w <= 0 || h <= 0) return 0;
  return Math.min(w / Math.min(a.x1 - a.x0, b.x1 - b.x0), h / Math.min(a.y1 - a.y0, b.y1 - b.y0));
}

const DIGITS = /^\d{2,5}$/;
const WITH_COMMA = /^(\d{1,4}),(\d{1,3})$/;

/**
 * Tesseract's spelling of a word the second reader read at the same place, or null: the same letters with accents
 * (« fetes » / « fêtes », « elec. » / « élec. »), or the same count of figures where tesseract saw a decimal comma
 * the second reader dropped (« 896 » / « 8,46 » → « 8,96 »: the figures stay the second reader's, the comma goes
 * where tesseract put it).
 */
export function fromTesseract(word: OcrWord, tesseract: readonly OcrWord[], before?: OcrWord): string | null {
  const near = tesseract.filter((t) => overlap(word.box, t.box) >= 0.5);
  for (const t of near) {
    if (t.text !== word.text && /\p{L}/u.test(word.text) && fold(t.text) === word.text) return t.text;
    const comma = WITH_COMMA.exec(t.text);
    if (comma && DIGITS.test(word.text) && comma[1]!.length + comma[2]!.length === word.text.length) {
      const at = comma[1]!.length;
      return `${word.text.slice(0, at)},${word.text.slice(at)}`;
    }
    if (droppedFigure(word.text, t.text) || misreadUnit(word.text, t.text, before)) return t.text;
  }
  return null;
}

const FIGURE = /^\d+(?:,\d+)?$/;

/**
 * « 44 » read « 4 », « 31400 » read « 3400 » (decision 0215): the second reader drops a figure that its CTC decoding
 * merges with the same figure before it (no blank step parts them, as « allée » is read « alle ») or a thin 1; where
 * tesseract read at the same place the same figures with that one figure more, its figure is taken.
 */
export function droppedFigure(mine: string, theirs: string): boolean {
  if (!FIGURE.test(mine) || !FIGURE.test(theirs) || theirs.length !== mine.length + 1) return false;
  for (let i = 0; i < theirs.length; i++) {
    const figure = theirs[i]!;
    if (!/\d/.test(figure) || theirs.slice(0, i) + theirs.slice(i + 1) !== mine) continue;
    if (figure === '1' || figure === theirs[i - 1] || figure === theirs[i + 1]) return true;
  }
  return false;
}

const AREA_OR_LENGTH = /^(?:m2|m²|ml|m3|m³)$/;

/**
 * « 13,5 m1 » (decision 0215): after a figure, a word of up to 3 signs opening on m that is no unit (« m1 », « mi »,
 * « m? », « m ») where tesseract read m2 / ml / m3 at the same place: tesseract's unit (m1 is ml or m2 alike).
 */
function misreadUnit(mine: string, theirs: string, before?: OcrWord): boolean {
  return (
    !!before &&
    /\d$/.test(before.text) &&
    /^m.{0,2}$/i.test(mine) &&
    !AREA_OR_LENGTH.test(mine) &&
    AREA_OR_LENGTH.test(theirs)
  );
}

/** The street types an address line names after its number (accents as written). */
const STREET_TYPES = [
  'rue',
  'avenue',
  'allée',
  'impasse',
  'chemin',
  'boulevard',
  'place',
  'route',
  'quai',
  'cours',
  'square',
  'résidence',
  'lotissement',
  'hameau',
  'chaussée',
  'passage',
  'sentier',
  'montée',
  'villa',
  'cité',
  'voie',
  'parvis',
  'esplanade',
  'promenade',
  'faubourg',
];
/** A word's letters without accents, in lower case, each run of one letter kept once (« allée » → « ale »). */
const skeleton = (word: string) =>
  fold(word)
    .toLowerCase()
    .replace(/(\p{L})\1+/gu, '$1');
const BY_SKELETON = new Map(STREET_TYPES.map((t) => [skeleton(t), t]));

/** « 22 alle des Pins » → « 22 allée des Pins »: the word after a house number, when it is a street type misread. */
export function restoreStreetType(line: string): string {
  return line.replace(/(?<=(?:^|[ \t])\d{1,4}(?:[ \t]?(?:bis|ter))?,?[ \t])(\p{L}{3,})(?=[ \t])/gu, (word) => {
    const type = BY_SKELETON.get(skeleton(word));
    if (!type || type === word.toLowerCase()) return word;
    return word[0] === word[0]!.toUpperCase() ? type[0]!.toUpperCase() + type.slice(1) : type;
  });
}

/** A line of the second reader with its look-alikes read back (see the header). */
export function repairSecondLine(line: string): string {
  return (
    restoreStreetType(line)
      // « (20 m2 »: an opening bracket before figures, with no closing one after it, is a 1.
      .replace(/(^|[ \t])\((?=\d)(?![^)]*\))/g, '$11')
      // An e-mail's figures are its own (« sophie77@orange.fr »).
      .replace(/[^ \t]+/g, (token) => (token.includes('@') ? token : repairToken(token)))
      // « 35 mz »: m² with its 2 read as a z; « ll mz »: after the look-alikes of a figure too (ocr-text.ts reads them).
      .replace(/(?<=(?:\d|(?<![\p{L}])[Il|]{1,3})[ \t]?)[mM][zZ](?![\p{L}\d])/gu, 'm2')
      // « volets roulants x S »: after « x » at the end of a line, an S is a 5 (decision 0200).
      .replace(/(?<=(?:^|[ \t])[xX×][ \t]?)[sS](?=[ \t]*$)/u, '5')
      // « inter x! »: and a ! is a 1.
      .replace(/(?<=(?:^|[ \t])[xX×][ \t]?)!(?=[ \t]*$)/u, '1')
      // « iforfait », « I forfait »: the 1 before « forfait ».
      .replace(/(?<![\p{L}\d])[iIl|][ \t]?(?=forfaits?(?![\p{L}]))/gu, '1 ')
  );
}

function repairToken(token: string): string {
  return (
    token
      // « 3s mz », « 14,s m² »: an s after figures is a 5.
      .replace(/^(\d+,?\d*)[sS](\d*)$/, '$15$2')
      // « x 1z », « 2z 33 »: a z touching a figure is a 2.
      .replace(/(?<=\d)[zZ]|[zZ](?=\d)/g, '2')
      // « I80 m2 », « I4,5 »: a capital I or an l opening a figure is a 1.
      .replace(/^[Il](?=\d)/, '1')
      // « murs39 », « plaf.14m² »: a word glued to the figure after it; « roulantx5 »: and to the « x » before it.
      .replace(/(\p{L}{3,}\.?)(?=\d)/gu, (word) =>
        /[xX×]$/.test(word) && word.length > 4 ? `${word.slice(0, -1)} x ` : `${word} `,
      )
      // « 3o mz »: an o closing a figure is a 0 (decision 0200).
      .replace(/^(\d+)[oO]$/, '$10')
      // « 14m² », « 12ml », « 1ft »: the unit glued to its figure.
      .replace(/(?<=\d)(m²|m2|ml|h|ft)(?![\p{L}\d])/gu, ' $1')
  );
}

/**
 * The second reader's read of a page with tesseract's accents and commas where both read the same word
 * (`tesseract`: tesseract's layout of the same page, null when it gave none) and its look-alikes read back.
 */
export function repairSecondRead(read: Read, tesseract: PageLayout | null): Read {
  const theirs = tesseract?.lines.flatMap((l) => l.words) ?? [];
  const lines: OcrLine[] = read.layout.lines.map((line) => {
    const words = line.words.map((w, i) => {
      const text = repairSecondLine(fromTesseract(w, theirs, line.words[i - 1]) ?? w.text);
      return text === w.text ? w : { ...w, text };
    });
    return { ...line, text: repairSecondLine(words.map((w) => w.text).join(' ')), words };
  });
  return { ...read, text: lines.map((l) => l.text).join('\n'), layout: { ...read.layout, lines } };
}
