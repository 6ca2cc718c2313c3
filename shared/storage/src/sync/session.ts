// One sync engine for the signed-in user, shared by every remote of the page (kept on globalThis: module
// federation may load this module more than once). Switching user stops the previous engine, so one account's
// local copy is never served to another.
import { idbKeyValue } from './idb-key-value';
import { supabaseRemote, type SupabaseLike } from './remote';
import { SyncEngine, type KeyValue, type SyncRemote } from './sync-engine';

const KEY = Symbol.for('atelier.sync.session.v1');
type Holder = { engine: SyncEngine | null; stop: (() => void) | null };
const holder = ((globalThis as unknown as Record<symbol, Holder>)[KEY] ??= { engine: null, stop: null });

/** The engine of `userId`, created (and started: sync on load, focus, online, every 30 s) on first use. */
export function syncEngineFor(
  userId: string,
  makeRemote: () => SyncRemote,
  makeKv: (userId: string) => KeyValue = idbKeyValue,
): SyncEngine {
  if (holder.engine?.userId === userId) return holder.engine;
  stopSync();
  const engine = new SyncEngine({ userId, kv: makeKv(userId), remote: makeRemote() });
  holder.engine = engine;
  holder.stop = engine.start();
  return engine;
}

/**
 * The engine of the signed-in user, synced through the page's supabase client: what every page opens (the home
 * page, /clients, the shell's user data). The client is passed in (@atelier/platform's getSupabase): this package
 * may not import @atelier/platform (DESIGN.md §2), which loads this one lazily.
 */
export function userSyncEngine(
  userId: string,
  supabase: () => unknown,
  makeKv: (userId: string) => KeyValue = idbKeyValue,
): SyncEngine {
  return syncEngineFor(userId, () => supabaseRemote(supabase() as SupabaseLike, userId), makeKv);
}

/** Stops syncing (sign-out); the local copy stays in the user's own database, unreadable by another account. */
export function stopSync(): void {
  holder.stop?.();
  holder.engine = null;
  holder.stop = null;
}

export function currentSyncEngine(): SyncEngine | null {
  return holder.engine;
}
