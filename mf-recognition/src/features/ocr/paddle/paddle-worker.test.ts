// The second reader's worker script (bundled into paddle/paddle-worker.js by webpack.config.js): its messages, with
// onnxruntime-web replaced by a fake (the real models are run by node-paddle.node.test.ts and the e2e crops spec).
type Posted = { message: Record<string, unknown>; transfer?: Transferable[] };

const posted: Posted[] = [];
const imported: string[] = [];
const fetched: string[] = [];

class FakeTensor {
  constructor(
    readonly type: string,
    readonly data: Float32Array,
    readonly dims: number[],
  ) {}
}

const fakeOrt = {
  env: { wasm: { numThreads: 0, wasmPaths: '' } },
  Tensor: FakeTensor,
  InferenceSession: {
    create: async (bytes: Uint8Array) => ({
      inputNames: ['x'],
      outputNames: ['y'],
      // The recogniser (2nd model fetched) returns a 1×2×3 softmax; the detector its input back.
      run: async ({ x }: { x: FakeTensor }) => ({
        y: bytes[0] === 2 ? new FakeTensor('float32', new Float32Array([0.1, 0.7, 0.2, 0.6, 0.3, 0.1]), [1, 2, 3]) : x,
      }),
    }),
  },
};

beforeAll(async () => {
  Object.assign(globalThis, {
    ort: fakeOrt,
    importScripts: (url: string) => imported.push(url),
    postMessage: (message: Record<string, unknown>, transfer?: Transferable[]) => posted.push({ message, transfer }),
    fetch: async (url: string) => {
      fetched.push(url);
      const rec = url.endsWith('rec_infer.onnx');
      return {
        ok: true,
        status: 200,
        arrayBuffer: async () => new Uint8Array([rec ? 2 : 1]).buffer,
        text: async () => 'a\nb\n',
      };
    },
  });
  await import('./paddle-worker');
});

const send = async (data: Record<string, unknown>) => {
  const before = posted.length;
  await (globalThis as unknown as { onmessage: (e: { data: unknown }) => Promise<void> }).onmessage({ data });
  return posted.slice(before);
};

describe('paddle worker', () => {
  it('loads onnxruntime-web and the models from the folder it is given, once', async () => {
    const [reply] = await send({ id: 1, type: 'init', base: 'http://r.test/paddle/' });
    expect(reply!.message).toEqual({ id: 1, keys: 'a\nb\n' });
    expect(imported).toEqual(['http://r.test/paddle/ort.wasm.min.js']);
    expect(fakeOrt.env.wasm).toEqual({ numThreads: 1, wasmPaths: 'http://r.test/paddle/' });
    await send({ id: 2, type: 'init', base: 'http://r.test/paddle/' });
    expect(fetched.sort()).toEqual([
      'http://r.test/paddle/ch_PP-OCRv4_det_infer.onnx',
      'http://r.test/paddle/ch_PP-OCRv4_rec_infer.onnx',
      'http://r.test/paddle/ppocr_keys_v1.txt',
    ]);
  });

  it('returns the detector map and the recogniser best class per step (paddle-read.ts bestPerStep)', async () => {
    const [det] = await send({ id: 3, type: 'detect', data: new Float32Array([0.5, 0.25]), dims: [1, 1, 1, 2] });
    expect(det!.message).toEqual({ id: 3, data: new Float32Array([0.5, 0.25]), dims: [1, 1, 1, 2] });
    expect(det!.transfer).toHaveLength(1);
    const [rec] = await send({ id: 4, type: 'recognise', data: new Float32Array(4), dims: [1, 1, 2, 2] });
    expect(rec!.message.best).toEqual(new Int32Array([1, 0]));
    expect(Array.from(rec!.message.probability as Float32Array)).toEqual([
      expect.closeTo(0.7, 5),
      expect.closeTo(0.6, 5),
    ]);
  });

  it('answers a failure with its message', async () => {
    const [reply] = await send({ id: 5, type: 'nothing', data: new Float32Array(1), dims: [1] });
    expect(reply!.message).toEqual({ id: 5, error: 'paddle worker not initialised' });
  });
});
