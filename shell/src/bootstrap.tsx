// Shell start: runtime config and remote locations first, then the session, then the first render.
import { initAuth, loadRuntimeConfig, startPlanRefresh, startUserData } from '@atelier/platform';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { App } from './app';
import { loadRemoteEntries, registerAtelierRemotes } from './federation/remote-registry';
import { registerServiceWorker } from './pwa/service-worker';

async function start() {
  const [, remotes] = await Promise.all([loadRuntimeConfig(), loadRemoteEntries()]);
  registerAtelierRemotes(remotes);
  startUserData();
  void initAuth();
  startPlanRefresh();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  registerServiceWorker();
}

void start();
