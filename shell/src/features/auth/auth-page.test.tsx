import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { AppRoutes } from '../../app-routes';
import { currentPath, currentSearch, renderAt, setupPlatform, signedOut } from '../../testing/render';
import { fakeSession } from '@atelier/platform/src/testing/fake-supabase';

jest.mock('../../federation/remote-view', () => ({
  RemoteView: ({ module }: { module: { remote: string; expose: string } }) => (
    <div data-testid="remote">
      {module.remote}/{module.expose}
    </div>
  ),
}));

let fake: ReturnType<typeof setupPlatform>;
const fetchMock = jest.fn();

beforeEach(async () => {
  fake = setupPlatform();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  await signedOut();
});

afterEach(() => {
  jest.useRealTimers();
});

async function fillStep1(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: "Pas encore de compte ? S'inscrire" }));
  expect(screen.getByRole('heading', { name: 'Inscription - Étape 1/4' })).toBeInTheDocument();
  // The wizard is loaded on demand (issue 14).
  await user.type(await screen.findByLabelText('Email'), 'marie@example.fr');
  await user.type(screen.getByLabelText('Mot de passe'), 'Secret-123');
  await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret-123');
  await user.click(screen.getByRole('button', { name: 'Continuer' }));
}

async function fillStep2(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Nom de l'entreprise"), 'Curie Peinture');
  await user.type(screen.getByLabelText('Prénom'), 'Marie');
  await user.type(screen.getByLabelText('Nom'), 'Curie');
  await user.type(screen.getByLabelText('Téléphone'), '0612345678');
  await user.click(screen.getByRole('button', { name: 'Continuer' }));
}

describe('login', () => {
  it('signs in and goes to /', async () => {
    const user = userEvent.setup();
    const session = fakeSession();
    fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
    renderAt('/auth', <AppRoutes />);
    await user.type(await screen.findByLabelText('Email'), 'marie@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret-123');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(currentPath).toBe('/'));
  });

  it('shows the French message for wrong credentials', async () => {
    const user = userEvent.setup();
    fake.auth.signInWithPassword!.mockResolvedValue({
      data: { session: null, user: null },
      error: { name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    renderAt('/auth', <AppRoutes />);
    await user.type(await screen.findByLabelText('Email'), 'marie@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'faux');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email ou mot de passe incorrect.');
    expect(currentPath).toBe('/auth');
  });

  it('needs an email and a password', async () => {
    const user = userEvent.setup();
    renderAt('/auth', <AppRoutes />);
    await user.click(await screen.findByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You must provide either an email or phone number and a password',
    );
    expect(fake.auth.signInWithPassword).not.toHaveBeenCalled();
  });
});

describe('sign-up wizard', () => {
  it('refuses to leave step 1 with different passwords', async () => {
    const user = userEvent.setup();
    renderAt('/auth', <AppRoutes />);
    await user.click(await screen.findByRole('button', { name: "Pas encore de compte ? S'inscrire" }));
    await user.type(await screen.findByLabelText('Email'), 'marie@example.fr');
    await user.type(screen.getByLabelText('Mot de passe'), 'Secret-123');
    await user.type(screen.getByLabelText('Confirmer le mot de passe'), 'Secret-124');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByText('Les mots de passe ne correspondent pas.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inscription - Étape 1/4' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retour' })).not.toBeInTheDocument();
  });

  it('requires every field of step 2 and can go back', async () => {
    const user = userEvent.setup();
    renderAt('/auth', <AppRoutes />);
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillStep1(user);
    expect(screen.getByRole('heading', { name: 'Inscription - Étape 2/4' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getAllByText('Ce champ est requis.')).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.getByRole('heading', { name: 'Inscription - Étape 1/4' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('marie@example.fr');
  });

  it('creates a free account through the four steps, with address autocomplete', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue({
      ok: true,
      json: async () => ({
        features: [
          { properties: { label: '8 Boulevard du Port 80000 Amiens', context: '80, Somme, Hauts-de-France' } },
          { properties: { label: '8 Rue du Port 44000 Nantes', context: '44, Loire-Atlantique' } },
        ],
      }),
    });
    const session = fakeSession();
    fake.auth.signUp!.mockResolvedValue({ data: { session, user: session.user }, error: null });
    renderAt('/auth', <AppRoutes />);
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillStep1(user);
    await fillStep2(user);
    expect(screen.getByRole('heading', { name: 'Inscription - Étape 3/4' })).toBeInTheDocument();

    jest.useFakeTimers();
    const address = screen.getByLabelText('Adresse');
    fireEvent.change(address, { target: { value: '8 b' } });
    fireEvent.change(address, { target: { value: '8 bd du port' } });
    act(() => jest.advanceTimersByTime(299));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('https://data.geopf.fr/geocodage/search?q=8%20bd%20du%20port&limit=5');
    jest.useRealTimers();
    const option = await screen.findByRole('option', { name: /8 Boulevard du Port 80000 Amiens/ });
    expect(screen.getAllByRole('option')).toHaveLength(2);
    fireEvent.mouseDown(option);
    expect(address).toHaveValue('8 Boulevard du Port 80000 Amiens');

    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    expect(screen.getByRole('heading', { name: 'Inscription - Étape 4/4' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(screen.getByText('Veuillez sélectionner un plan')).toBeInTheDocument();
    expect(fake.auth.signUp).not.toHaveBeenCalled();

    await user.click(screen.getByRole('radio', { name: /Pro/ }));
    expect(screen.getByRole('button', { name: 'Continuer vers le paiement' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /Gratuit/ }));
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));

    await waitFor(() => expect(currentPath).toBe('/'));
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'marie@example.fr',
      password: 'Secret-123',
      options: {
        data: {
          first_name: 'Marie',
          last_name: 'Curie',
          company_name: 'Curie Peinture',
          phone: '0612345678',
          address: '8 Boulevard du Port 80000 Amiens',
          siret: null,
        },
      },
    });
  });

  it('does not search under 3 characters', async () => {
    const user = userEvent.setup();
    renderAt('/auth', <AppRoutes />);
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillStep1(user);
    await fillStep2(user);
    jest.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Adresse'), { target: { value: '8b' } });
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('goes on to the payment of the chosen paid plan (/account opens its checkout)', async () => {
    const user = userEvent.setup();
    const session = fakeSession();
    fake.auth.signUp!.mockResolvedValue({ data: { session, user: session.user }, error: null });
    renderAt('/auth', <AppRoutes />);
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillStep1(user);
    await fillStep2(user);
    await user.type(screen.getByLabelText('SIRET (optionnel)'), '12345678900012');
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('radio', { name: /Enterprise/ }));
    expect(screen.getByRole('radio', { name: /Enterprise/ })).toHaveTextContent('54,99');
    await user.click(screen.getByRole('button', { name: 'Continuer vers le paiement' }));
    await waitFor(() => expect(currentPath).toBe('/account'));
    expect(currentSearch).toBe('?checkout=enterprise');
    expect(fake.auth.signUp!.mock.calls[0]![0].options.data.siret).toBe('12345678900012');
  });

  it('explains an existing account and returns to step 1', async () => {
    const user = userEvent.setup();
    fake.auth.signUp!.mockResolvedValue({
      data: { session: null, user: null },
      error: { name: 'AuthApiError', status: 422, code: 'user_already_exists', message: 'User already registered' },
    });
    renderAt('/auth', <AppRoutes />);
    await screen.findByRole('heading', { name: 'Connexion' });
    await fillStep1(user);
    await fillStep2(user);
    await user.click(screen.getByRole('button', { name: 'Continuer' }));
    await user.click(screen.getByRole('radio', { name: /Gratuit/ }));
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Un compte existe déjà avec cet email.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Inscription - Étape 1/4' })).toBeInTheDocument();
    expect(currentPath).toBe('/auth');
  });
});
