// Pass 5 (segments): sentences, clauses and coordinated pieces, each with the quantities said in it.
import { analyseTerms, type PreparedTask, type Term } from '../../model/catalogue-match';
import { fold } from '../../model/text';
import {
  CONNECTORS,
  CONTEXT_WORD,
  CORRECTION,
  NEGATED_CLAUSE,
  RESTRICTION_AFTER_NEGATION,
  SHARED_ACTIVITIES,
} from './cues';
import { findQuantities } from './quantities';
import type { Segment } from './types';

/**
 * « nettoyage et démoussage », « fourniture et pose »: when the user's catalogue names a task with two words joined
 * by « et », the same pair in the text is one task, not two coordinated ones.
 */
const coordinations = new WeakMap<PreparedTask[], RegExp[]>();

/** « sans le décoller », « sans l'enlever »: « sans », an object pronoun and a verb of work in the infinitive. */
const WITHOUT_DOING =
  /(?<![\p{L}])sans[ \t]+(?:l['’][ \t]*|(?:le|la|les)[ \t]+)(?:d[ée]coller|enlever|retirer|arracher|d[ée]poser|d[ée]monter|gratter|poncer|toucher|casser|d[ée]molir|abattre|changer|remplacer|refaire|reprendre|[ôo]ter)(?![\p{L}])/giu;

export function joinCatalogueCoordinations(text: string, catalogue: PreparedTask[]): string {
  const folded = fold(text);
  if (folded.length !== text.length) return text;
  let patterns = coordinations.get(catalogue);
  if (!patterns) {
    patterns = catalogue.flatMap((task) =>
      [...fold(task.task.name).matchAll(/([a-z]{4,})\s+et\s+([a-z]{4,})/g)].map((pair) => {
        const a = pair[1]!.slice(0, Math.max(4, pair[1]!.length - 2));
        const b = pair[2]!.slice(0, Math.max(4, pair[2]!.length - 2));
        return new RegExp(String.raw`(?<![a-z])${a}[a-z]*(\s+et\s+)(?:(?:le|la|les|du|de la|des|l')\s*)?${b}`, 'g');
      }),
    );
    coordinations.set(catalogue, patterns);
  }
  const joins: number[] = [];
  for (const re of patterns) for (const m of folded.matchAll(re)) joins.push(m.index + m[0].indexOf(m[1]!));
  let result = text;
  for (const at of joins.sort((x, y) => y - x)) result = `${result.slice(0, at)} & ${result.slice(at + 4)}`;
  return result;
}

/** Sentences (lines, . ! ? ;), then clauses (commas), then segments (et, puis, ensuite…). */
export function splitSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let clauseIndex = 0;
  const sentences = text.split(/\n|[.!?;]+(?=\s|$)|:(?=\s*\n)/);
  sentences.forEach((sentence, sentenceIndex) => {
    const clauses = sentence.split(/(?<!\d),|,(?!\d)|\s+\/\s+|\s+\+\s+|\s+-\s+(?=\D)/);
    let correctionPending = false;
    let shared: Term[] = [];
    clauses.forEach((clause) => {
      clauseIndex += 1;
      // « on isole les combles, 110 m², et les murs par l'intérieur »: a clause opening on « et » shares the work before.
      // A clause giving only a figure (« 110 m² ») does not end it.
      if (!/^\s*(?:et|ainsi que|plus|ou)\s/iu.test(clause) && analyseTerms(clause).length > 0) shared = [];
      let carried = shared.length > 0;
      // « quinze mètres carrés, non pardon, dix-sept »: the marker may stand alone between commas.
      const correction = correctionPending || CORRECTION.test(clause);
      correctionPending =
        CORRECTION.test(clause) &&
        !/[\p{L}\d]/u.test(clause.replace(CORRECTION, '').replace(/\b(?:pardon|non|plutot|plutôt)\b/giu, ''));
      if (correctionPending) return;
      let afterContext = false;
      let afterComplement = false;
      const restricted = NEGATED_CLAUSE.test(clause) ? clause.split(RESTRICTION_AFTER_NEGATION) : [clause];
      for (const piece of restricted.flatMap((c) => c.split(CONNECTORS))) {
        // « sans » drops what follows it: « peinture sans sous-couche »; « sans le décoller » (a pronoun and a verb)
        // says how the work is done and drops only itself.
        const kept = piece.replace(WITHOUT_DOING, ' ').split(/(?<![\p{L}])sans(?![\p{L}])/iu)[0] ?? '';
        if (!/[\p{L}\d]/u.test(kept)) continue;
        const folded = fold(kept);
        const terms = analyseTerms(kept);
        const hasAction = terms.some((t) => t.role === 'remove' || t.role === 'install');
        const hasActivity = terms.some((t) => t.concept !== null && SHARED_ACTIVITIES.has(t.concept));
        // Carried over from the clause before, the work goes only to a piece naming no object of its own.
        const ownObject = carried && terms.some((t) => t.role === 'head');
        carried = false;
        const inherited = ownObject
          ? []
          : // « démolition de la cloison et la nouvelle en placo »: what is new is installed, not removed.
            shared.filter((t) =>
              t.role === 'remove' ? !hasAction && !NEW_THING.test(folded) : !hasActivity && !hasAction,
            );
        if (ownObject) shared = [];
        if (hasAction || hasActivity)
          shared = terms.filter((t) => t.role === 'remove' || (t.concept !== null && SHARED_ACTIVITIES.has(t.concept)));
        segments.push({
          text: kept,
          folded,
          quantities: findQuantities(folded),
          sentence: sentenceIndex,
          correction,
          inherited,
          clause: clauseIndex,
          afterContext,
          afterComplement,
        });
        // « pour … » / « dans … », or a noun complement (« les boiseries des fenêtres et portes »), goes on in the next piece.
        afterContext = CONTEXT_WORD.test(` ${kept} `);
        afterComplement = /\s(?:de|des|du|d')\s*\p{L}+\s*$/u.test(folded);
      }
    });
  });
  return segments;
}

/** What is new or done again (« la nouvelle », « et recarreler derrière »): laid, not removed like the work before. */
const NEW_THING =
  /(?<![a-z])(?:nouveau|nouvelle|nouveaux|nouvelles|neuf|neuve|neufs|neuves|recarreler|recarrelle|recarrellent|repeindre|repeint|refaire|refait|reposer|repose)(?![a-z])/;
