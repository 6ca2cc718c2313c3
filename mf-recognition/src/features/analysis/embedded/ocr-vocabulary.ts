// Vocabulary-constrained correction of OCR'd notes (issue 13, photos of handwriting-like notes). Site notes use a
// closed vocabulary: the user's catalogue task names, the trade words of the lexicon, units and their
// abbreviations, rooms, number words, a few linking words. Tesseract on handwriting-like letters gets one or two
// glyphs of a word wrong (« mucs », « Carrelase », « Plintires », « Prases », « nocmês »): such a word is read back to
// the nearest vocabulary word by an edit distance where the usual OCR confusions (c/r, g/s, n/u, l/t, o/a…) cost
// half, accents ignored — only when that word is unambiguous and close enough for its length. Figures, emails and
// the client's name line are never touched; a word that is already in the vocabulary stays as it is.
import type { Task } from '@atelier/domain';

import { STOP_WORDS, TRADE_LEXICON } from '../model/trade-lexicon';
import { fold, stem } from '../model/text';
import { findCompany } from './passes/client';

/** Words notes use beyond the catalogue and the lexicon (folded forms are compared). */
const NOTE_WORDS = `
client cliente contact tel telephone portable mail societe sarl sas eurl ets entreprise monsieur madame mme mlle
chambre sejour salon cuisine salle bain eau couloir garage entree toilettes buanderie cellier grenier combles cave
bureau terrasse facade jardin appartement appart maison etage escalier palier veranda atelier chantier piece pieces
sol sols mur murs plafond plafonds toit toiture hauteur longueur largeur surface total ancien ancienne anciens neuf
neuve existant existante compris inclus prevoir prevu voir verifier refaire faire touche toucher rien seulement juste
plus moins avant apres chez avec sans pas non oui bien tres trop fin debut suite reste partie cote gauche droite haut
bas grand grande petit petite double simple blanc blanche gris bois alu acier pvc beton placo plaque plaques
forfait forfaits fft ensemble ens unite unites heure heures jour jours semaine semaines quantite qte prix euros
fourniture fourn pose fourni main oeuvre deplacement depl location benne gravats evacuation evac nettoyage
demol prep pein plaf elec lum inter isol rempl install carr plomb menuis fen int ext dem cab rag pts
travaux devis document provisoire projet renovation complete complet refait refaite email mail gmail adresse
zero un une deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize vingt trente
quarante cinquante soixante cent cents mille demi demie quart moitie metre metres carre carres lineaire lineaires
`;

/** Pairs of letters a handwriting-like glyph is often read as one for the other (symmetric), each at half cost. */
const CONFUSIONS = [
  'cr',
  'ce',
  'co',
  'eo',
  'ao',
  'ae',
  'uv',
  'nu',
  'nr',
  'mn',
  'il',
  'lt',
  'ij',
  'ft',
  'hb',
  'hn',
  'gs',
  'gq',
  'yv',
  'ad',
  'kt',
  'ec',
  'si',
  'fl',
  'zs',
];
const CHEAP = new Set(CONFUSIONS.flatMap(([a, b]) => [a! + b!, b! + a!]));

// Two glyphs of one word read for one glyph of the other: « rn » ↔ m, « cl » ↔ d, « ri » ↔ n, « li » ↔ h, « vv » ↔ w.
const MERGES = ['rnm', 'cld', 'rin', 'lih', 'vvw', 'iun', 'inm'];

// The same tables by character code, for the distance's inner loop (no string built per cell).
const CHEAP_CODES = new Uint8Array(128 * 128);
for (const [a, b] of CONFUSIONS) {
  CHEAP_CODES[a!.charCodeAt(0) * 128 + b!.charCodeAt(0)] = 1;
  CHEAP_CODES[b!.charCodeAt(0) * 128 + a!.charCodeAt(0)] = 1;
}
const MERGE_CODES = new Set(MERGES.map((t) => (t.charCodeAt(0) << 14) | (t.charCodeAt(1) << 7) | t.charCodeAt(2)));
/** The two glyphs a merge starts with, so that most cells skip the set look-up. */
const MERGE_STARTS = new Uint8Array(128 * 128);
for (const t of MERGES) MERGE_STARTS[t.charCodeAt(0) * 128 + t.charCodeAt(1)] = 1;
const isCheap = (x: number, y: number) => x < 128 && y < 128 && CHEAP_CODES[x * 128 + y] === 1;
const isMerge = (p: number, x: number, y: number) =>
  p < 128 && x < 128 && y < 128 && MERGE_STARTS[p * 128 + x] === 1 && MERGE_CODES.has((p << 14) | (x << 7) | y);

// Three rows of the distance table, reused from call to call (the correction compares each word with hundreds).
let rows = [new Float64Array(16), new Float64Array(16), new Float64Array(16)];

/** Weighted edit distance between folded words, stopping early above `limit`. */
export function ocrDistance(a: string, b: string, limit = Infinity): number {
  const n = b.length;
  if (rows[0]!.length <= n) rows = rows.map(() => new Float64Array(2 * (n + 1)));
  let [before, previous, current] = rows as [Float64Array, Float64Array, Float64Array];
  for (let j = 0; j <= n; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const x = a.charCodeAt(i - 1);
    const p = i >= 2 ? a.charCodeAt(i - 2) : 0;
    // Whether the row's two glyphs can start a merge at all (most rows cannot: no look-up per cell then).
    const mergeStarts = i >= 2 && p < 128 && x < 128 && MERGE_STARTS[p * 128 + x] === 1;
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= n; j++) {
      const y = b.charCodeAt(j - 1);
      const substitution = x === y ? 0 : isCheap(x, y) ? 0.5 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + substitution);
      // « rn » read for « m », « cl » for « d », « ri » for « n », « li » for « h », « iu » for « m »: half cost.
      if (mergeStarts && isMerge(p, x, y)) value = Math.min(value, before[j - 1]! + 0.5);
      if (j >= 2 && isMerge(b.charCodeAt(j - 2), y, x)) value = Math.min(value, previous[j - 2]! + 0.5);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return rowMin;
    [before, previous, current] = [previous, current, before];
  }
  return previous[n]!;
}

/** Largest distance accepted for a word of this length (shorter words need a closer match). */
function allowance(length: number): number {
  if (length <= 4) return 1;
  if (length <= 6) return 1.5;
  if (length <= 9) return 2;
  return 3;
}

type Vocabulary = {
  folded: Set<string>;
  stems: Set<string>;
  byLength: Map<number, Array<{ folded: string; word: string }>>;
};

const cache = new WeakMap<readonly Task[], Vocabulary>();

function wordsOf(text: string): string[] {
  return text.match(/\p{L}+/gu) ?? [];
}

function buildVocabulary(catalogue: readonly Task[]): Vocabulary {
  const written = new Map<string, string>();
  const add = (word: string) => {
    const folded = fold(word);
    if (folded.length < 2) return;
    // The accented form wins over the plain one (« électrique » rather than « electrique »).
    const known = written.get(folded);
    if (!known || (known === folded && word !== folded)) written.set(folded, word.toLowerCase());
  };
  for (const task of catalogue) for (const word of wordsOf(task.name)) add(word);
  for (const entry of TRADE_LEXICON) for (const form of entry.forms) for (const word of wordsOf(form)) add(word);
  for (const word of STOP_WORDS) add(word);
  for (const word of NOTE_WORDS.split(/\s+/)) if (word) add(word);
  const byLength = new Map<number, Array<{ folded: string; word: string }>>();
  for (const [folded, word] of written) {
    const list = byLength.get(folded.length) ?? [];
    list.push({ folded, word });
    byLength.set(folded.length, list);
  }
  return { folded: new Set(written.keys()), stems: new Set([...written.keys()].map(stem)), byLength };
}

function vocabularyOf(catalogue: readonly Task[]): Vocabulary {
  let vocabulary = cache.get(catalogue);
  if (!vocabulary) {
    vocabulary = buildVocabulary(catalogue);
    cache.set(catalogue, vocabulary);
  }
  return vocabulary;
}

/** The vocabulary word an OCR'd word stands for, or null when none is close and unambiguous. */
export function nearestWord(token: string, vocabulary: Vocabulary): string | null {
  const folded = fold(token);
  // A known word, or another form of one (« roulants », « interrupteurs », « change »), stays.
  if (folded.length < 4 || vocabulary.folded.has(folded) || vocabulary.stems.has(stem(folded))) return null;
  const limit = allowance(folded.length);
  // OCR swaps glyphs far more often than it loses two: a word two letters shorter or longer is another word
  // (« Leblanc » is not « blanc »), except for long words.
  const spread = folded.length >= 10 ? Math.floor(limit) : 1;
  let best: { word: string; folded: string; cost: number } | null = null;
  let second = Infinity;
  for (let length = folded.length - spread; length <= folded.length + spread; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const cost = ocrDistance(folded, candidate.folded, limit);
      if (cost > limit) continue;
      if (!best || cost < best.cost) {
        if (best) second = Math.min(second, best.cost);
        best = { ...candidate, cost };
      } else if (cost < second) second = cost;
    }
  }
  if (!best || second - best.cost < 0.5) return null;
  // The candidate must keep the word's first or last letter (or an OCR look-alike of it): a word whose both ends
  // differ is another word, not a misread one.
  const same = (x: string, y: string) => x === y || CHEAP.has(x + y);
  if (!same(folded[0]!, best.folded[0]!) && !same(folded.at(-1)!, best.folded.at(-1)!)) return null;
  return best.word;
}

function withCaseOf(token: string, word: string): string {
  if (token === token.toUpperCase() && token.length > 1) return word.toUpperCase();
  if (token[0] === token[0]!.toUpperCase()) return word.charAt(0).toUpperCase() + word.slice(1);
  return word;
}

/**
 * Lines naming the client or the firm (names are not vocabulary), the project, an address (a postal code: « 75005
 * Paris » is not « Parois »), and lines with an email are left alone: they hold free words the vocabulary cannot know.
 */
const NAME_LINE =
  /(?<![\p{L}])(?:client|cliente|contact|mme|mlle|monsieur|madame|dr|docteur|soci[ée]t[ée]|sarl|sas|eurl|ets|entreprise|projet|objet|devis|adresse|r[ée]f|rue|avenue|av|boulevard|bd|chemin|all[ée]e|impasse|route|place|quai|cours)(?![\p{L}])|@|(?<![\d])\d{5}(?![\d])/iu;
const MISTER = /(?<![\p{L}])(?:M|Mr|MR)\.?[ \t]+\p{Lu}/u;

/** `text` with each misread vocabulary word read back (see the header). */
export function correctOcrVocabulary(text: string, catalogue: readonly Task[]): string {
  const vocabulary = vocabularyOf(catalogue);
  return text
    .split('\n')
    .map((line) => {
      // A firm's line (« Boulangerie Au Bon Pain », « Pharmacie du Centre ») is a name too: not « Buanderie », « Contre ».
      if (NAME_LINE.test(line) || MISTER.test(line) || findCompany(line)) return line;
      // A word glued to a figure or a dot-free abbreviation part (« PAOw7a7d00f ») is not a word: left alone.
      return line.replace(/(?<![\p{L}\d@._-])\p{L}+(?![\p{L}\d@_-])/gu, (token) => {
        const word = nearestWord(token, vocabulary);
        return word ? withCaseOf(token, word) : token;
      });
    })
    .join('\n');
}
