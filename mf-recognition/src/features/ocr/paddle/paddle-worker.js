// The second reader's worker (decision 0135), served as-is from the remote's paddle/ folder (webpack `copy`, not
// bundled) and started from a blob: URL that imports it, as tesseract.js does: the page may be on the shell's
// origin. It runs onnxruntime-web's WebAssembly build on one thread with PaddleOCR's PP-OCRv4 detector and
// recogniser, fetched from the same folder on the first page that needs them. Messages:
//   { id, type: 'init', base }                       → { id, keys }   (ppocr_keys_v1.txt's text)
//   { id, type: 'detect' | 'recognise', data, dims } → { id, data, dims } | { id, best, probability }
//   any failure                                      → { id, error }
/* global ort */
let ready = null;
const sessions = {};

async function init(base) {
  self.importScripts(`${base}ort.wasm.min.js`);
  ort.env.wasm.numThreads = 1;
  ort.env.wasm.wasmPaths = base;
  const load = async (name) => {
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

async function run(session, data, dims) {
  const out = await session.run({ [session.inputNames[0]]: new ort.Tensor('float32', data, dims) });
  return out[session.outputNames[0]];
}

/** Best class and its probability per time step of a 1×T×C output (as paddle-read.ts' bestPerStep). */
function bestPerStep(tensor) {
  const [, steps, classes] = tensor.dims;
  const data = tensor.data;
  const best = new Int32Array(steps);
  const probability = new Float32Array(steps);
  for (let t = 0; t < steps; t++) {
    let b = 0;
    let p = -Infinity;
    for (let c = 0, row = t * classes; c < classes; c++)
      if (data[row + c] > p) {
        p = data[row + c];
        b = c;
      }
    best[t] = b;
    probability[t] = p;
  }
  return { best, probability };
}

self.onmessage = async ({ data: message }) => {
  const { id, type } = message;
  try {
    if (type === 'init') {
      ready ??= init(message.base);
      const keys = await ready;
      self.postMessage({ id, keys });
      return;
    }
    await ready;
    const tensor = await run(sessions[type], message.data, message.dims);
    if (type === 'detect') {
      const data = new Float32Array(tensor.data);
      self.postMessage({ id, data, dims: tensor.dims }, [data.buffer]);
    } else {
      const { best, probability } = bestPerStep(tensor);
      self.postMessage({ id, best, probability }, [best.buffer, probability.buffer]);
    }
  } catch (error) {
    if (type === 'init') ready = null;
    self.postMessage({ id, error: String((error && error.message) || error) });
  }
};
