// Company logos of document snapshots, kept once in IndexedDB (beside the PDF bytes) and referenced by id:
// a logo data URL can weigh a few hundred kB, and repeating it inside every quote/invoice snapshot in
// localStorage would fill its ~5 MB after a few dozen documents (DESIGN.md §4).
import { documentFiles, type DocumentFiles } from './document-files';

export interface SnapshotLogos {
  /** Keeps the logo (once per distinct image) and gives the id to store in the snapshot. */
  keep(dataUrl: string): Promise<string>;
  /** The logo kept under this id, or undefined when it is gone. */
  load(id: string): Promise<string | undefined>;
}

/** cyrb53: a fast 53-bit string hash; with the length in the id, distinct logos never share an id in practice. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** Content-addressed id of a logo: the same image always gets the same id. */
export function snapshotLogoId(dataUrl: string): string {
  return `logo-${hash53(dataUrl)}-${dataUrl.length.toString(36)}`;
}

export function createSnapshotLogos(files: DocumentFiles): SnapshotLogos {
  return {
    async keep(dataUrl) {
      const id = snapshotLogoId(dataUrl);
      if (!(await files.get(id))) await files.put(id, new TextEncoder().encode(dataUrl));
      return id;
    },
    async load(id) {
      const bytes = await files.get(id);
      return bytes ? new TextDecoder().decode(bytes) : undefined;
    },
  };
}

export const snapshotLogos: SnapshotLogos = createSnapshotLogos(documentFiles);
