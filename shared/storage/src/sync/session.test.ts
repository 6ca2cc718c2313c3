// The user's one sync engine per page: built once per user through the page's supabase client, replaced (and the
// previous one stopped) when another user signs in.
import { memoryKeyValue } from './sync-engine';
import { currentSyncEngine, stopSync, userSyncEngine } from './session';

afterEach(() => stopSync());

function fakeSupabase() {
  const calls: string[] = [];
  const client = {
    rpc: async (fn: string) => {
      calls.push(fn);
      return { data: { now: new Date().toISOString(), rows: {}, deleted: [] }, error: null, status: 200 };
    },
    from: () => {
      throw new Error('not used');
    },
  };
  return { calls, getSupabase: jest.fn(() => client) };
}

it('opens one engine per user through the given client, shared by every caller of the page', async () => {
  const { calls, getSupabase } = fakeSupabase();
  const engine = userSyncEngine('u1', getSupabase, () => memoryKeyValue());
  expect(userSyncEngine('u1', getSupabase, () => memoryKeyValue())).toBe(engine);
  expect(currentSyncEngine()).toBe(engine);
  expect(engine.userId).toBe('u1');
  expect(getSupabase).toHaveBeenCalledTimes(1);
  await engine.sync();
  expect(calls).toContain('sync_changes');

  const other = userSyncEngine('u2', getSupabase, () => memoryKeyValue());
  expect(other).not.toBe(engine);
  expect(other.userId).toBe('u2');
  expect(currentSyncEngine()).toBe(other);
});
