// PDF bytes of issued documents, in IndexedDB keyed by document id (DESIGN.md §4): localStorage's ~5 MB
// would fill after a few dozen data URLs.
import { createStore, del, get, set, type UseStore } from 'idb-keyval';

export interface DocumentFiles {
  put(id: string, bytes: Uint8Array): Promise<void>;
  get(id: string): Promise<Uint8Array | undefined>;
  remove(id: string): Promise<void>;
}

export const DOCUMENTS_DB = 'atelier-documents';
export const DOCUMENTS_STORE = 'pdf';

function toBytes(value: unknown): Uint8Array | undefined {
  if (value == null) return undefined;
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  // Values cloned across realms (tests, workers) fail instanceof: fall back on their shape.
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  if (typeof value === 'object' && 'byteLength' in (value as object)) return new Uint8Array(value as ArrayBuffer);
  return undefined;
}

export function createDocumentFiles(dbName = DOCUMENTS_DB, storeName = DOCUMENTS_STORE): DocumentFiles {
  // Opened lazily: createStore opens the database immediately, and not every page needs it.
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(dbName, storeName));
  return {
    async put(id, bytes) {
      // Store a tight copy: a view over a larger buffer would persist the whole buffer.
      await set(id, bytes.slice(), db());
    },
    async get(id) {
      return toBytes(await get(id, db()));
    },
    async remove(id) {
      await del(id, db());
    },
  };
}

export const documentFiles: DocumentFiles = createDocumentFiles();
