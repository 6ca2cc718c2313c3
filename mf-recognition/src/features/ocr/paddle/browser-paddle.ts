// Browser side of the second reader (decision 0135): the pre- and post-processing of paddle-read.ts on this side,
// the models in paddle-worker.ts (bundled to paddle/paddle-worker.js; onnxruntime-web, one thread), started on the
// first page tesseract reads unsure.
// Everything is served from the remote's paddle/ folder; nothing is fetched before a page needs it.
import { paddleAssetBase } from '../asset-urls';
import type { PageImage } from '../recognize';
import {
  keysOf,
  type ModelOutput,
  type PaddleModels,
  type PaddleRead,
  paddleReadPage,
  type StepsOutput,
} from './paddle-read';

declare const __webpack_public_path__: string | undefined;

type Reply = { id: number; error?: string; keys?: string } & Partial<ModelOutput & StepsOutput>;

let modelsPromise: Promise<PaddleModels> | null = null;
let worker: Worker | null = null;

function start(): Promise<PaddleModels> {
  const base = paddleAssetBase(
    typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : undefined,
    document.baseURI,
  );
  // A blob: worker that imports the remote's script: a worker's script must be on the page's origin.
  const boot = new Blob([`importScripts(${JSON.stringify(`${base}paddle-worker.js`)});`], {
    type: 'text/javascript',
  });
  const url = URL.createObjectURL(boot);
  const w = new Worker(url);
  URL.revokeObjectURL(url);
  worker = w;
  let nextId = 0;
  const pending = new Map<number, { resolve: (r: Reply) => void; reject: (e: Error) => void }>();
  w.onmessage = ({ data }: MessageEvent<Reply>) => {
    const call = pending.get(data.id);
    pending.delete(data.id);
    if (data.error) call?.reject(new Error(data.error));
    else call?.resolve(data);
  };
  w.onerror = (event) => {
    for (const call of pending.values()) call.reject(new Error(event.message || 'paddle worker failed'));
    pending.clear();
  };
  const ask = (message: Record<string, unknown>, transfer: Transferable[] = []) =>
    new Promise<Reply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      w.postMessage({ ...message, id }, transfer);
    });
  return ask({ type: 'init', base }).then((reply) => ({
    keys: keysOf(reply.keys ?? ''),
    detect: async (data, dims) => {
      const r = await ask({ type: 'detect', data, dims }, [data.buffer]);
      return { data: r.data!, dims: r.dims! };
    },
    recognise: async (data, dims) => {
      const r = await ask({ type: 'recognise', data, dims }, [data.buffer]);
      return { best: r.best!, probability: r.probability! };
    },
  }));
}

/** Reads a prepared grey page with PP-OCR; the worker and models are loaded on the first call. */
export async function paddleReadBrowser(page: PageImage): Promise<PaddleRead> {
  modelsPromise ??= start().catch((error) => {
    modelsPromise = null; // offline asset, CSP: a later page tries again
    worker?.terminate();
    worker = null;
    throw error;
  });
  return paddleReadPage(await modelsPromise, page);
}

export function terminatePaddle(): void {
  worker?.terminate();
  worker = null;
  modelsPromise = null;
}
