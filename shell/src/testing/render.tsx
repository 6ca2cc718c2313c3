// Test helpers: the shell's routes in a memory router, with a fake supabase client.
import {
  DEFAULT_RUNTIME_CONFIG,
  initAuth,
  resetAuthForTests,
  setRuntimeConfig,
  setSupabaseClient,
  signIn,
} from '@atelier/platform';
import { createFakeSupabase, fakeSession, type FakeSupabase } from '@atelier/platform/src/testing/fake-supabase';
import { UiProviders } from '@atelier/ui';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

export const ADMIN_EMAIL = 'admin@atelier.local';

export function setupPlatform(): FakeSupabase {
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, adminEmail: ADMIN_EMAIL });
  const fake = createFakeSupabase();
  setSupabaseClient(fake.client);
  resetAuthForTests();
  return fake;
}

export async function signInAs(fake: FakeSupabase, email = 'marie@example.fr') {
  const session = fakeSession(email);
  fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
  fake.auth.getSession!.mockResolvedValue({ data: { session }, error: null });
  fake.auth.getUser!.mockResolvedValue({ data: { user: session.user }, error: null });
  await act(async () => {
    await signIn(email, 'secret1');
  });
}

export async function signedOut() {
  await act(async () => {
    await initAuth();
  });
}

export let currentPath = '';
export let currentSearch = '';

function LocationProbe() {
  const location = useLocation();
  currentPath = location.pathname;
  currentSearch = location.search;
  return null;
}

export function renderAt(path: string, ui: ReactNode) {
  return render(
    <UiProviders>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </UiProviders>,
  );
}
