// Standalone mount of a remote for local development: its own router and providers (the shell's are
// absent). Exposed modules never create a router; only this does.
import { initAuth, loadRuntimeConfig, startPlanRefresh } from '@atelier/platform';
import { StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import styled from 'styled-components';

import { UiProviders } from './providers';

export interface StandaloneRoute {
  path: string;
  element: ReactNode;
}

const Main = styled.main`
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 1rem;
`;

export function StandalonePage({ routes }: { routes: StandaloneRoute[] }) {
  return (
    <UiProviders>
      <BrowserRouter>
        <Main>
          <Routes>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
          </Routes>
        </Main>
      </BrowserRouter>
    </UiProviders>
  );
}

/** Loads the runtime config and session, then renders the routes. */
export async function mountStandalone(rootEl: HTMLElement | null, routes: StandaloneRoute[]): Promise<Root> {
  if (!rootEl) throw new Error('mountStandalone: missing root element');
  await loadRuntimeConfig();
  await initAuth();
  startPlanRefresh();
  const root = createRoot(rootEl);
  root.render(
    <StrictMode>
      <StandalonePage routes={routes} />
    </StrictMode>,
  );
  return root;
}
