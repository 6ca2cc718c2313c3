// Pass 6 helpers (catalogue match → lines): which quantity goes with a task, and how repeated tasks merge.
import { analyseTerms, polarityOf, type PreparedTask, type Term } from '../../model/catalogue-match';
import { fold } from '../../model/text';
import { unitFamily, unitsCompatible } from '../../model/units';
import type { RawTextExtraction } from '../extract-from-text';
import { HOURS_PER_DAY } from './cues';
import type { Line, Quantity, Segment } from './types';

export function chooseQuantity(quantities: Quantity[], task: PreparedTask, matchedStems: Set<string>): Quantity | null {
  let best: { q: Quantity; rank: number } | null = null;
  for (const q of quantities) {
    const rank = quantityRank(q, task, matchedStems);
    if (rank > 0 && (!best || rank > best.rank)) best = { q, rank };
  }
  return best?.q ?? null;
}

function quantityRank(q: Quantity, task: PreparedTask, matchedStems: Set<string>): number {
  // « peinture 2 couches », « laine de verre 200 mm »: a figure that is part of the task's own name.
  if (q.nextWord && new RegExp(`(?:^|[^0-9])${q.value}\\s*${q.nextWord.slice(0, 3)}`).test(fold(task.task.name)))
    return 0;
  const countTask = task.unit === null || unitFamily(task.unit) === 'count';
  if (q.unit) {
    if (unitsCompatible(q.unit, task.unit)) return 4;
    if (unitFamily(q.unit) === 'measure' || unitFamily(q.unit) === 'liquid' || countTask) return 0;
    return 2.5;
  }
  const next = q.nextWord;
  const namesTheTask = next !== null && [...matchedStems].some((s) => s.split(' ')[0] === stemLike(next));
  // « un ponçage » is an article, not 1 m²; « une prise » is one socket.
  if (q.strength === 1) return countTask ? 1 : 0;
  // « désembouage (8 radiateurs) »: a forfait is not counted in other things.
  if (task.unit === 'forfait' && next !== null && !namesTheTask) return 0;
  // « 2 cloisons » counts walls, not square metres.
  if (namesTheTask && !countTask && task.unit !== null) return 0;
  if (next === null || namesTheTask) return 2;
  // « peinture des 2 chambres »: a count of something else is not a surface.
  return countTask ? 1.5 : 0;
}

function stemLike(word: string): string {
  let w = word;
  if (w.length > 3 && /[sx]$/.test(w)) w = w.slice(0, -1);
  for (const ending of ['ees', 'ee', 'er', 'ez', 'es', 'e'])
    if (w.endsWith(ending) && w.length - ending.length >= 3) return w.slice(0, -ending.length);
  return w;
}

/** True when every notion of `terms` was already in `before` (and the kind of work is the same). */
export function elaborates(terms: Term[], before: Term[]): boolean {
  const known = new Set(before.map((t) => t.concept).filter((c): c is string => c !== null));
  if (terms.some((t) => t.role === 'unknown')) return false;
  const notions = terms.filter((t) => t.concept !== null && t.role !== 'install' && t.role !== 'remove');
  return notions.length > 0 && notions.every((t) => known.has(t.concept!)) && polarityOf(terms) === polarityOf(before);
}

export function hasContentWords(text: string): boolean {
  return analyseTerms(text.replace(/\d+(?:[.,]\d+)?/g, ' ')).some(
    (t) => !/^(?:metr|heur|jour|journe|carr|lineair|environ|a peu pr)/.test(t.stem),
  );
}

export function bestOrphan(quantities: Quantity[]): Quantity | null {
  // A quantity on its own clause: « …, environ 25 mètres carrés ». Bare numbers only when nothing follows them.
  return (
    quantities.find((q) => q.strength === 3) ?? quantities.find((q) => q.strength === 2 && q.nextWord === null) ?? null
  );
}

export function carriesSurface(q: Quantity, task: PreparedTask): boolean {
  if (!q.unit || !task.unit || !unitsCompatible(q.unit, task.unit)) return false;
  const family = unitFamily(task.unit);
  return family === 'area' || family === 'length';
}

export function fits(q: Quantity, task: PreparedTask): boolean {
  return (
    q.unit === null ||
    unitsCompatible(q.unit, task.unit) ||
    (unitFamily(q.unit) !== 'measure' && task.unit !== null && unitFamily(task.unit) !== 'count')
  );
}

export function canTake(line: Line, orphan: Quantity, sentence: number): boolean {
  if (!fits(orphan, line.task)) return false;
  const current = line.quantity && !line.quantity.inferred ? quantityStrengthFor(line.quantity, line.task) : 0;
  const offered = quantityStrengthFor(orphan, line.task);
  if (line.sentence === sentence) return offered > current;
  // From the next sentence, only a task left without any figure takes it.
  return line.quantity === null;
}

function quantityStrengthFor(q: Quantity, task: PreparedTask): number {
  if (q.unit) return unitsCompatible(q.unit, task.unit) ? 3 : 2;
  return q.strength;
}

/**
 * The same task said twice: explicit quantities add up (two rooms); a later mention without a figure adds
 * nothing; a figure said later replaces one that was only inferred.
 */
export function mergeRepeats(lines: Line[]): RawTextExtraction['tasks'] {
  const merged = new Map<
    string,
    { name: string; unit: string; quantity?: number; inferred: boolean; sources: string[] }
  >();
  for (const line of lines) {
    // « 2 jours de main d'œuvre » on a task sold by the hour: HOURS_PER_DAY hours a day.
    if (line.quantity?.unit === 'jour' && line.task.unit === 'h')
      line.quantity = { ...line.quantity, unit: 'h', value: line.quantity.value * HOURS_PER_DAY };
    const { name, unit } = line.task.task;
    const existing = merged.get(name);
    const value = line.quantity?.value;
    const inferred = line.quantity?.inferred === true;
    if (existing && line.source && !existing.sources.includes(line.source)) existing.sources.push(line.source);
    if (!existing)
      merged.set(name, { name, unit, quantity: value, inferred, sources: line.source ? [line.source] : [] });
    else if (value === undefined) continue;
    else if (existing.quantity === undefined || (existing.inferred && !inferred))
      Object.assign(existing, { quantity: value, inferred });
    else if (!inferred && !existing.inferred) existing.quantity += value;
  }
  return [...merged.values()].map(({ name, unit, quantity, inferred, sources }) => ({
    name,
    unit,
    quantity,
    source: sources.join(' … '),
    // No figure said with the task, or one borrowed from elsewhere: the user should look at it.
    unsure: quantity === undefined || inferred,
  }));
}

/**
 * « 20 m² de murs et 5 de sol »: a bare figure followed by « de » and the place it measures takes the unit said with
 * the figure of the line just before, in the same sentence.
 */
export function withUnitBefore(part: Segment, terms: Term[], lines: Line[]): Quantity[] {
  const before = lines[lines.length - 1];
  const unit = before?.sentence === part.sentence ? before.quantity?.unit : null;
  if (!unit) return part.quantities;
  return part.quantities.map((q) =>
    q.strength === 2 &&
    /^\s*(?:de|d')\s*/.test(part.folded.slice(q.end)) &&
    terms.some((t) => t.role === 'mod' && q.nextWord !== null && t.stem.startsWith(q.nextWord.slice(0, 3)))
      ? { ...q, unit, strength: 3 }
      : q,
  );
}

/** A word of work (pose, dépose, entretien) in the terms. */
export function hasWorkWord(terms: Term[]): boolean {
  return terms.some((t) => t.role === 'install' || t.role === 'remove' || t.role === 'service');
}
