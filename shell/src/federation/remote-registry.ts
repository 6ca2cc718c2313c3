// Where the remotes live is read at run time from /remotes.json served next to the shell, then
// registered with the Module Federation runtime (no remote is known at build time).
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** Federation names of the remotes (shared/build APPS). */
export const REMOTE_NAMES = {
  quotes: 'mf_quotes',
  recognition: 'mf_recognition',
  clients: 'mf_clients',
  account: 'mf_account',
  admin: 'mf_admin',
} as const;

export type RemoteKey = keyof typeof REMOTE_NAMES;
export type RemoteEntries = Record<RemoteKey, string>;

const PORTS: Record<RemoteKey, number> = { quotes: 3001, recognition: 3002, clients: 3003, account: 3004, admin: 3005 };

function manifestOnPort(port: number): string {
  const host = globalThis.location?.hostname || 'localhost';
  return `http://${host}:${port}/mf-manifest.json`;
}

export function defaultRemoteEntries(): RemoteEntries {
  return Object.fromEntries(Object.entries(PORTS).map(([key, port]) => [key, manifestOnPort(port)])) as RemoteEntries;
}

/** Merges a remotes.json body over the defaults; a number is a port on the page's host. */
export function parseRemoteEntries(raw: unknown): RemoteEntries {
  const entries = defaultRemoteEntries();
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return entries;
  const file = raw as Record<string, unknown>;
  for (const key of Object.keys(REMOTE_NAMES) as RemoteKey[]) {
    const entry = file[key];
    if (typeof entry === 'number' && Number.isInteger(entry) && entry > 0 && entry < 65536) {
      entries[key] = manifestOnPort(entry);
    } else if (typeof entry === 'string' && entry.trim() !== '') {
      try {
        entries[key] = new URL(entry, globalThis.location?.href ?? 'http://localhost/').href;
      } catch {
        // keep the default for an unparsable URL
      }
    }
  }
  return entries;
}

let registered: RemoteEntries | null = null;

export async function loadRemoteEntries(fetchImpl: typeof fetch = fetch): Promise<RemoteEntries> {
  let raw: unknown = {};
  try {
    const response = await fetchImpl('/remotes.json', { cache: 'no-store' });
    if (response.ok) raw = await response.json();
  } catch (error) {
    console.warn('[atelier] /remotes.json unavailable, using the default remote locations', error);
  }
  return parseRemoteEntries(raw);
}

export function registerAtelierRemotes(entries: RemoteEntries): void {
  registered = entries;
  registerRemotes(
    (Object.keys(REMOTE_NAMES) as RemoteKey[]).map((key) => ({ name: REMOTE_NAMES[key], entry: entries[key] })),
  );
}

/** Forget a failed load so that the next loadRemote() fetches the remote again (« Réessayer »). */
export function resetRemote(key: RemoteKey): void {
  if (!registered) return;
  registerRemotes([{ name: REMOTE_NAMES[key], entry: registered[key] }], { force: true });
}

/** Loads `mf_<remote>/<Expose>` and returns its default export. */
export async function loadRemoteDefault<T>(key: RemoteKey, expose: string): Promise<{ default: T }> {
  const module = await loadRemote<{ default: T }>(`${REMOTE_NAMES[key]}/${expose}`);
  if (!module || module.default === undefined) throw new Error(`Remote module ${REMOTE_NAMES[key]}/${expose} is empty`);
  return { default: module.default };
}
