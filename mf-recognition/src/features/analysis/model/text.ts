// Text normalisation shared by the number parser, the unit parser and catalogue matching.

const ASCII = /^[^\u0080-\uffff]*$/;

/** Lowercase, accents stripped, ligatures expanded (œ → oe). Keeps every other character. */
export function fold(text: string): string {
  // Plain ASCII has no accent, ligature or decomposable letter: lowercasing is all there is to do.
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .toLowerCase()
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** Typographic apostrophes, dashes and exotic spaces replaced by their plain forms. */
export function plainPunctuation(text: string): string {
  return text
    .replace(/[’‘`´ʼ]/g, "'")
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/[\u00a0\u202f\u2007\u2009]/g, ' ');
}

/** Words of a folded text: apostrophes and hyphens split words ("d'eau" → d, eau; "chauffe-eau" → chauffe, eau). */
export function words(text: string): string[] {
  return fold(plainPunctuation(text))
    .split(/[^a-z0-9²³]+/)
    .filter((w) => w.length > 0);
}

/**
 * A light French stemmer: enough to make plurals, feminines and the common verb endings meet
 * (carrelages → carrelag, murale/muraux → mural, poser/posé/pose → pos). Trade synonyms handle the rest.
 */
const stems = new Map<string, string>();

export function stem(word: string): string {
  const known = stems.get(word);
  if (known !== undefined) return known;
  const result = computeStem(word);
  if (stems.size > 20_000) stems.clear();
  stems.set(word, result);
  return result;
}

function computeStem(word: string): string {
  let w = /^[\x20-\x7e]*$/.test(word) ? word.toLowerCase() : fold(word);
  if (w.length <= 3) return w;
  if (w.endsWith('aux') && w.length > 4) w = w.slice(0, -3) + 'al';
  else if (/[sx]$/.test(w)) w = w.slice(0, -1);
  for (const ending of ['ees', 'ee', 'er', 'ez', 'es', 'e']) {
    if (w.endsWith(ending) && w.length - ending.length >= 3) return w.slice(0, -ending.length);
  }
  return w;
}

const KEPT_UPPER = new Set([
  'WC',
  'PVC',
  'VMC',
  'PAC',
  'SDB',
  'SARL',
  'EURL',
  'SASU',
  'SAS',
  'SCI',
  'SA',
  'BTP',
  'TVA',
  'HT',
  'TTC',
  'DCL',
  'IPN',
]);

const SMALL_WORDS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'et',
  'a',
  'à',
  'au',
  'aux',
  'en',
  'pour',
  'sur',
  'sous',
  'par',
  'avec',
  'dans',
  'un',
  'une',
  'ou',
]);

/**
 * Capitalises each word ("rénovation salle de bain" → "Rénovation Salle de Bain"); French linking words
 * stay lowercase except in first position. Hyphenated parts are capitalised too (Jean-Pierre).
 */
export function capitaliseWords(text: string, options: { keepLinkingWords?: boolean } = {}): string {
  const keepLinking = options.keepLinkingWords ?? true;
  return text
    .trim()
    .split(/\s+/)
    .map((word, index) => {
      // French has no casing rule of its own: the plain mappings are the fr-FR ones (and many times faster).
      const lower = word.toLowerCase();
      if (keepLinking && index > 0 && SMALL_WORDS.has(lower)) return lower;
      // Acronyms and tokens with digits stay as written (WC, PVC, BA13, SARL); a word typed in capitals
      // (« DUPONT », « RENOVATION ») is capitalised like the others.
      if (/\d/.test(word) || (/^[A-Z]{2,3}$/.test(word) && index > 0) || KEPT_UPPER.has(word)) return word;
      if (/^(d|l)'/.test(lower) && index > 0 && keepLinking) {
        const rest = lower.slice(2);
        return lower.slice(0, 2) + (SMALL_WORDS.has(rest) ? rest : capitaliseFirst(rest));
      }
      return lower
        .split('-')
        .map((part) => capitaliseFirst(part))
        .join('-');
    })
    .join(' ');
}

function capitaliseFirst(part: string): string {
  if (part.length === 0) return part;
  return part.charAt(0).toUpperCase() + part.slice(1);
}

/** Collapses runs of blanks on each line and trims. */
export function squeeze(text: string): string {
  return text.replace(/[ \t]+/g, ' ').trim();
}
