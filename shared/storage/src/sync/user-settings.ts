// The settings kept per user on the server (task catalogue, company details, customisation: public.user_settings,
// one JSON row per key) behind the unchanged StoredValue API (get() synchronous, set(updater), observe(),
// useStoredValue), so /tasks, /customize, /company and the recognition panels need no change.
//
// - Reads are immediate from a per-user local copy (localStorage `<key>.<user id>`), validated as before: a
//   corrupt value is set aside under a backup key and reported, never dropped.
// - Every local write is also queued in the sync engine (`user_settings` row, id = key): pushed when online, last
//   write wins by updated_at; a newer row pulled from the server (another device) replaces the local copy.
// - Signed out: an empty in-memory value (nothing of the previous account is readable); before any activation
//   (unit tests, pages without an account) the spec's plain key is used, as before.
// - The spec's un-namespaced keys (`tasks`, `companyInfo`, `quoteCustomization`) found at activation are imported
//   into the signed-in account (see importLegacySettings) and moved aside.
import { Observable } from 'rxjs';
import type { ValueSchema } from '../stored-value';

import {
  browserLocalStorage,
  createMemoryStorage,
  createStoredValue,
  storageIssues$,
  type StoredValue,
  type StoredValueOptions,
  type WriteResult,
} from '../stored-value';
import { STORAGE_MESSAGES } from '../messages';
import { sameJson } from './same-json';
import type { SyncEngine, SyncRow } from './sync-engine';

type Mode = { kind: 'legacy' } | { kind: 'locked' } | { kind: 'user'; userId: string; engine: SyncEngine };

interface Binding {
  key: string;
  /** Switches the local copy to the mode's. */
  rebind(mode: Mode): void;
  /** The server row changed: apply it locally if newer than what was last seen. */
  applyRow(row: SyncRow | undefined): void;
  /** After a sync: push a local copy the server does not have yet. */
  pushIfMissing(): Promise<void>;
  /** The legacy plain key's value, validated (null when absent or unreadable). */
  readLegacy(): { raw: string; value: unknown } | null;
  /** Whether the per-user local copy exists. */
  hasLocal(): boolean;
  /** Writes a value locally and queues it for the server. */
  setValue(value: unknown): WriteResult;
  /** Writes a value locally only (shown at once; the server is told later). */
  setValueLocalOnly(value: unknown): void;
  current(): unknown;
}

const HOLDER = Symbol.for('atelier.storage.user-settings.v1');
type Registry = { bindings: Map<string, Binding>; mode: Mode; stop: (() => void) | null; syncTimer: unknown };
const registry: Registry = ((globalThis as unknown as Record<symbol, Registry>)[HOLDER] ??= {
  bindings: new Map(),
  mode: { kind: 'legacy' },
  stop: null,
  syncTimer: null,
});

export { canonicalJson } from './same-json';

export function userSettingKey(key: string, userId: string): string {
  return `${key}.${userId}`;
}

function stampKey(userId: string): string {
  return `atelier.settingsSeen.${userId}`;
}

function readStamps(userId: string): Record<string, string> {
  try {
    return JSON.parse(browserLocalStorage()?.getItem(stampKey(userId)) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

function writeStamp(userId: string, key: string, updatedAt: string): void {
  try {
    browserLocalStorage()?.setItem(stampKey(userId), JSON.stringify({ ...readStamps(userId), [key]: updatedAt }));
  } catch {
    /* storage full: the row is applied again next time, harmless */
  }
}

function scheduleSync(engine: SyncEngine): void {
  if (registry.syncTimer) clearTimeout(registry.syncTimer as ReturnType<typeof setTimeout>);
  registry.syncTimer = setTimeout(() => {
    registry.syncTimer = null;
    void engine.sync();
  }, 800);
}

/**
 * A StoredValue kept per user and on the server once activateUserSettings() ran (see the file comment). Same
 * options as createStoredValue.
 */
export function createUserStoredValue<T>(
  key: string,
  schema: ValueSchema<T>,
  defaultValue: T,
  options: StoredValueOptions = {},
): StoredValue<T> {
  const legacy = createStoredValue<T>(key, schema, defaultValue, options);
  let inner: StoredValue<T> = legacy;
  let mode: Mode = registry.mode;
  const listeners = new Set<(value: T) => void>();
  let innerUnsubscribe: (() => void) | null = null;
  let lastNotified: T | undefined;

  function notify(): void {
    const value = inner.get();
    if (value === lastNotified) return;
    lastNotified = value;
    for (const listener of [...listeners]) listener(value);
  }

  function attach(): void {
    innerUnsubscribe?.();
    innerUnsubscribe = listeners.size ? inner.subscribe(() => notify()) : null;
  }

  function storeFor(next: Mode): StoredValue<T> {
    if (next.kind === 'legacy') return legacy;
    if (next.kind === 'locked') {
      const memory = createMemoryStorage();
      return createStoredValue<T>(key, schema, defaultValue, { ...options, storage: () => memory });
    }
    return createStoredValue<T>(userSettingKey(key, next.userId), schema, defaultValue, { ...options, issueKey: key });
  }

  function parseServerValue(value: unknown): { ok: true; value: T } | { ok: false } {
    const result = schema.safeParse(options.migrate ? options.migrate(value) : value);
    return result.success ? { ok: true, value: result.data } : { ok: false };
  }

  // Local writes not yet recorded by the engine (its row is older than the local copy until then).
  let writesInFlight = 0;

  // The last local value and server value found equal: applyRow runs after the engine's load and after every sync,
  // and a 5 000-task catalogue is not walked again while neither side changed.
  let agreed: { local: T; server: unknown } | null = null;
  function agrees(local: T, server: unknown): boolean {
    if (agreed && agreed.local === local && agreed.server === server) return true;
    const same = sameJson(local, server);
    agreed = same ? { local, server } : null;
    return same;
  }

  function pushToEngine(value: T): void {
    if (mode.kind !== 'user') return;
    const { engine, userId } = mode;
    writesInFlight += 1;
    void engine.write('user_settings', { id: key, value }).then(
      (row) => {
        writesInFlight -= 1;
        writeStamp(userId, key, row.updated_at);
        scheduleSync(engine);
      },
      () => {
        writesInFlight -= 1;
        /* the local copy is kept; pushIfMissing() retries after the next sync */
      },
    );
  }

  const binding: Binding = {
    key,
    rebind(next) {
      mode = next;
      inner = storeFor(next);
      attach();
      notify();
    },
    applyRow(row) {
      if (mode.kind !== 'user' || !row) return;
      const { userId } = mode;
      if (readStamps(userId)[key] === row.updated_at) {
        // The row last seen, but a local copy that differs: a local write the engine never recorded (the page was
        // closed right after it). It is the newer one: it is queued now instead of being left unsent.
        if (writesInFlight === 0 && binding.hasLocal() && !agrees(inner.get(), row.value)) {
          pushToEngine(inner.get());
        }
        return;
      }
      const local = inner.get();
      if (agrees(local, row.value)) {
        writeStamp(userId, key, row.updated_at);
        return;
      }
      const parsed = parseServerValue(row.value);
      if (!parsed.ok) {
        // Never dropped: the server's unreadable value is kept aside, the local copy stays.
        const backupKey = `${userSettingKey(key, userId)}.corrupt-${Date.now()}`;
        let message = STORAGE_MESSAGES.corruptValueNotMoved(options.label ?? key, 'la valeur locale est conservée');
        try {
          browserLocalStorage()?.setItem(backupKey, JSON.stringify(row.value));
          message = STORAGE_MESSAGES.corruptValue(options.label ?? key, backupKey, 'la valeur locale est conservée');
        } catch {
          /* storage full */
        }
        storageIssues$.next({ key, backupKey, message });
        writeStamp(userId, key, row.updated_at);
        return;
      }
      if (inner.set(parsed.value).ok) writeStamp(userId, key, row.updated_at);
    },
    async pushIfMissing() {
      if (mode.kind !== 'user') return;
      const { engine } = mode;
      if (engine.row('user_settings', key) || !binding.hasLocal()) return;
      pushToEngine(inner.get());
    },
    readLegacy() {
      const storage = browserLocalStorage();
      const raw = storage?.getItem(key) ?? null;
      if (raw === null) return null;
      try {
        const parsed = parseServerValue(JSON.parse(raw));
        return parsed.ok ? { raw, value: parsed.value } : null;
      } catch {
        return null;
      }
    },
    hasLocal() {
      if (mode.kind !== 'user') return false;
      try {
        return browserLocalStorage()?.getItem(userSettingKey(key, mode.userId)) != null;
      } catch {
        return false;
      }
    },
    setValue(value) {
      return set(value as T);
    },
    setValueLocalOnly(value) {
      inner.set(value as T);
    },
    current: () => inner.get(),
  };
  registry.bindings.set(key, binding);
  if (mode.kind !== 'legacy') binding.rebind(mode);

  function set(next: T | ((prev: T) => T)): WriteResult {
    const result = inner.set(next);
    if (result.ok) pushToEngine(inner.get());
    return result;
  }

  function subscribe(listener: (value: T) => void): () => void {
    if (listeners.size === 0) {
      lastNotified = inner.get();
      listeners.add(listener);
      attach();
    } else {
      listeners.add(listener);
    }
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) attach();
    };
  }

  return {
    key,
    get: () => inner.get(),
    snapshot: () => inner.snapshot(),
    set,
    observe: () =>
      new Observable<T>((subscriber) => {
        subscriber.next(inner.get());
        return subscribe((value) => subscriber.next(value));
      }),
    subscribe,
  };
}

function rebindAll(mode: Mode): void {
  registry.mode = mode;
  for (const binding of registry.bindings.values()) binding.rebind(mode);
}

export interface LegacySettingsImport {
  /** Keys whose legacy value was imported into the account. */
  imported: string[];
}

/** How a legacy value joins the account's: tasks are merged by name (the account's win), others kept if absent. */
function mergeLegacy(key: string, accountValue: unknown, legacyValue: unknown, hasAccountValue: boolean): unknown {
  if (!hasAccountValue) return legacyValue;
  if (key === 'tasks' && Array.isArray(accountValue) && Array.isArray(legacyValue)) {
    const names = new Set(accountValue.map((t) => String((t as { name?: unknown }).name ?? '').toLowerCase()));
    const extra = legacyValue.filter((t) => !names.has(String((t as { name?: unknown }).name ?? '').toLowerCase()));
    return extra.length ? [...accountValue, ...extra] : accountValue;
  }
  return accountValue;
}

function moveAside(key: string, raw: string, userId: string): void {
  const storage = browserLocalStorage();
  if (!storage) return;
  try {
    let aside = `${key}.imported-${userId}`;
    const existing = storage.getItem(aside);
    if (existing !== null && existing !== raw) aside = `${aside}-${Date.now()}`;
    storage.setItem(aside, raw);
    storage.removeItem(key);
  } catch {
    /* storage full: the legacy key stays; imported again (merged, no duplicate) next time */
  }
}

/**
 * Activates the settings of `userId` (sign-in): per-user local copies, kept in sync with the engine's
 * user_settings rows. Legacy plain keys are shown at once when the account has nothing locally, and merged into
 * the account after the first sync (the server's values win; tasks are merged by name), then moved aside.
 * Returns the stop function (sign-out).
 */
export function activateUserSettings(
  userId: string,
  engine: SyncEngine,
  onLegacyImported?: (result: LegacySettingsImport) => void,
): () => void {
  registry.stop?.();
  rebindAll({ kind: 'user', userId, engine });
  const legacy = new Map<string, { raw: string; value: unknown }>();
  for (const binding of registry.bindings.values()) {
    const found = binding.readLegacy();
    if (!found) continue;
    legacy.set(binding.key, found);
    // Shown at once (first sign-in with local data): nothing of the account is known locally yet.
    if (!binding.hasLocal()) binding.setValueLocalOnly(found.value);
  }
  let firstSyncDone = false;
  let sawSyncing = false;
  const applyAll = () => {
    for (const binding of registry.bindings.values()) binding.applyRow(engine.row('user_settings', binding.key));
  };
  const changes = engine.changes$().subscribe(applyAll);
  const status = engine.status$().subscribe((s) => {
    if (s.syncing) sawSyncing = true;
    if (firstSyncDone || !sawSyncing || s.syncing || s.error) return;
    firstSyncDone = true;
    const imported: string[] = [];
    for (const binding of registry.bindings.values()) {
      const found = legacy.get(binding.key);
      if (found) {
        const row = engine.row('user_settings', binding.key);
        const merged = mergeLegacy(binding.key, row ? binding.current() : undefined, found.value, !!row);
        if (!row || !sameJson(merged, binding.current())) {
          binding.setValue(merged);
          imported.push(binding.key);
        }
        moveAside(binding.key, found.raw, userId);
      } else {
        void binding.pushIfMissing();
      }
    }
    onLegacyImported?.({ imported });
  });
  void engine.load().then(applyAll);
  const stop = () => {
    changes.unsubscribe();
    status.unsubscribe();
    if (registry.stop === stop) registry.stop = null;
  };
  registry.stop = stop;
  return stop;
}

/** Sign-out: the settings read as empty defaults until the next sign-in (nothing of the account stays readable). */
export function lockUserSettings(): void {
  registry.stop?.();
  rebindAll({ kind: 'locked' });
}

/** Tests: back to the spec's plain keys. */
export function resetUserSettingsForTests(): void {
  registry.stop?.();
  rebindAll({ kind: 'legacy' });
}
