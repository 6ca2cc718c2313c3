import { screen, waitFor } from '@testing-library/react';
import { retryAuthCheck } from '@atelier/platform';

import { AppRoutes } from './app-routes';
import { currentPath, renderAt, setupPlatform, signedOut, signInAs } from './testing/render';

jest.mock('./federation/remote-view', () => ({
  RemoteView: ({
    module,
    props,
  }: {
    module: { remote: string; expose: string };
    props?: { recognitionSlot?: React.ReactNode };
  }) => (
    <div data-testid="remote">
      {module.remote}/{module.expose}
      {props?.recognitionSlot}
    </div>
  ),
}));

let fake: ReturnType<typeof setupPlatform>;
beforeEach(() => {
  fake = setupPlatform();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

describe('signed-out visitor', () => {
  beforeEach(async () => {
    await signedOut();
  });

  it.each(['/', '/clients', '/customize', '/tasks', '/company', '/account', '/admin'])(
    'is sent from %s to /auth',
    async (path) => {
      renderAt(path, <AppRoutes />);
      expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
      expect(currentPath).toBe('/auth');
      expect(screen.queryByTestId('remote')).not.toBeInTheDocument();
    },
  );

  it('is sent from an unknown path to /auth', async () => {
    renderAt('/nimporte/quoi', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Connexion' })).toBeInTheDocument();
    expect(currentPath).toBe('/auth');
  });

  it('can read the legal pages, and any other page name shows their index', async () => {
    const { unmount } = renderAt('/legal/privacy', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Politique de confidentialité' })).toBeInTheDocument();
    unmount();
    renderAt('/legal/cookies', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: 'Informations légales' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent("Conditions générales d'utilisation");
    expect(main).toHaveTextContent('Mentions légales');
  });

  it('sees the footer with the legal links and contact', async () => {
    renderAt('/auth', <AppRoutes />);
    const footer = await screen.findByRole('contentinfo');
    expect(footer).toHaveTextContent('contact@atelier.local');
    expect(footer).toHaveTextContent('01 23 45 67 89');
    expect(screen.getByRole('link', { name: 'Mentions légales' })).toHaveAttribute('href', '/legal/legal-notice');
    expect(screen.queryByRole('navigation', { name: 'Navigation principale' })).not.toBeInTheDocument();
  });
});

describe('signed-in user', () => {
  beforeEach(async () => {
    await signInAs(fake);
  });

  it('is sent from /auth to /', async () => {
    renderAt('/auth', <AppRoutes />);
    await waitFor(() => expect(currentPath).toBe('/'));
    expect(screen.getAllByTestId('remote')[0]).toHaveTextContent('quotes/HomePage');
  });

  it('gets the home page; mf-recognition is not loaded with it (the slot shows a placeholder until used)', async () => {
    renderAt('/', <AppRoutes />);
    const remotes = await screen.findAllByTestId('remote');
    expect(remotes).toHaveLength(1);
    expect(remotes[0]).toHaveTextContent('quotes/HomePage');
  });

  it.each([
    ['/clients', 'clients/ClientsPage'],
    ['/customize', 'quotes/CustomizePage'],
    ['/tasks', 'quotes/TasksPage'],
    ['/company', 'account/CompanyPage'],
    ['/account', 'account/AccountPage'],
    ['/admin', 'admin/AdminPage'],
  ])('%s mounts %s', async (path, expose) => {
    renderAt(path, <AppRoutes />);
    expect(await screen.findByTestId('remote')).toHaveTextContent(expose);
  });

  it('keeps the legal pages reachable', async () => {
    renderAt('/legal/terms', <AppRoutes />);
    expect(await screen.findByRole('heading', { name: "Conditions générales d'utilisation" })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('3 devis gratuits par mois');
  });
});

it('shows the guard error with a retry when the authentication check cannot run', async () => {
  fake.auth.onAuthStateChange!.mockImplementation(() => {
    throw new Error('stockage indisponible');
  });
  await retryAuthCheck();
  renderAt('/clients', <AppRoutes />);
  expect(await screen.findByText('Une erreur est survenue : stockage indisponible')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
});
