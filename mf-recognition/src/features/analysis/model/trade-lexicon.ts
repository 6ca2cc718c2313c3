// French trade vocabulary (SPEC.md §5 « French trade synonym lists »): every form an artisan may say or write for
// one notion of painting, tiling, electricity, plumbing, masonry, insulation, heating, joinery, roofing,
// demolition and renovation. A catalogue task and a dictated phrase meet when they share a notion.
// The words are data (lexicon/<trade>.json, schema in lexicon/schema.ts), validated when this module loads.
//
// Roles: `head` is what the task is about (peinture, prise, WC); `mod` only qualifies it (murs, sol, salle de bain);
// `install` / `remove` are the action, kept apart so that « pose » and « dépose » are never confused; `service`
// (entretien, désembouage) is a third kind of work on an existing thing, never its installation.
import demolition from './lexicon/demolition.json';
import electricity from './lexicon/electricity.json';
import flooring from './lexicon/flooring.json';
import general from './lexicon/general.json';
import heating from './lexicon/heating.json';
import insulation from './lexicon/insulation.json';
import joinery from './lexicon/joinery.json';
import masonry from './lexicon/masonry.json';
import painting from './lexicon/painting.json';
import plumbing from './lexicon/plumbing.json';
import renovation from './lexicon/renovation.json';
import roofing from './lexicon/roofing.json';
import implications from './lexicon/implications.json';
import {
  lexiconFileSchema,
  lexiconImplicationsSchema,
  lexiconSizesSchema,
  lexiconVerbsSchema,
  lexiconWordsSchema,
  type ROLES,
  type TRADES,
} from './lexicon/schema';
import sizes from './lexicon/sizes.json';
import tiling from './lexicon/tiling.json';
import verbs from './lexicon/verbs.json';
import words from './lexicon/words.json';

export type Role = (typeof ROLES)[number];
export type Trade = (typeof TRADES)[number];
export type LexiconEntry = { concept: string; trade: Trade; role: Role; forms: readonly string[] };

/** The data files in the order their entries are tried (the general notions first). */
export const LEXICON_FILES: readonly unknown[] = [
  general,
  demolition,
  painting,
  tiling,
  flooring,
  electricity,
  plumbing,
  masonry,
  insulation,
  heating,
  joinery,
  roofing,
  renovation,
];

const VERBS = lexiconVerbsSchema.parse(verbs);

/**
 * A form and the forms of its first word's verb (lexicon/verbs.json): « casser » also « cassons », « cassent »;
 * « démolir » also « démolit », « démoli »; « mettre en place » also « met en place ». Other words are kept as they are.
 */
export function withVerbForms(form: string): string[] {
  const [first, ...rest] = form.split(' ');
  const tail = rest.length ? ` ${rest.join(' ')}` : '';
  const conjugated = VERBS.irregular[first!] ?? [];
  const regular = VERBS.regular.flatMap(({ infinitive, endings }) =>
    first!.length > infinitive.length + 2 && first!.endsWith(infinitive)
      ? endings.map((ending) => first!.slice(0, -infinitive.length) + ending)
      : [],
  );
  return [form, ...[...conjugated, ...regular].map((word) => `${word}${tail}`)];
}

/** Validates the data files and flattens them; a concept may appear in one file only. */
export function loadLexicon(files: readonly unknown[]): LexiconEntry[] {
  const seen = new Map<string, string>();
  return files.flatMap((data) => {
    const file = lexiconFileSchema.parse(data);
    return file.entries.map((entry) => {
      const other = seen.get(entry.concept);
      if (other) throw new Error(`lexicon: concept « ${entry.concept} » in both ${other} and ${file.trade}`);
      seen.set(entry.concept, file.trade);
      const forms = [...new Set(entry.forms.flatMap(withVerbForms))];
      return { ...entry, forms, trade: file.trade };
    });
  });
}

export const TRADE_LEXICON: readonly LexiconEntry[] = loadLexicon(LEXICON_FILES);

const lists = lexiconWordsSchema.parse(words);
/** Participles used as adjectives (« tuiles cassées »): a state, not the removal work. */
export const NOT_ACTIONS: ReadonlySet<string> = new Set(lists.notActions);
/** Words that never carry meaning for matching (removed after phrases were recognised). */
export const STOP_WORDS: ReadonlySet<string> = new Set(lists.stopWords);

export type Implication = { when: readonly string[]; unless: readonly string[]; implies: string; role: Role };

/** Validates the implications (lexicon/implications.json): every concept they name must be a notion of the lexicon. */
export function loadImplications(data: unknown, lexicon: readonly LexiconEntry[]): Implication[] {
  const known = new Set(lexicon.map((e) => e.concept));
  return lexiconImplicationsSchema.parse(data).implications.map((rule) => {
    for (const concept of [...rule.when, ...rule.unless, rule.implies])
      if (!known.has(concept)) throw new Error(`lexicon implications: unknown concept « ${concept} »`);
    return rule;
  });
}

export const IMPLICATIONS: readonly Implication[] = loadImplications(implications, TRADE_LEXICON);

/** Places counted, « chacun » words and perimeter words of the size passes (lexicon/sizes.json). */
export const SIZE_WORDS = lexiconSizesSchema.parse(sizes);
