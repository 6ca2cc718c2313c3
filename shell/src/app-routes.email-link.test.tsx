// Issue 29.8: the e-mail confirmation link opens / with the outcome in the fragment; a signed-out visitor lands on
// « adresse confirmée », not on /auth (the guard of / must not win), and the tokens leave the address bar.
import { screen } from '@testing-library/react';

import { AppRoutes } from './app-routes';
import { currentPath, currentSearch, renderAt, setupPlatform, signedOut } from './testing/render';

jest.mock('./federation/remote-view', () => ({
  RemoteView: () => <div data-testid="remote" />,
}));

beforeEach(async () => {
  setupPlatform();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  await signedOut();
});

it('shows « adresse confirmée » for the link of a signed-out visitor and drops the tokens', async () => {
  window.history.replaceState(null, '', '/#access_token=abc&refresh_token=def&type=signup');
  renderAt('/', <AppRoutes />);
  expect(await screen.findByText('Votre adresse email est confirmée. Vous pouvez vous connecter.')).toBeInTheDocument();
  expect(currentPath).toBe('/auth/confirmation');
  expect(currentSearch).toBe('?resultat=confirmee');
  expect(window.location.hash).toBe('');
  expect(screen.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth');
});
