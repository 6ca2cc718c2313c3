// When the image analysis finds fewer than 2 tasks and a second look adds nothing, the spec adds the logical
// companion tasks at 0.8 × the quantity (SPEC.md §7, §9) — only tasks that exist in the user's catalogue.
import type { ExtractionResult, Task } from '@atelier/domain';
import { analyseTerms, bestCatalogueMatch } from '../model/catalogue-match';
import { canonicalUnit, unitsCompatible } from '../model/units';

export const COMPLEMENTARY_FACTOR = 0.8;

/** Concept of a task → phrases naming its usual companions. */
const COMPANIONS: Record<string, readonly string[]> = {
  peinture: ['préparation des murs', 'sous-couche'],
  papierpeint: ['préparation des murs'],
  carrelage: ['ragréage', 'joints de carrelage', 'plinthes'],
  faience: ['joints de carrelage'],
  parquet: ['plinthes'],
  cloison: ['préparation des murs'],
  remove: ['évacuation des gravats'],
};

type Line = ExtractionResult['tasks'][number];

export function complementaryTasks(lines: readonly Line[], catalogue: readonly Task[]): Line[] {
  const added: Line[] = [];
  const present = new Set(lines.map((line) => line.name));
  for (const line of lines) {
    const concepts = new Set(analyseTerms(line.name).map((t) => t.concept).filter((c): c is string => c !== null));
    for (const concept of concepts) {
      for (const phrase of COMPANIONS[concept] ?? []) {
        const match = bestCatalogueMatch(phrase, catalogue);
        if (!match || match.score < 0.6 || present.has(match.task.name)) continue;
        const sameUnit = unitsCompatible(canonicalUnit(line.unit) ?? 'u', canonicalUnit(match.task.unit));
        const quantity = sameUnit ? Math.max(1, Math.round(line.quantity * COMPLEMENTARY_FACTOR)) : 1;
        added.push({ name: match.task.name, quantity, unit: match.task.unit });
        present.add(match.task.name);
      }
    }
  }
  return added;
}
