// Round-3 note images (fixtures/photos-r3, issue 31): the held-out half is frozen, the committed images match the
// notes, and the written text of every note gives its expected lines (so a loss in the bench is the OCR's or the
// analyser's reading of a misread text, not a wrong label). The OCR itself runs in the bench
// (scripts/bench/recognition-photos-r3.ts): inside Jest's sandbox the pixel loops run ~20× slower.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { expectedOf, loadNoteTexts, loadPhotosR3, PHOTOS_R3_DIR, scoreNoteTexts } from '../../../testing/photos-r3';

const manifest = loadPhotosR3();

describe('round-3 note images', () => {
  it('has its held-out half unchanged since it was frozen', () => {
    expect(() =>
      execFileSync(process.execPath, [join(PHOTOS_R3_DIR, 'split.mjs'), '--check'], { stdio: 'pipe' }),
    ).not.toThrow();
    const frozen = JSON.parse(readFileSync(join(PHOTOS_R3_DIR, 'held-out.json'), 'utf8')) as { id: string }[];
    expect(manifest.filter((e) => e.half === 'held-out').map((e) => e.id)).toEqual(frozen.map((n) => n.id));
  });

  it('holds ≥ 60 images, half printed-like and half handwriting-like, committed and ≤ 15 MB', () => {
    expect(manifest.length).toBeGreaterThanOrEqual(60);
    const hand = manifest.filter((e) => e.tags.includes('manuscrit'));
    const printed = manifest.filter((e) => e.tags.includes('imprime'));
    expect(hand.length).toBe(printed.length);
    expect(new Set(hand.map((e) => e.font)).size).toBeGreaterThanOrEqual(15);
    for (const paper of ['lines', 'squares', 'pad', 'crumpled'])
      expect(hand.some((e) => e.tags.includes(paper))).toBe(true);
    expect(manifest.filter((e) => e.width * e.height >= 12_000_000).length).toBeGreaterThanOrEqual(10);
    for (const e of manifest) expect(existsSync(join(PHOTOS_R3_DIR, e.file))).toBe(true);
    expect(manifest.reduce((n, e) => n + e.bytes, 0)).toBeLessThanOrEqual(15 * 1024 * 1024);
    for (const half of ['dev', 'held-out'] as const)
      for (const style of ['manuscrit', 'imprime'])
        expect(manifest.filter((e) => e.half === half && e.tags.includes(style)).length).toBeGreaterThanOrEqual(10);
  });

  it('expects lines from the round-3 catalogue and client fields for most notes', () => {
    const catalogue = JSON.parse(readFileSync(join(PHOTOS_R3_DIR, '..', 'round-3', 'catalogue.json'), 'utf8')) as {
      name: string;
      unit: string;
    }[];
    const units = new Map(catalogue.map((t) => [t.name, t.unit]));
    for (const e of manifest) {
      const expected = expectedOf(e);
      expect(expected.tasks.length).toBeGreaterThan(0);
      for (const t of expected.tasks) expect(units.get(t.name)).toBe(t.unit);
    }
    expect(manifest.filter((e) => Object.keys(expectedOf(e).client).length > 0).length).toBeGreaterThanOrEqual(25);
  });

  it('reads the note texts written from devis pages (dev only, decision 0218) above their floors', () => {
    const cases = loadNoteTexts();
    expect(cases.length).toBeGreaterThanOrEqual(40);
    for (const c of cases) expect(c.source).toMatch(/^https?:\/\//);
    // As written, before any rule was changed for them: F1 0.883, client fields 94.7 %; after decision 0218: 0.958, 100 %.
    const score = scoreNoteTexts(cases);
    expect(score.overall.f1).toBeGreaterThanOrEqual(0.95);
    expect(score.overall.clientAccuracy).toBeGreaterThanOrEqual(0.99);
  });
});
