// THE supabase-js client of the page, created from the runtime configuration.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { getRuntimeConfig } from './config';
import { platformState } from './platform-state';

/** localStorage key of the persisted session (removed when the session is invalid). */
export const AUTH_STORAGE_KEY = 'atelier.auth.session';

export function getSupabase(): SupabaseClient {
  if (!platformState.client) {
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    platformState.client = createClient(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: false, storageKey: AUTH_STORAGE_KEY },
    });
  }
  return platformState.client;
}

/** Tests: inject a mocked client (or null to recreate it from the configuration). */
export function setSupabaseClient(client: SupabaseClient | null): void {
  platformState.client = client;
}
