import { type Box, commaBetween, restoreComma } from './decimal-commas';
import { rotatePage } from './recognize';

const W = 120;
const H = 60;

/** A white page with ink rectangles (x0, y0, x1, y1 inclusive). */
function page(...inks: Box[]): Uint8ClampedArray {
  const gray = new Uint8ClampedArray(W * H).fill(255);
  for (const { x0, y0, x1, y1 } of inks)
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) gray[y * W + x] = 30;
  return gray;
}

// Two figures 12 px wide, 30 px tall (rows 10–39), as strokes (a frame), and what lies between them.
const one: Box = { x0: 10, y0: 10, x1: 21, y1: 39 };
const two: Box = { x0: 30, y0: 10, x1: 41, y1: 39 };
const frame = (b: Box): Box[] => [
  { ...b, x1: b.x0 + 2 },
  { ...b, x0: b.x1 - 2 },
  { ...b, y1: b.y0 + 2 },
  { ...b, y0: b.y1 - 2 },
];
const comma: Box = { x0: 24, y0: 34, x1: 26, y1: 42 };

describe('decimal commas tesseract dropped (handwriting-like notes, issue 13)', () => {
  it.each([
    ['a low comma between the figures', [comma], true],
    ['nothing between them', [], false],
    ['a blob high up (a stroke, an apostrophe)', [{ x0: 24, y0: 10, x1: 26, y1: 18 }], false],
    ['a flat smear (ruling, the line below)', [{ x0: 22, y0: 38, x1: 29, y1: 39 }], false],
    ['a speck of noise', [{ x0: 25, y0: 38, x1: 25, y1: 38 }], false],
  ])('%s', (_, extra, expected) => {
    const gray = page(...frame(one), ...frame(two), ...(extra as Box[]));
    expect(commaBetween(one, two, gray, W, H)).toBe(expected);
  });

  it('puts the comma back into the word, keeping a unit glued to it', () => {
    const gray = page(...frame(one), ...frame(two), comma);
    const symbols = [
      { text: '2', bbox: one },
      { text: '5', bbox: two },
    ];
    expect(restoreComma({ text: '25', symbols }, gray, W, H)).toBe('2,5');
    expect(
      restoreComma(
        { text: '25h', symbols: [...symbols, { text: 'h', bbox: { x0: 50, y0: 10, x1: 60, y1: 39 } }] },
        gray,
        W,
        H,
      ),
    ).toBe('2,5h');
    expect(restoreComma({ text: '25', symbols }, page(...frame(one), ...frame(two)), W, H)).toBeNull();
    // Words that are not a bare run of figures are left alone.
    expect(restoreComma({ text: '2,5', symbols }, gray, W, H)).toBeNull();
    expect(restoreComma({ text: 'murs', symbols }, gray, W, H)).toBeNull();
  });
});

describe('rotatePage (the page turned like tesseract turns a deskewed one)', () => {
  const ink = (gray: ArrayLike<number>) => {
    const at: number[] = [];
    for (let i = 0; i < W * H; i++) if (gray[i]! < 128) at.push(i);
    return at;
  };

  it('leaves an upright page as it is and turns a tilted one about its centre', () => {
    const gray = page({ x0: 90, y0: 30, x1: 91, y1: 31 });
    const upright = { gray, width: W, height: H };
    expect(rotatePage(upright, 0)).toBe(upright);
    const turned = rotatePage(upright, 0.05);
    const [first] = ink(turned.gray);
    expect(first).toBeDefined();
    // 30 px right of the centre (60, 30), turned by 0.05 rad: about 1.5 px up or down, never farther.
    const y = Math.floor(first! / W);
    expect(Math.abs(y - 30)).toBeGreaterThanOrEqual(1);
    expect(Math.abs(y - 30)).toBeLessThanOrEqual(3);
    const back = rotatePage(turned, -0.05);
    expect(ink(back.gray).some((i) => Math.abs((i % W) - 90) <= 1 && Math.abs(Math.floor(i / W) - 30) <= 1)).toBe(true);
  });
});
