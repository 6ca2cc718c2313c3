import {
  DEFAULT_RUNTIME_CONFIG,
  refreshPlanState,
  resetAuthForTests,
  resetPlanStateForTests,
  setRuntimeConfig,
  setSupabaseClient,
  signIn,
} from '@atelier/platform';
import { createFakeSupabase, fakeSession, type FakeSupabase } from '@atelier/platform/src/testing/fake-supabase';
import { UiProviders } from '@atelier/ui';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { AccountPage } from '../account-page';
import { redirectTo } from './redirect';

jest.mock('./redirect', () => ({ redirectTo: jest.fn() }));

let fake: FakeSupabase;
let search = '';
const fetchMock = jest.fn();

function Probe() {
  search = useLocation().search;
  return null;
}

beforeEach(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  (redirectTo as jest.Mock).mockReset();
  fetchMock.mockReset();
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  fake = createFakeSupabase();
  setSupabaseClient(fake.client);
  resetAuthForTests();
  resetPlanStateForTests();
  const session = fakeSession('marie@example.fr', 'user-1');
  fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
  fake.auth.getSession!.mockResolvedValue({ data: { session }, error: null });
  await signIn('marie@example.fr', 'secret1');
  fake.tables.profiles = { data: { first_name: 'Marie', last_name: 'Curie', phone: '0612345678' }, error: null };
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

async function onPlan(plan: 'free' | 'pro' | 'enterprise', extra: Record<string, unknown> = {}) {
  fake.tables.subscriptions = {
    data: { plan_id: plan, status: plan === 'free' ? 'inactive' : 'active', ...extra },
    error: null,
  };
  await act(async () => {
    await refreshPlanState();
  });
}

function renderPage(path = '/account') {
  return render(
    <UiProviders>
      <MemoryRouter initialEntries={[path]}>
        <Probe />
        <Routes>
          <Route path="/account" element={<AccountPage />} />
        </Routes>
      </MemoryRouter>
    </UiProviders>,
  );
}

const jsonResponse = (status: number, body: unknown) =>
  ({ ok: status < 400, status, json: async () => body }) as Response;

it('shows the plan cards with Sélectionner, and Plan actuel disabled on the current plan', async () => {
  await onPlan('free');
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Changer de plan' }));
  const cards = screen.getAllByRole('listitem').filter((item) => item.hasAttribute('data-plan'));
  expect(cards.map((c) => c.getAttribute('aria-label'))).toEqual(['Gratuit', 'Pro', 'Enterprise']);
  expect(cards[1]).toHaveTextContent('29,99');
  expect(cards[2]).toHaveTextContent('54,99');
  expect(screen.getByRole('button', { name: 'Plan actuel Gratuit' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Sélectionner Pro' })).toBeEnabled();
});

it('a paid plan goes to the checkout with its price id and the spec’s return URLs', async () => {
  await onPlan('free');
  fetchMock.mockResolvedValue(jsonResponse(200, { url: 'http://stripe.test/cs_1', sessionId: 'cs_1' }));
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Changer de plan' }));
  await user.click(screen.getByRole('button', { name: 'Sélectionner Pro' }));
  await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://stripe.test/cs_1'));
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('http://localhost:54321/functions/v1/create-checkout');
  expect(init.headers.Authorization).toBe('Bearer token-user-1');
  expect(JSON.parse(init.body)).toEqual({
    price_id: 'price_atelier_pro',
    success_url: 'http://localhost/account?subscription=success&plan=pro',
    cancel_url: 'http://localhost/account?subscription=canceled',
    mode: 'subscription',
  });
});

it('shows the server’s error text when the checkout fails, and No checkout URL received without a URL', async () => {
  await onPlan('free');
  fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: 'Stripe is down' }));
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Changer de plan' }));
  await user.click(screen.getByRole('button', { name: 'Sélectionner Enterprise' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Stripe is down');
  fetchMock.mockResolvedValueOnce(jsonResponse(200, { sessionId: 'cs_2' }));
  await user.click(screen.getByRole('button', { name: 'Sélectionner Enterprise' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('No checkout URL received'));
  expect(redirectTo).not.toHaveBeenCalled();
});

it('a paying user: free says how to cancel; another paid plan changes the subscription, answered next to its button', async () => {
  await onPlan('pro');
  fetchMock.mockResolvedValue(
    jsonResponse(200, { changed: true, plan: 'enterprise', effective: 'now', period_end: 1_800_000_000 }),
  );
  const scrolled = jest.fn();
  Element.prototype.scrollIntoView = scrolled;
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText('Actif')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Changer de plan' }));
  await user.click(screen.getByRole('button', { name: 'Sélectionner Gratuit' }));
  const free = screen.getByRole('listitem', { name: 'Gratuit' });
  expect(await within(free).findByText(/Pour revenir au plan gratuit, résiliez votre abonnement/)).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();

  await user.click(screen.getByRole('button', { name: 'Sélectionner Enterprise' }));
  const enterprise = screen.getByRole('listitem', { name: 'Enterprise' });
  expect(await within(enterprise).findByText(/Votre abonnement est passé au plan Enterprise/)).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledWith('http://localhost:54321/functions/v1/create-checkout', expect.anything());
  expect(scrolled).toHaveBeenCalled();
});

it('a refused plan change is shown next to the button pressed', async () => {
  await onPlan('pro');
  fetchMock.mockResolvedValue(jsonResponse(409, { error: 'Ce plan est déjà votre plan actuel.' }));
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByText('Actif')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Changer de plan' }));
  await user.click(screen.getByRole('button', { name: 'Sélectionner Enterprise' }));
  const enterprise = screen.getByRole('listitem', { name: 'Enterprise' });
  expect(await within(enterprise).findByRole('alert')).toHaveTextContent('Ce plan est déjà votre plan actuel.');
});

it('subscription=success: message, query cleared, data reloaded after 2 s', async () => {
  fetchMock.mockResolvedValue(jsonResponse(200, { success: true, status: null }));
  const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
  renderPage('/account?subscription=success&plan=pro');
  expect(await screen.findByText('Votre abonnement a été activé avec succès !')).toBeInTheDocument();
  await waitFor(() => expect(search).toBe(''));
  const reload = setTimeoutSpy.mock.calls.find(([, ms]) => ms === 2000);
  expect(reload).toBeDefined();
  await act(async () => {
    (reload![0] as () => void)();
  });
  await waitFor(() =>
    expect(fetchMock).toHaveBeenCalledWith('http://localhost:54321/functions/v1/sync-subscriptions', expect.anything()),
  );
});

it('subscription=canceled shows its message and clears the query', async () => {
  renderPage('/account?subscription=canceled');
  expect(await screen.findByText("Le processus d'abonnement a été annulé.")).toBeInTheDocument();
  await waitFor(() => expect(search).toBe(''));
});

it('Diagnostic shows the rows and the computed status; sync without customer is explained', async () => {
  await onPlan('free');
  const user = userEvent.setup();
  renderPage();
  await user.click(await screen.findByRole('button', { name: 'Diagnostic' }));
  expect(screen.getByTestId('subscription-diagnostic')).toHaveTextContent('user-1');
  expect(screen.getByTestId('computed-status')).toHaveTextContent('inactive / free');
  await user.click(screen.getByRole('button', { name: 'Synchroniser' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    'Aucun customer Stripe trouvé - impossible de synchroniser',
  );
});

it('sync failures read « Erreur de synchronisation »', async () => {
  await onPlan('pro', { current_period_end: '2030-01-15T10:00:00Z' });
  fake.tables.stripe_customers = { data: { customer_id: 'cus_1' }, error: null };
  fake.tables.subscriptions = {
    data: { plan_id: 'pro', status: 'active', current_period_end: '2030-01-15T10:00:00Z', cancel_at_period_end: true },
    error: null,
  };
  fetchMock.mockResolvedValue(jsonResponse(500, {}));
  const user = userEvent.setup();
  renderPage();
  expect(await screen.findByTestId('subscription-period')).toHaveTextContent('Se termine le 15/01/2030');
  expect(screen.getByRole('button', { name: 'Gérer mon abonnement' })).toBeEnabled();
  await user.click(screen.getByRole('button', { name: 'Diagnostic' }));
  await user.click(screen.getByRole('button', { name: 'Synchroniser' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Erreur de synchronisation : Sync failed');
});

it('checkout=<plan> from the sign-up wizard goes straight to the payment', async () => {
  await onPlan('free');
  fetchMock.mockResolvedValue(jsonResponse(200, { url: 'http://stripe.test/cs_9', sessionId: 'cs_9' }));
  renderPage('/account?checkout=enterprise');
  await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('http://stripe.test/cs_9'));
  expect(JSON.parse(fetchMock.mock.calls[0]![1].body).price_id).toBe('price_atelier_enterprise');
});

it('shows the success message for 5 s when a refresh turns the status active', async () => {
  await onPlan('free');
  const setTimeoutSpy = jest.spyOn(globalThis, 'setTimeout');
  renderPage();
  await screen.findByTestId('current-plan');
  expect(screen.queryByText('Votre abonnement a été activé avec succès !')).not.toBeInTheDocument();
  await onPlan('pro');
  expect(await screen.findByText('Votre abonnement a été activé avec succès !')).toBeInTheDocument();
  const hide = setTimeoutSpy.mock.calls.find(([, ms]) => ms === 5000);
  expect(hide).toBeDefined();
  act(() => (hide![0] as () => void)());
  expect(screen.queryByText('Votre abonnement a été activé avec succès !')).not.toBeInTheDocument();
  expect(screen.getByTestId('current-plan')).toHaveTextContent('Actif');
});
