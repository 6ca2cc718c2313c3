import { firstValueFrom } from 'rxjs';

import { setRuntimeConfig, DEFAULT_RUNTIME_CONFIG } from '../config';
import { AUTH_STORAGE_KEY, isSupabaseLoaded, setSupabaseClient } from '../supabase-client';
import { createFakeSupabase, fakeSession, type FakeSupabase } from '../testing/fake-supabase';
import {
  authState$,
  getAuthState,
  initAuth,
  isAdmin,
  isAuthenticated,
  resetAuthForTests,
  signIn,
  signOut,
  signOutEverywhere,
  signUp,
  takeSignOutReason,
} from './auth-service';

let fake: FakeSupabase;

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
  setRuntimeConfig({ ...DEFAULT_RUNTIME_CONFIG, adminEmail: 'Admin@Atelier.local' });
  fake = createFakeSupabase();
  setSupabaseClient(fake.client);
  resetAuthForTests();
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('isAuthenticated', () => {
  it('validates a stored session with the server and caches the answer for 5 s', async () => {
    jest.useFakeTimers({ now: new Date('2026-03-02T10:00:00Z') });
    const session = fakeSession();
    fake.auth.getSession!.mockResolvedValue({ data: { session }, error: null });
    fake.auth.getUser!.mockResolvedValue({ data: { user: session.user }, error: null });

    expect(await isAuthenticated()).toBe(true);
    expect(await isAuthenticated()).toBe(true);
    expect(fake.auth.getUser).toHaveBeenCalledTimes(1);
    expect(getAuthState()).toMatchObject({ status: 'signed-in', user: { email: 'marie@example.fr' } });

    jest.setSystemTime(new Date('2026-03-02T10:00:04.900Z'));
    await isAuthenticated();
    expect(fake.auth.getUser).toHaveBeenCalledTimes(1);

    jest.setSystemTime(new Date('2026-03-02T10:00:05.100Z'));
    await isAuthenticated();
    expect(fake.auth.getUser).toHaveBeenCalledTimes(2);
  });

  it('removes a stored session the server does not know', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x"}');
    fake.auth.getSession!.mockResolvedValue({ data: { session: fakeSession() }, error: null });
    fake.auth.getUser!.mockResolvedValue({
      data: { user: null },
      error: {
        name: 'AuthApiError',
        status: 403,
        code: 'session_not_found',
        message: 'Session from session_id claim in JWT does not exist',
      },
    });

    expect(await isAuthenticated()).toBe(false);
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(getAuthState().status).toBe('signed-out');
  });

  it('a session signed with a key the server no longer has (an upgrade): signed out, the reason kept once', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, '{"access_token":"x"}');
    fake.auth.getSession!.mockResolvedValue({ data: { session: fakeSession() }, error: null });
    fake.auth.getUser!.mockResolvedValue({
      data: { user: null },
      error: {
        name: 'AuthApiError',
        status: 403,
        code: 'bad_jwt',
        message: 'invalid JWT: unable to parse or verify signature, signature is invalid',
      },
    });
    expect(await isAuthenticated()).toBe(false);
    expect(getAuthState().status).toBe('signed-out');
    expect(takeSignOutReason()).toBe('updated');
    expect(takeSignOutReason()).toBeNull();
  });

  it('removes an unreadable stored session', async () => {
    fake.auth.getSession!.mockResolvedValue({
      data: { session: null },
      error: { name: 'AuthError', message: 'bad session' },
    });
    expect(await isAuthenticated()).toBe(false);
    expect(fake.auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('keeps the session when the server is merely unreachable', async () => {
    const session = fakeSession();
    fake.auth.getSession!.mockResolvedValue({ data: { session }, error: null });
    fake.auth.getUser!.mockResolvedValue({
      data: { user: null },
      error: { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' },
    });
    expect(await isAuthenticated()).toBe(true);
    expect(fake.auth.signOut).not.toHaveBeenCalled();
  });

  it('decides "signed out" without downloading supabase-js when nothing is stored', async () => {
    setSupabaseClient(null);
    await initAuth();
    expect(getAuthState().status).toBe('signed-out');
    expect(isSupabaseLoaded()).toBe(false);
  });

  it('is signed out without a stored session', async () => {
    await initAuth();
    expect(await firstValueFrom(authState$)).toMatchObject({ status: 'signed-out', user: null });
  });
});

describe('auth events', () => {
  it('follows SIGNED_OUT and TOKEN_REFRESHED events', async () => {
    await initAuth();
    const session = fakeSession();
    fake.emit('TOKEN_REFRESHED', session);
    expect(getAuthState()).toMatchObject({ status: 'signed-in', session: { access_token: session.access_token } });
    fake.emit('SIGNED_OUT', null);
    expect(getAuthState().status).toBe('signed-out');
  });
});

describe('signIn', () => {
  it('signs in and publishes the session', async () => {
    const session = fakeSession();
    fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
    await signIn(' marie@example.fr ', 'secret1');
    expect(fake.auth.signInWithPassword).toHaveBeenCalledWith({ email: 'marie@example.fr', password: 'secret1' });
    expect(getAuthState().status).toBe('signed-in');
    expect(await isAuthenticated()).toBe(true);
    expect(fake.auth.getUser).not.toHaveBeenCalled();
  });

  it('refuses a missing email or password with the spec message', async () => {
    await expect(signIn('', 'x')).rejects.toThrow('You must provide either an email or phone number and a password');
    await expect(signIn('a@b.fr', '')).rejects.toThrow(
      'You must provide either an email or phone number and a password',
    );
    expect(fake.auth.signInWithPassword).not.toHaveBeenCalled();
  });

  it('maps wrong credentials to French', async () => {
    fake.auth.signInWithPassword!.mockResolvedValue({
      data: { session: null, user: null },
      error: { name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' },
    });
    await expect(signIn('a@b.fr', 'nope')).rejects.toThrow('Email ou mot de passe incorrect.');
  });

  it('maps an unreachable server to French', async () => {
    fake.auth.signInWithPassword!.mockResolvedValue({
      data: { session: null, user: null },
      error: { name: 'AuthRetryableFetchError', status: 0, message: 'Failed to fetch' },
    });
    await expect(signIn('a@b.fr', 'x')).rejects.toThrow(
      'Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.',
    );
  });
});

describe('signUp', () => {
  it('sends the profile metadata', async () => {
    const session = fakeSession();
    fake.auth.signUp!.mockResolvedValue({ data: { session, user: session.user }, error: null });
    const result = await signUp({
      email: 'marie@example.fr',
      password: 'Secret-123',
      firstName: 'Marie',
      lastName: 'Curie',
      companyName: 'Curie Peinture',
      phone: '06 12 34 56 78',
      address: '1 rue de Rivoli 75001 Paris',
      siret: '',
    });
    expect(result.needsConfirmation).toBe(false);
    expect(fake.auth.signUp).toHaveBeenCalledWith({
      email: 'marie@example.fr',
      password: 'Secret-123',
      options: {
        data: {
          first_name: 'Marie',
          last_name: 'Curie',
          company_name: 'Curie Peinture',
          phone: '06 12 34 56 78',
          address: '1 rue de Rivoli 75001 Paris',
          siret: null,
        },
      },
    });
    expect(getAuthState().status).toBe('signed-in');
  });

  it('explains an existing account and a weak password', async () => {
    const input = {
      email: 'a@b.fr',
      password: 'x',
      firstName: 'A',
      lastName: 'B',
      companyName: 'C',
      phone: '0',
      address: 'D',
    };
    fake.auth.signUp!.mockResolvedValueOnce({
      data: {},
      error: { name: 'AuthApiError', status: 422, code: 'user_already_exists', message: 'User already registered' },
    });
    await expect(signUp(input)).rejects.toThrow('Un compte existe déjà avec cet email.');
    fake.auth.signUp!.mockResolvedValueOnce({
      data: {},
      error: {
        name: 'AuthWeakPasswordError',
        status: 422,
        code: 'weak_password',
        message: 'weak',
        reasons: ['length', 'characters'],
      },
    });
    await expect(signUp(input)).rejects.toThrow(
      'Mot de passe trop faible : il est trop court (6 caractères minimum) ; il doit mélanger minuscules, majuscules, chiffres et symboles.',
    );
  });
});

describe('signOut', () => {
  it('clears the local session and the cached flag when the server no longer knows the session', async () => {
    const session = fakeSession();
    fake.auth.signInWithPassword!.mockResolvedValue({ data: { session, user: session.user }, error: null });
    await signIn('marie@example.fr', 'secret1');
    localStorage.setItem(AUTH_STORAGE_KEY, 'stored');
    fake.auth.signOut!.mockResolvedValueOnce({ error: { name: 'AuthApiError', status: 404, code: 'session_not_found', message: 'Session not found' } });

    await signOut();

    expect(fake.auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(getAuthState().status).toBe('signed-out');
    fake.auth.getSession!.mockResolvedValue({ data: { session: null }, error: null });
    expect(await isAuthenticated()).toBe(false);
  });

  it('ends this device only by default, and every device when asked', async () => {
    await signOut();
    expect(fake.auth.signOut).toHaveBeenCalledTimes(1);
    expect(fake.auth.signOut).toHaveBeenLastCalledWith({ scope: 'local' });

    await signOutEverywhere();
    expect(fake.auth.signOut).toHaveBeenLastCalledWith({ scope: 'global' });
  });

  it('reports a failed sign-out of every device instead of pretending it worked', async () => {
    fake.auth.signOut!.mockResolvedValueOnce({ error: { name: 'AuthApiError', status: 500, message: 'down' } });
    await expect(signOutEverywhere()).rejects.toBeInstanceOf(Error);
  });
});

describe('isAdmin', () => {
  it('compares with the configured administrator email, case-insensitively', () => {
    expect(isAdmin({ email: 'admin@atelier.LOCAL' })).toBe(true);
    expect(isAdmin({ email: 'marie@example.fr' })).toBe(false);
    expect(isAdmin(null)).toBe(false);
    expect(isAdmin({ email: undefined })).toBe(false);
  });
});
