// Photo lines « À vérifier » (issue 31 item 3): how well a word confidence threshold separates the figures tesseract
// misread from those it read right, on the repo's note images (fixtures/images and fixtures/round-2/images, whose
// manifests hold the exact text). A figure word (one holding a digit) is right when its digit groups are found in
// the digit runs of the exact text. Prints, per threshold, the share of misread figures flagged and the
// share of right figures flagged (the cost: lines the user looks at for nothing).
//   pnpm exec tsx scripts/study/recognition-photo-confidence.ts [--verbose]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

type Entry = { id: string; file: string; text: string; tags?: string[] };
const fixtures = join(process.cwd(), 'mf-recognition/fixtures');
const sets = [join(fixtures, 'images'), join(fixtures, 'round-2/images')];
const verbose = process.argv.includes('--verbose');

async function main() {
  const { readImageFile, terminateNodeOcr } = await import('../../mf-recognition/src/features/ocr/node-ocr');
  const { proposeLines } = await import('../../mf-recognition/src/features/analysis/embedded/extract-from-text');
  const { photoLines } = await import('../../mf-recognition/src/features/image-panel/model/photo-lines');
  const { loadCatalogue } = await import('../../mf-recognition/src/testing/dictation-corpus');
  const catalogue = loadCatalogue();
  // Line level: a proposed line is wrong when no expected task has its name, unit and quantity (within 1 %).
  const lineMarks = { wrongMarked: 0, wrong: 0, rightMarked: 0, right: 0 };
  const figures: Array<{ id: string; text: string; confidence: number; right: boolean }> = [];
  for (const dir of sets) {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Entry[];
    for (const entry of manifest) {
      const { text, layout } = await readImageFile(join(dir, entry.file));
      const want = (
        JSON.parse(readFileSync(join(dir, entry.file.replace(/\.\w+$/, '.expected.json')), 'utf8')) as {
          tasks: Array<{ name: string; unit: string; quantity: number }>;
        }
      ).tasks;
      for (const line of photoLines(proposeLines(text, catalogue, { flow: 'image' }).lines, layout)) {
        const ok = want.some(
          (t) =>
            t.name === line.name && t.unit === line.unit && Math.abs(t.quantity - line.quantity) <= t.quantity / 100,
        );
        if (ok) {
          lineMarks.right += 1;
          if (line.check) lineMarks.rightMarked += 1;
        } else {
          lineMarks.wrong += 1;
          if (line.check) lineMarks.wrongMarked += 1;
        }
      }
      // Digit runs of the exact text, spaces and separators between digits removed (« 06 12 34 » → 061234).
      const groups = entry.text.match(/\d+/g) ?? [];
      const runs = entry.text.replace(/(?<=\d)[\s.,]+(?=\d)/g, '').match(/\d+/g) ?? [];
      for (const line of layout?.lines ?? [])
        for (const word of line.words) {
          const digits = word.text.replace(/[\s.,]/g, '').match(/\d+/g);
          if (!digits) continue;
          // A short figure must be one of the text's own figures (« 1 » is in every run); a long one a part of a run.
          const right = digits.every((d) => (d.length <= 2 ? groups.includes(d) : runs.some((r) => r.includes(d))));
          figures.push({ id: entry.id, text: word.text, confidence: word.confidence, right });
          if (verbose && !right) console.log(`${entry.id}: « ${word.text} » ${word.confidence} — ${line.text}`);
        }
    }
  }
  const wrong = figures.filter((f) => !f.right);
  const right = figures.filter((f) => f.right);
  console.log(
    `${figures.length} figure words on ${sets.length} image sets: ${wrong.length} misread, ${right.length} right`,
  );
  for (const t of [50, 60, 70, 75, 80, 85, 88, 90, 92, 95]) {
    const caught = wrong.filter((f) => f.confidence < t).length;
    const noise = right.filter((f) => f.confidence < t).length;
    console.log(
      `below ${t}: misread flagged ${((caught / wrong.length) * 100).toFixed(1)} % (${caught}/${wrong.length}), right flagged ${((noise / right.length) * 100).toFixed(1)} % (${noise}/${right.length})`,
    );
  }
  const { wrongMarked, wrong: wrongLines, rightMarked, right: rightLines } = lineMarks;
  console.log(
    `lines at the app's threshold: wrong lines marked « À vérifier » ${wrongMarked}/${wrongLines}, right lines marked ${rightMarked}/${rightLines}`,
  );
  await terminateNodeOcr();
}

void main();
