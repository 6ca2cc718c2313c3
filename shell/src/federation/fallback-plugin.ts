// Module Federation runtime plugin of the shell: a dead or hanging remote must never take the shell down.
// - beforeLoadShare: a remote entry that fails while shared modules are negotiated is skipped (the shell's
//   own copies are used), instead of failing or hanging the whole share initialisation.
// - onLoad / afterResolve / beforeRequest: the error is logged and rethrown, so the RemoteBoundary around
//   that remote shows « Ce module est momentanément indisponible. » + « Réessayer » on its routes only.
// - fetch: manifest requests time out, so a remote whose server accepts but never answers fails too.
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export const MANIFEST_TIMEOUT_MS = 10_000;

export function fetchWithTimeout(
  url: string,
  init: RequestInit = {},
  timeoutMs = MANIFEST_TIMEOUT_MS,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`Remote manifest timed out: ${url}`)), timeoutMs);
  return fetch(url, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
}

export default function atelierFallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'atelier-fallback-plugin',
    fetch(url: string, init: RequestInit) {
      return fetchWithTimeout(url, init);
    },
    async errorLoadRemote(args) {
      const { id, error, lifecycle } = args as { id: string; error: unknown; lifecycle?: string };
      console.warn(`[atelier] remote load failed (${lifecycle ?? 'unknown'}): ${id}`, error);
      // Returning nothing lets the shared-module negotiation continue without this remote, and rethrows
      // the original error everywhere else (caught by the route's RemoteBoundary).
      return undefined;
    },
  };
}
