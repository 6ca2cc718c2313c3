// « Mes données » on /account: the export downloads the server's ZIP (and says why it cannot), the deletion dialog
// offers the export first, explains the 10-year duty, wants the account's e-mail, calls delete-account and signs
// out; refusals keep the dialog open with the server's French reason.
import {
  DEFAULT_RUNTIME_CONFIG,
  resetAuthForTests,
  setRuntimeConfig,
  setSupabaseClient,
  signIn,
} from '@atelier/platform';
import { createFakeSupabase, fakeSession, type FakeSupabase } from '@atelier/platform/src/testing/fake-supabase';
import { UiProviders } from '@atelier/ui';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { AccountClosing } from './account-closing';
import { CLOSING_MESSAGES as M } from './messages';

let fake: FakeSupabase;
let invoke: jest.Mock;
let fetchMock: jest.Mock;
let clicked: string[];

beforeEach(async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, supabaseUrl: 'http://api.test', supabaseAnonKey: 'anon-key' });
  fake = createFakeSupabase();
  invoke = jest.fn();
  Object.assign(fake.client, { functions: { invoke } });
  setSupabaseClient(fake.client);
  resetAuthForTests();
  const session = fakeSession('marie@example.fr', 'user-1');
  fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
  fake.auth.getSession!.mockResolvedValue({ data: { session }, error: null });
  await signIn('marie@example.fr', 'secret1');
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
  clicked = [];
  URL.createObjectURL = jest.fn(() => 'blob:zip');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => jest.restoreAllMocks());

function renderIt(onDeleted = jest.fn()) {
  render(
    <UiProviders>
      <AccountClosing email="marie@example.fr" onDeleted={onDeleted} />
    </UiProviders>,
  );
  return onDeleted;
}

/** What fetch gives back (jsdom has no Response class). */
function response(status: number, body: unknown, headers: Record<string, string> = {}) {
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    blob: async () => new Blob([JSON.stringify(body)]),
    json: async () => body,
  };
}
const zipResponse = () =>
  response(200, 'PK', { 'content-disposition': 'attachment; filename="atelier-export-2026-11-27.zip"' });

it('downloads the ZIP from account-export with the session token and names it as the server says', async () => {
  fetchMock.mockResolvedValue(zipResponse());
  renderIt();
  await userEvent.click(screen.getByRole('button', { name: M.download }));
  expect(await screen.findByText(M.downloaded('atelier-export-2026-11-27.zip'))).toBeInTheDocument();
  expect(fetchMock).toHaveBeenCalledWith('http://api.test/functions/v1/account-export', {
    method: 'POST',
    headers: { apikey: 'anon-key', Authorization: 'Bearer token-user-1' },
  });
  expect(clicked).toEqual(['atelier-export-2026-11-27.zip']);
});

it('says when the export is rate limited or the server cannot be reached', async () => {
  fetchMock.mockResolvedValueOnce(response(429, {})).mockRejectedValueOnce(new TypeError('offline'));
  renderIt();
  await userEvent.click(screen.getByRole('button', { name: M.download }));
  expect(await screen.findByText(M.tooMany)).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: M.download }));
  expect(await screen.findByText(M.downloadFailed)).toBeInTheDocument();
  expect(clicked).toEqual([]);
});

it('the deletion dialog offers the export, states the 10-year duty and deletes only with the typed e-mail', async () => {
  fetchMock.mockResolvedValue(zipResponse());
  invoke.mockResolvedValue({ data: { deleted: true }, error: null });
  localStorage.setItem('tasks.user-1', '[]');
  localStorage.setItem('tasks.user-2', '[]');
  const onDeleted = renderIt();
  await userEvent.click(screen.getByRole('button', { name: M.open }));
  const dialog = screen.getByRole('dialog', { name: M.dialogTitle });
  expect(within(dialog).getByText(M.retention)).toBeInTheDocument();
  expect(within(dialog).getByText(M.whatIsDeleted)).toBeInTheDocument();

  await userEvent.click(within(dialog).getByRole('button', { name: M.download }));
  expect(await within(dialog).findByText(M.downloaded('atelier-export-2026-11-27.zip'))).toBeInTheDocument();

  const confirm = within(dialog).getByRole('button', { name: M.confirm });
  expect(confirm).toBeDisabled();
  await userEvent.type(within(dialog).getByLabelText(M.confirmLabel), 'autre@example.fr{Enter}');
  expect(await within(dialog).findByText(M.mismatch)).toBeInTheDocument();
  expect(invoke).not.toHaveBeenCalled();

  await userEvent.clear(within(dialog).getByLabelText(M.confirmLabel));
  await userEvent.type(within(dialog).getByLabelText(M.confirmLabel), 'Marie@Example.fr');
  await userEvent.click(confirm);
  await waitFor(() => expect(onDeleted).toHaveBeenCalled());
  expect(invoke).toHaveBeenCalledWith('delete-account', { body: { email: 'Marie@Example.fr' } });
  expect(fake.auth.signOut).toHaveBeenCalled();
  // This device's copy of the account is forgotten; another account's is not.
  expect(localStorage.getItem('tasks.user-1')).toBeNull();
  expect(localStorage.getItem('tasks.user-2')).toBe('[]');
});

it("a refusal keeps the dialog open with the server's reason, and nothing is signed out", async () => {
  const context = response(502, {
    error:
      'Votre abonnement n’a pas pu être résilié auprès du prestataire de paiement : rien n’a été supprimé. Réessayez plus tard.',
    code: 'provider',
  });
  invoke.mockResolvedValue({
    data: null,
    error: Object.assign(new Error('Edge Function returned a non-2xx status code'), { context }),
  });
  const onDeleted = renderIt();
  await userEvent.click(screen.getByRole('button', { name: M.open }));
  const dialog = screen.getByRole('dialog', { name: M.dialogTitle });
  await userEvent.type(within(dialog).getByLabelText(M.confirmLabel), 'marie@example.fr');
  await userEvent.click(within(dialog).getByRole('button', { name: M.confirm }));
  expect(await within(dialog).findByText(/rien n’a été supprimé/)).toBeInTheDocument();
  expect(onDeleted).not.toHaveBeenCalled();
  expect(fake.auth.signOut).not.toHaveBeenCalled();
  expect(within(dialog).getByRole('button', { name: M.confirm })).toBeEnabled();
});
