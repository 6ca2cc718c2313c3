// Pass 6a (context of a piece): what a piece of a dictation says around the work — a restriction after a negation,
// a surface said in the clause after, a surface measured on its own.
import { analyseTerms, type Term } from '../../model/catalogue-match';
import { MEASUREMENT } from './cues';
import { hasContentWords } from './lines';
import type { Segment } from './types';

export const PAINTING = analyseTerms('peinture');
export const THICKNESS = /(?<![a-z\d.,])\d+(?:[.,]\d+)?\s*(?:mm|millimetres?|cm|centimetres?)(?![a-z])/;
/** « on ne peint pas le plafond, seulement les murs »: the work kept after a negation. */
const RESTRICTION = /^\s*(?:juste|seulement|uniquement|simplement)\s/;

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
