import { coreScriptUrl, coreVariant, workerBootSource } from './tesseract-boot';

describe('coreVariant', () => {
  it('picks relaxed SIMD, then SIMD, then the plain core', () => {
    expect(coreVariant(() => true)).toBe('relaxedsimd-lstm');
    expect(coreVariant((bytes) => bytes.length !== 36)).toBe('simd-lstm');
    expect(coreVariant(() => false)).toBe('lstm');
  });
  it('probes real WebAssembly', () => {
    expect(['relaxedsimd-lstm', 'simd-lstm', 'lstm']).toContain(coreVariant());
  });
});

describe('workerBootSource', () => {
  const source = workerBootSource(
    'http://localhost:3002/tesseract/worker.min.js',
    'http://localhost:3002/tesseract/core',
    'simd-lstm',
  );
  it('loads the separate-wasm core, then the worker, from the remote’s origin', () => {
    expect(coreScriptUrl('http://localhost:3002/tesseract/core', 'lstm')).toBe(
      'http://localhost:3002/tesseract/core/tesseract-core-lstm.js',
    );
    const loads = [...source.matchAll(/importScripts\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(loads).toEqual([
      'http://localhost:3002/tesseract/core/tesseract-core-simd-lstm.js',
      'http://localhost:3002/tesseract/worker.min.js',
    ]);
  });
  it('gives the core a locateFile into its folder', () => {
    const scope: { TesseractCore?: (options: object) => unknown } = {
      TesseractCore: (options) => options,
    };
    const run = new Function('self', 'importScripts', source);
    run(scope, () => undefined);
    const options = scope.TesseractCore!({ TesseractProgress: 1 }) as {
      locateFile: (file: string) => string;
      TesseractProgress: number;
    };
    expect(options.TesseractProgress).toBe(1);
    expect(options.locateFile('tesseract-core-simd-lstm.wasm')).toBe(
      'http://localhost:3002/tesseract/core/tesseract-core-simd-lstm.wasm',
    );
  });
});
