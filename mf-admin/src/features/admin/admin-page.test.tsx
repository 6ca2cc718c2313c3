import {
  DEFAULT_RUNTIME_CONFIG,
  resetAuthForTests,
  setRuntimeConfig,
  setSupabaseClient,
  signIn,
} from '@atelier/platform';
import { UiProviders } from '@atelier/ui';
import { render, screen } from '@testing-library/react';
import { createFakeSupabase, fakeSession } from '@atelier/platform/src/testing/fake-supabase';

import { AdminPage } from './admin-page';

async function signInAs(email: string) {
  const session = fakeSession(email);
  const fake = createFakeSupabase();
  fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
  setSupabaseClient(fake.client);
  await signIn(email, 'secret');
}

beforeEach(() => {
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, adminEmail: 'admin@atelier.local' });
  resetAuthForTests();
});

it('refuses non-administrators', async () => {
  await signInAs('marie@example.fr');
  render(
    <UiProviders>
      <AdminPage />
    </UiProviders>,
  );
  expect(screen.getByText('Accès refusé')).toBeInTheDocument();
  expect(screen.getByText("Vous n'avez pas les droits d'administration nécessaires.")).toBeInTheDocument();
});

it('shows the page to the administrator', async () => {
  await signInAs('ADMIN@atelier.local');
  render(
    <UiProviders>
      <AdminPage />
    </UiProviders>,
  );
  expect(screen.getByRole('heading', { name: 'Administration' })).toBeInTheDocument();
  expect(screen.queryByText('Accès refusé')).not.toBeInTheDocument();
});
