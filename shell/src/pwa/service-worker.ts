// Registers /sw.js (shell/public/sw-remotes.js + Workbox, see shared/build) and exposes the waiting update.
// A new version never takes over by itself: the page shows « Nouvelle version disponible » and only the
// user's « Recharger » activates it (a devis being edited is never lost to a silent reload).

/** A BehaviorSubject-like cell (`value`, `next`, `subscribe`): rxjs (17 KB gzip) stays off the /auth first load. */
class ValueCell<T> {
  private listeners = new Set<(value: T) => void>();
  constructor(public value: T) {}
  next(value: T): void {
    this.value = value;
    for (const listener of [...this.listeners]) listener(value);
  }
  subscribe(listener: (value: T) => void): { unsubscribe(): void } {
    this.listeners.add(listener);
    listener(this.value);
    return { unsubscribe: () => void this.listeners.delete(listener) };
  }
}

export const waitingWorker$ = new ValueCell<ServiceWorker | null>(null);

function watch(registration: ServiceWorkerRegistration) {
  const offer = (worker: ServiceWorker | null) => {
    if (worker && navigator.serviceWorker.controller) waitingWorker$.next(worker);
  };
  offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer(registration.waiting ?? installing);
    });
  });
}

export function registerServiceWorker(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  if (!window.isSecureContext) return;
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        watch(registration);
        // Check for a new version when the app comes back to the foreground (phones keep tabs for days).
        document.addEventListener('visibilitychange', () => {
          if (document.visibilityState === 'visible') void registration.update().catch(() => undefined);
        });
      })
      .catch((error) => console.warn('[atelier] service worker not registered', error));
  };
  // The worker's first install caches the shell and every remote (megabytes): started while the page is still
  // starting its remote and drawing, it competed with it for the CPU and the network (Lighthouse TBT on / went from
  // ~100 ms to ~900 ms on 2 cores). It starts once the page has loaded and then been idle for a moment.
  const later = () =>
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5_000 });
      else start();
    }, SERVICE_WORKER_DELAY_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** How long after `load` the worker is registered (its first install is heavy; offline use needs it soon after). */
const SERVICE_WORKER_DELAY_MS = 3_000;

/** « Recharger »: activate the waiting version, then reload once it controls the page. */
export function applyUpdate(): void {
  const worker = waitingWorker$.value;
  if (!worker) return;
  let reloaded = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloaded) return;
    reloaded = true;
    window.location.reload();
  });
  worker.postMessage({ type: 'SKIP_WAITING' });
}
