// When the image analysis finds fewer than 2 tasks and a second look adds nothing, the spec adds the logical
// companion tasks at 0.8 × the quantity (SPEC.md §7, §9) — only tasks that exist in the user's catalogue.
import type { ExtractionResult, Task } from '@atelier/domain';
import { analyseTerms, polarityOf, prepareCatalogue } from '../model/catalogue-match';
import { canonicalUnit, unitsCompatible } from '../model/units';

export const COMPLEMENTARY_FACTOR = 0.8;

/** Notion of a task (trade-lexicon concept) → notions of its usual companions. */
const COMPANIONS: Record<string, readonly string[]> = {
  peinture: ['preparation', 'souscouche'],
  papierpeint: ['preparation'],
  carrelage: ['ragreage', 'joint', 'plinthe'],
  faience: ['joint'],
  parquet: ['plinthe'],
  cloison: ['preparation'],
  remove: ['gravats'],
};

type Line = ExtractionResult['tasks'][number];

export function complementaryTasks(lines: readonly Line[], catalogue: readonly Task[]): Line[] {
  const prepared = prepareCatalogue(catalogue);
  const added: Line[] = [];
  const present = new Set(lines.map((line) => line.name));
  for (const line of lines) {
    const terms = analyseTerms(line.name);
    // A removal's companion is the clearing of the rubble, not the companions of what is removed.
    const notions =
      polarityOf(terms) === 'remove' ? ['remove'] : terms.map((t) => t.concept).filter((c): c is string => c !== null);
    for (const notion of new Set(notions)) {
      for (const companion of COMPANIONS[notion] ?? []) {
        const task = prepared.find(
          (p) => p.polarity === 'default' && p.terms.some((t) => t.concept === companion && t.isHead),
        )?.task;
        if (!task || present.has(task.name)) continue;
        const sameUnit = unitsCompatible(canonicalUnit(line.unit) ?? 'u', canonicalUnit(task.unit));
        const quantity = sameUnit ? Math.max(1, Math.round(line.quantity * COMPLEMENTARY_FACTOR)) : 1;
        added.push({ name: task.name, quantity, unit: task.unit });
        present.add(task.name);
      }
    }
  }
  return added;
}
