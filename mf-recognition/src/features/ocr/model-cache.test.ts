/**
 * @jest-environment node
 */
// Node environment: fake-indexeddb needs structuredClone, which jsdom does not expose.
import 'fake-indexeddb/auto';

import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { seedModelCache, TESSERACT_MODEL_CACHE } from './model-cache';

const { database, store, key } = TESSERACT_MODEL_CACHE;

function read(): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open(database);
    open.onsuccess = () => {
      const get = open.result.transaction(store, 'readonly').objectStore(store).get(key);
      get.onsuccess = () => {
        open.result.close();
        resolve(get.result);
      };
      get.onerror = () => reject(get.error);
    };
    open.onerror = () => reject(open.error);
  });
}

function clear(): Promise<void> {
  return new Promise((resolve) => {
    const del = indexedDB.deleteDatabase(database);
    del.onsuccess = () => resolve();
    del.onerror = () => resolve();
  });
}

const model = new Uint8Array(Array.from({ length: 50_000 }, (_, i) => (i * 7) % 251));

describe('seedModelCache', () => {
  beforeEach(clear);

  it('puts the unpacked model where the worker reads it, once', async () => {
    const fetchModel = jest.fn(async () => new Response(gzipSync(model)));
    expect(await seedModelCache('https://app.test/tesseract/lang/fra.traineddata.gz', fetchModel)).toBe(true);
    expect(fetchModel).toHaveBeenCalledWith('https://app.test/tesseract/lang/fra.traineddata.gz');
    expect(new Uint8Array((await read()) as Uint8Array)).toEqual(model);
    // Later sessions: already cached, nothing fetched.
    expect(await seedModelCache('https://app.test/tesseract/lang/fra.traineddata.gz', fetchModel)).toBe(true);
    expect(fetchModel).toHaveBeenCalledTimes(1);
  });

  it('stores a body the browser already unpacked (Content-Encoding: gzip) as it is', async () => {
    expect(await seedModelCache('/m.gz', async () => new Response(model))).toBe(true);
    expect(new Uint8Array((await read()) as Uint8Array)).toEqual(model);
  });

  it('leaves the worker to load the model when the fetch fails (no throw, nothing stored)', async () => {
    expect(await seedModelCache('/m.gz', async () => new Response('nope', { status: 404 }))).toBe(false);
    expect(await seedModelCache('/m.gz', async () => Promise.reject(new TypeError('offline')))).toBe(false);
    expect(await read()).toBeUndefined();
  });

  it('uses the cache database, store and key of the tesseract.js worker the build copies', () => {
    // webpack.config.js copies tesseract.js' dist/worker.min.js: its idb-keyval default store and language key.
    const worker = fs.readFileSync(
      path.join(path.dirname(require.resolve('tesseract.js/package.json')), 'dist/worker.min.js'),
      'utf8',
    );
    expect(worker).toContain(`("${database}","${store}")`);
    expect(worker).toMatch(/"\.concat\(\w+\|\|"\.","\/"\)\.concat\(\w+,"\.traineddata"\)\)/);
    expect(key).toBe('./fra.traineddata');
  });
});
