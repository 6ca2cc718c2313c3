// Shell start: runtime config and remote locations first, then the session, then the first render.
// The steps are separate tasks (issue 14, Lighthouse TBT on a phone): evaluating the pages' modules, starting the
// session check and rendering each let the browser paint and take input in between, instead of one long task
// after the last shared chunk arrives.
import { initAuth, loadRuntimeConfig, nextTask, startPlanRefresh, startUserData } from '@atelier/platform';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { loadRemoteEntries, registerAtelierRemotes } from './federation/remote-registry';
import { registerServiceWorker } from './pwa/service-worker';
import { watchStaticShell } from './static-shell';

async function start() {
  watchStaticShell();
  const ready = Promise.all([loadRuntimeConfig(), loadRemoteEntries()]);
  await nextTask();
  // "eager": the same chunk as this file (no request), evaluated in a task of its own.
  const { App } = await import(/* webpackMode: "eager" */ './app');
  const [, remotes] = await ready;
  registerAtelierRemotes(remotes);
  startUserData();
  void initAuth();
  startPlanRefresh();
  await nextTask();
  const root = createRoot(document.getElementById('root')!);
  // A transition lets React yield to the browser while it renders the first page.
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
