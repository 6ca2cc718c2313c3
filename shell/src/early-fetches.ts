// The fetches shell/src/index.ts starts before the bootstrap chunk has loaded; bootstrap.tsx consumes each once.
export const EARLY_FETCHES_KEY = '__atelierEarlyFetches';

export type EarlyFetches = Record<string, Promise<Response | null> | undefined>;

/** A fetch that answers from the early request for `url` the first time, from the network afterwards. */
export function earlyFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const store = (globalThis as typeof globalThis & { [EARLY_FETCHES_KEY]?: EarlyFetches })[EARLY_FETCHES_KEY];
  const pending = store?.[url];
  if (!store || !pending) return fetch(input, init);
  delete store[url];
  return pending.then((response) => response ?? fetch(input, init));
}
