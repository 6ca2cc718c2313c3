// A hand-rolled supabase-js double for unit tests: only the calls the platform makes.
import type { SupabaseClient } from '@supabase/supabase-js';

type Result = { data: unknown; error: unknown };

export interface FakeSupabase {
  client: SupabaseClient;
  auth: Record<string, jest.Mock>;
  emit(event: string, session: unknown): void;
  /** Results returned by from(table) queries, by table name. */
  tables: Record<string, Result>;
  rpc: jest.Mock;
  queries: { table: string; calls: [string, unknown[]][] }[];
}

export function fakeSession(email = 'marie@example.fr', id = 'user-1') {
  return {
    access_token: `token-${id}`,
    refresh_token: 'refresh',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id, email },
  };
}

export function createFakeSupabase(): FakeSupabase {
  const listeners: ((event: string, session: unknown) => void)[] = [];
  const auth = {
    getSession: jest.fn(async () => ({ data: { session: null }, error: null })),
    getUser: jest.fn(async () => ({ data: { user: null }, error: null })),
    signInWithPassword: jest.fn(),
    signUp: jest.fn(),
    signOut: jest.fn(async () => ({ error: null })),
    onAuthStateChange: jest.fn((cb: (event: string, session: unknown) => void) => {
      listeners.push(cb);
      return { data: { subscription: { unsubscribe: jest.fn() } } };
    }),
  };
  const tables: Record<string, Result> = {};
  const queries: FakeSupabase['queries'] = [];
  const from = (table: string) => {
    const record = { table, calls: [] as [string, unknown[]][] };
    queries.push(record);
    const builder: Record<string, unknown> = {};
    for (const method of ['select', 'eq', 'update', 'insert', 'upsert', 'order']) {
      builder[method] = (...args: unknown[]) => {
        record.calls.push([method, args]);
        return builder;
      };
    }
    const finish = async () => tables[table] ?? { data: null, error: null };
    builder.maybeSingle = finish;
    builder.single = finish;
    builder.then = (resolve: (r: Result) => unknown, reject: (e: unknown) => unknown) => finish().then(resolve, reject);
    return builder;
  };
  const rpc = jest.fn(async () => ({ data: null, error: null }));
  const client = { auth, from, rpc } as unknown as SupabaseClient;
  return {
    client,
    auth,
    tables,
    rpc,
    queries,
    emit: (event, session) => listeners.forEach((l) => l(event, session)),
  };
}
