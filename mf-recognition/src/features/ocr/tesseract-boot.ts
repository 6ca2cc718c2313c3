// How the tesseract worker is started (decision 0165): the core is loaded as a separate `.wasm` through
// `WebAssembly.instantiateStreaming` (compiled while it downloads, and code-cached by the browser on later
// visits) instead of tesseract.js's default « embedded-wasm » core, a 3.9 MB script carrying its wasm as base64
// (parsed, decoded, then compiled from a copy on every start, never code-cached).
//
// The separate-wasm core finds its `.wasm` beside its own script, which it cannot see from a blob: worker (the
// worker has to be a blob: URL, the remote's files being on another origin than the shell's page), and tesseract.js
// passes it no `locateFile`. So the worker's script is ours: it loads the core, wraps its factory with a
// `locateFile` that points at the core's folder, then loads tesseract.js's worker, which finds the core defined.

/** The LSTM-only core builds shipped in `tesseract/core/` (webpack.config.js), by the WebAssembly features they use. */
export type CoreVariant = 'relaxedsimd-lstm' | 'simd-lstm' | 'lstm';

// wasm-feature-detect's probes (the ones tesseract.js's worker runs): a v128 function, and one with relaxed SIMD.
const SIMD_PROBE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
];
const RELAXED_SIMD_PROBE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 15, 1, 13, 0, 65, 1, 253, 15, 65, 2, 253, 15,
  253, 128, 2, 11,
];

/** The fastest core this browser runs (the same choice tesseract.js's worker makes for a core folder). */
export function coreVariant(
  validate: (bytes: Uint8Array) => boolean = (bytes) => WebAssembly.validate(bytes as BufferSource),
): CoreVariant {
  if (validate(new Uint8Array(RELAXED_SIMD_PROBE))) return 'relaxedsimd-lstm';
  if (validate(new Uint8Array(SIMD_PROBE))) return 'simd-lstm';
  return 'lstm';
}

/** The core's loader script (its `.wasm` is the same name with `.wasm` for `.js`). */
export function coreScriptUrl(coreDir: string, variant: CoreVariant): string {
  return `${coreDir.replace(/\/?$/, '/')}tesseract-core-${variant}.js`;
}

/**
 * The source of the worker's script: the core loaded first, its factory given a `locateFile` into `coreDir`, then
 * tesseract.js's worker (whose `getCore` skips loading a core when `TesseractCore` is already defined).
 */
export function workerBootSource(workerPath: string, coreDir: string, variant: CoreVariant): string {
  const dir = coreDir.replace(/\/?$/, '/');
  return [
    `importScripts(${JSON.stringify(coreScriptUrl(dir, variant))});`,
    '(function () {',
    '  var factory = self.TesseractCore;',
    '  self.TesseractCore = function (options) {',
    `    return factory(Object.assign({}, options, { locateFile: function (file) { return ${JSON.stringify(dir)} + file; } }));`,
    '  };',
    '})();',
    `importScripts(${JSON.stringify(workerPath)});`,
    '',
  ].join('\n');
}
