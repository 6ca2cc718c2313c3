// Round-3 corpus (issue 31): the held-out half is frozen, and neither half may fall below its floor.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

import { scoreRound2 } from '../../../testing/round-2-corpus';
import { loadRound3, ROUND_3_DIR } from '../../../testing/round-3-corpus';
import { extractFromText } from './extract-from-text';

// Floors: the figures measured when they were last raised, rounded down (README of the corpus). Baseline before
// round 3: dev F1 0.797 / client 0.727, held-out F1 0.726 / client 0.754. The held-out floor is a regression guard,
// not a target: the target (F1 ≥ 0.95, client ≥ 0.95) is not reached on it (0.937 / 0.984 on 27 Nov, with
// the sixth dev batch in the dev half: dev 0.974 / 0.991; decision 0155). The eighth dev batch (decision 0185,
// wording of people outside the project) made the dev half harder: 823 texts at 0.961 / 0.992 after its rules (the
// 716 texts of the first seven batches stay at 0.973), so its floor was 0.955. The eleventh batch (decision 0196,
// 66 texts from new outside pages, 0.776 as written) brought the dev half to 0.948 before any rule changed for it;
// the floor is 0.95 (the figure after its rules, rounded down).
const FLOORS = { dev: { f1: 0.95, client: 0.98 }, heldOut: { f1: 0.93, client: 0.98 } };

describe('round-3 dictation corpus', () => {
  const corpus = loadRound3();
  const extract = (text: string) => extractFromText(text, corpus.catalogue, { flow: 'voice' });

  it('has its held-out half unchanged since it was frozen', () => {
    expect(() =>
      execFileSync(process.execPath, [join(ROUND_3_DIR, 'build.mjs'), '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
    expect(corpus.dev.length + corpus.heldOut.length).toBeGreaterThanOrEqual(200);
  });

  it.each(['dev', 'heldOut'] as const)('scores the %s half at or above its floor', (part) => {
    const { overall } = scoreRound2(corpus[part], extract);
    expect(overall.f1).toBeGreaterThanOrEqual(FLOORS[part].f1);
    expect(overall.clientAccuracy).toBeGreaterThanOrEqual(FLOORS[part].client);
  });
});
