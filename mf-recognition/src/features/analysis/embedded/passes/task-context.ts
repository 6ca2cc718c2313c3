// Pass 6a (context of a piece): what a piece of a dictation says around the work — a restriction after a negation,
// a surface said in the clause after, a surface measured on its own.
import { analyseTerms, bestCatalogueMatch, type PreparedTask, type Term } from '../../model/catalogue-match';
import { MEASUREMENT } from './cues';
import { hasContentWords } from './lines';
import type { Segment } from './types';

export const PAINTING = analyseTerms('peinture');
export const THICKNESS = /(?<![a-z\d.,])\d+(?:[.,]\d+)?\s*(?:mm|millimetres?|cm|centimetres?)(?![a-z])/;
/** « on ne peint pas le plafond, seulement les murs »: the work kept after a negation. */
const RESTRICTION = /^\s*(?:juste|seulement|uniquement|simplement)\s/;

/** « pas de faïence dans la cuisine, seulement dans la salle d'eau »: a piece restricting the negated work. */
export const restricted = (part: Segment) => RESTRICTION.test(part.folded);

const PLACES = new Set(['piece', 'sdb', 'cuisine', 'exterieur', 'interieur']);

/**
 * A qualifier alone borrowing the work before must be part of the task found (« le plafond » → Peinture plafond, not
 * Pose de carrelage sol); after a negated work, a room the work is restricted to (« pas de faïence dans la cuisine,
 * seulement dans la salle d'eau ») is where the work goes, not a part of its name.
 */
export function qualifierFits(own: Term[], matched: ReadonlySet<string>, part: Segment, negated: boolean): boolean {
  return own.some(
    (t) =>
      t.role === 'mod' &&
      (matched.has(t.stem) || (negated && restricted(part) && t.concept !== null && PLACES.has(t.concept))),
  );
}

/** « …, seulement les murs, 33 m² »: the restriction's figure is the clause after it, when that says only a figure. */
export function restrictedToFigure(part: Segment, segments: Segment[]): boolean {
  if (!RESTRICTION.test(part.folded)) return false;
  const next = segments.find((s) => s.clause > part.clause);
  return (
    next !== undefined &&
    next.sentence === part.sentence &&
    next.quantities.some((q) => q.strength === 3) &&
    !hasContentWords(next.text)
  );
}

/** The piece right after `segment`, a clause of its own in its sentence, says only a surface (« …, 20 m² »). */
export function areaNext(segment: Segment, segments: Segment[]): boolean {
  const next = segments[segments.indexOf(segment) + 1];
  return (
    next !== undefined &&
    next.sentence === segment.sentence &&
    next.clause > segment.clause &&
    next.quantities.some((q) => q.strength === 3 && q.unit === 'm2') &&
    !hasContentWords(next.text)
  );
}

/** The surfaces (lexicon general.json) that, measured on their own, are the place of the works said next. */
const MEASURED_SURFACES = new Set(['plafond', 'mur', 'sol']);

/** « le plafond de l'étage fait 75 m² »: the surfaces a clause of its own measures, or null. */
export function measuredSurfaces(part: Segment, terms: Term[]): { terms: Term[]; sentence: number } | null {
  const surfaces = terms.filter((t) => t.concept !== null && MEASURED_SURFACES.has(t.concept));
  return !part.inherited.length && surfaces.length && MEASUREMENT.test(part.folded)
    ? { terms: surfaces, sentence: part.sentence }
    : null;
}

/**
 * « … avant peinture », « avant la peinture », « avant de (le) repeindre », « puis deux couches » (a piece of its own, no product said):
 * the painting comes after the preparation.
 */
const COATS_AFTER =
  /^\s*(?:puis\s+)?(?:une|deux|trois|[123])\s+couches?(?![a-z])(?!\s+(?:d'|de\s+(?:la\s+)?(?:peinture|sous|primaire|fixateur|vernis|lasure|colle|impression)))/;
const PAINT_AFTER = new RegExp(
  String.raw`(?<![a-z])avant\s+(?:la\s+|de\s+la\s+)?peinture|(?<![a-z])avant\s+de\s+(?:(?:le|la|les)\s+|l')?(?:re)?peindre|${COATS_AFTER.source}`,
);

/**
 * « ratissage des murs avant peinture, 38 m² », « décoller la tapisserie avant de peindre »: the walls are prepared for
 * the painting said after « avant », which is a work too (not only a time, as « avant le carrelage » is for another
 * trade). The painting task of the same place, or null.
 */
export function paintingAfterPreparation(
  task: PreparedTask,
  part: Segment,
  segments: readonly Segment[],
  said: readonly Term[],
  catalogue: PreparedTask[],
): PreparedTask | null {
  // « sous-couche teintée et deux couches »: the coats said after a primer are the painting (« une impression avant la
  // peinture » keeps « avant » a time).
  const primer = task.terms.some((t) => t.isHead && t.concept === 'souscouche');
  if (!primer && !task.terms.some((t) => t.isHead && t.concept === 'preparation')) return null;
  const after = primer ? COATS_AFTER : PAINT_AFTER;
  if (!segments.some((s) => s.sentence === part.sentence && after.test(s.folded))) return null;
  const kept = said.filter(
    (t) => t.concept !== 'preparation' && t.concept !== 'souscouche' && t.role !== 'remove' && t.role !== 'install',
  );
  const found = bestCatalogueMatch(part.text, catalogue, { unit: 'm2', terms: [...kept, ...PAINTING] });
  const painting = found ? catalogue[found.index]! : null;
  return painting?.terms.some((t) => t.isHead && t.concept === 'peinture') ? painting : null;
}
