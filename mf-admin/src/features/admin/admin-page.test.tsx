import {
  DEFAULT_RUNTIME_CONFIG,
  resetAuthForTests,
  setRuntimeConfig,
  setSupabaseClient,
  signIn,
} from '@atelier/platform';
import { UiProviders } from '@atelier/ui';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createFakeSupabase, fakeSession, type FakeSupabase } from '@atelier/platform/src/testing/fake-supabase';

import { AdminPage, SEARCH_DEBOUNCE_MS } from './admin-page';

const USER = {
  user_id: 'u-1',
  user_email: 'jeanne@example.fr',
  user_created_at: '2026-03-05T10:00:00Z',
  last_sign_in_at: null,
  email_confirmed: true,
  first_name: 'Jeanne',
  last_name: 'Martin',
  company_name: 'Martin Rénovation',
  user_phone: '0612345678',
  address: '12 rue de la Paix 75002 Paris',
  siret: '12345678901234',
  plan_id: 'pro',
  subscription_status: 'active',
  quotes_used_this_month: 4,
};
const DASHBOARD = { users: 1, free: 0, pro: 1, enterprise: 0, mrr_cents: 2999, quotes_this_month: 4 };

async function signInAs(email: string): Promise<FakeSupabase> {
  const session = fakeSession(email);
  const fake = createFakeSupabase();
  fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
  setSupabaseClient(fake.client);
  await signIn(email, 'secret');
  return fake;
}

function renderPage() {
  render(
    <UiProviders>
      <AdminPage />
    </UiProviders>,
  );
}

beforeEach(() => {
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, adminEmail: 'admin@atelier.local' });
  resetAuthForTests();
});

it('refuses non-administrators', async () => {
  await signInAs('marie@example.fr');
  renderPage();
  expect(screen.getByText('Accès refusé')).toBeInTheDocument();
  expect(screen.getByText("Vous n'avez pas les droits d'administration nécessaires.")).toBeInTheDocument();
});

it('shows the users and the figures to the administrator, searching on the server', async () => {
  const fake = await signInAs('ADMIN@atelier.local');
  fake.rpc.mockImplementation(async (name: string) =>
    name === 'admin_dashboard'
      ? { data: DASHBOARD, error: null }
      : { data: { total: 1, page: 1, per_page: 24, users: [USER] }, error: null },
  );
  renderPage();
  expect(screen.getByRole('heading', { name: 'Administration' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'jeanne@example.fr' })).toBeInTheDocument();
  expect(screen.getByText('Martin Rénovation')).toBeInTheDocument();
  expect(screen.getByText('123 456 789 01234')).toBeInTheDocument();
  expect(screen.getByText('Jamais')).toBeInTheDocument();
  expect(await screen.findByText(/29,99/)).toBeInTheDocument();

  jest.useFakeTimers();
  fireEvent.change(screen.getByLabelText('Rechercher un utilisateur'), { target: { value: 'platrerie' } });
  await act(async () => {
    jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 10);
  });
  jest.useRealTimers();
  expect(fake.rpc).toHaveBeenCalledWith('admin_list_users', { search: 'platrerie', page: 1, per_page: 24 });
});

it('shows the load error', async () => {
  const fake = await signInAs('admin@atelier.local');
  fake.rpc.mockResolvedValue({ data: null, error: { code: 'XX000', message: 'boom' } });
  renderPage();
  expect(await screen.findByText('Impossible de charger les utilisateurs')).toBeInTheDocument();
});

it('shows Accès refusé when the server refuses the browser-side administrator', async () => {
  const refused = await signInAs('admin@atelier.local');
  refused.rpc.mockResolvedValue({ data: null, error: { code: '42501', message: 'administrator only' } });
  renderPage();
  expect(await screen.findAllByText('Accès refusé')).not.toHaveLength(0);
});
