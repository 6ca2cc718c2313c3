// Pass 6b (figures of the catalogue match): where a figure said with no task goes (the line before, several lines
// said together, or a later task of the sentence), and which figure a matched task takes.
import { bestCatalogueMatch, type PreparedTask, type Term } from '../../model/catalogue-match';
import { unitsCompatible } from '../../model/units';
import { ENUMERATED, MEASUREMENT, SAME_QUANTITY } from './cues';
import { canTake, carriesSurface, chooseQuantity, fits, hasContentWords, withUnitBefore } from './lines';
import type { Line, Quantity, Segment } from './types';

export type Matched = { terms: Term[]; line: Line };

/**
 * A figure said in a piece that names no task: it completes, replaces or adds to the line before, or it waits for
 * the next task of the sentence (`pending`). A correction under way (`correcting`, a sentence) ends when it is used.
 */
export function placeOrphan(
  part: Segment,
  orphan: Quantity,
  catalogue: PreparedTask[],
  { lines, lastMatched, correcting }: { lines: Line[]; lastMatched: Matched | null; correcting: number },
): { pending: boolean; correcting: number } {
  const last = lines[lines.length - 1];
  // « refaire la couverture en tuiles, 70 m² »: a surface said after the work may name another task, sold
  // by the square metre, better than the count task found without it.
  if (
    last &&
    // « pose d'un écran de sous-toiture et des tuiles neuves, 70 m² »: an article (« un ») is no figure.
    (!last.quantity || last.quantity.strength === 1) &&
    orphan.unit &&
    !fits(orphan, last.task) &&
    last.sentence === part.sentence &&
    lastMatched?.line === last &&
    last.source
  ) {
    const again = bestCatalogueMatch(last.source, catalogue, { unit: orphan.unit, terms: lastMatched.terms });
    if (again && fits(orphan, catalogue[again.index]!)) last.task = catalogue[again.index]!;
  }
  if ((part.correction || correcting === part.sentence) && last && fits(orphan, last.task)) {
    last.quantity = orphan;
    correcting = -1;
  } else if (
    last?.quantity?.unit &&
    !last.quantity.inferred &&
    last.sentence === part.sentence &&
    !orphan.unit &&
    ENUMERATED.test(part.folded) &&
    unitsCompatible(last.quantity.unit, last.task.unit)
  ) {
    // « une de 10 m² et l'autre de 7 »: the unit of the first part goes for the next.
    last.quantity = { ...last.quantity, value: last.quantity.value + orphan.value };
  } else if (
    last?.quantity &&
    !last.quantity.inferred &&
    last.quantity.strength >= 2 &&
    !hasContentWords(part.text) &&
    !ENUMERATED.test(part.folded) &&
    // « sur rails de 48, à peu près 10 m² »: a figure with the task's unit replaces a bare one.
    !(orphan.unit && unitsCompatible(orphan.unit, last.task.unit) && !last.quantity.unit)
  ) {
    // « …, vingt-huit mètres carrés » restating the quantity already given: nothing to add.
  } else if (
    last?.quantity &&
    !last.quantity.inferred &&
    last.sentence === part.sentence &&
    // « …, et puis la cuisine fait 2,80 sur 3,50, on pose du carrelage »: the size of the next place.
    !MEASUREMENT.test(part.folded) &&
    orphan.unit &&
    unitsCompatible(orphan.unit, last.task.unit) &&
    last.quantity.unit &&
    unitsCompatible(last.quantity.unit, last.task.unit)
  ) {
    // « plinthes : 2,50 m dans les toilettes et 12 m dans le couloir »: one task, several places.
    last.quantity = { ...last.quantity, value: last.quantity.value + orphan.value };
  } else if (last && canTake(last, orphan, part.sentence)) {
    // A figure from another sentence is a guess that a figure said with the task later replaces.
    // So is the measurement of the place (« la pièce fait 4 x 3,5 m, donc 14 m² »).
    last.quantity =
      last.sentence === part.sentence && !MEASUREMENT.test(part.folded) ? orphan : { ...orphan, inferred: true };
    // « lessivage et peinture, 40 m² »: one figure for the tasks said together.
    for (const line of lines) {
      if (
        line !== last &&
        // « dépose de l'ancien carrelage, …, pose de carreaux neufs, 32 m² »: one surface for the work on it.
        (line.clause === last.clause || (line.sentence === last.sentence && carriesSurface(orphan, line.task))) &&
        !line.quantity &&
        fits(orphan, line.task) &&
        orphan.unit &&
        unitsCompatible(orphan.unit, line.task.unit)
      )
        line.quantity = orphan;
    }
  } else {
    return { pending: true, correcting };
  }
  return { pending: false, correcting };
}

/** The figure a matched task takes: its own, a figure waiting in the sentence, « la même surface », the surface before. */
export function quantityForTask(
  part: Segment,
  terms: Term[],
  task: PreparedTask,
  matchedStems: Set<string>,
  lines: Line[],
  said: { pending: Quantity | null; borrowedFrom: Line | null },
): Quantity | null {
  let quantity = chooseQuantity(withUnitBefore(part, terms, lines), task, matchedStems);
  if (!quantity && said.pending && fits(said.pending, task)) quantity = said.pending;
  // « … sur la même surface »: the quantity of the task before.
  const previous = lines[lines.length - 1];
  if (
    (!quantity || quantity.strength === 1) &&
    SAME_QUANTITY.test(part.folded) &&
    previous?.quantity &&
    fits(previous.quantity, task)
  )
    quantity = { ...previous.quantity, inferred: true };
  // « pose du nouveau » after « dépose de l'ancien carrelage, 8 m² »: the same surface.
  if (!quantity && said.borrowedFrom?.quantity && fits(said.borrowedFrom.quantity, task))
    quantity = { ...said.borrowedFrom.quantity, inferred: true };
  // « on dépose le carrelage, 15 m², on ragrée et on recarrelle »: the surface said for the work before, in the
  // same sentence, is the best guess for the next surface task — a later figure replaces it.
  // A work without a surface between them (« …, évacuer les gravats et poser un carrelage neuf ») does not stop it.
  const surfaceBefore = [...lines]
    .reverse()
    .find((l) => l.sentence === part.sentence && l.quantity !== null && carriesSurface(l.quantity, task));
  if (!quantity && surfaceBefore?.quantity) quantity = { ...surfaceBefore.quantity, inferred: true };
  return quantity;
}

/**
 * « démoussage …, remplacement des tuiles cassées, cinq tuiles, toit de 110 m² »: a task counted by the item took its
 * count; the surface said with it is the roof's, for the surface works said before it in the sentence with no figure.
 */
export function surfaceForWorksBefore(
  part: Segment,
  quantity: Quantity | null,
  task: PreparedTask,
  lines: Line[],
): void {
  const surface = part.quantities.find((q) => q !== quantity && q.strength === 3 && q.unit === 'm2');
  if (!quantity || !surface || carriesSurface(quantity, task)) return;
  for (const other of lines)
    if (other.sentence === part.sentence && !other.quantity && carriesSurface(surface, other.task))
      other.quantity = { ...surface, inferred: true };
}
