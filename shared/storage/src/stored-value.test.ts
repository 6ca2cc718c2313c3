import { z } from 'zod';

import { STORAGE_MESSAGES } from './messages';
import { createStoredValue, storageIssues$, type StorageIssue } from './stored-value';

const itemSchema = z.array(z.object({ name: z.string(), price: z.number() }));
type Items = z.infer<typeof itemSchema>;
const EMPTY: Items = [];

let seq = 0;
function freshStore(options = {}) {
  const key = `test-${(seq += 1)}`;
  return {
    key,
    store: createStoredValue<Items>(key, itemSchema, EMPTY, {
      label: 'tâches',
      resetText: 'la liste repart vide',
      ...options,
    }),
  };
}

function collectIssues(): { issues: StorageIssue[]; stop: () => void } {
  const issues: StorageIssue[] = [];
  let live = false;
  const sub = storageIssues$.subscribe((i) => {
    if (live) issues.push(i);
  });
  live = true; // ignore replayed issues of earlier tests
  return { issues, stop: () => sub.unsubscribe() };
}

beforeEach(() => localStorage.clear());

describe('createStoredValue', () => {
  it('returns the default when nothing is stored, with a stable reference', () => {
    const { store } = freshStore();
    expect(store.get()).toBe(EMPTY);
    expect(store.get()).toBe(store.get());
  });

  it('writes JSON under its key and reads it back (same reference until it changes)', () => {
    const { key, store } = freshStore();
    expect(store.set([{ name: 'Peinture', price: 12.5 }])).toEqual({ ok: true });
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual([{ name: 'Peinture', price: 12.5 }]);
    const first = store.get();
    expect(first).toEqual([{ name: 'Peinture', price: 12.5 }]);
    expect(store.get()).toBe(first);
    store.set((prev) => [...prev, { name: 'Carrelage', price: 40 }]);
    expect(store.get()).not.toBe(first);
    expect(store.get().map((t) => t.name)).toEqual(['Peinture', 'Carrelage']);
  });

  it('reads values written directly by other code (e.g. data imported from the original product)', () => {
    const { key, store } = freshStore();
    localStorage.setItem(key, JSON.stringify([{ name: 'Pose', price: 3 }]));
    expect(store.get()).toEqual([{ name: 'Pose', price: 3 }]);
  });

  it('moves corrupt JSON aside, reports it in French and returns the default', () => {
    jest.spyOn(Date, 'now').mockReturnValue(1700000000000);
    const { issues, stop } = collectIssues();
    const { key, store } = freshStore();
    localStorage.setItem(key, '{not json');
    expect(store.get()).toBe(EMPTY);
    const backupKey = `${key}.corrupt-1700000000000`;
    expect(localStorage.getItem(backupKey)).toBe('{not json');
    expect(localStorage.getItem(key)).toBeNull();
    expect(issues).toEqual([
      {
        key,
        backupKey,
        message: `Des données enregistrées (tâches) étaient illisibles : elles ont été mises de côté sous « ${backupKey} » et la liste repart vide.`,
      },
    ]);
    // Reported once, not at every read.
    store.get();
    expect(issues).toHaveLength(1);
    stop();
    jest.restoreAllMocks();
  });

  it('treats a schema mismatch as corrupt too', () => {
    const { issues, stop } = collectIssues();
    const { key, store } = freshStore();
    const bad = JSON.stringify([{ name: 'Peinture', price: 'douze' }]);
    localStorage.setItem(key, bad);
    expect(store.get()).toEqual([]);
    expect(issues).toHaveLength(1);
    expect(localStorage.getItem(issues[0]!.backupKey)).toBe(bad);
    stop();
  });

  it('keeps working after a corrupt value: the next write succeeds', () => {
    const { key, store } = freshStore();
    localStorage.setItem(key, 'null');
    expect(store.get()).toEqual([]);
    expect(store.set([{ name: 'A', price: 1 }]).ok).toBe(true);
    expect(store.get()).toEqual([{ name: 'A', price: 1 }]);
  });

  it('applies migrate before validating', () => {
    const key = `migrate-${(seq += 1)}`;
    const schema = z.object({ a: z.number(), b: z.number() });
    const store = createStoredValue(
      key,
      schema,
      { a: 0, b: 0 },
      {
        migrate: (raw) => ({ b: 2, ...(raw as object) }),
      },
    );
    localStorage.setItem(key, JSON.stringify({ a: 1 }));
    expect(store.get()).toEqual({ a: 1, b: 2 });
  });

  it('refuses to write a value that does not match the schema', () => {
    const { key, store } = freshStore();
    store.set([{ name: 'A', price: 1 }]);
    const result = store.set([{ name: 'B', price: Number.NaN }] as Items);
    expect(result).toEqual({ ok: false, message: STORAGE_MESSAGES.invalidValue });
    expect(JSON.parse(localStorage.getItem(key)!)).toEqual([{ name: 'A', price: 1 }]);
  });

  describe('failed writes', () => {
    function throwingStorage(error: Error): Storage {
      const data = new Map<string, string>();
      let failing = false;
      const storage = {
        get length() {
          return data.size;
        },
        key: (i: number) => [...data.keys()][i] ?? null,
        getItem: (k: string) => data.get(k) ?? null,
        setItem: (k: string, v: string) => {
          if (failing) throw error;
          data.set(k, v);
        },
        removeItem: (k: string) => void data.delete(k),
        clear: () => data.clear(),
        fail: () => {
          failing = true;
        },
      };
      return storage as unknown as Storage;
    }

    it('a full storage (QuotaExceededError) keeps the previous value and says so in French', () => {
      const storage = throwingStorage(new DOMException('full', 'QuotaExceededError'));
      const store = createStoredValue('tasks', itemSchema, EMPTY, { storage: () => storage });
      store.set([{ name: 'A', price: 1 }]);
      const seen: Items[] = [];
      store.subscribe((v) => seen.push(v));
      (storage as unknown as { fail(): void }).fail();
      const result = store.set((prev) => [...prev, { name: 'B', price: 2 }]);
      expect(result).toEqual({
        ok: false,
        message: "Espace de stockage du navigateur plein : la modification n'a pas été enregistrée.",
      });
      expect(store.get()).toEqual([{ name: 'A', price: 1 }]);
      expect(storage.getItem('tasks')).toBe(JSON.stringify([{ name: 'A', price: 1 }]));
      expect(seen).toEqual([]);
    });

    it('a blocked storage (SecurityError) gives its own message', () => {
      const storage = throwingStorage(new DOMException('denied', 'SecurityError'));
      const store = createStoredValue('tasks', itemSchema, EMPTY, { storage: () => storage });
      (storage as unknown as { fail(): void }).fail();
      expect(store.set([])).toEqual({ ok: false, message: STORAGE_MESSAGES.storageUnavailable });
    });

    it('no storage at all: reads give the default, writes fail cleanly', () => {
      const store = createStoredValue('tasks', itemSchema, EMPTY, { storage: () => null });
      expect(store.get()).toBe(EMPTY);
      expect(store.set([{ name: 'A', price: 1 }])).toEqual({ ok: false, message: STORAGE_MESSAGES.storageUnavailable });
    });

    it('a corrupt value that cannot be moved aside (storage full) is left in place and reported', () => {
      const { issues, stop } = collectIssues();
      const storage = throwingStorage(new DOMException('full', 'QuotaExceededError'));
      storage.setItem('tasks', '{oops');
      (storage as unknown as { fail(): void }).fail();
      const store = createStoredValue('tasks', itemSchema, EMPTY, {
        storage: () => storage,
        label: 'tâches',
        resetText: 'la liste repart vide',
      });
      expect(store.get()).toBe(EMPTY);
      expect(storage.getItem('tasks')).toBe('{oops');
      expect(issues).toHaveLength(1);
      expect(issues[0]!.message).toContain("n'ont pas pu être mises de côté");
      store.get();
      expect(issues).toHaveLength(1);
      stop();
    });
  });

  describe('notifications', () => {
    it('notifies same-tab subscribers immediately and stops after unsubscribe', () => {
      const { store } = freshStore();
      const seen: Items[] = [];
      const unsubscribe = store.subscribe((v) => seen.push(v));
      store.set([{ name: 'A', price: 1 }]);
      expect(seen).toEqual([[{ name: 'A', price: 1 }]]);
      unsubscribe();
      store.set([]);
      expect(seen).toHaveLength(1);
    });

    it('observe() emits the current value first, then changes', () => {
      const { store } = freshStore();
      store.set([{ name: 'A', price: 1 }]);
      const seen: Items[] = [];
      const sub = store.observe().subscribe((v) => seen.push(v));
      store.set([]);
      sub.unsubscribe();
      expect(seen).toEqual([[{ name: 'A', price: 1 }], []]);
    });

    it('picks up other tabs’ writes through the storage event', () => {
      const { key, store } = freshStore();
      const seen: Items[] = [];
      const unsubscribe = store.subscribe((v) => seen.push(v));
      // The other tab wrote to the shared localStorage, then the browser fires `storage` here.
      const newValue = JSON.stringify([{ name: 'Autre onglet', price: 5 }]);
      localStorage.setItem(key, newValue);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
      expect(seen).toEqual([[{ name: 'Autre onglet', price: 5 }]]);
      expect(store.get()).toEqual([{ name: 'Autre onglet', price: 5 }]);
      // Events for other keys are ignored.
      window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '1', storageArea: localStorage }));
      expect(seen).toHaveLength(1);
      // clear() in the other tab (key null) resets to the default.
      localStorage.clear();
      window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }));
      expect(seen).toEqual([[{ name: 'Autre onglet', price: 5 }], []]);
      unsubscribe();
    });

    it('a corrupt value written by another tab is set aside and subscribers get the default', () => {
      const { issues, stop } = collectIssues();
      const { key, store } = freshStore();
      store.set([{ name: 'A', price: 1 }]);
      const seen: Items[] = [];
      const unsubscribe = store.subscribe((v) => seen.push(v));
      localStorage.setItem(key, '[{');
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: '[{', storageArea: localStorage }));
      expect(seen).toEqual([EMPTY]);
      expect(issues).toHaveLength(1);
      unsubscribe();
      stop();
    });
  });
});
