// Pass 6 (catalogue match): each piece is matched against the catalogue and paired with its quantity; negated,
// deferred or cancelled work is dropped, corrections replace the figure before, repeats merge.
import {
  analyseTerms,
  bestCatalogueMatch,
  countsItsObject,
  type PreparedTask,
  type Term,
} from '../../model/catalogue-match';
import { stem, words } from '../../model/text';
import { unitFamily } from '../../model/units';
import type { RawTextExtraction } from '../extract-from-text';
import {
  ALREADY_DONE,
  ANSWERED_NO,
  AS_MUCH_ELSEWHERE,
  CANCEL,
  BY_THE_WINDOW,
  CONTEXT_OPENING,
  DOSAGE_OR_TRUCK,
  CONTEXT_WORD,
  DEFERRED,
  DESCRIBED,
  ELLIPSIS,
  GOOD_STATE,
  JOINT_WIDTH,
  LIST_MARKER,
  MEASUREMENT,
  NARRATIVE,
  NEGATED_ASIDE,
  NEGATION,
  REMOVE_AND_REINSTALL,
  TOTAL,
  UNDER_COVERING,
  UNIT_WORD,
} from './cues';
import { bestOrphan, carriesSurface, elaborates, fits, hasWorkWord, mergeRepeats } from './lines';
import { closeClausesAfterFigures } from './dictation-clauses';
import { splitOnQuantities } from './quantities';
import { namesOnlyItsObject, objectSizeFor, secondWork, withPlaceBefore, type WorkBefore } from './works';
import { joinCatalogueCoordinations, splitSegments } from './segments';
import {
  areaNext,
  measuredSurfaces,
  paintingAfterPreparation,
  PAINTING,
  qualifierFits,
  restricted,
  restrictedToFigure,
  THICKNESS,
} from './task-context';
import { type Matched, placeOrphan, quantityForTask, surfaceForWorksBefore } from './task-figures';
import type { Line, Quantity } from './types';

/** Things painted with the walls (« peinture des portes et des plinthes »), which a bare mention would lay. */
const PAINTED_THINGS = new Set(['plinthe', 'porte', 'fenetre', 'volet', 'radiateur', 'placard']);

const DEBUG = typeof process !== 'undefined' && process.env?.DEBUG_EXTRACT === '1';

export function readTasks(text: string, catalogue: PreparedTask[]): RawTextExtraction['tasks'] {
  const segments = splitSegments(
    joinCatalogueCoordinations(
      closeClausesAfterFigures(
        text
          .replace(LIST_MARKER, '')
          .replace(JOINT_WIDTH, ' , ')
          .replace(NEGATED_ASIDE, ' ')
          .replace(UNDER_COVERING, ' ')
          .replace(BY_THE_WINDOW, ' ')
          .replace(DOSAGE_OR_TRUCK, ' '),
      ),
      catalogue,
    ),
  );
  const lines: Line[] = [];
  let lastMatched: Matched | null = null;
  // « on ne refait pas le plafond, juste les murs »: after a negated clause, « juste les murs » answers it, not the
  // task said before it.
  let negatedSinceMatch = false;
  let negatedWork: { terms: Term[]; sentence: number } | null = null;
  // The last clause of work that matched no catalogue task (« peindre les volets en bois »), in its sentence.
  let unmatchedWork: { terms: Term[]; sentence: number } | null = null;
  let pending: Quantity | null = null;
  let pendingSentence = -1;
  let order = 0;

  // Hours said with no task (« comptez trois heures de plus ») are labour, when the catalogue has it.
  const labour = catalogue.find((t) => t.unit === 'h' && t.terms.some((term) => term.concept === 'mainoeuvre'));
  const flushPending = () => {
    if (pending?.unit === 'h' && labour)
      lines.push({ task: labour, quantity: pending, sentence: pendingSentence, clause: -1, order: order++ });
    pending = null;
  };

  // The things measured in a clause of their own (« les combles font 10 sur 8 »), in their sentence.
  let measured = null as { terms: Term[]; sentence: number } | null;
  const isMeasured = (t: Term) => measured!.terms.some((m) => m.concept === t.concept && m.stem === t.stem);
  let correcting = -1;
  // The sentences saying « dépose et repose » with no object between: each action takes the object said before.
  const reinstalled = new Set(segments.filter((s) => /(?<![a-z])depose\s*$/.test(s.folded)).map((s) => s.sentence));
  for (const sentence of [...reinstalled]) {
    const said = segments.filter((s) => s.sentence === sentence).map((s) => s.folded);
    if (!REMOVE_AND_REINSTALL.test(said.join(' et '))) reinstalled.delete(sentence);
  }
  for (const segment of segments) {
    if (segment.sentence !== pendingSentence) flushPending();
    // « non attendez, la cloison fait 3,20 sur 2,50, donc 8 m² »: the correction runs until a figure or a task comes.
    if (segment.correction) correcting = segment.sentence;
    else if (correcting !== segment.sentence) correcting = -1;
    for (const part of splitOnQuantities(segment)) {
      const mainUnit = part.quantities.find((q) => q.strength === 3)?.unit ?? null;
      let terms = analyseTerms(part.text);
      let match: ReturnType<typeof bestCatalogueMatch> = null;
      // « isolation des combles avec des plaques de 10 cm », « … et du plâtre de 13 mm »: a material said with its
      // thickness, no action or place of its own, details the work before; it does not take that work again.
      const materialOnly =
        THICKNESS.test(part.folded) &&
        !part.quantities.some((q) => q.strength === 3) &&
        !terms.some((t) => t.role === 'install' || t.role === 'remove' || t.role === 'mod');
      // « peinture des portes et des plinthes »: the plinths inherit the painting; painted, they are no plinths laid.
      let paintedOnly = false;
      if (part.inherited.length && terms.length && !materialOnly) {
        const withShared = [...terms, ...part.inherited];
        match = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms: withShared });
        if (match) terms = withShared;
        else
          paintedOnly =
            part.inherited.some((t) => t.concept === 'peinture') &&
            !part.quantities.some((q) => q.strength === 3) &&
            terms.every((t) => t.role !== 'head' || (t.concept !== null && PAINTED_THINGS.has(t.concept)));
      }
      // « un mitigeur pour le lavabo », « faïence dans la douche »: what follows pour/dans is context.
      const context = CONTEXT_WORD.exec(part.text);
      if (!match && !paintedOnly && context && context.index > 0) {
        const head = part.text.slice(0, context.index);
        const headTerms = analyseTerms(head);
        if (headTerms.length) match = bestCatalogueMatch(head, catalogue, { unit: mainUnit, terms: headTerms });
        // « laine soufflée dans les combles perdus », « du placo pour faire une cloison »: when the words after
        // « dans » / « pour » name the work better, they were the object, not the context.
        const whole =
          match && terms.length ? bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms }) : null;
        // « … pour que la peinture accroche »: a purpose clause (pour que, afin que) is never the object.
        // « … avant la peinture », « … après le carrelage »: a time is never the object either.
        const purpose = /^\s*(?:(?:pour|afin)\s+qu|avant\s|apr[èe]s\s)/iu.test(part.text.slice(context.index));
        if (match && whole && !purpose && whole.index !== match.index && whole.score >= match.score + 0.1)
          match = whole;
        else if (match) terms = headTerms;
      }
      if (!match && terms.length && !paintedOnly)
        match = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms });
      // « les boiseries des fenêtres »: the task must be about the head noun, not its complement.
      if (match) {
        const heads = terms.filter((t) => t.role === 'head').sort((a, b) => a.start - b.start);
        const first = heads[0];
        const between = first && heads[1] ? words(part.text).slice(first.end, heads[1].start) : [];
        const complement =
          between.length > 0 &&
          between.every((w) => ['de', 'des', 'du', 'd', 'la', 'le', 'les', 'l'].includes(w)) &&
          between.some((w) => w.startsWith('d'));
        if (first && complement && !match.matchedStems.has(first.stem)) {
          const headTerms = terms.filter((t) => t.start <= first.start);
          const headMatch = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms: headTerms });
          if (headMatch?.matchedStems.has(first.stem)) {
            match = headMatch;
            terms = headTerms;
          }
        }
      }
      // « dépose de l'ancien carrelage et pose du nouveau »: an action alone takes the object of the clause before.
      let borrowedFrom: Line | null = null;
      const hasObject = terms.some((t) => t.role === 'head' || t.role === 'unknown');
      const onlyAction = terms.some((t) => t.role === 'install' || t.role === 'remove') && !hasObject;
      const onlyQualifier = terms.some((t) => t.role === 'mod') && !hasObject;
      // « de la sous-couche pour les murs et le plafond »: « le plafond » is still where, not what.
      const elliptic =
        (onlyQualifier && (!part.afterContext || (negatedSinceMatch && restricted(part)))) ||
        (onlyAction && (ELLIPSIS.test(part.folded) || reinstalled.has(part.sentence)));
      // « pas de peinture au plafond, juste les murs »: after a negated clause, a qualifier alone takes the trade of
      // the negated work (not its negated place).
      const ownFigure = part.quantities.some((q) => q.strength === 3);
      const source = !negatedSinceMatch
        ? lastMatched
        : onlyQualifier && (ownFigure || restrictedToFigure(part, segments)) && negatedWork?.sentence === part.sentence
          ? negatedWork
          : null;
      if (!match && source && elliptic) {
        // « et le plafond aussi »: a qualifier alone takes the trade of the clause before.
        const borrowed = source.terms.filter((t: Term) =>
          onlyAction ? t.role !== 'install' && t.role !== 'remove' : t.role === 'head',
        );
        const own = terms;
        terms = [...terms, ...borrowed];
        match = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms });
        // The qualifier must be part of the task found (« le plafond » → Peinture plafond, not Pose de carrelage sol).
        if (match && onlyQualifier && !qualifierFits(own, match.matchedStems, part, negatedSinceMatch)) match = null;
        if (match && onlyAction && !negatedSinceMatch) borrowedFrom = lastMatched!.line;
      }
      // « plafond 20 m² », « murs du couloir 30 m² »: walls or a ceiling with a surface and no trade said are painted.
      // « refaire le plafond du salon, 20 m² »: the surface may be the clause after, when that says only a figure.
      const surfaceUnit = mainUnit ?? (areaNext(segment, segments) && !ALREADY_DONE.test(part.folded) ? 'm2' : null);
      if (!match && !source && onlyQualifier && surfaceUnit === 'm2' && !part.afterContext) {
        const painted = bestCatalogueMatch(part.text, catalogue, { unit: 'm2', terms: [...terms, ...PAINTING] });
        if (painted && terms.some((t) => t.role === 'mod' && painted.matchedStems.has(t.stem))) {
          // « le plafond du séjour fait 30 m², une sous-couche et la peinture »: also the place the next works are on.
          measured = measuredSurfaces(part, terms) ?? measured;
          match = painted;
          terms = [...terms, ...PAINTING];
        }
      }
      // « les combles font 10 sur 8, on souffle de la laine de roche »: the thing measured just before, in the same
      // sentence, is what the work is done on when naming it makes a clearly better match.
      if (match && measured?.sentence === part.sentence && !terms.some((t) => t.role === 'head' && isMeasured(t))) {
        const placed = [...terms, ...measured.terms];
        const better = bestCatalogueMatch(part.text, catalogue, { unit: mainUnit, terms: placed });
        if (better && better.index !== match.index && better.score >= match.score + 0.1) {
          match = better;
          terms = placed;
        }
      }
      // « faux plafond en placo et mise en peinture »: a work said without its place is done on the place before.
      if (match && !negatedSinceMatch) {
        const placed = withPlaceBefore(part, terms, match, lastMatched as WorkBefore | null, catalogue, mainUnit);
        if (placed) ({ match, terms } = placed);
      }
      // « le plafond de l'étage fait 75 m², une couche d'apprêt et la peinture »: a surface (ceiling, walls, floor)
      // measured on its own, no trade said, is what the works said after it in the sentence are done on. A room
      // measured (« la salle d'eau fait 2 sur 1,80, carrelage au sol ») only gives its size.
      if (!match) measured = measuredSurfaces(part, terms) ?? measured;
      if (match) {
        const hasWork = terms.some((t) => t.role === 'install' || t.role === 'remove' || t.role === 'service');
        const figure = part.quantities.some((q) => q.strength >= 2);
        const anyFigure = part.quantities.length > 0;
        // « la toiture fait 120 m² »: a measure said of a thing counted in units (tuiles) is the place's size.
        const measureOfCounted =
          mainUnit !== null &&
          ['area', 'length', 'volume'].includes(unitFamily(mainUnit)) &&
          catalogue[match.index]!.unit !== null &&
          unitFamily(catalogue[match.index]!.unit!) === 'count';
        if (
          !hasWork &&
          !part.inherited.length &&
          (match.score < 0.6 || measureOfCounted) &&
          MEASUREMENT.test(part.folded)
        ) {
          // « la toiture fait environ 120 m² »: the figure may still serve the work said next to it.
          match = null;
          const heads = terms.filter((t) => t.role === 'head');
          if (heads.length) measured = { terms: heads, sentence: part.sentence };
        } else if (!hasWork && !figure && match.score < 0.6 && CONTEXT_OPENING.test(part.folded)) {
          continue;
        } else if (
          !figure &&
          !/(?<![a-z])forfait/.test(part.folded) &&
          [...match.matchedStems].every((stem) => NARRATIVE.test(stem))
        ) {
          continue;
        } else if ([...match.matchedStems].every((stem) => UNIT_WORD.test(stem))) {
          continue;
        } else if (
          !hasWork &&
          !anyFigure &&
          !part.inherited.length &&
          ((part.afterContext && /^\s*(?:(?:et|ou)\s+)?(?:(?:les|le|la|l')\s*)?\p{L}+\s*$/u.test(part.folded)) ||
            (part.afterComplement && /^\s*\p{L}+\s*$/u.test(part.folded)))
        ) {
          // « pour reprendre les seuils et les portes », « les boiseries des fenêtres et portes »: still the context.
          continue;
        } else if (
          !hasWork &&
          !part.inherited.length &&
          !negatedSinceMatch &&
          lastMatched?.line.sentence === part.sentence &&
          lastMatched.line.task.index !== match.index &&
          // « déposer le placo abîmé, refaire une cloison en placo »: removing a thing and making it are two works.
          lastMatched.line.task.polarity === catalogue[match.index]!.polarity &&
          namesOnlyItsObject(terms, [...lastMatched.terms, ...lastMatched.line.task.terms]) &&
          objectSizeFor(lastMatched.line, part.quantities)
        ) {
          // « hydrofuge sur la toiture, un toit de 100 m² »: the object of the work just said, maybe with its size —
          // also the size of the works named together with it (« démoussage et hydrofuge, toit de 15 par 8 »).
          const size = lastMatched.line.quantity;
          if (size && carriesSurface(size, lastMatched.line.task))
            for (const other of lines)
              if (other.clause === lastMatched.line.clause && !other.quantity && carriesSurface(size, other.task))
                other.quantity = { ...size, inferred: true };
          continue;
        } else if (
          !hasWork &&
          unmatchedWork?.sentence === part.sentence &&
          lastMatched?.line.sentence !== part.sentence &&
          elaborates(terms, unmatchedWork.terms)
        ) {
          // « peindre les volets en bois, 4 volets »: the figure counts the things of the work just said, which is
          // not in the catalogue; the noun they share alone does not make it another task (Pose de volet roulant).
          continue;
        }
      }
      if (DEBUG)
        console.log(
          '[seg]',
          JSON.stringify(part.text),
          '→',
          match ? `${catalogue[match.index]!.task.name} ${match.score.toFixed(2)}` : '-',
          part.quantities.map((q) => `${q.value}${q.unit ?? ''}`).join(','),
        );
      if (NEGATION.test(part.folded)) {
        negatedSinceMatch = true;
        if (match) negatedWork = { terms, sentence: part.sentence };
      }
      if (
        match &&
        (NEGATION.test(part.folded) ||
          ALREADY_DONE.test(part.folded) ||
          (!hasWorkWord(terms) && !part.quantities.length && GOOD_STATE.test(part.folded)) ||
          (!hasWorkWord(terms) && DESCRIBED.test(part.folded) && !part.quantities.some((q) => q.strength === 3)) ||
          ANSWERED_NO.test(part.folded) ||
          DEFERRED.test(part.folded))
      ) {
        continue;
      }
      if (!match && terms.some((t) => t.concept !== null && t.role !== 'install' && t.role !== 'remove'))
        unmatchedWork = { terms, sentence: part.sentence };
      if (!match && part.quantities.length === 0 && AS_MUCH_ELSEWHERE.test(part.folded)) {
        const last = lines[lines.length - 1];
        if (last?.quantity && !last.quantity.inferred && last.sentence === part.sentence && lastMatched?.line === last)
          last.quantity = { ...last.quantity, value: last.quantity.value * 2 };
        continue;
      }
      if (!match && CANCEL.test(part.folded)) {
        const last = lines[lines.length - 1];
        if (last && last.sentence === part.sentence && lastMatched?.line === last) lines.pop();
        continue;
      }
      if (!match) {
        const orphan = bestOrphan(part.quantities);
        if (orphan) {
          const placed = placeOrphan(part, orphan, catalogue, { lines, lastMatched, correcting });
          correcting = placed.correcting;
          if (placed.pending) {
            pending = orphan;
            pendingSentence = part.sentence;
          }
        }
        continue;
      }
      const task = catalogue[match.index]!;
      const quantity = quantityForTask(part, terms, task, match.matchedStems, lines, {
        pending: pendingSentence === part.sentence ? pending : null,
        borrowedFrom,
      });
      pending = null;
      const explicit = quantity !== null && !quantity.inferred;
      // « donc 8 prises en tout »: a total replaces the figures said before for the same task.
      if (explicit && TOTAL.test(part.folded)) {
        const same = lines.filter((l) => l.task === task && l.sentence >= part.sentence - 1);
        if (same.length > 0) {
          same[0]!.quantity = quantity;
          for (const extra of same.slice(1)) lines.splice(lines.indexOf(extra), 1);
          lastMatched = { terms, line: same[0]! };
          negatedSinceMatch = false;
          continue;
        }
      }
      const prev = lines[lines.length - 1];
      if (prev && prev.sentence === part.sentence && !part.correction && lastMatched?.line === prev) {
        const prevExplicit = prev.quantity !== null && !prev.quantity.inferred;
        // « la préparation des murs, enduit et ponçage, sur 32 m² »: the same task said again in one breath.
        const sameTask = prev.task === task && !(explicit && prevExplicit);
        // « isolation des combles perdus, soufflage laine »: nothing new, a detail of the task before.
        // « démoussage du toit et on change une dizaine de tuiles »: a work counted by its own items is no detail.
        const counted =
          quantity !== null && !carriesSurface(quantity, task) && countsItsObject(words(part.text).map(stem), match);
        const detail =
          prev.task !== task &&
          !(explicit && prevExplicit) &&
          !counted &&
          elaborates(terms, [...lastMatched.terms, ...prev.task.terms]);
        // « changer une douzaine de tuiles cassées, douze tuiles »: the same figure said again with nothing else (« 2
        // fenêtres côté rue, 2 côté jardin » are two places).
        const restated =
          prev.task === task &&
          explicit &&
          prevExplicit &&
          quantity!.strength >= 2 &&
          prev.quantity!.value === quantity!.value &&
          terms.every((t) => match!.matchedStems.has(t.stem));
        if (sameTask || detail || restated) {
          if (explicit && !prevExplicit) prev.quantity = quantity;
          continue;
        }
      }
      const line: Line = {
        task,
        quantity,
        sentence: part.sentence,
        clause: part.clause,
        order: order++,
        source: part.text.trim(),
      };
      lastMatched = { terms, line };
      negatedSinceMatch = false;
      // « démoussage et traitement hydrofuge d'un toit de 96 m² »: the surface said with the last of the tasks named
      // together in one clause is the best guess for those said with none (a later figure replaces it).
      if (quantity && explicit && carriesSurface(quantity, task))
        for (const other of lines)
          if (other.clause === part.clause && !other.quantity && carriesSurface(quantity, other.task))
            other.quantity = { ...quantity, inferred: true };
      surfaceForWorksBefore(part, quantity, task, lines);
      if (part.correction && lines.length > 0 && lines[lines.length - 1]!.task === line.task) {
        lines[lines.length - 1]!.quantity = quantity ?? lines[lines.length - 1]!.quantity;
      } else {
        lines.push(line);
        // « ratissage des murs avant peinture, 38 m² », « décoller la tapisserie avant de peindre »: the walls are
        // prepared for the painting said after « avant », which is a work too (not only a time, as « avant le
        // carrelage » is for another trade).
        const painted = paintingAfterPreparation(task, part, segments, terms, catalogue);
        if (painted && !lines.some((l) => l.task === painted && l.sentence === part.sentence))
          lines.push({ ...line, task: painted, order: order++ });
        // « démoussage avec application d'un traitement hydrofuge »: a second work named in the same piece.
        const other = secondWork(part.text, terms, match, catalogue, mainUnit);
        if (other)
          lines.push({
            ...line,
            task: other,
            quantity: quantity && fits(quantity, other) ? quantity : null,
            order: order++,
          });
      }
    }
  }
  flushPending();
  return mergeRepeats(lines);
}
