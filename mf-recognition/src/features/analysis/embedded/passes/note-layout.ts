// Notes written on paper (flow 'image' only, decision 0218): what a note's layout says that a dictation never does.
// A line with no figure above lines with figures is a heading: the place or the work the lines under it are about,
// not a task of its own with a figure of 1.
import { analyseTerms } from '../../model/catalogue-match';
import type { RawTextExtraction } from '../extract-from-text';
import { hasWorkWord } from './lines';

type Read = (text: string) => RawTextExtraction['tasks'];

/** « radiateurs x 6 → x 7 »: the count after the arrow keeps its « x » off, so the correction pass reads it. */
export function rewriteNoteText(text: string): string {
  return text.replace(/(→|-+>)([ \t]*)[x×][ \t]*(?=\d)/gu, '$1$2');
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
  let taskAbove = false;
  for (let i = 0; i < lines.length - 1; i += 1) {
    const heading = lines[i]!.replace(/[\s,:;.]+$/u, '').trim();
    if (!heading) continue;
    let n = i + 1;
    while (n < lines.length - 1 && !lines[n]!.trim()) n += 1;
    const next = lines[n]!;
    if (/\d/.test(heading) || !/\p{L}{3}/u.test(heading) || !/\d/.test(next)) {
      taskAbove ||= read(heading).length > 0;
      continue;
    }
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
    } else if (!taskAbove && !hasWorkWord(analyseTerms(heading)) && !own.some((t) => t.unit === 'forfait')) {
      lines[i] = '';
    } else taskAbove = true;
  }
  return lines.join('\n');
}
