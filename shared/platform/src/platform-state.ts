// Page-wide state of the platform package. Module Federation loads this package once per page; the
// global symbol keeps a single instance even if a second copy were ever loaded (standalone remote, drift).
import type { SupabaseClient } from '@supabase/supabase-js';

import type { RuntimeConfig } from './config';

export interface PlatformState {
  config: RuntimeConfig | null;
  configPromise: Promise<RuntimeConfig> | null;
  client: SupabaseClient | null;
  clientPromise: Promise<SupabaseClient> | null;
}

const KEY = Symbol.for('atelier.platform.v1');
type GlobalWithPlatform = typeof globalThis & { [KEY]?: PlatformState };

export const platformState: PlatformState = ((globalThis as GlobalWithPlatform)[KEY] ??= {
  config: null,
  configPromise: null,
  client: null,
  clientPromise: null,
});
