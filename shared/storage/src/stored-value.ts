// One generic localStorage-backed store: validated reads, safe writes, same-tab and cross-tab notifications.
import { Observable, ReplaySubject } from 'rxjs';

import { STORAGE_MESSAGES } from './messages';

/**
 * What a store needs of a schema: zod's `safeParse` (classic or zod/mini schemas both fit; the app's schemas are
 * zod/mini so the first load carries only the validators used, issue 14).
 */
export interface ValueSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

export type WriteResult = { ok: true } | { ok: false; message: string };

export interface StorageIssue {
  key: string;
  backupKey: string;
  message: string;
}

export interface StoredValue<T> {
  readonly key: string;
  /** Current value, read and validated from storage; the same reference as long as the stored JSON has not changed. */
  get(): T;
  /**
   * The last value read or written, without touching storage (reads once if nothing is cached). Kept fresh by
   * set(), other tabs' `storage` events and get(); cheap enough to call on every render.
   */
  snapshot(): T;
  /** Writes the value; on failure (quota, storage disabled) the previous value stays. */
  set(next: T | ((prev: T) => T)): WriteResult;
  /** Current value, then every change (same tab immediately, other tabs through the `storage` event). */
  observe(): Observable<T>;
  /** Called with each new value; returns the unsubscribe function. */
  subscribe(listener: (value: T) => void): () => void;
}

export interface StoredValueOptions {
  /** What the data is, in French, for messages: « tâches », « clients »… */
  label?: string;
  /** What happens after a corrupt value is set aside: « la liste repart vide »… */
  resetText?: string;
  /** Upgrades a parsed legacy value before validation (e.g. fills missing fields from defaults). */
  migrate?: (raw: unknown) => unknown;
  /** The Storage to use; defaults to window.localStorage (resolved lazily, it may throw SecurityError). */
  storage?: () => Storage | null;
  /** The key issues are reported under (a per-user copy reports under its logical key: « tasks »). */
  issueKey?: string;
}

const ISSUES_KEY = Symbol.for('atelier.storage.issues.v1');
type GlobalWithIssues = typeof globalThis & { [ISSUES_KEY]?: ReplaySubject<StorageIssue> };

/**
 * Corrupt values moved aside. Replays the recent ones: a value is often read (and found corrupt) before the
 * component that reports issues has subscribed.
 */
export const storageIssues$: ReplaySubject<StorageIssue> = ((globalThis as GlobalWithIssues)[ISSUES_KEY] ??=
  new ReplaySubject<StorageIssue>(20));

export function browserLocalStorage(): Storage | null {
  try {
    return typeof window !== 'undefined' && window.localStorage ? window.localStorage : null;
  } catch {
    // Access itself throws SecurityError when the browser blocks site data.
    return null;
  }
}

function writeErrorMessage(error: unknown): string {
  const name =
    error instanceof Error || (typeof DOMException !== 'undefined' && error instanceof DOMException)
      ? (error as Error).name
      : '';
  const code = (error as { code?: number } | null)?.code;
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || code === 1014) {
    return STORAGE_MESSAGES.quotaExceeded;
  }
  if (name === 'SecurityError') return STORAGE_MESSAGES.storageUnavailable;
  return STORAGE_MESSAGES.writeFailed;
}

export function createStoredValue<T>(
  key: string,
  schema: ValueSchema<T>,
  defaultValue: T,
  options: StoredValueOptions = {},
): StoredValue<T> {
  const label = options.label ?? key;
  const resetText = options.resetText ?? 'les valeurs par défaut sont rétablies';
  const getStorage = options.storage ?? browserLocalStorage;

  // Snapshot cache: `raw` is the JSON it was parsed from (undefined = nothing cached yet).
  let cachedRaw: string | null | undefined;
  let cachedValue: T = defaultValue;
  const listeners = new Set<(value: T) => void>();
  let lastNotified: T | undefined;

  function setAside(storage: Storage, raw: string): void {
    const backupKey = `${key}.corrupt-${Date.now()}`;
    let message: string;
    try {
      storage.setItem(backupKey, raw);
      storage.removeItem(key);
      message = STORAGE_MESSAGES.corruptValue(label, backupKey, resetText);
    } catch {
      // Could not copy it (storage full): leave it where it is rather than lose it.
      message = STORAGE_MESSAGES.corruptValueNotMoved(label, resetText);
    }
    storageIssues$.next({ key: options.issueKey ?? key, backupKey, message });
  }

  function parse(raw: string): { ok: true; value: T } | { ok: false } {
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false };
    }
    const result = schema.safeParse(options.migrate ? options.migrate(json) : json);
    return result.success ? { ok: true, value: result.data } : { ok: false };
  }

  function get(): T {
    const storage = getStorage();
    if (!storage) return defaultValue;
    let raw: string | null;
    try {
      raw = storage.getItem(key);
    } catch {
      return defaultValue;
    }
    if (raw === cachedRaw) return cachedValue;
    if (raw === null) {
      cachedRaw = null;
      cachedValue = defaultValue;
      return cachedValue;
    }
    const parsed = parse(raw);
    if (parsed.ok) {
      cachedRaw = raw;
      cachedValue = parsed.value;
      return cachedValue;
    }
    setAside(storage, raw);
    // If it could not be moved aside the raw value is still there: remember it so we don't report it again.
    let rawAfter: string | null = null;
    try {
      rawAfter = storage.getItem(key);
    } catch {
      /* ignore */
    }
    cachedRaw = rawAfter;
    cachedValue = defaultValue;
    return cachedValue;
  }

  function snapshot(): T {
    return cachedRaw === undefined ? get() : cachedValue;
  }

  function notify(): void {
    const value = get();
    if (value === lastNotified) return;
    lastNotified = value;
    for (const listener of [...listeners]) listener(value);
  }

  function set(next: T | ((prev: T) => T)): WriteResult {
    const prev = get();
    const value = typeof next === 'function' ? (next as (p: T) => T)(prev) : next;
    const storage = getStorage();
    if (!storage) return { ok: false, message: STORAGE_MESSAGES.storageUnavailable };
    const checked = schema.safeParse(value);
    if (!checked.success) return { ok: false, message: STORAGE_MESSAGES.invalidValue };
    let raw: string;
    try {
      raw = JSON.stringify(checked.data);
      storage.setItem(key, raw);
    } catch (error) {
      return { ok: false, message: writeErrorMessage(error) };
    }
    cachedRaw = raw;
    cachedValue = checked.data;
    notify();
    return { ok: true };
  }

  function onStorageEvent(event: StorageEvent): void {
    // key === null: the other tab called clear().
    if (event.key !== null && event.key !== key) return;
    const storage = getStorage();
    if (event.storageArea && storage && event.storageArea !== storage) return;
    notify();
  }

  function subscribe(listener: (value: T) => void): () => void {
    if (listeners.size === 0) {
      lastNotified = get();
      if (typeof window !== 'undefined') window.addEventListener('storage', onStorageEvent);
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && typeof window !== 'undefined') {
        window.removeEventListener('storage', onStorageEvent);
      }
    };
  }

  function observe(): Observable<T> {
    return new Observable<T>((subscriber) => {
      subscriber.next(get());
      return subscribe((value) => subscriber.next(value));
    });
  }

  return { key, get, snapshot, set, observe, subscribe };
}

/** An in-memory Storage (tests, benchmarks, or a page where localStorage is blocked). */
export function createMemoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
    clear: () => data.clear(),
  };
}
