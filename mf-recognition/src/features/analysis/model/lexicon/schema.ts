// The schema of the trade vocabulary's data files (lexicon/*.json): one file a trade, each entry one notion with
// every form an artisan may say or write for it; words.json holds the word lists that are not notions.
import * as z from 'zod/mini';

export const ROLES = ['head', 'mod', 'install', 'remove', 'service'] as const;
export const TRADES = [
  'painting',
  'tiling',
  'flooring',
  'electricity',
  'plumbing',
  'masonry',
  'insulation',
  'heating',
  'joinery',
  'roofing',
  'demolition',
  'renovation',
  'general',
] as const;

const form = z.string().check(z.minLength(1), z.maxLength(60), z.regex(/^[^\sA-Z].*[^\s]$|^[^\sA-Z]$/u));

export const lexiconEntrySchema = z.strictObject({
  concept: z.string().check(z.regex(/^[a-z][a-z0-9]*$/)),
  role: z.enum(ROLES),
  forms: z.array(form).check(z.minLength(1)),
});

export const lexiconFileSchema = z.strictObject({
  trade: z.enum(TRADES),
  entries: z.array(lexiconEntrySchema).check(z.minLength(1)),
});

export const lexiconWordsSchema = z.strictObject({
  /** Participles used as adjectives (« tuiles cassées »): a state, not the removal work. */
  notActions: z.array(form),
  /** Words that never carry meaning for matching (removed after phrases were recognised). */
  stopWords: z.array(form),
});

export type LexiconFile = z.infer<typeof lexiconFileSchema>;

/** Sizes said of several places at once (« les deux chambres de 12 m² », « douze mètres chacun »). */
export const lexiconSizesSchema = z.strictObject({
  /** Places counted as identical (plural nouns): « 2 chambres de 3 sur 4 » is twice the room. */
  places: z.array(form).check(z.minLength(1)),
  /** Words saying a size is each place's (« 12 mètres chacun »). */
  each: z.array(form).check(z.minLength(1)),
  /** Words naming a room's perimeter (« la longueur totale des murs fait 14 m »). */
  perimeters: z.array(form).check(z.minLength(1)),
});

/**
 * Notions said together that name another one (« du placo au plafond » is a faux plafond, « nettoyage du toit » a
 * démoussage): when every concept of `when` is in a phrase and none of `unless`, the phrase also carries `implies`.
 */
export const lexiconImplicationsSchema = z.strictObject({
  implications: z.array(
    z.strictObject({
      when: z.array(z.string().check(z.regex(/^[a-z][a-z0-9]*$/))).check(z.minLength(1)),
      unless: z.array(z.string().check(z.regex(/^[a-z][a-z0-9]*$/))),
      implies: z.string().check(z.regex(/^[a-z][a-z0-9]*$/)),
      role: z.enum(ROLES),
    }),
  ),
});

/**
 * Verb forms said in dictation (« on démolit », « ils posent ») that the stems do not join to the infinitive a
 * lexicon form has: regular endings replacing an infinitive's (« -er » → « -ons », « -ent »), and the forms of
 * irregular verbs. Applied to the first word of every lexicon form when it loads (lexicon/verbs.json).
 */
export const lexiconVerbsSchema = z.strictObject({
  regular: z.array(
    z.strictObject({
      infinitive: z.string().check(z.regex(/^[a-z]+$/)),
      endings: z.array(z.string().check(z.regex(/^[a-z]+$/))),
    }),
  ),
  irregular: z.record(form, z.array(form)),
});
