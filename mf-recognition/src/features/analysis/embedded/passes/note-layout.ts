// Notes written on paper (flow 'image' only, decision 0218): what a note's layout says that a dictation never does.
// A line with no figure above lines with figures is a heading: the place or the work the lines under it are about,
// not a task of its own with a figure of 1.
import { analyseTerms } from '../../model/catalogue-match';
import type { RawTextExtraction } from '../extract-from-text';
import { hasWorkWord } from './lines';

type Read = (text: string) => RawTextExtraction['tasks'];

/**
 * « radiateurs x 6 → x 7 »: the count after the arrow keeps its « x » off, so the correction pass reads it.
 * « faïence murs h 2 m »: an « h » before a figure (not after one: « 6 h », « 1 h 30 ») is a height.
 * A client's line opening on a lowercase title or a glued name (below).
 */
export function rewriteNoteText(text: string): string {
  return (
    text
      // « mr BenoitCaron », « mme Lefort »: a title opening a line before a capitalised name, written (or read)
      // lowercase, and the name's two words glued together by the reading.
      // « m.etmme Perrin »: « M. et Mme » glued; « M Antoine Leroy »: « M » without its period.
      .replace(/^([ \t]*)m\.?[ \t]*et[ \t]*mme\.?(?=[ \t]*\p{Lu})/gimu, '$1M. et Mme ')
      .replace(/^([ \t]*)M(?=[ \t]+\p{Lu}\p{Ll}+)/gmu, '$1M.')
      .replace(/^([ \t]*)(M\.|Mme\.?)(?=\p{Lu}\p{Ll})/gmu, '$1$2 ')
      // « M0 2 h »: the O of « MO » (main d'œuvre) read as a zero, before hours.
      .replace(/(?<![\p{L}\d])[Mm][0O](?=[ \t]*:?[ \t]*\d+(?:[.,]\d+)?[ \t]*h(?![\p{L}]))/gu, 'MO')
      .replace(
        /^([ \t]*)(mr|mme|mlle|m\.)(?=[ \t]+\p{Lu})/gmu,
        (_, space: string, title: string) => `${space}${title.charAt(0).toUpperCase()}${title.slice(1)}`,
      )
      .replace(/^([ \t]*(?:M\.|Mr\.?|Mme|Mlle|Dr\.?)[ \t]+\p{Lu}\p{Ll}{2,})(?=\p{Lu}\p{Ll}{2,}(?![\p{L}]))/gmu, '$1 ')
      // « démoussage + hydrofuge 120 m2 »: « + » between words joins the works of one line, as « et » does.
      .replace(/(?<=[\p{L}\d]\.?)[ \t]+\+[ \t]+(?=\p{L})/gu, ' et ')
      // « gouttières 2 x 12 ml »: a count of runs times the length of one (« fenêtres 2 x 1,2 m2 » still counts windows).
      .replace(
        /(?<![\d.,][ \t]*)(?<![\d.,])(\d{1,2})[ \t]*[x×][ \t]*(\d+(?:[.,]\d+)?)[ \t]*(ml)(?![\p{L}\d])/gu,
        (_, count: string, each: string, unit: string) =>
          `${Math.round(Number(count) * Number(each.replace(',', '.')) * 100) / 100} ${unit}`.replace('.', ','),
      )
      // « ép. 12 »: a thickness written without its unit is in centimetres.
      .replace(
        /(?<![\p{L}])([ée]p\.?|[ée]paisseur)[ \t]*(\d{1,2})(?![\d.,]|[ \t]*(?:cm|mm|m(?![\p{L}])))/giu,
        '$1 $2 cm',
      )
      // « SARLLambert Immo »: a firm's legal form glued to its name.
      .replace(/(?<![\p{L}])(SARL|SASU|SAS|EURL|SCI|SNC)(?=\p{Lu}\p{Ll})/gu, '$1 ')
      .replace(/(→|-+>)([ \t]*)[x×][ \t]*(?=\d)/gu, '$1$2')
      .replace(
        /(?<!\d[ \t]*)(?<![\p{L}'’])h[ \t]*[:=]?[ \t]*(?=\d+(?:[.,]\d+)?[ \t]*(?:m(?![\p{L}²2])|$))/gmu,
        'hauteur ',
      )
  );
}

/** A height said on a line (« hauteur 2 m », « HSP 2,50 »): not a figure of its own. */
const HEIGHT = /(?<![\p{L}])(?:hauteur|hsp)[ \t]*:?[ \t]*\d+(?:[.,]\d+)?(?:[ \t]*m(?![\p{L}²2]))?/giu;

/** A room's size on a note (« SDB 2,5 x 2 », « Ch. 3 : 4 x 3,2 HSP 2,50 »): two sides, no unit of a quantity after. */
const ROOM_SIZE =
  /(?<![\d.,])\d+(?:[.,]\d+)?[ \t]*(?:m[ \t]*)?[x×][ \t]*\d+(?:[.,]\d+)?(?![\d.,]|[ \t]*(?:m2|m²|ml|m3|m³|cm|mm|€))/u;

/**
 * « SDB 2,5 x 2 / carrelage sol / plinthes »: a line giving a room's size and no task, then lines naming tasks with no
 * figure: those tasks are done in that room, so they are read in the size's sentence (the dimension passes then give
 * the floor to the floor, the perimeter to the plinths, nothing to walls with no height).
 */
export function joinSizedRooms(text: string, read: Read): string {
  const lines = text.split('\n');
  for (let i = 0; i < lines.length - 1; i += 1) {
    if (!ROOM_SIZE.test(lines[i]!) || read(lines[i]!).length) continue;
    let n = i + 1;
    while (
      n < lines.length &&
      /\p{L}/u.test(lines[n]!) &&
      !/\d/.test(lines[n]!.replace(HEIGHT, '')) &&
      read(lines[n]!).length
    )
      n += 1;
    if (n === i + 1) continue;
    lines.splice(i, n - i, lines.slice(i, n).join(', '));
  }
  return lines.join('\n');
}

/**
 * « Combles perdus / laine soufflée 64 m2 », « Toiture M. Gilles / démoussage 110 m2 »: a heading line (letters, no
 * figure) names a task, and the next line has a figure. When the heading's task takes that figure once the two lines
 * are read together (and the line alone gives another task or none), the heading is the line's object: the two are
 * read as one line. Otherwise a heading at the top of the works (no task on a line above it) naming no work (no
 * pose, dépose, remplacement…) and no forfait is a title: the works under it are what is asked, not the heading's
 * task with a figure of 1.
 */
export function readNoteHeadings(text: string, read: Read): string {
  const lines = text.split('\n');
  if (lines.length < 2) return text;
  // Whether a line above `i` gives a task (read only when a title is in question: most notes have none).
  const taskAbove = (i: number) => lines.slice(0, i).some((line) => /\p{L}/u.test(line) && read(line).length > 0);
  for (let i = 0; i < lines.length - 1; i += 1) {
    const heading = lines[i]!.replace(/[\s,:;.]+$/u, '').trim();
    if (!heading) continue;
    let n = i + 1;
    while (n < lines.length - 1 && !lines[n]!.trim()) n += 1;
    const next = lines[n]!;
    if (/\d/.test(heading) || !/\p{L}{3}/u.test(heading) || !/\d/.test(next)) continue;
    const own = read(heading);
    if (!own.length) continue;
    const alone = read(next);
    const joined = read(`${heading} ${next}`);
    const taken = own.filter(
      (h) => joined.some((t) => t.name === h.name && t.quantity !== undefined) && !alone.some((t) => t.name === h.name),
    );
    if (taken.length && joined.length <= Math.max(alone.length, 1)) {
      lines[i] = '';
      lines[n] = `${heading} ${next}`;
      // « Parquet / chambre 1 : 12 m2 / chambre 2 : 10 m2 »: the lines after it that name no task of their own are
      // more places of the same work.
      for (let k = n + 1; k < lines.length && /\d/.test(lines[k]!) && !read(lines[k]!).length; k += 1) {
        const more = read(`${heading} ${lines[k]}`);
        if (!more.some((t) => taken.some((h) => h.name === t.name) && t.quantity !== undefined)) break;
        lines[k] = `${heading} ${lines[k]}`;
      }
    } else if (!hasWorkWord(analyseTerms(heading)) && !own.some((t) => t.unit === 'forfait') && !taskAbove(i)) {
      lines[i] = '';
    }
  }
  return lines.join('\n');
}
