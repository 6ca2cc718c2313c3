// Jest checks shared by the round-2 floor tests (dictations: round-2-corpus.node.test.ts, note images:
// round-2-photos.node.test.ts): the tags a set must cover and its floors, printing what failed below them.
import { ROUND_2_TAGS, reachesFloors, type Round2Floors, type TagScore } from './round-2-corpus';

/** Every tag of the round-2 sets (and the set's own `extra` tags) is used by at least one case. */
export function expectRound2Tags(cases: readonly { tags: readonly string[] }[], extra: readonly string[] = []): void {
  const tags = new Set(cases.flatMap((c) => c.tags));
  for (const tag of [...ROUND_2_TAGS, ...extra]) expect(tags).toContain(tag);
}

/** The overall score reaches its floors; below them, `report()` (the failures) is printed first. */
export function expectRound2Floors(
  overall: Pick<TagScore, 'f1' | 'clientAccuracy'>,
  floors: Round2Floors,
  report: () => string,
): void {
  if (!reachesFloors(overall, floors)) console.log(report());
  expect(overall.f1).toBeGreaterThanOrEqual(floors.f1);
  expect(overall.clientAccuracy).toBeGreaterThanOrEqual(floors.client);
}
