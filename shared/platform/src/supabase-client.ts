// THE Supabase client of the page, created from the runtime configuration. It is loaded on demand: a signed-out
// visitor on /auth does not download it until they submit a form; and it is auth-js + postgrest-js (~33 KB gzip),
// the rest of supabase-js (~57 KB in all) coming only when a page uses storage or functions (light-client.ts).
import type { SupabaseClient } from '@supabase/supabase-js';

import { getRuntimeConfig } from './config';
import { platformState } from './platform-state';
import { nextTask } from './next-task';

/** localStorage key of the persisted session (removed when the session is invalid). */
export const AUTH_STORAGE_KEY = 'atelier.auth.session';

/** Loads supabase-js once and creates the page's client. */
export function loadSupabase(): Promise<SupabaseClient> {
  if (platformState.client) return Promise.resolve(platformState.client);
  // auth-js + postgrest-js only; storage and functions load the rest of supabase-js on first use (light-client.ts).
  platformState.clientPromise ??= import('./light-client').then(async ({ createLightClient }) => {
    // The client is made in a task of its own, not in the one that evaluated auth-js (issue 14, TBT).
    await nextTask();
    if (!platformState.client) {
      const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
      platformState.client = createLightClient(supabaseUrl, supabaseAnonKey, { storageKey: AUTH_STORAGE_KEY });
    }
    return platformState.client;
  });
  return platformState.clientPromise;
}

/**
 * The page's client, synchronously. It exists as soon as a session exists (initAuth loads it whenever a
 * session is stored, signIn/signUp load it before calling the server): pages behind the auth guard can
 * rely on it. Elsewhere, prefer `await loadSupabase()`.
 */
export function getSupabase(): SupabaseClient {
  if (!platformState.client) {
    throw new Error('The Supabase client is not loaded yet: await loadSupabase() (or initAuth()) first.');
  }
  return platformState.client;
}

export function isSupabaseLoaded(): boolean {
  return platformState.client !== null;
}

/** Whether supabase-js left a session in storage (checked without loading supabase-js). */
export function hasStoredSession(): boolean {
  try {
    return !!globalThis.localStorage?.getItem(AUTH_STORAGE_KEY);
  } catch {
    return false;
  }
}

/** Tests: inject a mocked client (or null to recreate it from the configuration). */
export function setSupabaseClient(client: SupabaseClient | null): void {
  platformState.client = client;
  platformState.clientPromise = null;
}
