// The dictation corpus (fixtures/dictations) and its scoring: task-level precision/recall/F1 where a task counts
// only when name, quantity and unit are all right, and client-field accuracy. Node only (reads files).
import type { ExtractionResult, Task } from '@atelier/domain';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** fixtures/dictations, found from this file (Jest) or from the working directory (tsx scripts). */
export const DICTATIONS_DIR =
  [
    typeof __dirname === 'string' ? resolve(__dirname, '../../fixtures/dictations') : '',
    resolve(process.cwd(), 'mf-recognition/fixtures/dictations'),
    resolve(process.cwd(), 'fixtures/dictations'),
  ].find((dir) => dir && existsSync(join(dir, 'catalogue.json'))) ??
  resolve(process.cwd(), 'mf-recognition/fixtures/dictations');

export type CorpusCase = {
  id: string;
  text: string;
  expected: {
    projectTitle?: string;
    tasks: ExtractionResult['tasks'];
    client: NonNullable<ExtractionResult['client']>;
  };
};

/** The second catalogue, named the way another firm would (« Électricité - prise de courant 16A », units u/ens/ML). */
export const SECOND_CATALOGUE_DIR = join(DICTATIONS_DIR, 'second-catalogue');

/** A plumber-heater's catalogue (service work, sizes inside names: « ballon 200L », « PVC Ø100 »). */
export const THIRD_CATALOGUE_DIR = join(DICTATIONS_DIR, 'third-catalogue');

/** Held-out texts written before looking at how the extractor scores them: held-out/<batch>/<catalogue>/. */
export const HELD_OUT_DIR = join(DICTATIONS_DIR, 'held-out');

/** The held-out sets (one per batch and catalogue), optionally of one batch only, e.g. 'batch-1'. */
export function heldOutSets(batch?: string): { batch: string; dir: string }[] {
  if (!existsSync(HELD_OUT_DIR)) return [];
  return readdirSync(HELD_OUT_DIR)
    .filter((name) => !batch || name === batch)
    .filter((name) => existsSync(join(HELD_OUT_DIR, name)) && !name.includes('.'))
    .sort()
    .flatMap((name) =>
      readdirSync(join(HELD_OUT_DIR, name))
        .sort()
        .map((sub) => ({ batch: name, dir: join(HELD_OUT_DIR, name, sub) }))
        .filter((set) => existsSync(join(set.dir, 'catalogue.json'))),
    );
}

export function loadCatalogue(dir = DICTATIONS_DIR): Task[] {
  const parsed = JSON.parse(readFileSync(join(dir, 'catalogue.json'), 'utf8')) as Task[] | { tasks: Task[] };
  return Array.isArray(parsed) ? parsed : parsed.tasks;
}

export function loadCorpus(dir = DICTATIONS_DIR): CorpusCase[] {
  const casesDir = join(dir, 'cases');
  return readdirSync(casesDir)
    .filter((file) => file.endsWith('.txt'))
    .sort()
    .map((file) => {
      const id = file.replace(/\.txt$/, '');
      return {
        id,
        text: readFileSync(join(casesDir, file), 'utf8'),
        expected: JSON.parse(readFileSync(join(casesDir, `${id}.expected.json`), 'utf8')) as CorpusCase['expected'],
      };
    });
}

export type CaseScore = {
  id: string;
  truePositives: number;
  expectedTasks: number;
  foundTasks: number;
  clientCorrect: number;
  clientFields: number;
  missed: string[];
  spurious: string[];
  clientErrors: string[];
};

const CLIENT_FIELDS = ['name', 'phone', 'email', 'address'] as const;

/** Case-, accent-, punctuation- and spacing-insensitive comparison of client fields. */
export function sameField(a: string | undefined, b: string | undefined): boolean {
  const norm = (s: string | undefined) =>
    (s ?? '')
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9@.]+/g, '');
  return norm(a) === norm(b);
}

export function scoreCase(id: string, expected: CorpusCase['expected'], actual: ExtractionResult): CaseScore {
  const key = (t: { name: string; quantity: number; unit: string }) => `${t.name} | ${t.quantity} | ${t.unit}`;
  const expectedKeys = expected.tasks.map(key);
  const actualKeys = actual.tasks.map(key);
  const truePositives = actualKeys.filter((k) => expectedKeys.includes(k)).length;
  let clientCorrect = 0;
  let clientFields = 0;
  const clientErrors: string[] = [];
  for (const field of CLIENT_FIELDS) {
    const want = expected.client[field];
    const got = actual.client?.[field];
    if (!want && !got) continue;
    clientFields += 1;
    if (want && got && sameField(want, got)) clientCorrect += 1;
    else clientErrors.push(`${field}: expected ${JSON.stringify(want ?? null)}, got ${JSON.stringify(got ?? null)}`);
  }
  return {
    id,
    truePositives,
    expectedTasks: expectedKeys.length,
    foundTasks: actualKeys.length,
    clientCorrect,
    clientFields,
    missed: expectedKeys.filter((k) => !actualKeys.includes(k)),
    spurious: actualKeys.filter((k) => !expectedKeys.includes(k)),
    clientErrors,
  };
}

export type CorpusScore = { precision: number; recall: number; f1: number; clientAccuracy: number; cases: CaseScore[] };

export function summarise(cases: CaseScore[]): CorpusScore {
  const tp = cases.reduce((s, c) => s + c.truePositives, 0);
  const found = cases.reduce((s, c) => s + c.foundTasks, 0);
  const expected = cases.reduce((s, c) => s + c.expectedTasks, 0);
  const precision = found ? tp / found : 1;
  const recall = expected ? tp / expected : 1;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  const correct = cases.reduce((s, c) => s + c.clientCorrect, 0);
  const fields = cases.reduce((s, c) => s + c.clientFields, 0);
  return { precision, recall, f1, clientAccuracy: fields ? correct / fields : 1, cases };
}
