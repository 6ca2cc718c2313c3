// Email rule of SPEC.md §5: cleaned and lowercased, at-words turned into @ (and spoken « point » into .),
// must look like an address, otherwise dropped.
import { parseNumber } from './numbers';
import { fold, plainPunctuation } from './text';

const EMAIL_SHAPE =
  /^[a-z0-9](?:[a-z0-9._%+-]*[a-z0-9_])?@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/;

export function normaliseEmail(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  let text = fold(plainPunctuation(raw))
    .trim()
    .replace(/^mailto:/, '');
  text = text
    .replace(/\s*(?:\(at\)|\[at\]|\{at\})\s*/g, '@')
    .replace(/\s+(?:arobase|arrobase|arobas|at)\s+/g, '@')
    .replace(/\s*(?:\(dot\)|\[dot\])\s*/g, '.')
    .replace(/\s+(?:point|dot)\s+/g, '.')
    .replace(/([a-z])\s+(\d+)(?=@)/g, '$1$2')
    .replace(/\s+(?:tiret\s+bas|underscore)\s+/g, '_')
    .replace(/\s+tiret\s+/g, '-')
    .replace(/\s+/g, '')
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '')
    .replace(/,(?=[a-z]{2,4}$)/, '.');
  return EMAIL_SHAPE.test(text) ? text : undefined;
}

const WRITTEN = /[\p{L}0-9][\p{L}0-9._%+-]*\s?@\s?[A-Za-z0-9-]+(?:\s?\.\s?[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/gu;
const JOINERS = new Set(['point', 'tiret', 'underscore', '.', '-', '_']);
const AT_WORDS = new Set(['arobase', 'arrobase', 'arobas']);
const NUMBER_WORDS = new Set(
  (
    'zero un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt vingts ' +
    'trente quarante cinquante soixante septante huitante octante nonante cent cents mille et'
  ).split(' '),
);

/** Email addresses in a text, written (a@b.fr) or spoken (« jean point dupont arobase gmail point com »). */
export function findEmails(text: string): Array<{ email: string; start: number; end: number }> {
  const found: Array<{ email: string; start: number; end: number }> = [];
  for (const match of text.matchAll(WRITTEN)) {
    const email = normaliseEmail(match[0]);
    if (email) found.push({ email, start: match.index, end: match.index + match[0].length });
  }
  // Spoken forms: tokens around « arobase » joined by « point », « tiret »...
  const tokens = [...text.matchAll(/[\p{L}\p{N}]+|[._-]/gu)].map((m) => ({
    word: fold(m[0]),
    start: m.index,
    end: m.index + m[0].length,
  }));
  tokens.forEach((token, index) => {
    const isAt = AT_WORDS.has(token.word) || (token.word === 'at' && tokens[index + 2]?.word === 'point');
    if (!isAt || index === 0) return;
    let first = index - 1;
    // « martin point sophie soixante-dix-sept arobase »: a number said in words before the « arobase » is digits
    // glued to the word before it (sophie77).
    let spokenDigits: { from: number; digits: string } | null = null;
    {
      let k = index - 1;
      while (k >= 0 && (NUMBER_WORDS.has(tokens[k]!.word) || (tokens[k]!.word === '-' && k > 0))) k -= 1;
      let from = k + 1;
      while (from < index && tokens[from]!.word === '-') from += 1;
      const run = tokens.slice(from, index).filter((t) => t.word !== '-');
      const value =
        run.length && !(run.length === 1 && /^une?$/.test(run[0]!.word))
          ? parseNumber(run.map((t) => t.word).join(' '))
          : null;
      if (value !== null && Number.isInteger(value) && from >= 1 && /^[a-z]+$/.test(tokens[from - 1]!.word)) {
        spokenDigits = { from, digits: String(value) };
        first = from - 1;
      }
    }
    // « martin point sophie 77 arobase »: digits said after the last word belong to it.
    if (
      !spokenDigits &&
      first >= 1 &&
      /^\d+$/.test(tokens[first]!.word) &&
      /^[a-z]+$/.test(tokens[first - 1]!.word) &&
      first >= 3 &&
      JOINERS.has(tokens[first - 2]!.word)
    )
      first -= 1;
    while (first >= 2 && JOINERS.has(tokens[first - 1]!.word) && /^[a-z0-9]+$/.test(tokens[first - 2]!.word))
      first -= 2;
    let last = index + 1;
    const glued = (k: number) => tokens[k]!.end === tokens[k + 1]!.start && tokens[k + 1]!.end === tokens[k + 2]!.start;
    while (
      last + 2 < tokens.length &&
      (tokens[last + 1]!.word === 'point' ||
        tokens[last + 1]!.word === 'tiret' ||
        (tokens[last + 1]!.word === '.' && glued(last)))
    )
      last += 2;
    const startToken = tokens[first];
    const endToken = tokens[last];
    if (!startToken || !endToken || last <= index) return;
    if (found.some((f) => f.start <= token.start && f.end >= token.end)) return;
    const said = (from: number, to: number) =>
      tokens
        .slice(from, to)
        .map((t) => t.word)
        .join(' ');
    const spoken = spokenDigits
      ? `${said(first, spokenDigits.from)} ${spokenDigits.digits} ${said(index, last + 1)}`
      : said(first, last + 1);
    const email = normaliseEmail(spoken);
    if (email) found.push({ email, start: startToken.start, end: endToken.end });
  });
  return found.sort((a, b) => a.start - b.start);
}
