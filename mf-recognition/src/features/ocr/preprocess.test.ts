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

  it('gives the same bytes as the per-pixel bilinear mix it replaced (decision 0145), on a size not a multiple of 32', () => {
    const w = 203;
    const h = 157;
    const shaded = page(w, h, (x, y) => 240 - Math.round((x * 0.7 + y * 1.3) / 3) + ((x * 7 + y * 13) % 11), ink);
    const flat = flattenIllumination(shaded, w, h);
    // The former loop, kept here as the reference: each pixel mixes its four block estimates itself.
    const cols = Math.ceil(w / 32);
    const rows = Math.ceil(h / 32);
    const background = new Float32Array(cols * rows);
    for (let by = 0; by < rows; by++)
      for (let bx = 0; bx < cols; bx++) {
        const values: number[] = [];
        for (let y = by * 32; y < Math.min(h, by * 32 + 32); y++)
          for (let x = bx * 32; x < Math.min(w, bx * 32 + 32); x++) values.push(shaded[y * w + x]!);
        values.sort((a, b) => a - b);
        background[by * cols + bx] = Math.max(1, values[Math.ceil(values.length * 0.8) - 1]!);
      }
    const reference = new Uint8ClampedArray(w * h);
    for (let y = 0; y < h; y++) {
      const fy = Math.min(Math.max((y + 0.5) / 32 - 0.5, 0), rows - 1);
      const by0 = Math.floor(fy);
      const by1 = Math.min(by0 + 1, rows - 1);
      const ty = fy - by0;
      for (let x = 0; x < w; x++) {
        const fx = Math.min(Math.max((x + 0.5) / 32 - 0.5, 0), cols - 1);
        const bx0 = Math.floor(fx);
        const bx1 = Math.min(bx0 + 1, cols - 1);
        const tx = fx - bx0;
        const top = background[by0 * cols + bx0]! * (1 - tx) + background[by0 * cols + bx1]! * tx;
        const bottom = background[by1 * cols + bx0]! * (1 - tx) + background[by1 * cols + bx1]! * tx;
        reference[y * w + x] = (shaded[y * w + x]! * 255) / (top * (1 - ty) + bottom * ty);
      }
    }
    expect(Buffer.from(flat).equals(Buffer.from(reference))).toBe(true);
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
