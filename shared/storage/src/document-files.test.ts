/**
 * @jest-environment node
 */
// Node environment: fake-indexeddb needs structuredClone, which jsdom does not expose.
import 'fake-indexeddb/auto';

import { createDocumentFiles } from './document-files';

describe('documentFiles (IndexedDB)', () => {
  it('stores, reads back and removes PDF bytes by document id', async () => {
    const files = createDocumentFiles('test-db', 'pdf');
    const bytes = new TextEncoder().encode('%PDF-1.3 test');
    await files.put('quote-1', bytes);
    const back = await files.get('quote-1');
    expect(back).toBeDefined();
    expect(Array.from(back!)).toEqual(Array.from(bytes));
    expect(await files.get('missing')).toBeUndefined();
    await files.remove('quote-1');
    expect(await files.get('quote-1')).toBeUndefined();
  });

  it('stores only the viewed bytes of a larger buffer', async () => {
    const files = createDocumentFiles('test-db-2', 'pdf');
    const big = new Uint8Array([0, 1, 2, 3, 4, 5]);
    await files.put('quote-2', big.subarray(2, 4));
    expect(Array.from((await files.get('quote-2'))!)).toEqual([2, 3]);
  });
});
