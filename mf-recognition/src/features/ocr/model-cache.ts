// The French model unpacked by the page into the cache tesseract.js' worker reads first, while the worker is still
// loading its WebAssembly core (decision 0205). The worker asks for its language data only once its core is loaded
// and instantiated; on a first visit it then fetches the gzipped model, unpacks it with a JavaScript gunzip at
// baseline speed and writes it to IndexedDB before initialising — all after the core, in one chain. Here the fetch
// starts with the worker and the native DecompressionStream unpacks it, so the worker usually finds the model in its
// cache. If it does not yet (a slow link), it fetches the model itself as before: the two writes store the same bytes.

/**
 * Where tesseract.js 7 (its worker, through idb-keyval) caches a language: idb-keyval's default database and store,
 * under `${cachePath || '.'}/${lang}.traineddata`, the unpacked bytes. `model-cache.test.ts` checks them against the
 * worker script the build copies.
 */
export const TESSERACT_MODEL_CACHE = { database: 'keyval-store', store: 'keyval', key: './fra.traineddata' } as const;

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openCache(): Promise<IDBDatabase> {
  const request = indexedDB.open(TESSERACT_MODEL_CACHE.database);
  request.onupgradeneeded = () => request.result.createObjectStore(TESSERACT_MODEL_CACHE.store);
  return done(request);
}

const isGzip = (bytes: Uint8Array) => bytes[0] === 0x1f && bytes[1] === 0x8b;

async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Puts the unpacked model at `modelUrl` (the `.traineddata.gz` the worker would fetch) into the worker's cache unless
 * it is there already. True when the model is in the cache afterwards; false (never a throw) when this browser has no
 * IndexedDB or DecompressionStream, or the fetch or the write failed: the worker then loads it on its own.
 */
export async function seedModelCache(modelUrl: string, fetchModel: typeof fetch = fetch): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof DecompressionStream === 'undefined') return false;
  let db: IDBDatabase | null = null;
  try {
    db = await openCache();
    const { store, key } = TESSERACT_MODEL_CACHE;
    if ((await done(db.transaction(store, 'readonly').objectStore(store).getKey(key))) !== undefined) return true;
    const response = await fetchModel(modelUrl);
    if (!response.ok) return false;
    const raw = new Uint8Array(await response.arrayBuffer());
    // A server that sends the .gz with Content-Encoding: gzip has had it unpacked by the browser already.
    const model = isGzip(raw) ? await gunzip(raw) : raw;
    const write = db.transaction(store, 'readwrite');
    const written = new Promise<void>((resolve, reject) => {
      write.oncomplete = () => resolve();
      write.onerror = () => reject(write.error);
      write.onabort = () => reject(write.error);
    });
    write.objectStore(store).put(model, key);
    await written;
    return true;
  } catch {
    return false;
  } finally {
    db?.close();
  }
}
