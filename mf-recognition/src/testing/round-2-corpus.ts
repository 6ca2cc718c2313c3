// The round-2 corpus (fixtures/round-2/dictations.json, issue 13): tagged dictations and notes over the main
// catalogue, scored per tag. A task counts when name and unit are right and the quantity is within 1 %.
// Client fields: name, phone, email, address, company. Node only (reads files).
import type { ExtractionResult } from '@atelier/domain';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { DICTATIONS_DIR, sameField } from './dictation-corpus';

export const ROUND_2_FILE = join(DICTATIONS_DIR, '..', 'round-2', 'dictations.json');

export type Round2Case = {
  id: string;
  tags: string[];
  text: string;
  expected: { tasks: ExtractionResult['tasks']; client: Record<string, string> };
};

/** The tags every round-2 set covers (gaps of the issue, then trades): dictations and note images alike. */
export const ROUND_2_TAGS = [
  'dimensions',
  'corrections',
  'decimales',
  'negation',
  'verbes',
  'abreviations',
  'prix',
  'telephone',
  'email',
  'particules',
  'societe',
  'peinture',
  'carrelage',
  'electricite',
  'plomberie',
  'menuiserie',
  'toiture',
] as const;

export function loadRound2(): { tuning: Round2Case[]; heldOut: Round2Case[] } {
  return JSON.parse(readFileSync(ROUND_2_FILE, 'utf8')) as { tuning: Round2Case[]; heldOut: Round2Case[] };
}

type Tally = { tp: number; found: number; expected: number; clientRight: number; clientFields: number };
export type TagScore = { precision: number; recall: number; f1: number; clientAccuracy: number; cases: number };

const CLIENT_FIELDS = ['name', 'phone', 'email', 'address', 'company'] as const;

export function scoreRound2(
  cases: readonly Round2Case[],
  extract: (text: string) => ExtractionResult,
): { overall: TagScore; byTag: Record<string, TagScore>; failures: string[] } {
  const tallies = new Map<string, Tally & { cases: number }>();
  const failures: string[] = [];
  const add = (tag: string, t: Tally) => {
    const s = tallies.get(tag) ?? { tp: 0, found: 0, expected: 0, clientRight: 0, clientFields: 0, cases: 0 };
    s.tp += t.tp;
    s.found += t.found;
    s.expected += t.expected;
    s.clientRight += t.clientRight;
    s.clientFields += t.clientFields;
    s.cases += 1;
    tallies.set(tag, s);
  };
  for (const c of cases) {
    const actual = extract(c.text);
    const unmatched = [...actual.tasks];
    let tp = 0;
    for (const want of c.expected.tasks) {
      const i = unmatched.findIndex(
        (got) =>
          got.name === want.name &&
          got.unit === want.unit &&
          Math.abs(got.quantity - want.quantity) <= 0.01 * want.quantity + 1e-9,
      );
      if (i >= 0) {
        tp += 1;
        unmatched.splice(i, 1);
      }
    }
    let clientRight = 0;
    let clientFields = 0;
    const client = (actual.client ?? {}) as Record<string, string | undefined>;
    const clientErrors: string[] = [];
    for (const field of CLIENT_FIELDS) {
      const want = c.expected.client[field];
      if (!want) continue; // fields the dictation does not say are not scored (a firm may still be found)
      clientFields += 1;
      if (sameField(want, client[field])) clientRight += 1;
      else clientErrors.push(`${field}: ${JSON.stringify(want)} ≠ ${JSON.stringify(client[field] ?? null)}`);
    }
    const tally = { tp, found: actual.tasks.length, expected: c.expected.tasks.length, clientRight, clientFields };
    if (tp < tally.expected || tally.found > tp || clientErrors.length)
      failures.push(
        `${c.id} ${JSON.stringify(c.text)}\n   want ${JSON.stringify(c.expected.tasks.map((x) => `${x.quantity} ${x.unit} ${x.name}`))}\n   got  ${JSON.stringify(actual.tasks.map((x) => `${x.quantity} ${x.unit} ${x.name}`))} ${clientErrors.join('; ')}`,
      );
    add('*', tally);
    for (const tag of c.tags) add(tag, tally);
  }
  const toScore = (s: Tally & { cases: number }): TagScore => {
    const precision = s.found ? s.tp / s.found : 1;
    const recall = s.expected ? s.tp / s.expected : 1;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    return {
      precision,
      recall,
      f1,
      clientAccuracy: s.clientFields ? s.clientRight / s.clientFields : 1,
      cases: s.cases,
    };
  };
  const byTag = Object.fromEntries([...tallies].filter(([tag]) => tag !== '*').map(([tag, s]) => [tag, toScore(s)]));
  return { overall: toScore(tallies.get('*')!), byTag, failures };
}

/** The floors of a round-2 set: overall task F1 and client fields. */
export type Round2Floors = { f1: number; client: number };

/** Whether an overall score reaches its floors (the floor tests and the benches fail below them). */
export function reachesFloors(overall: Pick<TagScore, 'f1' | 'clientAccuracy'>, floors: Round2Floors): boolean {
  return overall.f1 >= floors.f1 && overall.clientAccuracy >= floors.client;
}

export const percent = (x: number) => `${(x * 100).toFixed(1)} %`;

/** The benches' report of a score: « P …, R …, F1 …, client … », then one line a tag (alphabetical). */
export function reportRound2(score: { overall: TagScore; byTag: Record<string, TagScore> }, unit: string) {
  const { precision, recall, f1, clientAccuracy } = score.overall;
  return {
    summary: `P ${percent(precision)}, R ${percent(recall)}, F1 ${f1.toFixed(3)}`,
    client: `client ${percent(clientAccuracy)}`,
    tags: Object.entries(score.byTag)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([tag, s]) =>
          `  ${tag.padEnd(14)} F1 ${s.f1.toFixed(3)}  client ${percent(s.clientAccuracy)}  (${s.cases} ${unit})`,
      ),
  };
}
