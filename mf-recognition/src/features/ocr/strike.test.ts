import type { OcrLine } from './ocr-layout';
import { dropStruckFigures, findWord, strikeLine, strikeRun } from './strike';

const W = 300;
const H = 80;

/** A white page with glyph-like rings (outlined boxes: ink around a counter) at the given x's, 30 px high. */
function page(glyphs: number[], strike?: { x0: number; x1: number; y: number; slope?: number }) {
  const gray = new Uint8ClampedArray(W * H).fill(255);
  const dot = (x: number, y: number) => {
    if (x >= 0 && x < W && y >= 0 && y < H) gray[Math.round(y) * W + Math.round(x)] = 30;
  };
  for (const gx of glyphs)
    for (let y = 20; y < 50; y++)
      for (let x = gx; x < gx + 16; x++) {
        const edge = y < 23 || y >= 47 || x < gx + 3 || x >= gx + 13;
        if (edge) dot(x, y);
      }
  if (strike)
    for (let x = strike.x0; x <= strike.x1; x++)
      for (let t = 0; t < 3; t++) dot(x, strike.y + t + (strike.slope ?? 0) * (x - strike.x0));
  return { gray, width: W, height: H };
}

const box = (x0: number, x1: number) => ({ x0, y0: 18, x1, y1: 52 });

function line(words: Array<[string, number, number]>): OcrLine {
  return {
    text: words.map((w) => w[0]).join(' '),
    box: box(words[0]![1], words[words.length - 1]![2]),
    words: words.map(([text, x0, x1]) => ({ text, confidence: 80, box: box(x0, x1) })),
  };
}

describe('strikeRun', () => {
  it('finds a stroke through two glyphs, not the glyphs alone', () => {
    expect(strikeRun(page([20, 40]), box(20, 56))).toBeNull();
    const run = strikeRun(page([20, 40], { x0: 14, x1: 62, y: 33 }), box(20, 56));
    expect(run).not.toBeNull();
    expect(run!.x0).toBeLessThanOrEqual(20);
    expect(run!.x1).toBeGreaterThanOrEqual(56);
  });

  it('takes no line running on past the word (ruling, shadow edge)', () => {
    expect(strikeRun(page([20, 40], { x0: 0, x1: 299, y: 33 }), box(20, 56))).toBeNull();
  });

  it('finds a tilted stroke', () => {
    expect(strikeRun(page([20, 40], { x0: 14, x1: 62, y: 38, slope: -0.15 }), box(20, 56))).not.toBeNull();
  });
});

describe('strikeLine', () => {
  it('drops a struck figure followed by another figure (the last figure wins)', () => {
    const img = page([20, 40, 80, 100], { x0: 14, x1: 62, y: 33 });
    const struck = strikeLine(
      line([
        ['28', 20, 56],
        ['30', 80, 116],
      ]),
      img,
    );
    expect(struck?.words.map((w) => w.text)).toEqual(['', '30']);
  });

  it('drops the struck head of a word the reader glued to the next figure (« 2830 » → « 30 »)', () => {
    const img = page([20, 40, 66, 86], { x0: 14, x1: 58, y: 33 });
    expect(strikeLine(line([['2830', 20, 100]]), img)?.words[0]!.text).toBe('30');
  });

  it('keeps a struck figure with no figure after it, and an unstruck line', () => {
    expect(strikeLine(line([['28', 20, 56]]), page([20, 40], { x0: 14, x1: 62, y: 33 }))).toBeNull();
    expect(
      strikeLine(
        line([
          ['28', 20, 56],
          ['30', 80, 116],
        ]),
        page([20, 40, 80, 100]),
      ),
    ).toBeNull();
  });

  it("keeps a word whose first figure alone is under a stroke (a figure's own bar)", () => {
    const img = page([20, 40, 80, 100], { x0: 14, x1: 38, y: 33 });
    expect(
      strikeLine(
        line([
          ['28', 20, 56],
          ['30', 80, 116],
        ]),
        img,
      ),
    ).toBeNull();
  });

  it('keeps a figure whose next word is not a figure (« 95 m2 à 95 € »)', () => {
    const img = page([20, 40, 80, 100], { x0: 14, x1: 62, y: 33 });
    const words: Array<[string, number, number]> = [
      ['95', 20, 56],
      ['m2', 80, 116],
      ['95', 200, 230],
    ];
    expect(strikeLine(line(words), img)).toBeNull();
  });

  it('keeps struck words that are not figure-like', () => {
    const img = page([20, 40, 80, 100], { x0: 14, x1: 62, y: 33 });
    expect(
      strikeLine(
        line([
          ['murs', 20, 56],
          ['30', 80, 116],
        ]),
        img,
      ),
    ).toBeNull();
  });
});

describe('dropStruckFigures', () => {
  it('writes the struck line again in the text, other lines untouched', () => {
    const img = page([20, 40, 80, 100], { x0: 14, x1: 62, y: 33 });
    const first = line([
      ['28', 20, 56],
      ['30', 80, 116],
    ]);
    const read = {
      text: 'parquet\n28 30 m2',
      layout: {
        width: W,
        height: H,
        lines: [{ ...first, words: [{ text: 'parquet', confidence: 90, box: box(200, 290) }] }, first],
      },
    };
    const out = dropStruckFigures(read, img);
    expect(out.text).toBe('parquet\n30 m2');
    expect(out.layout!.lines[1]!.text).toBe('30');
  });

  it('finds a word whose decimal comma was put back in the text, and keeps the comma', () => {
    const img = page([20, 40, 80, 100], { x0: 14, x1: 62, y: 33 });
    const read = {
      text: 'plinthes 12 13,5 ml',
      layout: {
        width: W,
        height: H,
        lines: [
          line([
            ['12', 20, 56],
            ['135', 80, 116],
          ]),
        ],
      },
    };
    expect(findWord(read.text, '135', 0)).toEqual([12, 16]);
    expect(dropStruckFigures(read, img).text).toBe('plinthes 13,5 ml');
  });

  it('leaves a read without layout alone', () => {
    const read = { text: '28 30', layout: null };
    expect(dropStruckFigures(read, page([]))).toBe(read);
  });
});
