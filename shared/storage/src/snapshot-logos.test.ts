/**
 * @jest-environment node
 */
// Node environment: fake-indexeddb needs structuredClone, which jsdom does not expose.
import 'fake-indexeddb/auto';

import { createDocumentFiles, type DocumentFiles } from './document-files';
import { createSnapshotLogos, snapshotLogoId } from './snapshot-logos';

const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

describe('snapshotLogos', () => {
  it('keeps a logo once and reads it back by id', async () => {
    const files = createDocumentFiles('logos-db', 'pdf');
    const put = jest.spyOn(files, 'put');
    const logos = createSnapshotLogos(files);
    const id = await logos.keep(LOGO);
    expect(id).toBe(snapshotLogoId(LOGO));
    expect(id).toMatch(/^logo-[0-9a-z]+-[0-9a-z]+$/);
    expect(await logos.keep(LOGO)).toBe(id);
    expect(put).toHaveBeenCalledTimes(1);
    expect(await logos.load(id)).toBe(LOGO);
    expect(await logos.load('logo-missing')).toBeUndefined();
  });

  it('different images get different ids', () => {
    const other = LOGO.replace('Jggg', 'Jggh');
    expect(other).not.toBe(LOGO);
    expect(snapshotLogoId(other)).not.toBe(snapshotLogoId(LOGO));
    expect(snapshotLogoId(`${LOGO}A`)).not.toBe(snapshotLogoId(LOGO));
  });

  it('a failing IndexedDB rejects, so the caller can keep the logo inline', async () => {
    const broken: DocumentFiles = {
      put: async () => {
        throw new Error('quota');
      },
      get: async () => undefined,
      remove: async () => {},
    };
    await expect(createSnapshotLogos(broken).keep(LOGO)).rejects.toThrow('quota');
  });
});
