// The account's export and deletion calls (Edge Functions account-export and delete-account). The ZIP is read with
// fetch and the session's token: supabase-js's functions.invoke would read an application/zip answer as text.
import { getRuntimeConfig, loadSupabase, signOut } from '@atelier/platform';
import { stopSync } from '@atelier/storage';
import { saveFile } from '@atelier/ui';

import { archiveMissingPdfs, type ArchiveSupabase } from './archive-missing';
import { CLOSING_MESSAGES as M } from './messages';

/** A refusal or failure with the French message to show. */
export class ClosingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClosingError';
  }
}

async function accessToken(): Promise<string> {
  const { data } = await (await loadSupabase()).auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new ClosingError(M.sessionExpired);
  return token;
}

function fileNameOf(disposition: string | null): string {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? 'atelier-export.zip';
}

/** Downloads the ZIP of all the user's data; resolves with its file name. */
export async function downloadAllData(): Promise<string> {
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const token = await accessToken();
  // Issued documents never archived get their Factur-X PDF now (drawn here, as /clients does), so the ZIP has it.
  await archiveMissingPdfs((await loadSupabase()) as unknown as ArchiveSupabase).catch(() => undefined);
  let res: Response;
  try {
    res = await fetch(`${supabaseUrl.replace(/\/+$/, '')}/functions/v1/account-export`, {
      method: 'POST',
      headers: { apikey: supabaseAnonKey, Authorization: `Bearer ${token}` },
    });
  } catch {
    throw new ClosingError(M.downloadFailed);
  }
  if (res.status === 429) throw new ClosingError(M.tooMany);
  if (res.status === 401) throw new ClosingError(M.sessionExpired);
  if (!res.ok) throw new ClosingError(M.downloadFailed);
  let blob: Blob;
  try {
    blob = await res.blob();
  } catch {
    throw new ClosingError(M.downloadFailed);
  }
  const fileName = fileNameOf(res.headers.get('content-disposition'));
  saveFile(fileName, new Blob([blob], { type: 'application/zip' }));
  return fileName;
}

/**
 * This device's copy of the deleted account: the sync engine stops, its IndexedDB database (`atelier-sync-<id>`,
 * @atelier/storage's idbKeyValue) and the per-user localStorage keys (`<key>.<id>`) are removed. Best effort.
 */
function forgetLocalCopy(userId: string): void {
  stopSync();
  try {
    globalThis.indexedDB?.deleteDatabase(`atelier-sync-${userId}`);
  } catch {
    // no IndexedDB here
  }
  try {
    const storage = globalThis.localStorage;
    const keys = Array.from({ length: storage?.length ?? 0 }, (_, i) => storage!.key(i) ?? '');
    for (const key of keys) if (key.endsWith(`.${userId}`)) storage!.removeItem(key);
  } catch {
    // storage unavailable
  }
}

/** Deletes the account (the typed e-mail is checked by the server), then forgets it on this device. */
export async function deleteMyAccount(email: string): Promise<void> {
  const supabase = await loadSupabase();
  const userId = (await supabase.auth.getSession()).data.session?.user.id ?? null;
  const { error } = await supabase.functions.invoke('delete-account', { body: { email } });
  if (error) {
    // FunctionsHttpError carries the function's Response; a fetch error (offline) carries no status.
    const context = (error as { context?: { status?: unknown; json?: unknown } }).context;
    if (!context || typeof context.status !== 'number' || typeof context.json !== 'function') {
      throw new ClosingError(M.offline);
    }
    const status = context.status;
    let body: { error?: unknown; code?: unknown } = {};
    try {
      body = (await (context.json as () => Promise<unknown>)()) as typeof body;
    } catch {
      // not JSON
    }
    if (body.code === 'email_mismatch') throw new ClosingError(M.mismatch);
    if (status === 401) throw new ClosingError(M.sessionExpired);
    const known = typeof body.error === 'string' && (status < 500 || body.code === 'provider');
    throw new ClosingError(known ? (body.error as string) : M.failed);
  }
  // Every session is gone on the server: this device forgets its own (a dead-session answer is expected).
  if (userId) forgetLocalCopy(userId);
  await signOut().catch(() => undefined);
}
