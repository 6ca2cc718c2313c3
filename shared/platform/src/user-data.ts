// Everything the signed-in artisan owns, per user and server-synced (issue 8): on sign-in the user's sync engine
// starts (client book, documents, settings in IndexedDB per user id, pushed/pulled with the server), the settings
// stores switch to the user's copy and the data left in this browser by the spec's plain localStorage keys is
// imported into the account once; on sign-out syncing stops and the settings read as empty (nothing of one
// account is readable by the next one on the same browser).
import type { LegacyImportCounts } from '@atelier/storage';
import type { Observable } from 'rxjs';

import { authState$, type AuthState } from './auth/auth-service';
import { StateCell } from './state-stream';
import { getSupabase, hasStoredSession } from './supabase-client';

type Storage = typeof import('@atelier/storage');

/**
 * @atelier/storage (sync engine, IndexedDB, settings stores) is loaded only once someone is signed in: the sign-in
 * page stays light (issue 14). Loaded through the shared module, so every remote gets the same instance.
 */
let storageModule: Promise<Storage> | null = null;
function loadStorage(): Promise<Storage> {
  return (storageModule ??= import('@atelier/storage'));
}

export interface UserDataNotice {
  tone: 'info' | 'warning' | 'error';
  text: string;
}

// A StateCell, not an rxjs BehaviorSubject: a static rxjs import would put the whole shared rxjs (~18 KB gzip) on
// the signed-out /auth cold load (issue 14).
const NOTICE_KEY = Symbol.for('atelier.platform.user-data.v2');
type Runtime = { started: boolean; notice: StateCell<UserDataNotice | null>; userId: string | null };
const runtime = ((globalThis as unknown as Record<symbol, Runtime>)[NOTICE_KEY] ??= {
  started: false,
  notice: new StateCell<UserDataNotice | null>(null),
  userId: null,
});

/** What the import of this browser's data told the user (null: nothing to say). */
export const userDataNotice$: Observable<UserDataNotice | null> = runtime.notice.stream;

export function dismissUserDataNotice(): void {
  runtime.notice.next(null);
}

/** Archives a legacy PDF in the private `documents` bucket under the user's folder. */
async function uploadLegacyPdf(userId: string, rowId: string, fileName: string, bytes: Uint8Array) {
  const path = `${userId}/legacy/${rowId}-${fileName}`;
  const { error } = await getSupabase()
    .storage.from('documents')
    .upload(path, new Blob([bytes as BlobPart], { type: 'application/pdf' }), {
      contentType: 'application/pdf',
      upsert: true,
    });
  return error ? null : path;
}

function activate(storage: Storage, userId: string): void {
  const { STORAGE_MESSAGES, activateUserSettings, documentFiles, importLegacyClientBook } = storage;
  const engine = storage.userSyncEngine(userId, getSupabase);
  let settings: string[] | null = null;
  let book: LegacyImportCounts | null | undefined;
  const tell = () => {
    // One message once both imports answered, only when something was imported.
    if (settings === null || book === undefined || runtime.userId !== userId) return;
    const errors = book?.errors ?? [];
    const nothing = !book || book.clients + book.quotes + book.invoices + book.skipped + errors.length === 0;
    if (!settings.length && nothing) return;
    const counts = { clients: book?.clients ?? 0, quotes: book?.quotes ?? 0, invoices: book?.invoices ?? 0 };
    const names = settings.map((key) => STORAGE_MESSAGES.legacySettingNames[key] ?? key);
    const text = [
      STORAGE_MESSAGES.legacyImported({ ...counts, settings: names }),
      book?.skipped ? STORAGE_MESSAGES.legacyImportSkipped(book.skipped) : '',
      errors.length ? STORAGE_MESSAGES.legacyImportRowErrors(errors) : '',
    ]
      .filter(Boolean)
      .join(' ');
    runtime.notice.next({ tone: book?.skipped || errors.length ? 'warning' : 'info', text });
  };
  activateUserSettings(userId, engine, ({ imported }) => {
    settings = imported;
    tell();
  });
  importLegacyClientBook(engine, {
    rpc: (fn, args) => getSupabase().rpc(fn, args),
    documentFiles,
    uploadPdf: (rowId, fileName, bytes) => uploadLegacyPdf(userId, rowId, fileName, bytes),
  }).then(
    (result) => {
      book = result;
      tell();
    },
    () => {
      book = null;
      if (runtime.userId === userId) runtime.notice.next({ tone: 'error', text: STORAGE_MESSAGES.legacyImportFailed });
    },
  );
}

/** The home page's local checkpoints hold the signed-in user's data: not left to the next account. */
function forgetCheckpoints(storage: Storage): void {
  try {
    const local = globalThis.localStorage;
    for (const key of storage.listCheckpointKeys(local)) local.removeItem(key);
  } catch {
    /* storage unavailable: nothing kept */
  }
}

/** Whether this browser holds checkpoints (a session that ended without a sign-out on this page). */
function mayHoldCheckpoints(): boolean {
  try {
    const local = globalThis.localStorage;
    for (let i = 0; i < local.length; i += 1) if (local.key(i)?.startsWith('checkpoint_')) return true;
  } catch {
    /* storage unavailable */
  }
  return false;
}

/** Follows sign-in / sign-out (called once by the shell at start). */
export function startUserData(): void {
  if (runtime.started) return;
  runtime.started = true;
  // A returning user (a session is stored): @atelier/storage's shared dependencies are requested now, while the
  // session is checked, so each is evaluated in its own task as it arrives (zod's schemas of @atelier/domain take
  // a while) instead of all in the task that evaluates @atelier/storage once the check is done (issue 14, TBT).
  if (hasStoredSession()) {
    void import('@atelier/domain').catch(() => undefined);
    void import('rxjs').catch(() => undefined);
  }
  authState$.subscribe((state: AuthState) => {
    if (state.status === 'loading') return;
    const userId = state.status === 'signed-in' ? (state.user?.id ?? null) : null;
    if (userId === runtime.userId) return;
    runtime.userId = userId;
    runtime.notice.next(null);
    // Signed out on a page that never loaded the user's data: nothing to stop, lock or forget.
    if (!userId && !storageModule && !mayHoldCheckpoints()) return;
    // Requested before the route of the signed-in user renders, so this runs before any remote reads a store.
    void loadStorage().then((storage) => {
      if (runtime.userId !== userId) return;
      if (!userId) {
        storage.stopSync();
        storage.lockUserSettings();
        forgetCheckpoints(storage);
        return;
      }
      // A remote may already have opened this user's engine (same instance): only another user's is stopped.
      if (storage.currentSyncEngine()?.userId !== userId) storage.stopSync();
      activate(storage, userId);
    });
  });
}
