// The round-3 corpus (fixtures/round-3, issue 31): dictations rewritten from public pages' phrasing, split by a hash
// of the text into a dev half (rules may be tuned on it) and a held-out half frozen before any rule changed. Scored
// like round 2 (round-2-corpus.ts): a task counts when name and unit are right and the quantity is within 1 %;
// client fields name, phone, email, address, company. Node only (reads files).
import type { Task } from '@atelier/domain';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DICTATIONS_DIR } from './dictation-corpus';
import type { Round2Case } from './round-2-corpus';

export const ROUND_3_DIR = join(DICTATIONS_DIR, '..', 'round-3');

export type Round3Case = Round2Case & { source: string };

export function loadRound3(): { dev: Round3Case[]; heldOut: Round3Case[]; catalogue: Task[] } {
  const read = <T>(file: string) => JSON.parse(readFileSync(join(ROUND_3_DIR, file), 'utf8')) as T;
  if (!existsSync(join(ROUND_3_DIR, 'dev.json'))) throw new Error(`no round-3 corpus in ${ROUND_3_DIR}`);
  return { dev: read('dev.json'), heldOut: read('held-out.json'), catalogue: read('catalogue.json') };
}
