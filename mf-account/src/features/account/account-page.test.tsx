import {
  DEFAULT_RUNTIME_CONFIG,
  resetAuthForTests,
  resetPlanStateForTests,
  setRuntimeConfig,
  setSupabaseClient,
  signIn,
} from '@atelier/platform';
import { createFakeSupabase, fakeSession, type FakeSupabase } from '@atelier/platform/src/testing/fake-supabase';
import { UiProviders } from '@atelier/ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { AccountPage } from './account-page';

let fake: FakeSupabase;

beforeEach(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  fake = createFakeSupabase();
  setSupabaseClient(fake.client);
  resetAuthForTests();
  resetPlanStateForTests();
  const session = fakeSession('marie@example.fr', 'user-1');
  fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
  await signIn('marie@example.fr', 'secret1');
  fake.tables.profiles = { data: { first_name: 'Marie', last_name: 'Curie', phone: '0612345678' }, error: null };
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

function renderPage() {
  return render(
    <UiProviders>
      <MemoryRouter initialEntries={['/account']}>
        <Routes>
          <Route path="/account" element={<AccountPage />} />
          <Route path="/auth" element={<p>Page de connexion</p>} />
        </Routes>
      </MemoryRouter>
    </UiProviders>,
  );
}

it('shows the personal info with a read-only email and the current plan', async () => {
  renderPage();
  expect(await screen.findByLabelText('Prénom')).toHaveValue('Marie');
  expect(screen.getByLabelText('Nom')).toHaveValue('Curie');
  expect(screen.getByLabelText('Téléphone')).toHaveValue('0612345678');
  expect(screen.getByLabelText('Email')).toHaveValue('marie@example.fr');
  expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
  expect(screen.getByText('Gratuit')).toBeInTheDocument();
  const profileQuery = fake.queries.find((q) => q.table === 'profiles')!;
  expect(profileQuery.calls).toContainEqual(['eq', ['id', 'user-1']]);
});

it('saves and shows the success message for 3 s', async () => {
  const user = userEvent.setup();
  renderPage();
  const phone = await screen.findByLabelText('Téléphone');
  await user.clear(phone);
  await user.type(phone, '0700000000');
  fake.tables.profiles = { data: { first_name: 'Marie', last_name: 'Curie', phone: '0700000000' }, error: null };
  const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByText('Profile updated successfully')).toBeInTheDocument();
  const update = fake.queries.filter((q) => q.table === 'profiles').at(-1)!;
  expect(update.calls).toContainEqual(['update', [{ first_name: 'Marie', last_name: 'Curie', phone: '0700000000' }]]);
  // The message is removed by a 3 s timer: run that timer now.
  const hide = setTimeoutSpy.mock.calls.find(([, ms]) => ms === 3000);
  expect(hide).toBeDefined();
  act(() => (hide![0] as () => void)());
  expect(screen.queryByText('Profile updated successfully')).not.toBeInTheDocument();
});

it('reports a failed save and keeps the typed values', async () => {
  const user = userEvent.setup();
  renderPage();
  const first = await screen.findByLabelText('Prénom');
  await user.clear(first);
  await user.type(first, 'Maria');
  fake.tables.profiles = { data: null, error: { code: '42501', message: 'permission denied' } };
  await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save profile');
  expect(screen.getByLabelText('Prénom')).toHaveValue('Maria');
});

it('reports a failed load', async () => {
  fake.tables.profiles = { data: null, error: { code: '500', message: 'boom' } };
  renderPage();
  expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load user data');
});

it('signs out and goes to /auth', async () => {
  const user = userEvent.setup();
  renderPage();
  await screen.findByLabelText('Prénom');
  await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
  expect(await screen.findByText('Page de connexion')).toBeInTheDocument();
  expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
});

it('reports a failed sign-out', async () => {
  const user = userEvent.setup();
  fake.auth.signOut!.mockResolvedValue({ error: { name: 'AuthUnknownError', status: 500, message: 'storage broken' } });
  renderPage();
  await screen.findByLabelText('Prénom');
  await user.click(screen.getByRole('button', { name: 'Se déconnecter' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to log out'));
});

it('says « Mode test » on the billing section only when billing is the Stripe sandbox (runtime config)', async () => {
  const { unmount } = renderPage();
  expect(await screen.findByText('Gratuit')).toBeInTheDocument();
  expect(screen.queryByText('Mode test')).not.toBeInTheDocument();
  unmount();
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, billingMode: 'test' });
  renderPage();
  const badge = await screen.findByText('Mode test');
  expect(badge).toHaveAttribute('title', expect.stringContaining('aucune carte n’est débitée'));
  expect(screen.getByRole('heading', { name: /Mode test/ })).toBeInTheDocument();
});
