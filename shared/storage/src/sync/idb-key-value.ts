// The sync engine's local store in the browser: one IndexedDB database per user id.
import { clear, createStore, del, entries, get, set, setMany, type UseStore } from 'idb-keyval';

import type { KeyValue } from './sync-engine';

/** One IndexedDB database per user: nothing of one account is readable through another's store. */
export function idbKeyValue(userId: string): KeyValue {
  let store: UseStore | undefined;
  const db = () => (store ??= createStore(`atelier-sync-${userId}`, 'kv'));
  return {
    get: (key) => get(key, db()),
    set: (key, value) => set(key, value, db()),
    del: (key) => del(key, db()),
    setMany: (list) => setMany(list, db()),
    async entries<T>(prefix: string) {
      const all = await entries<string, T>(db());
      return all.filter(([key]) => String(key).startsWith(prefix));
    },
    clear: () => clear(db()),
  };
}
