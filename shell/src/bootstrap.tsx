// Shell start: runtime config and remote locations first, then the session, then the first render.
import { initAuth, loadRuntimeConfig, startPlanRefresh, startUserData } from '@atelier/platform';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { earlyFetch } from './early-fetches';
import { loadRemoteEntries, registerAtelierRemotes } from './federation/remote-registry';
import { registerServiceWorker } from './pwa/service-worker';

async function start() {
  const [, remotes] = await Promise.all([loadRuntimeConfig(earlyFetch), loadRemoteEntries(earlyFetch)]);
  registerAtelierRemotes(remotes);
  startUserData();
  void initAuth();
  startPlanRefresh();
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React yield to the browser while it renders the first page (no single long task on a
  // slow phone: Lighthouse TBT, issue 14).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

void start();
