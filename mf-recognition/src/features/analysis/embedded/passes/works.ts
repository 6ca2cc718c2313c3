// Pass 6 helpers (the work around a piece): the object of the work just said, the place of the work before, a
// second work of the same trade named in one piece.
import { bestCatalogueMatch, type CatalogueMatch, type PreparedTask, type Term } from '../../model/catalogue-match';
import { TRADE_LEXICON } from '../../model/trade-lexicon';
import { unitsCompatible } from '../../model/units';
import { chooseQuantity } from './lines';
import type { Line, Quantity, Segment } from './types';

export type WorkBefore = { terms: Term[]; line: Line };

/**
 * « hydrofuge sur la toiture, un toit de 100 m² », « …, le toit est propre »: a clause that names only the object
 * of the work just said (a notion of its catalogue task or of its words, with no work of its own) is about that work,
 * not another task sharing the object (Remplacement de tuiles).
 */
export function namesOnlyItsObject(terms: Term[], before: Term[]): boolean {
  const known = new Set(before.map((t) => t.concept).filter((c): c is string => c !== null));
  const notions = terms.filter((t) => t.concept !== null);
  return (
    notions.length > 0 &&
    notions.some((t) => t.role === 'head') &&
    notions.every((t) => (t.role === 'head' || t.role === 'mod') && known.has(t.concept!))
  );
}

/**
 * The size said with the object of a line goes to the line when the line has no figure said with its unit yet;
 * false when the line has one and the clause says another (a second place: the clause is read on its own).
 */
export function objectSizeFor(line: Line, quantities: Quantity[]): boolean {
  const size = quantities.find((q) => q.strength === 3 && q.unit && unitsCompatible(q.unit, line.task.unit));
  const own = line.quantity && !line.quantity.inferred && line.quantity.strength === 3;
  // « toit à 2 pentes »: a figure that is no quantity of the line's task does not make the clause another task.
  if (!size) return chooseQuantity(quantities, line.task, new Set()) === null;
  if (own) return false;
  line.quantity = size;
  return true;
}

/** The trade of each notion of the lexicon (general notions — pose, mur, pièce — have none). */
const TRADE_OF = new Map(TRADE_LEXICON.filter((e) => e.trade !== 'general').map((e) => [e.concept, e.trade]));
/** Score a second task named in one piece must reach: a clear match of its own words. */
const SECOND_WORK_SCORE = 0.75;

/**
 * The task of a second work named in the piece (« démoussage avec application d'un traitement hydrofuge sur la
 * toiture »): a notion of work the match did not use, that is not part of the matched task, and whose own words
 * name another catalogue task clearly; null otherwise.
 */
export function secondWork(
  text: string,
  terms: Term[],
  match: CatalogueMatch,
  catalogue: PreparedTask[],
  unit: Quantity['unit'],
): PreparedTask | null {
  const first = catalogue[match.index]!;
  const inFirst = new Set(first.terms.map((t) => t.concept).filter(Boolean));
  const rest = terms.filter((t) => !match.matchedStems.has(t.stem));
  const heads = rest.filter((t) => t.role === 'head' && t.concept !== null && !inFirst.has(t.concept));
  if (heads.length === 0) return null;
  const found = bestCatalogueMatch(text, catalogue, { unit, terms: rest });
  if (!found || found.index === match.index || found.score < SECOND_WORK_SCORE) return null;
  const task = catalogue[found.index]!;
  if (task.polarity !== first.polarity || !heads.some((h) => found.matchedStems.has(h.stem))) return null;
  // Two works of one trade (démoussage and hydrofuge on a roof); a word of another trade is a homonym or a detail
  // (« appliquer » is not an « applique », a wall light).
  const trades = (t: PreparedTask) => new Set(t.terms.map((x) => TRADE_OF.get(x.concept ?? '')).filter(Boolean));
  const firstTrades = trades(first);
  return [...trades(task)].some((trade) => firstTrades.has(trade)) ? task : null;
}

/**
 * « faux plafond en placo et mise en peinture »: a work said without its place (no qualifier) is done on the place
 * of the work just before in the sentence, when a catalogue task names that work there; the work itself stays what
 * was said (« la faïence » is not « carrelage » because the place before is a floor). Null when nothing changes.
 */
export function withPlaceBefore(
  part: Segment,
  terms: Term[],
  match: CatalogueMatch,
  before: WorkBefore | null,
  catalogue: PreparedTask[],
  unit: Quantity['unit'],
): { match: CatalogueMatch; terms: Term[] } | null {
  if (before?.line.sentence !== part.sentence || terms.some((t) => t.role === 'mod')) return null;
  const places = before.terms.filter((t) => t.role === 'mod');
  if (places.length === 0) return null;
  const placed = bestCatalogueMatch(part.text, catalogue, { unit, terms: [...terms, ...places] });
  if (!placed || placed.index === match.index || placed.score <= match.score) return null;
  if (!places.some((p) => placed.matchedStems.has(p.stem))) return null;
  const sameWork = terms
    .filter((t) => t.role === 'head')
    .every((t) => catalogue[placed.index]!.terms.some((c) => c.concept !== null && c.concept === t.concept));
  return sameWork ? { match: placed, terms: [...terms, ...places] } : null;
}
