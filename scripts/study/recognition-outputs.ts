#!/usr/bin/env tsx
// Identical outputs of the text analyser before and after a change that should only make it faster (decision 0235):
// every text of every corpus (dictations and their held-out batches, round 2, round 3, photos-r3 written texts,
// note texts, the round-2 and printed note images' written texts) × both flows × four catalogues, through
// proposeLines and extractFromText. Writes a digest per output; with --compare, counts the outputs that differ.
// Held-out outputs are only hashed and counted, never printed; a differing dev output is named by its key.
//
//   pnpm exec tsx scripts/study/recognition-outputs.ts --write=/tmp/before.json [--analyser=<copy of the repo>]
//   pnpm exec tsx scripts/study/recognition-outputs.ts --compare=/tmp/before.json
import type { Task } from '@atelier/domain';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

import {
  heldOutSets,
  loadCatalogue,
  loadCorpus,
  SECOND_CATALOGUE_DIR,
  THIRD_CATALOGUE_DIR,
} from '../../mf-recognition/src/testing/dictation-corpus';
import { loadNoteTexts, loadPhotosR3, loadPhotosR3Catalogue } from '../../mf-recognition/src/testing/photos-r3';
import { loadRound2 } from '../../mf-recognition/src/testing/round-2-corpus';
import { loadPhotoManifest } from '../../mf-recognition/src/testing/round-2-photos';
import { loadRound3 } from '../../mf-recognition/src/testing/round-3-corpus';

type Analyser = typeof import('../../mf-recognition/src/features/analysis/embedded/extract-from-text');
type Text = { key: string; text: string; heldOut: boolean };

const args = new Map(
  process.argv.slice(2).map((arg) => {
    const [name, value = ''] = arg.replace(/^--/, '').split('=');
    return [name, value] as const;
  }),
);

function texts(): Text[] {
  const all: Text[] = [];
  const add = (corpus: string, id: string, text: string, heldOut: boolean) =>
    all.push({ key: `${corpus}/${id}`, text, heldOut });
  for (const dir of [undefined, SECOND_CATALOGUE_DIR, THIRD_CATALOGUE_DIR])
    for (const c of loadCorpus(dir)) add(`dictations${dir ? `-${dir.split('/').pop()}` : ''}`, c.id, c.text, false);
  for (const set of heldOutSets())
    for (const c of loadCorpus(set.dir)) add(`dictations-held-out/${set.batch}/${set.dir}`, c.id, c.text, true);
  const round2 = loadRound2();
  for (const c of round2.tuning) add('round-2', c.id, c.text, false);
  for (const c of round2.heldOut) add('round-2-held-out', c.id, c.text, true);
  const round3 = loadRound3();
  for (const c of round3.dev) add('round-3', c.id, c.text, false);
  for (const c of round3.heldOut) add('round-3-held-out', c.id, c.text, true);
  for (const e of loadPhotosR3()) add(`photos-r3-${e.half}`, e.id, e.text, e.half === 'held-out');
  for (const c of loadNoteTexts()) add('note-texts', c.id, c.text, false);
  for (const e of loadPhotoManifest()) add('round-2-images', e.id, e.text, false);
  const printed = resolve('mf-recognition/fixtures/images/manifest.json');
  for (const e of JSON.parse(readFileSync(printed, 'utf8')) as { id: string; text: string }[])
    add('images', e.id, e.text, false);
  return all;
}

function catalogues(): [string, Task[]][] {
  return [
    ['main', loadCatalogue()],
    ['second', loadCatalogue(SECOND_CATALOGUE_DIR)],
    ['third', loadCatalogue(THIRD_CATALOGUE_DIR)],
    ['round-3', loadPhotosR3Catalogue()],
  ];
}

async function main() {
  const root = resolve(args.get('analyser') || '.');
  const module = join(root, 'mf-recognition/src/features/analysis/embedded/extract-from-text.ts');
  if (!existsSync(module)) throw new Error(`no analyser at ${module}`);
  const analyser = (await import(module)) as Analyser;
  const digests: Record<string, string> = {};
  const heldOut = new Set<string>();
  const all = texts();
  for (const [catalogueName, catalogue] of catalogues())
    for (const flow of ['voice', 'image'] as const)
      for (const t of all) {
        const outputs = {
          proposeLines: analyser.proposeLines(t.text, catalogue, { flow }),
          extractFromText: analyser.extractFromText(t.text, catalogue, { flow }),
        };
        for (const [fn, output] of Object.entries(outputs)) {
          const key = `${t.key}|${catalogueName}|${flow}|${fn}`;
          digests[key] = createHash('sha256').update(JSON.stringify(output)).digest('hex');
          if (t.heldOut) heldOut.add(key);
        }
      }
  const count = Object.keys(digests).length;
  console.log(`${all.length} texts, ${count} outputs (${heldOut.size} of held-out texts, hashed only)`);
  const write = args.get('write');
  if (write) writeFileSync(write, JSON.stringify(digests));
  const compare = args.get('compare');
  if (!compare) return;
  const before = JSON.parse(readFileSync(compare, 'utf8')) as Record<string, string>;
  const differing = Object.keys(digests).filter((key) => key in before && before[key] !== digests[key]);
  const missing = Object.keys(before).filter((key) => !(key in digests)).length;
  const added = Object.keys(digests).filter((key) => !(key in before)).length;
  const compared = Object.keys(digests).length - added;
  console.log(
    `compared ${compared} outputs: ${differing.length} differ (${differing.filter((key) => heldOut.has(key)).length} of held-out texts); ${added} new, ${missing} gone`,
  );
  for (const key of differing.filter((key) => !heldOut.has(key)).slice(0, 40)) console.log(`  differs: ${key}`);
  if (differing.length || missing) process.exitCode = 1;
}

void main();
