import {
  bestPerStep,
  decodeCtc,
  detectionInput,
  detectionSize,
  keysOf,
  type PaddleModels,
  paddleReadPage,
  readingOrder,
  recognitionInput,
  regionsOf,
  wordsOf,
} from './paddle-read';

const page = (width: number, height: number, ink: (x: number, y: number) => boolean = () => false) => {
  const gray = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) gray[y * width + x] = ink(x, y) ? 0 : 255;
  return { gray, width, height };
};

describe('PP-OCR pre- and post-processing', () => {
  it('sizes the detector input to multiples of 32, longest side ≤ 960', () => {
    expect(detectionSize(900, 1200)).toEqual({ width: 736, height: 960 });
    expect(detectionSize(300, 100)).toEqual({ width: 288, height: 96 });
    const input = detectionInput(page(64, 32));
    expect(input).toMatchObject({ width: 64, height: 32 });
    // White paper, ImageNet normalisation per channel.
    expect(input.data[0]).toBeCloseTo((1 - 0.485) / 0.229, 3);
    expect(input.data[64 * 32 * 2]).toBeCloseTo((1 - 0.406) / 0.225, 3);
  });

  it('finds text regions in the probability map, grown by the unclip distance, in page pixels', () => {
    const [w, h] = [40, 20];
    const map = new Float32Array(w * h);
    for (let y = 5; y < 10; y++) for (let x = 4; x < 24; x++) map[y * w + x] = 0.9;
    map[15 * w + 30] = 0.9; // a speck: too small
    for (let y = 14; y < 18; y++) for (let x = 4; x < 14; x++) map[y * w + x] = 0.4; // unsure: under 0.6 on average
    const boxes = regionsOf(map, w, h, page(80, 40));
    expect(boxes).toHaveLength(1);
    // 20 × 5 region, unclip 20·5·1.5 / 50 = 3 map pixels each side, × 2 to page pixels.
    expect(boxes[0]).toEqual({ x0: 2, y0: 4, x1: 54, y1: 26 });
  });

  it('puts regions in reading order: rows top to bottom, left to right', () => {
    const a = { x0: 200, y0: 10, x1: 300, y1: 40 };
    const b = { x0: 10, y0: 12, x1: 150, y1: 42 };
    const c = { x0: 10, y0: 60, x1: 100, y1: 90 };
    expect(readingOrder([c, a, b])).toEqual([[b, a], [c]]);
  });

  it('gives the recogniser a 48 px high crop in proportion, normalised to [-1, 1]', () => {
    const input = recognitionInput(page(200, 100), { x0: 0, y0: 0, x1: 100, y1: 24 });
    expect(input.width).toBe(200);
    expect(input.data).toHaveLength(3 * 48 * 200);
    expect(input.data[0]).toBeCloseTo(1, 5);
  });

  it('decodes CTC steps (blank 0, repeats merged) into words with boxes and their weakest letter', () => {
    const keys = keysOf('a\nb\n1\n');
    expect(keys).toEqual(['a', 'b', '1', ' ']);
    const steps = bestPerStep({
      dims: [1, 8, 5],
      // per step, five classes: blank, a, b, 1, space
      data: new Float32Array(
        [
          [0.1, 0.9, 0, 0, 0],
          [0.1, 0.8, 0, 0, 0],
          [0.9, 0, 0, 0, 0],
          [0, 0.7, 0.2, 0, 0],
          [0, 0, 0, 0, 0.9],
          [0, 0, 0, 0.6, 0],
          [0.95, 0, 0, 0, 0],
          [0, 0, 0, 0.99, 0],
        ].flat(),
      ),
    });
    const { chars, steps: n } = decodeCtc(steps, keys);
    expect(chars.map((c) => c.char).join('')).toBe('aa 11');
    const words = wordsOf(chars, n, { x0: 0, y0: 10, x1: 80, y1: 30 });
    expect(words.map((w) => [w.text, w.confidence])).toEqual([
      ['aa', 70],
      ['11', 60],
    ]);
    expect(words[1]!.box).toEqual({ x0: 40, y0: 10, x1: 80, y1: 30 });
  });

  it('reads a page through the models it is given: lines, words, mean confidence', async () => {
    const img = page(128, 64, (x, y) => y > 20 && y < 30 && x > 10 && x < 100);
    const models: PaddleModels = {
      keys: keysOf('7\nm\n'),
      detect: async (data, dims) => {
        const [, , h, w] = dims;
        const map = new Float32Array(h * w);
        // Ink is below the ImageNet mean: mark it as text.
        for (let i = 0; i < h * w; i++) map[i] = data[i]! < 0 ? 0.95 : 0;
        return { data: map, dims: [1, 1, h, w] };
      },
      recognise: async () => ({
        best: Int32Array.from([1, 0, 3, 2]),
        probability: Float32Array.from([0.9, 1, 0.8, 0.7]),
      }),
    };
    const read = await paddleReadPage(models, img);
    expect(read.text).toBe('7 m');
    expect(read.layout.lines).toHaveLength(1);
    expect(read.layout.lines[0]!.words.map((w) => w.text)).toEqual(['7', 'm']);
    expect(read.confidence).toBeCloseTo(80, 5);
  });
});
