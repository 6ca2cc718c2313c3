/**
 * OCR often sets a space after a dot inside an email ("julie. bernard@gmail.com", "x@gmail. com"): an email
 * never has one, so it is removed around an @ only.
 */
export function repairEmails(line: string): string {
  return (
    line
      // « f£garnier@outlook.fr »: a sign no address holds, between letters before the @, is its dot.
      .replace(/(?<=[a-z\d])[£€¢·,;](?=[a-z\d][\w.-]*@[\w-]+\.)/gi, '.')
      .replace(/\b([\w-]+)\. (?=[\w.-]+@)/g, '$1.')
      .replace(/(@[\w-]+(?:\.[\w-]+)*)\. ([a-z]{2,6})\b/gi, '$1.$2')
      .replace(/(\w) ?@ ?(?=[\w-]+\.[a-z]{2,6}\b)/gi, '$1@')
  );
}

const MAILBOXES = 'orange|gmail|free|wanadoo|sfr|laposte|hotmail|yahoo|outlook|live|icloud|bbox|neuf|aol';
const PARTICLES = new Set(['de', 'du', 'des', "d'", 'et']);

// The open-topped handwritten 4 reads as « u », « U » or « y » (« Séjour 5 X U », « Murs u5 M »).
const DIGIT_LOOKALIKES: Record<string, string> = {
  I: '1',
  l: '1',
  '|': '1',
  O: '0',
  o: '0',
  S: '5',
  u: '4',
  U: '4',
  y: '4',
};

/** « l2 » → 12, « IO » → 10; a token with no real digit and only one letter stays a word (« x I »). */
function digitsOf(token: string): string {
  if (!/\d/.test(token) && token.length < 2) return token;
  return token.replace(/[IlOoSuUy|]/g, (c) => DIGIT_LOOKALIKES[c]!);
}

/**
 * Look-alikes tesseract produces on handwritten-style notes, read back to what was written: « m° », « m* », « w° »,
 * « wi », « nm’ », « n° » after a figure are m²; « 17,2 nl » is ml; a backslash next to a figure is the digit 1 (« \2,5 m² », « \ ft »);
 * « M0. », « MO. », « M.0. » are M.O.; « PVCx6 » is « PVC x 6 »; « @orangefr » lost its dot; stray bars or quotes
 * opening a line are ruling or margin marks. A line written all in capitals is given ordinary case so that names
 * read as names (« MME MERCIER » → « Mme Mercier »).
 */
export function repairLookalikes(line: string): string {
  let out = line
    .replace(/^[|‘'`¦!]+[ \t]+/u, '')
    .replace(/[ \t]+[|¦]$/u, '')
    .replace(/(\d)[ \t]?(?:[mwMW][°*"”’'?]|nm[’'°*]?|[nN]°|wi|w(?![ \t]c(?![\p{L}])))(?![\p{L}\d])/gu, '$1 m²')
    .replace(/(\d)[ \t]?(?:nl|mi)(?![\p{L}])/gu, '$1 ml')
    // « 12 ml → 15 ml »: tesseract reads the arrow as a dash.
    .replace(/(\d(?:[ \t]?(?:ml|m²|m2|m|h|u))?)[ \t]+[—–][ \t]+(?=\\?\d)/gu, '$1 → ')
    .replace(/\\(?=\d)/g, '1')
    .replace(/(^|[ \t])\\(?=[ \t]|$)/g, '$11')
    .replace(/(?<![\p{L}])M[.,]?[ \t]?[O0][.,](?=[ \t]?\d|[ \t]|$)[ \t]?/gu, 'M.O. ')
    .replace(/(\p{Lu}{2,}|\p{L}\.)x(?=[ \t]?\d)/gu, '$1 x ')
    .replace(new RegExp(`@(${MAILBOXES})(fr|com|net)(?![\\w.])`, 'gi'), '@$1.$2')
    // Where a figure is expected (after « x », before a unit), letters that look like digits are digits.
    // A lone G there is a 6 (« prises x G »).
    .replace(/(?<=(?:^|[ \t])[x×][ \t]?)([0-9IlOoSuUy|]{1,3}|G)(?=[ \t]*$)/gu, (token: string) =>
      token === 'G' ? '6' : /^[uUy]$/.test(token) ? '4' : digitsOf(token),
    )
    // « 5 X U » between figures of a size: the U is a 4.
    .replace(/(?<=\d[ \t]?[xX×][ \t]?)[uUy](?=[ \t,]|$)/gu, '4')
    .replace(
      /(?<=[ \t])([0-9IlOoSuUy|]{1,3}(?:[.,][0-9IlOoSuUy]{1,2})?)(?=[ \t]?(?:m²|m2|ml|ft|fft|h|u\.|M²|ML|M)(?![\p{L}\d]))/gu,
      (token: string) => digitsOf(token),
    );
  const letters = out.replace(/[^\p{L}]/gu, '');
  const capitals = letters.replace(/[^\p{Lu}]/gu, '').length;
  if (letters.length >= 4 && capitals >= 0.8 * letters.length && !out.includes('@')) {
    out = out.replace(/\p{L}[\p{L}'’-]*/gu, (word, offset: number) => {
      const lower = word.toLowerCase();
      if (offset > 0 && PARTICLES.has(lower)) return lower;
      // Short all-capital words are abbreviations (WC, PVC, SDB, HT): kept.
      if (word.length <= 3 && !/^(?:mme|mr|les?|la|sol|mur|toit)$/i.test(word)) return word;
      return lower.charAt(0).toUpperCase() + lower.slice(1);
    });
  }
  return out;
}

/**
 * Tidies raw tesseract output before it reaches the extractor: unified line endings, no trailing blanks,
 * no runs of empty lines, look-alikes of handwritten notes read back. Words and their order are left alone.
 */
export function cleanOcrText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(/[\u00a0\u202f]/g, ' ')
    .split('\n')
    .map((line) => repairLookalikes(repairEmails(line.replace(/[ \t]+/g, ' ').trim())))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
