const path = require('node:path');
const { createAppConfig } = require('@atelier/build');

const pkgDir = (name) => path.dirname(require.resolve(`${name}/package.json`));
const tesseractCore = pkgDir('tesseract.js-core');

module.exports = createAppConfig({
  app: 'recognition',
  dirname: __dirname,
  exposes: {
    './RecognitionPanels': './src/expose/recognition-panels.tsx',
  },
  // The embedded OCR is served from this remote's own origin (no CDN): worker, LSTM-only cores
  // (relaxed-SIMD / SIMD / plain, picked at run time) and the French best_int model. Loaded on first use.
  copy: [
    { from: path.join(pkgDir('tesseract.js'), 'dist/worker.min.js'), to: 'tesseract/worker.min.js' },
    ...[
      'tesseract-core-lstm.wasm.js',
      'tesseract-core-simd-lstm.wasm.js',
      'tesseract-core-relaxedsimd-lstm.wasm.js',
    ].map((file) => ({ from: path.join(tesseractCore, file), to: `tesseract/core/${file}` })),
    {
      from: path.join(pkgDir('@tesseract.js-data/fra'), '4.0.0_best_int/fra.traineddata.gz'),
      to: 'tesseract/lang/fra.traineddata.gz',
    },
  ],
});
