// A second reader for handwriting-like notes (issue 31 item 4, decision 0135): PaddleOCR's PP-OCRv4 text detector
// (DB) and recogniser (SVTR + CTC) run through ONNX Runtime. Pure code: the models are run by the caller
// (`PaddleModels`: onnxruntime-web, in process in Node, in its own worker in the browser), so the same pre- and
// post-processing serves both paths. Input and output are in the pixels of the prepared grey page (PageImage).
import type { Box, OcrLine, OcrWord, PageLayout } from '../ocr-layout';
import type { PageImage } from '../recognize';

export type ModelOutput = { data: Float32Array; dims: readonly number[] };
/** The recogniser's output reduced to its best class and that class' probability per time step. */
export type StepsOutput = { best: Int32Array; probability: Float32Array };
type Dims = [number, number, number, number];
/**
 * The models, run by the caller on float32 NCHW tensors: `detect` returns the probability map (1×1×H×W),
 * `recognise` the best class per time step (`bestPerStep` of its 1×T×C softmax output).
 */
export type PaddleModels = {
  detect: (input: Float32Array, dims: Dims) => Promise<ModelOutput>;
  recognise: (input: Float32Array, dims: Dims) => Promise<StepsOutput>;
  keys: readonly string[];
};

/** Best class and its probability at each time step of a 1×T×C output (done where the model runs). */
export function bestPerStep(output: ModelOutput): StepsOutput {
  const [, steps = 0, classes = 0] = output.dims;
  const best = new Int32Array(steps);
  const probability = new Float32Array(steps);
  for (let t = 0; t < steps; t++) {
    let b = 0;
    let p = -Infinity;
    for (let c = 0, row = t * classes; c < classes; c++)
      if (output.data[row + c]! > p) {
        p = output.data[row + c]!;
        b = c;
      }
    best[t] = b;
    probability[t] = p;
  }
  return { best, probability };
}

/** The recogniser's characters: ppocr_keys_v1.txt's lines (class 1…n; 0 is the CTC blank), then the space. */
export function keysOf(text: string): string[] {
  const keys = text.split(/\r?\n/);
  if (keys[keys.length - 1] === '') keys.pop();
  keys.push(' ');
  return keys;
}

/** PaddleOCR's defaults for the DB detector (det_db_thresh, det_db_box_thresh, det_db_unclip_ratio). */
const DET_THRESHOLD = 0.3;
const DET_BOX_THRESHOLD = 0.6;
const DET_UNCLIP_RATIO = 1.5;
/** The detector's input: longest side at most this, both sides multiples of 32. */
export const DET_MAX_SIDE = 960;
/** The recogniser's input height (PP-OCRv4 rec_image_shape 3×48×W). */
const REC_HEIGHT = 48;

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];

/** Bilinear sample of a grey page at (x, y) (edges clamped). */
function sample(page: PageImage, x: number, y: number): number {
  const { gray, width, height } = page;
  const x0 = Math.max(0, Math.min(width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(height - 1, Math.floor(y)));
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const top = gray[y0 * width + x0]! * (1 - fx) + gray[y0 * width + x1]! * fx;
  const bottom = gray[y1 * width + x0]! * (1 - fx) + gray[y1 * width + x1]! * fx;
  return top * (1 - fy) + bottom * fy;
}

/** Area-averaged sample when shrinking (box of `sx` × `sy` source pixels), bilinear otherwise. */
function resample(page: PageImage, x: number, y: number, sx: number, sy: number): number {
  if (sx <= 1.2 && sy <= 1.2) return sample(page, x, y);
  const nx = Math.max(1, Math.round(sx));
  const ny = Math.max(1, Math.round(sy));
  let sum = 0;
  for (let j = 0; j < ny; j++)
    for (let i = 0; i < nx; i++)
      sum += sample(page, x - sx / 2 + (i + 0.5) * (sx / nx), y - sy / 2 + (j + 0.5) * (sy / ny));
  return sum / (nx * ny);
}

export function detectionSize(width: number, height: number): { width: number; height: number } {
  const ratio = Math.min(1, DET_MAX_SIDE / Math.max(width, height));
  const round32 = (v: number) => Math.max(32, Math.round((v * ratio) / 32) * 32);
  return { width: round32(width), height: round32(height) };
}

/** The detector's input tensor for a grey page (ImageNet normalisation, three equal channels). */
export function detectionInput(page: PageImage): { data: Float32Array; width: number; height: number } {
  const { width, height } = detectionSize(page.width, page.height);
  const plane = width * height;
  const data = new Float32Array(plane * 3);
  const sx = page.width / width;
  const sy = page.height / height;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = resample(page, (x + 0.5) * sx - 0.5, (y + 0.5) * sy - 0.5, sx, sy) / 255;
      for (let c = 0; c < 3; c++) data[c * plane + y * width + x] = (v - MEAN[c]!) / STD[c]!;
    }
  return { data, width, height };
}

/**
 * Text regions of the detector's probability map, as boxes in page pixels: connected regions above the threshold,
 * kept when their mean probability reaches the box threshold, grown by the DB « unclip » distance (area × ratio /
 * perimeter), as PaddleOCR does (axis-aligned: the notes are tilted a few degrees at most).
 */
export function regionsOf(map: Float32Array, mapWidth: number, mapHeight: number, page: PageImage): Box[] {
  const label = new Int32Array(mapWidth * mapHeight);
  const boxes: Box[] = [];
  const stack: number[] = [];
  let next = 0;
  for (let start = 0; start < map.length; start++) {
    if (label[start] || map[start]! <= DET_THRESHOLD) continue;
    next++;
    label[start] = next;
    stack.push(start);
    let x0 = mapWidth;
    let y0 = mapHeight;
    let x1 = -1;
    let y1 = -1;
    let sum = 0;
    let count = 0;
    while (stack.length) {
      const at = stack.pop()!;
      const x = at % mapWidth;
      const y = (at - x) / mapWidth;
      sum += map[at]!;
      count++;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (const [dx, dy] of NEIGHBOURS) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= mapWidth || ny >= mapHeight) continue;
        const n = ny * mapWidth + nx;
        if (!label[n] && map[n]! > DET_THRESHOLD) {
          label[n] = next;
          stack.push(n);
        }
      }
    }
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    if (Math.min(w, h) < 3 || sum / count < DET_BOX_THRESHOLD) continue;
    const grow = (w * h * DET_UNCLIP_RATIO) / (2 * (w + h));
    const sx = page.width / mapWidth;
    const sy = page.height / mapHeight;
    boxes.push({
      x0: Math.max(0, Math.floor((x0 - grow) * sx)),
      y0: Math.max(0, Math.floor((y0 - grow) * sy)),
      x1: Math.min(page.width, Math.ceil((x1 + 1 + grow) * sx)),
      y1: Math.min(page.height, Math.ceil((y1 + 1 + grow) * sy)),
    });
  }
  return boxes;
}

const NEIGHBOURS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;

/** The recogniser's input for one region: height 48, width kept in proportion, normalised to [-1, 1]. */
export function recognitionInput(page: PageImage, box: Box): { data: Float32Array; width: number } {
  const boxW = box.x1 - box.x0;
  const boxH = box.y1 - box.y0;
  const width = Math.max(REC_HEIGHT / 2, Math.round((REC_HEIGHT * boxW) / boxH));
  const plane = width * REC_HEIGHT;
  const data = new Float32Array(plane * 3);
  const sx = boxW / width;
  const sy = boxH / REC_HEIGHT;
  for (let y = 0; y < REC_HEIGHT; y++)
    for (let x = 0; x < width; x++) {
      const v = resample(page, box.x0 + (x + 0.5) * sx - 0.5, box.y0 + (y + 0.5) * sy - 0.5, sx, sy) / 127.5 - 1;
      data[y * width + x] = v;
      data[plane + y * width + x] = v;
      data[2 * plane + y * width + x] = v;
    }
  return { data, width };
}

export type DecodedChar = { char: string; probability: number; step: number };

/** Greedy CTC decoding: repeats merged, blanks (class 0) dropped. */
export function decodeCtc(output: StepsOutput, keys: readonly string[]): { chars: DecodedChar[]; steps: number } {
  const chars: DecodedChar[] = [];
  let previous = 0;
  const steps = output.best.length;
  for (let t = 0; t < steps; t++) {
    const best = output.best[t]!;
    if (best !== 0 && best !== previous)
      chars.push({ char: keys[best - 1] ?? ' ', probability: output.probability[t]!, step: t });
    previous = best;
  }
  return { chars, steps };
}

/** Words of a decoded region (split at spaces), each with its box from the time steps it spans and its confidence. */
export function wordsOf(chars: readonly DecodedChar[], steps: number, box: Box): OcrWord[] {
  const words: OcrWord[] = [];
  const stepWidth = (box.x1 - box.x0) / Math.max(1, steps);
  let current: DecodedChar[] = [];
  const flush = () => {
    if (!current.length) return;
    const first = current[0]!.step;
    const last = current[current.length - 1]!.step;
    words.push({
      text: current.map((c) => c.char).join(''),
      // The weakest letter decides, as a misread figure is one glyph (tesseract's word confidence behaves alike).
      confidence: Math.round(100 * Math.min(...current.map((c) => c.probability))),
      box: {
        x0: Math.max(box.x0, Math.floor(box.x0 + (first - 1) * stepWidth)),
        y0: box.y0,
        x1: Math.min(box.x1, Math.ceil(box.x0 + (last + 2) * stepWidth)),
        y1: box.y1,
      },
    });
    current = [];
  };
  for (const c of chars) {
    if (c.char === ' ') flush();
    else current.push(c);
  }
  flush();
  return words;
}

/** Regions in reading order: grouped into rows by vertical overlap, rows top to bottom, left to right within. */
export function readingOrder(boxes: readonly Box[]): Box[][] {
  const sorted = [...boxes].sort((a, b) => a.y0 + a.y1 - (b.y0 + b.y1));
  const rows: Box[][] = [];
  for (const box of sorted) {
    const mid = (box.y0 + box.y1) / 2;
    const row = rows.find((r) => {
      const last = r[r.length - 1]!;
      return mid > last.y0 && mid < last.y1 && (last.y0 + last.y1) / 2 > box.y0 && (last.y0 + last.y1) / 2 < box.y1;
    });
    if (row) row.push(box);
    else rows.push([box]);
  }
  for (const row of rows) row.sort((a, b) => a.x0 - b.x0);
  return rows;
}

export type PaddleRead = { text: string; confidence: number; layout: PageLayout };

/** Reads a grey page: detect the text regions, recognise each, lines in reading order with word boxes. */
export async function paddleReadPage(models: PaddleModels, page: PageImage): Promise<PaddleRead> {
  const det = detectionInput(page);
  const map = await models.detect(det.data, [1, 3, det.height, det.width]);
  const regions = regionsOf(map.data, det.width, det.height, page);
  const lines: OcrLine[] = [];
  let weighted = 0;
  let letters = 0;
  for (const row of readingOrder(regions)) {
    const words: OcrWord[] = [];
    for (const box of row) {
      const input = recognitionInput(page, box);
      const output = await models.recognise(input.data, [1, 3, REC_HEIGHT, input.width]);
      const { chars, steps } = decodeCtc(output, models.keys);
      for (const c of chars) {
        weighted += c.probability;
        letters++;
      }
      words.push(...wordsOf(chars, steps, box));
    }
    if (!words.length) continue;
    const box = {
      x0: Math.min(...row.map((b) => b.x0)),
      y0: Math.min(...row.map((b) => b.y0)),
      x1: Math.max(...row.map((b) => b.x1)),
      y1: Math.max(...row.map((b) => b.y1)),
    };
    lines.push({ text: words.map((w) => w.text).join(' '), box, words });
  }
  return {
    text: lines.map((l) => l.text).join('\n'),
    confidence: letters ? (100 * weighted) / letters : 0,
    layout: { width: page.width, height: page.height, lines },
  };
}
