// The page's Supabase client without the parts a first load does not use (issue 14). supabase-js's createClient
// builds auth (auth-js), the database (postgrest-js), storage (storage-js + iceberg-js), realtime (realtime-js +
// phoenix) and functions at once: ~57 KB gzip. Atelier's pages need auth and the database at start; files
// (storage) and Edge Functions are used on demand, realtime never. This client is auth-js's GoTrueClient (the one
// session of the page) + postgrest-js (≈ 33 KB gzip); `storage` and `functions` load the full supabase-js client
// on first use, created with the `accessToken` option so that it never runs a second GoTrueClient: it sends this
// client's session token. Same contract as supabase-js's SupabaseClient for what Atelier calls (auth, from, rpc,
// schema, storage.from(bucket).<async method>, functions.invoke).
import { AuthClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { SupabaseClient } from '@supabase/supabase-js';

/** supabase-js's X-Client-Info value for this version (the backend's CORS allows the header). */
const CLIENT_INFO = 'supabase-js/2.119.0';

export interface LightClientOptions {
  storageKey: string;
}

type AnyFunction = (...args: unknown[]) => unknown;

/** An object whose every method loads `target` and calls the same method on it (all Atelier uses are async). */
function deferredMethods(target: () => Promise<object>): Record<string, AnyFunction> {
  return new Proxy({} as Record<string, AnyFunction>, {
    get: (_, method) =>
      // Not a thenable: `await proxy` must not call a method.
      method === 'then'
        ? undefined
        : (...args: unknown[]) =>
            target().then((object) => (object as Record<string | symbol, AnyFunction>)[method]!(...args)),
  });
}

export function createLightClient(
  supabaseUrl: string,
  supabaseKey: string,
  options: LightClientOptions,
): SupabaseClient {
  const base = new URL(supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`);
  const auth = new AuthClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${supabaseKey}`, apikey: supabaseKey, 'X-Client-Info': CLIENT_INFO },
    storageKey: options.storageKey,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: false,
    flowType: 'implicit',
  });

  const sessionToken = async (): Promise<string | null> => {
    const { data } = await auth.getSession();
    return data.session?.access_token ?? null;
  };

  /** supabase-js's fetchWithAuth: the user's token when signed in, else the anon key. */
  const fetchWithAuth: typeof fetch = async (input, init) => {
    const token = await sessionToken();
    const headers = new Headers(init?.headers);
    if (!headers.has('apikey')) headers.set('apikey', supabaseKey);
    if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${token ?? supabaseKey}`);
    return fetch(input, { ...init, headers });
  };

  const rest = new PostgrestClient(new URL('rest/v1', base).href, {
    headers: { 'X-Client-Info': CLIENT_INFO },
    schema: 'public',
    fetch: fetchWithAuth,
  });

  let full: Promise<SupabaseClient> | null = null;
  const loadFull = (): Promise<SupabaseClient> =>
    (full ??= import('@supabase/supabase-js').then(({ createClient }) =>
      createClient(supabaseUrl, supabaseKey, { accessToken: sessionToken }),
    ));

  const storage = new Proxy({} as Record<string, AnyFunction>, {
    get: (_, method) => {
      if (method === 'then') return undefined;
      if (method === 'from') {
        return (bucket: string) => deferredMethods(() => loadFull().then((client) => client.storage.from(bucket)));
      }
      return (...args: unknown[]) =>
        loadFull().then((client) =>
          (client.storage as unknown as Record<string | symbol, AnyFunction>)[method]!(...args),
        );
    },
  });
  const functions = deferredMethods(() => loadFull().then((client) => client.functions));
  const noRealtime = () => {
    throw new Error('Atelier does not use Supabase Realtime: load @supabase/supabase-js to open a channel.');
  };

  const client = {
    supabaseUrl,
    supabaseKey,
    auth,
    rest,
    storage,
    functions,
    from: (relation: string) => rest.from(relation),
    schema: (schema: string) => rest.schema(schema as 'public'),
    rpc: (fn: string, args: Record<string, unknown> = {}, rpcOptions?: Parameters<typeof rest.rpc>[2]) =>
      rest.rpc(fn, args, rpcOptions),
    channel: noRealtime,
    getChannels: () => [],
    removeChannel: noRealtime,
    removeAllChannels: () => Promise.resolve([]),
  };
  return client as unknown as SupabaseClient;
}
