import { flattenIllumination, rgbaToGray, whitenRuling } from './preprocess';

function page(
  width: number,
  height: number,
  paper: (x: number, y: number) => number,
  ink: (x: number, y: number) => boolean,
) {
  const gray = new Uint8ClampedArray(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) gray[y * width + x] = ink(x, y) ? 30 : paper(x, y);
  return gray;
}

describe('flattenIllumination', () => {
  const width = 256;
  const height = 192;
  const ink = (x: number, y: number) => y % 24 < 3 && x % 40 < 30; // thin "text lines"

  it('makes a shaded sheet uniformly white while keeping the ink dark', () => {
    const shaded = page(width, height, (x, y) => 250 - Math.round((x + y) / 3), ink);
    const flat = flattenIllumination(shaded, width, height);
    const paperValues: number[] = [];
    const inkValues: number[] = [];
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) (ink(x, y) ? inkValues : paperValues).push(flat[y * width + x]!);
    // One global threshold now separates paper from ink everywhere on the sheet…
    expect(Math.min(...paperValues)).toBeGreaterThan(210);
    expect(Math.max(...inkValues)).toBeLessThan(90);
    // …whereas before, the shaded corner of the paper (~103) was nearer the ink (30) than the lit paper (250).
    expect(Math.min(...Array.from(shaded).filter((v) => v !== 30))).toBeLessThan(110);
  });

  it('leaves a flat white page as it is', () => {
    const flat = page(width, height, () => 255, ink);
    expect(Array.from(flattenIllumination(flat, width, height))).toEqual(Array.from(flat));
  });
});

describe('rgbaToGray', () => {
  it('weights green most, blue least', () => {
    const rgba = new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);
    expect(Array.from(rgbaToGray(rgba, 4, 1))).toEqual([76, 149, 28, 255]);
  });
});

describe('whitenRuling', () => {
  it('whitens notebook squares and lines on the flattened page, keeps ink (ballpoint, pencil) as it is', () => {
    const gray = Uint8ClampedArray.from([255, 222, 205, 199, 120, 60, 30]);
    expect(Array.from(whitenRuling(gray))).toEqual([255, 255, 255, 199, 120, 60, 30]);
  });
});
