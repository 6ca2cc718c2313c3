import { joinLayouts, joinTexts, pageBand, SPLIT_MIN_LINES, splitRow } from './split-read';

/** A white page with `lines` lines of ink, each 12 rows tall, every `pitch` rows from row 40. */
function page(width: number, height: number, lines: number, pitch = 30) {
  const gray = new Uint8ClampedArray(width * height).fill(255);
  for (let l = 0; l < lines; l++)
    for (let y = 40 + l * pitch; y < 40 + l * pitch + 12 && y < height; y++)
      for (let x = 60; x < width - 60; x += 3) gray[y * width + x] = 20;
  return { gray, width, height };
}

describe('splitRow', () => {
  it('cuts a long printed page in a blank band near half of its ink, on a JPEG block edge', () => {
    const p = page(900, 1200, 36);
    const cut = splitRow(p)!;
    expect(cut % 16).toBe(0);
    expect(cut).toBeGreaterThan(1200 * 0.3);
    expect(cut).toBeLessThan(1200 * 0.7);
    for (let y = cut - 3; y < cut + 3; y++)
      expect(Array.from(p.gray.subarray(y * 900, (y + 1) * 900)).every((v) => v === 255)).toBe(true);
    // Half of the ink each side (one line of 30 rows at most off).
    expect(Math.abs(cut - (40 + 18 * 30))).toBeLessThanOrEqual(30);
  });

  it('leaves a short note whole', () => {
    expect(splitRow(page(900, 1200, SPLIT_MIN_LINES - 1))).toBeNull();
  });

  it('leaves a page whole when no blank band is found in its middle', () => {
    expect(splitRow(page(900, 1200, 85, 14))).toBeNull(); // lines 12 rows tall every 14 rows: 2 blank rows between
  });
});

describe('halves', () => {
  it('gives a band of rows as a page of its own, without copying', () => {
    const p = page(100, 64, 1);
    const band = pageBand(p, 32, 64);
    expect(band).toMatchObject({ width: 100, height: 32 });
    expect(band.gray.length).toBe(3200);
    (band.gray as Uint8ClampedArray)[0] = 7;
    expect(p.gray[3200]).toBe(7);
  });

  it('puts the bottom half lines under the top half ones, moved down by the cut', () => {
    const box = { x0: 1, y0: 2, x1: 3, y1: 4 };
    const line = { text: 'a', box, words: [{ text: 'a', confidence: 90, box }] };
    const joined = joinLayouts({ width: 10, height: 48, lines: [line] }, { width: 10, height: 52, lines: [line] }, 48);
    expect(joined.height).toBe(100);
    expect(joined.lines.map((l) => l.box.y0)).toEqual([2, 50]);
    expect(joined.lines[1]!.words[0]!.box).toEqual({ x0: 1, y0: 50, x1: 3, y1: 52 });
  });

  it('joins the texts line after line', () => {
    expect(joinTexts('a\n', 'b\n')).toBe('a\nb\n');
    expect(joinTexts('a', 'b\n')).toBe('a\nb\n');
  });
});
