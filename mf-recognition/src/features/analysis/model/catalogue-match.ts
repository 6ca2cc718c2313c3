// Catalogue matching of SPEC.md §5: case- and accent-insensitive exact or partial names, the trade synonym lists,
// stems compared with Jaro-Winkler, a similarity above 0.4; « pose » and « dépose » (install / remove) never meet.
// The score is the weighted share of the catalogue name's terms found in the phrase: the object of the task
// (peinture, prise) weighs most, qualifiers (murs, sol) less, the action least.
import type { Task } from '@atelier/domain';
import { canonicalUnit, unitFamily, unitsCompatible, type CanonicalUnit } from './units';
import { jaroWinkler } from './similarity';
import { stem, words } from './text';
import { IMPLICATIONS, NOT_ACTIONS, STOP_WORDS, TRADE_LEXICON, type LexiconEntry, type Role } from './trade-lexicon';

export const SIMILARITY_THRESHOLD = 0.4;
const STEM_SIMILARITY = 0.9;
const PARTIAL_HEAD_SCORE = 0.45;
const CONCEPT_MATCH = 0.9;
/** Neighbouring notions of one trade: wall tiles are tiles, a vinyl floor is a floor covering. */
const RELATED_MATCH = 0.75;
const RELATED_CONCEPTS = new Map<string, Set<string>>();
for (const [a, b] of [
  ['faience', 'carrelage'],
  ['parquet', 'solsouple'],
] as const) {
  RELATED_CONCEPTS.set(a, new Set([...(RELATED_CONCEPTS.get(a) ?? []), b]));
  RELATED_CONCEPTS.set(b, new Set([...(RELATED_CONCEPTS.get(b) ?? []), a]));
}
/** A head term counts as found from this similarity on (same notion, related notion or close spelling). */
const HEAD_EVIDENCE = 0.75;
/** Notions too general to name a task by themselves when the task's name says more. */
const WEAK_HEADS = new Set(['renovation']);
const WEIGHTS = { head: 1, mod: 0.35, install: 0.25, remove: 0.25, service: 0.5, qualifier: 0.5 } as const;

export type Term = {
  stem: string;
  concept: string | null;
  role: Role | 'unknown';
  /** Word indexes [start, end) in the analysed text. */
  start: number;
  end: number;
};

type Phrase = { entry: LexiconEntry; stems: string[] };
const PHRASES_BY_FIRST_STEM: Map<string, Phrase[]> = (() => {
  const index = new Map<string, Phrase[]>();
  for (const entry of TRADE_LEXICON) {
    for (const form of entry.forms) {
      const stems = words(form).map(stem);
      const first = stems[0];
      if (!first) continue;
      const list = index.get(first) ?? [];
      list.push({ entry, stems });
      index.set(first, list);
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  return index;
})();

const STATE_VERBS = new Set(['est', 'sont', 'ete', 'etait', 'etaient', 'deja', 'tout']);
const UNIT_WORD = /^(?:m[²³23]?|ml|cm|mm|kg|[²³])$|[²³]/;

// The same pieces are analysed several times per text (segments, the note's headings, each line of a note, the
// match): the terms of a text are kept and handed out as fresh copies, so a caller never sees another's objects.
const analysed = new Map<string, Term[]>();

/** Terms of a phrase: lexicon phrases recognised first (longest first), then the remaining meaningful words. */
export function analyseTerms(text: string): Term[] {
  let terms = analysed.get(text);
  if (!terms) {
    terms = computeTerms(text);
    if (analysed.size > 5_000) analysed.clear();
    analysed.set(text, terms);
  }
  // Arrays built by push from one literal, not by map: V8 gives an empty array from map another map than a full one,
  // and each new map reaching optimised code deoptimises the matcher (decision 0236).
  const copies: Term[] = [];
  for (const t of terms) copies.push({ stem: t.stem, concept: t.concept, role: t.role, start: t.start, end: t.end });
  return copies;
}

function computeTerms(text: string): Term[] {
  const ws = words(text);
  const stems = ws.map(stem);
  const terms: Term[] = [];
  let i = 0;
  while (i < ws.length) {
    // « qui est cassé », « tuiles cassées »: a state, not the work of removing.
    const state =
      NOT_ACTIONS.has(ws[i]!) || (STATE_VERBS.has(ws[i - 1] ?? '') && /^(?:casse|abime|demonte|enleve)$/.test(ws[i]!));
    const phrase = state
      ? undefined
      : (PHRASES_BY_FIRST_STEM.get(stems[i]!) ?? []).find((p) => p.stems.every((s, k) => stems[i + k] === s));
    if (phrase) {
      terms.push({
        stem: phrase.stems.join(' '),
        concept: phrase.entry.concept,
        role: phrase.entry.role,
        start: i,
        end: i + phrase.stems.length,
      });
      i += phrase.stems.length;
      continue;
    }
    const word = ws[i]!;
    if (!STOP_WORDS.has(word) && !/^\d/.test(word) && !UNIT_WORD.test(word) && word.length > 1) {
      terms.push({ stem: stems[i]!, concept: null, role: 'unknown', start: i, end: i + 1 });
    }
    i += 1;
  }
  return withImplications(terms);
}

/** « du placo au plafond » also says faux plafond, « nettoyage du toit » démoussage (lexicon/implications.json). */
const TRIGGERS = new Set(IMPLICATIONS.flatMap((rule) => rule.when));

function withImplications(terms: Term[]): Term[] {
  if (!terms.some((t) => t.concept !== null && TRIGGERS.has(t.concept))) return terms;
  const concepts = new Set(terms.map((t) => t.concept));
  for (const rule of IMPLICATIONS) {
    if (
      concepts.has(rule.implies) ||
      !rule.when.every((c) => concepts.has(c)) ||
      rule.unless.some((c) => concepts.has(c))
    )
      continue;
    const at = terms.find((t) => t.concept === rule.when[rule.when.length - 1])!;
    terms.push({ stem: rule.implies, concept: rule.implies, role: rule.role, start: at.start, end: at.end });
    concepts.add(rule.implies);
  }
  return terms;
}

type WeightedTerm = Term & { weight: number; isHead: boolean; evidence: number };

export type PreparedTask = {
  task: Task;
  index: number;
  terms: WeightedTerm[];
  polarity: Polarity;
  stems: string[];
  unit: CanonicalUnit | null;
};

/** remove (dépose), service (entretien) or default (pose, or no verb): a phrase and a task must agree. */
export type Polarity = 'remove' | 'service' | 'default';

export function polarityOf(terms: readonly Term[]): Polarity {
  if (terms.some((t) => t.role === 'remove')) return 'remove';
  if (terms.some((t) => t.role === 'service')) return 'service';
  return 'default';
}

const prepared = new WeakMap<readonly Task[], PreparedTask[]>();

export function prepareCatalogue(catalogue: readonly Task[]): PreparedTask[] {
  const cached = prepared.get(catalogue);
  if (cached) return cached;
  const result = catalogue.map((task, index) => prepareTask(task, index));
  prepared.set(catalogue, result);
  return result;
}

function prepareTask(task: Task, index: number): PreparedTask {
  const terms = analyseTerms(task.name);
  const hasHead = terms.some((t) => t.role === 'head');
  const weighted = terms.map((t): WeightedTerm => {
    if (t.role === 'head') return { ...t, weight: WEIGHTS.head, isHead: true, evidence: 1 };
    if (t.role === 'install' || t.role === 'remove')
      return { ...t, weight: WEIGHTS[t.role], isHead: false, evidence: 0 };
    if (t.role === 'service' && hasHead) return { ...t, weight: WEIGHTS.service, isHead: false, evidence: 0 };
    // Without a trade object in the name (« Dépose de cuisine », « Bardage bois »), qualifiers are the object.
    if (!hasHead) return { ...t, weight: WEIGHTS.head, isHead: true, evidence: t.role === 'mod' ? 0.6 : 0.9 };
    return { ...t, weight: t.role === 'mod' ? WEIGHTS.mod : WEIGHTS.qualifier, isHead: false, evidence: 0 };
  });
  return {
    task,
    index,
    terms: weighted,
    polarity: polarityOf(terms),
    stems: words(task.name).map(stem),
    unit: canonicalUnit(task.unit),
  };
}

export type CatalogueMatch = {
  task: Task;
  index: number;
  score: number;
  /** Stems of the phrase that matched a term of the task. */
  matchedStems: Set<string>;
};

function termSimilarity(catalogueTerm: Term, phraseTerm: Term): number {
  if (catalogueTerm.stem === phraseTerm.stem) return 1;
  if (catalogueTerm.concept !== null && catalogueTerm.concept === phraseTerm.concept) return CONCEPT_MATCH;
  if (
    catalogueTerm.concept !== null &&
    phraseTerm.concept !== null &&
    RELATED_CONCEPTS.get(catalogueTerm.concept)?.has(phraseTerm.concept)
  )
    return RELATED_MATCH;
  if (
    catalogueTerm.role === 'install' ||
    catalogueTerm.role === 'remove' ||
    phraseTerm.role === 'install' ||
    phraseTerm.role === 'remove'
  )
    return 0;
  // Two different notions of the lexicon (« chauffage », « chauffe-eau ») are not spelling variants of each other.
  if (catalogueTerm.concept !== null && phraseTerm.concept !== null) return 0;
  // Short stems and very different lengths make Jaro-Winkler too generous (port ≈ portabl).
  if (
    catalogueTerm.stem.length < 5 ||
    phraseTerm.stem.length < 5 ||
    Math.abs(catalogueTerm.stem.length - phraseTerm.stem.length) > 2
  )
    return 0;
  const similarity = jaroWinkler(catalogueTerm.stem, phraseTerm.stem);
  return similarity >= STEM_SIMILARITY ? similarity * 0.95 : 0;
}

/**
 * A phrase term's similarity with every term of a prepared catalogue (task by task, at `offsets[task]`) and, per task,
 * the closest: each match compares the phrase with the whole catalogue, and the same words come back from piece to
 * piece and from note to note. Kept per catalogue and per term (role, notion, stem: all the similarity reads).
 */
type SimilarityRow = { similarities: Float64Array; closest: Float64Array };
type SimilarityTable = { offsets: Int32Array; cells: number; rows: Map<string, SimilarityRow> };
const similarityTables = new WeakMap<readonly PreparedTask[], SimilarityTable>();
/** Cells kept per catalogue before the rows are dropped (a few MB, whatever the catalogue's size). */
const MAX_SIMILARITY_CELLS = 2_000_000;

function similarityTable(tasks: readonly PreparedTask[]): SimilarityTable {
  let table = similarityTables.get(tasks);
  if (!table) {
    const offsets = new Int32Array(tasks.length);
    let cells = 0;
    tasks.forEach((task, i) => {
      offsets[i] = cells;
      cells += task.terms.length;
    });
    table = { offsets, cells, rows: new Map() };
    similarityTables.set(tasks, table);
  }
  return table;
}

function similarityRow(table: SimilarityTable, tasks: readonly PreparedTask[], term: Term): SimilarityRow {
  const key = `${term.role}|${term.concept === null ? '' : `=${term.concept}`}|${term.stem}`;
  let row = table.rows.get(key);
  if (!row) {
    const similarities = new Float64Array(table.cells);
    const closest = new Float64Array(tasks.length);
    tasks.forEach((task, i) => {
      const at = table.offsets[i]!;
      task.terms.forEach((catalogueTerm, t) => {
        const similarity = termSimilarity(catalogueTerm, term);
        similarities[at + t] = similarity;
        if (similarity > closest[i]!) closest[i] = similarity;
      });
    });
    if ((table.rows.size + 1) * Math.max(table.cells, 1) > MAX_SIMILARITY_CELLS) table.rows.clear();
    row = { similarities, closest };
    table.rows.set(key, row);
  }
  return row;
}

function containsSequence(haystack: string[], needle: string[]): boolean {
  if (needle.length === 0 || needle.length > haystack.length) return false;
  outer: for (let i = 0; i + needle.length <= haystack.length; i += 1) {
    for (let k = 0; k < needle.length; k += 1) if (haystack[i + k] !== needle[k]) continue outer;
    return true;
  }
  return false;
}

/**
 * The catalogue task a phrase is about, or null when none scores above the threshold.
 * `unit` (the unit said with the quantity) breaks near ties in favour of tasks sold in a compatible unit.
 */
export function bestCatalogueMatch(
  phrase: string,
  catalogue: readonly Task[] | PreparedTask[],
  options: { unit?: CanonicalUnit | null; terms?: Term[] } = {},
): CatalogueMatch | null {
  const tasks = isPrepared(catalogue) ? catalogue : prepareCatalogue(catalogue);
  const terms = options.terms ?? analyseTerms(phrase);
  if (terms.length === 0) return null;
  const phraseStems: string[] = [];
  for (const word of words(phrase)) phraseStems.push(stem(word));
  const polarity = polarityOf(terms);
  let best: { match: CatalogueMatch; rank: number[] } | null = null;
  // « pose de tuiles neuves, 70 m² »: the best task sold in the unit of the surface said, when the best of all is
  // counted in items (Remplacement de tuiles) and this one still names the object (Réfection toiture tuiles).
  let bestMeasured: { match: CatalogueMatch; rank: number[] } | null = null;
  const measuredUnit = options.unit && ['area', 'length', 'volume'].includes(unitFamily(options.unit));
  const table = similarityTable(tasks);
  const rows: SimilarityRow[] = [];
  for (const term of terms) rows.push(similarityRow(table, tasks, term));
  for (let c = 0; c < tasks.length; c += 1) {
    const candidate = tasks[c]!;
    if (candidate.polarity !== polarity) continue;
    // Without a pair this close, no head is found (below): the candidate is out before any assignment.
    let closest = 0;
    for (const row of rows) if (row.closest[c]! > closest) closest = row.closest[c]!;
    if (closest < HEAD_EVIDENCE) continue;
    let total = 0;
    let matched = 0;
    let evidence = 0;
    let headFound = false;
    let bestHead = 0;
    let weakHead = 0;
    let otherTerm = false;
    const matchedStems = new Set<string>();
    // A word of the phrase stands for one term of the name (« toit » is not both « toiture » and « tuiles »):
    // pairs are assigned best first, each side used once.
    const pairs: Array<{ term: number; phrase: number; similarity: number }> = [];
    const at = table.offsets[c]!;
    for (let t = 0; t < candidate.terms.length; t += 1) {
      total += candidate.terms[t]!.weight;
      for (let p = 0; p < terms.length; p += 1) {
        const similarity = rows[p]!.similarities[at + t]!;
        if (similarity > 0) pairs.push({ term: t, phrase: p, similarity });
      }
    }
    pairs.sort((a, b) => b.similarity - a.similarity || a.term - b.term);
    const termUsed = new Set<number>();
    const phraseUsed = new Set<number>();
    const termToPhrase = new Map<number, number>();
    for (const pair of pairs) {
      if (termUsed.has(pair.term) || phraseUsed.has(pair.phrase)) continue;
      termUsed.add(pair.term);
      phraseUsed.add(pair.phrase);
      termToPhrase.set(pair.term, pair.phrase);
      const term = candidate.terms[pair.term]!;
      matched += term.weight * pair.similarity;
      matchedStems.add(terms[pair.phrase]!.stem);
      // « rénovation », « réfection » alone do not say which renovation (« Rénovation salle de bain »).
      const weak =
        term.concept !== null &&
        WEAK_HEADS.has(term.concept) &&
        candidate.terms.some((other) => other !== term && (other.role === 'head' || other.role === 'mod'));
      if (weak && pair.similarity >= HEAD_EVIDENCE) weakHead = Math.max(weakHead, pair.similarity);
      else if (term.role === 'mod' || term.role === 'head' || term.isHead) otherTerm = true;
      if (term.isHead && pair.similarity >= HEAD_EVIDENCE && !weak) {
        headFound = true;
        evidence += term.evidence * pair.similarity;
        bestHead = Math.max(bestHead, pair.similarity);
      }
    }
    // A general notion (« rénovation ») with the rest of the name (« de la salle de bain ») names the task.
    if (!headFound && weakHead > 0 && otherTerm) {
      headFound = true;
      bestHead = Math.max(bestHead, weakHead);
    }
    if (!headFound || total === 0) continue;
    if (sharesOneWordOnly(candidate, terms, termToPhrase)) continue;
    // A name with several objects (« Nettoyage et démoussage toiture ») still answers to one of them.
    let score = Math.max(matched / total, bestHead >= CONCEPT_MATCH ? PARTIAL_HEAD_SCORE : 0);
    if (containsSequence(phraseStems, candidate.stems))
      score = Math.max(score, phraseStems.length === candidate.stems.length ? 1 : 0.95);
    // « réfection toiture 95 m² »: a surface said with the work is not a count of items (« Remplacement de tuiles »).
    const measured = options.unit && ['area', 'length', 'volume'].includes(unitFamily(options.unit));
    const unitBonus = !options.unit
      ? 0
      : unitsCompatible(options.unit, candidate.unit)
        ? 0.03
        : measured && candidate.unit && unitFamily(candidate.unit) === 'count'
          ? -0.15
          : 0;
    const rank = [score + unitBonus, evidence, -candidate.index];
    if (score <= SIMILARITY_THRESHOLD) continue;
    if (!best || compareRanks(rank, best.rank) > 0) {
      best = { match: { task: candidate.task, index: candidate.index, score, matchedStems }, rank };
    }
    // …and names nothing the phrase does not say (« toiture, 120 m² » is not Traitement hydrofuge toiture).
    const foreignHead = candidate.terms.some(
      (t, i) =>
        t.isHead &&
        !termUsed.has(i) &&
        !(t.concept !== null && (WEAK_HEADS.has(t.concept) || terms.some((p) => p.concept === t.concept))),
    );
    if (
      measuredUnit &&
      !foreignHead &&
      score >= PARTIAL_HEAD_SCORE &&
      unitsCompatible(options.unit!, candidate.unit) &&
      (!bestMeasured || compareRanks(rank, bestMeasured.rank) > 0)
    )
      bestMeasured = { match: { task: candidate.task, index: candidate.index, score, matchedStems }, rank };
  }
  const bestTask = best ? tasks[best.match.index] : undefined;
  if (
    bestMeasured &&
    bestTask?.unit &&
    unitFamily(bestTask.unit) === 'count' &&
    !countsItsObject(phraseStems, best!.match)
  )
    return bestMeasured.match;
  return best?.match ?? null;
}

const COUNT_NOUN = /^(?:\d+|dizaine|quinzaine|vingtaine|trentaine|cinquantaine|centaine)$/;

/**
 * « remplacement des tuiles cassées, cinq tuiles, toit de 110 m² »: the phrase counts the object of a task sold by
 * the item (a figure just before « tuiles »), so the surface said with it is the place's size, not this work's.
 */
export function countsItsObject(phraseStems: readonly string[], match: CatalogueMatch): boolean {
  return phraseStems.some((s, i) => {
    if (!COUNT_NOUN.test(s)) return false;
    const next = phraseStems[i + 1] === 'de' || phraseStems[i + 1] === 'd' ? phraseStems[i + 2] : phraseStems[i + 1];
    return next !== undefined && match.matchedStems.has(next);
  });
}

/** Trade names prefixing catalogue items (« Plomberie - remplacement robinetterie »): they say no object. */
const TRADE_PREFIXES = new Set(['plomberie', 'electricite', 'menuiserie', 'maconnerie', 'chauffage']);
/** Work named by its activity, whose object follows (« peinture de la porte », « peindre les volets »). */
const ACTIVITIES = new Set(['peinture', 'nettoyage', 'preparation', 'souscouche', 'isolation']);
/** Objects also used as room names (« peinture des toilettes »). */
const ROOM_OBJECTS = new Set(['wc']);

/**
 * A task sharing one word with a catalogue item is not that item (issue 13): « peindre les volets » shares
 * « peinture » with « Peinture murs », « porte en bois » shares « bois » with « Bardage bois ». The phrase names
 * another object (a trade notion the candidate does not contain) before the shared word, or after it when the shared
 * word is an activity, while the rest of the candidate's name (murs, bardage) is not said. « La robinetterie de la
 * douche » is still the robinetterie: an object followed by its complement keeps its match.
 */
function sharesOneWordOnly(
  candidate: PreparedTask,
  terms: readonly Term[],
  pairs: ReadonlyMap<number, number>,
): boolean {
  // Plain loops, no map/filter chains: their empty results change the arrays' map and deoptimise (decision 0236).
  const concepts = new Set<string>();
  for (const t of candidate.terms) if (t.concept) concepts.add(t.concept);
  const used = new Set(pairs.values());
  // Painting a thing is not installing it (« peindre les volets » is not « Pose de volet roulant »).
  if (!concepts.has('peinture') && terms.some((t, p) => !used.has(p) && t.concept === 'peinture')) return true;
  // The terms naming something (no action, no trade prefix), the notions they name and those the phrase says.
  // « Sous-couche d'impression » names one notion twice: saying it once says the whole name.
  const notions = new Set<string>();
  let saidCount = 0;
  let said = -1;
  for (let i = 0; i < candidate.terms.length; i += 1) {
    const t = candidate.terms[i]!;
    if (
      t.role === 'install' ||
      t.role === 'remove' ||
      t.role === 'service' ||
      (t.concept !== null && TRADE_PREFIXES.has(t.concept))
    )
      continue;
    notions.add(t.concept ?? t.stem);
    if (pairs.has(i)) {
      if (saidCount === 0) said = i;
      saidCount += 1;
    }
  }
  if (saidCount !== 1 || notions.size < 2) return false;
  const shared = terms[pairs.get(said)!]!;
  const activity = shared.concept !== null && ACTIVITIES.has(shared.concept);
  return terms.some(
    (t, p) =>
      !used.has(p) &&
      t.role === 'head' &&
      t.concept !== null &&
      !concepts.has(t.concept) &&
      !ROOM_OBJECTS.has(t.concept) &&
      (t.start < shared.start || activity),
  );
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i += 1) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (Math.abs(diff) > 1e-9) return diff;
  }
  return 0;
}

function isPrepared(catalogue: readonly Task[] | PreparedTask[]): catalogue is PreparedTask[] {
  const first = catalogue[0] as PreparedTask | Task | undefined;
  return first !== undefined && 'terms' in first;
}

/** The catalogue task named by a task name (from the AI or a note), or null when nothing is close enough. */
export function matchTaskName(name: string, catalogue: readonly Task[], unit?: string | null): Task | null {
  if (!name.trim()) return null;
  const exact = namesOf(catalogue).get(words(name).join(' '));
  if (exact) return exact;
  return bestCatalogueMatch(name, catalogue, { unit: canonicalUnit(unit) })?.task ?? null;
}

const taskNames = new WeakMap<readonly Task[], Map<string, Task>>();

/** A catalogue's tasks by their folded words (the first task of a name), built once per catalogue. */
function namesOf(catalogue: readonly Task[]): Map<string, Task> {
  let names = taskNames.get(catalogue);
  if (!names) {
    names = new Map();
    for (const task of catalogue) {
      const key = words(task.name).join(' ');
      if (!names.has(key)) names.set(key, task);
    }
    taskNames.set(catalogue, names);
  }
  return names;
}
