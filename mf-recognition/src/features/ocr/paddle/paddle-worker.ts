// The second reader's worker (decision 0135), bundled from this file by webpack.config.js (WorkerBundlePlugin: its
// own small compilation, emitted as paddle/paddle-worker.js beside onnxruntime-web's files: decision 0165) and
// started from a blob: URL that imports it, as tesseract.js does: the page may be on the shell's origin. It runs
// onnxruntime-web's WebAssembly build on one thread with PaddleOCR's PP-OCRv4 detector and recogniser, fetched from
// the same folder on the first page that needs them. Messages:
//   { id, type: 'init', base }                       → { id, keys }   (ppocr_keys_v1.txt's text)
//   { id, type: 'detect' | 'recognise', data, dims } → { id, data, dims } | { id, best, probability }
//   any failure                                      → { id, error }
import type * as Ort from 'onnxruntime-web';

import { bestPerStep } from './paddle-read';

/** onnxruntime-web's script build (ort.wasm.min.js), loaded with importScripts from the remote's paddle/ folder. */
declare const ort: typeof Ort;

type Session = Ort.InferenceSession;
type Message =
  | { id: number; type: 'init'; base: string }
  | { id: number; type: 'detect' | 'recognise'; data: Float32Array; dims: number[] };

const scope = self as unknown as {
  importScripts: (...urls: string[]) => void;
  postMessage: (message: unknown, transfer?: Transferable[]) => void;
  onmessage: ((event: MessageEvent<Message>) => void) | null;
};

let ready: Promise<string> | null = null;
const sessions: Partial<Record<'detect' | 'recognise', Session>> = {};

async function init(base: string): Promise<string> {
  scope.importScripts(`${base}ort.wasm.min.js`);
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = base;
  const load = async (name: string) => {
    const res = await fetch(base + name);
    if (!res.ok) throw new Error(`${name}: HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
  const [det, rec, keys] = await Promise.all([
    load('ch_PP-OCRv4_det_infer.onnx'),
    load('ch_PP-OCRv4_rec_infer.onnx'),
    fetch(`${base}ppocr_keys_v1.txt`).then((r) => r.text()),
  ]);
  sessions.detect = await ort.InferenceSession.create(det);
  sessions.recognise = await ort.InferenceSession.create(rec);
  return keys;
}

async function run(session: Session, data: Float32Array, dims: number[]): Promise<Ort.Tensor> {
  const out = await session.run({ [session.inputNames[0]!]: new ort.Tensor('float32', data, dims) });
  return out[session.outputNames[0]!]!;
}

scope.onmessage = async ({ data: message }) => {
  const { id, type } = message;
  try {
    if (message.type === 'init') {
      ready ??= init(message.base);
      const keys = await ready;
      scope.postMessage({ id, keys });
      return;
    }
    await ready;
    const session = sessions[message.type];
    if (!session) throw new Error('paddle worker not initialised');
    const tensor = await run(session, message.data, message.dims);
    if (message.type === 'detect') {
      const data = new Float32Array(tensor.data as Float32Array);
      scope.postMessage({ id, data, dims: tensor.dims }, [data.buffer]);
    } else {
      const { best, probability } = bestPerStep({ data: tensor.data as Float32Array, dims: tensor.dims });
      scope.postMessage({ id, best, probability }, [best.buffer, probability.buffer]);
    }
  } catch (error) {
    if (type === 'init') ready = null;
    scope.postMessage({ id, error: String((error as Error | undefined)?.message ?? error) });
  }
};
