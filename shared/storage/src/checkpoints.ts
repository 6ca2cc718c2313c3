// Periodic snapshots of everything local (SPEC.md §3 « Checkpoint », §9: 1 s after home loads, 3 newest kept).
import { CHECKPOINT_VERSION, MAX_CHECKPOINTS, type Checkpoint } from '@atelier/domain';

import { STORAGE_MESSAGES } from './messages';
import {
  STORAGE_KEYS,
  clientsStore,
  companyInfoStore,
  customizationStore,
  tasksStore,
  voiceStateStore,
} from './stores';
import { browserLocalStorage, type WriteResult } from './stored-value';

export const CHECKPOINT_PREFIX = 'checkpoint_';

/** Checkpoint keys, newest first. */
export function listCheckpointKeys(storage: Storage | null = browserLocalStorage()): string[] {
  if (!storage) return [];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const k = storage.key(i);
    if (k && k.startsWith(CHECKPOINT_PREFIX) && /^\d+$/.test(k.slice(CHECKPOINT_PREFIX.length))) keys.push(k);
  }
  const ts = (k: string) => Number(k.slice(CHECKPOINT_PREFIX.length));
  return keys.sort((a, b) => ts(b) - ts(a));
}

function prune(storage: Storage, keep: number): void {
  for (const k of listCheckpointKeys(storage).slice(keep)) storage.removeItem(k);
}

function present(storage: Storage, key: string): boolean {
  try {
    return storage.getItem(key) !== null;
  } catch {
    return false;
  }
}

export function buildCheckpoint(now: Date = new Date()): Checkpoint {
  const storage = browserLocalStorage();
  const has = (key: string) => (storage ? present(storage, key) : false);
  return {
    version: CHECKPOINT_VERSION,
    date: now.toISOString(),
    voiceRecognition: has(STORAGE_KEYS.voiceState) ? voiceStateStore.get() : null,
    customization: has(STORAGE_KEYS.customization) ? customizationStore.get() : null,
    clients: clientsStore.get(),
    tasks: tasksStore.get(),
    companyInfo: has(STORAGE_KEYS.companyInfo) ? companyInfoStore.get() : null,
  };
}

/** Saves `checkpoint_<ts>` and keeps only the 3 newest. When storage is full, older checkpoints go first. */
export function saveCheckpoint(now: Date = new Date()): WriteResult {
  const storage = browserLocalStorage();
  if (!storage) return { ok: false, message: STORAGE_MESSAGES.storageUnavailable };
  const checkpoint = buildCheckpoint(now);
  const key = `${CHECKPOINT_PREFIX}${now.getTime()}`;
  const raw = JSON.stringify(checkpoint);
  try {
    storage.setItem(key, raw);
  } catch {
    try {
      prune(storage, MAX_CHECKPOINTS - 1);
      storage.setItem(key, raw);
    } catch {
      return { ok: false, message: STORAGE_MESSAGES.quotaExceeded };
    }
  }
  prune(storage, MAX_CHECKPOINTS);
  return { ok: true };
}
