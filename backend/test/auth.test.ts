// GoTrue-compatible /auth/v1 through auth-js: sign-up, sign-in, refresh rotation, sign-out, user, admin.
import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';

import type { RunningBackend } from '../src/server.ts';
import { signJwt } from '../src/jwt.ts';
import {
  anonClient,
  PROFILE_METADATA,
  raw,
  serviceClient,
  signUpUser,
  TEST_JWT_SECRET,
  uniqueEmail,
} from './helpers.ts';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackendWithAdmin();
});
afterAll(async () => {
  await backend?.close();
});

async function startTestBackendWithAdmin(): Promise<RunningBackend> {
  const { startTestBackend } = await import('./helpers.ts');
  return startTestBackend({ adminEmail: 'Admin@Atelier.local', adminPassword: 'atelier-admin' });
}

describe('sign-up', () => {
  it('creates a usable, unconfirmed user with its metadata, a session and a profile (no SMTP: confirmation optional)', async () => {
    const user = await signUpUser(backend, 'signup', { confirmed: false });
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: user.id,
      email: user.email,
      aud: 'authenticated',
      role: 'authenticated',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: PROFILE_METADATA,
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(data.user?.identities?.[0]).toMatchObject({ provider: 'email', id: user.id, user_id: user.id });

    const profile = await user.client.from('profiles').select('*').single();
    expect(profile.error).toBeNull();
    expect(profile.data).toMatchObject({ id: user.id, ...PROFILE_METADATA });
    const quotas = await user.client.from('user_quotas').select('quotes_used, storage_used_mb').single();
    expect(quotas.data).toEqual({ quotes_used: 0, storage_used_mb: 0 });
  });

  it('issues an access token with Supabase claims', async () => {
    const user = await signUpUser(backend, 'claims');
    const claims = JSON.parse(Buffer.from(user.accessToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    expect(claims).toMatchObject({
      aud: 'authenticated',
      iss: `${backend.url}/auth/v1`,
      sub: user.id,
      email: user.email,
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email' },
    });
    expect(claims.session_id).toEqual(expect.any(String));
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
  });

  it('refuses an email that is already registered (422 user_already_exists)', async () => {
    const user = await signUpUser(backend, 'dup');
    const { error } = await anonClient(backend).auth.signUp({
      email: user.email.toUpperCase(),
      password: 'another-pass',
    });
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a weak password with its reasons', async () => {
    const { error } = await anonClient(backend).auth.signUp({ email: uniqueEmail('weak'), password: '12345' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(error?.message).toBe('Password should be at least 6 characters.');
  });

  it('refuses a malformed email (400 validation_failed)', async () => {
    const { error } = await anonClient(backend).auth.signUp({ email: 'not-an-email', password: 'secret-123' });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
  });

  it('answers errors with GoTrue bodies and the API version header', async () => {
    const res = await raw(backend, '/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'x@y.fr', password: '1' }),
    });
    expect(res.status).toBe(422);
    expect(res.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(res.json).toMatchObject({
      code: 'weak_password',
      error_code: 'weak_password',
      msg: expect.any(String),
      message: expect.any(String),
    });
  });
});

describe('sign-in', () => {
  it('signs in with the right password and refuses a wrong one', async () => {
    const user = await signUpUser(backend, 'signin');
    const client = anonClient(backend);
    const ok = await client.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(ok.error).toBeNull();
    expect(ok.data.session?.user.id).toBe(user.id);
    expect(ok.data.user?.last_sign_in_at).toEqual(expect.any(String));

    const wrong = await anonClient(backend).auth.signInWithPassword({ email: user.email, password: 'wrong-password' });
    expect(wrong.error).toMatchObject({
      status: 400,
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });
    const unknown = await anonClient(backend).auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: 'whatever',
    });
    expect(unknown.error).toMatchObject({ status: 400, code: 'invalid_credentials' });
  });

  it('rate-limits repeated failures for one email (429 over_request_rate_limit), even with the right password', async () => {
    const user = await signUpUser(backend, 'ratelimit');
    for (let i = 0; i < 5; i++) {
      const { error } = await anonClient(backend).auth.signInWithPassword({
        email: user.email,
        password: `wrong-${i}`,
      });
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials' });
    }
    const blocked = await anonClient(backend).auth.signInWithPassword({ email: user.email, password: user.password });
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });

  it('lets the configured administrator sign in', async () => {
    const { data, error } = await anonClient(backend).auth.signInWithPassword({
      email: 'admin@atelier.local',
      password: 'atelier-admin',
    });
    expect(error).toBeNull();
    const isAdmin = (await data.session) ? await anonClient(backend).rpc('is_admin') : undefined;
    expect(isAdmin?.error?.code).toBe('42501'); // anon may not even ask
    const client = anonClient(backend);
    await client.auth.setSession({
      access_token: data.session!.access_token,
      refresh_token: data.session!.refresh_token,
    });
    expect((await client.rpc('is_admin')).data).toBe(true);
    const other = await signUpUser(backend, 'notadmin');
    expect((await other.client.rpc('is_admin')).data).toBe(false);
  });
});

describe('refresh tokens', () => {
  async function refresh(token: string) {
    return raw(backend, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: token }),
    });
  }

  it('rotates: a refresh returns a new pair, and the session keeps working', async () => {
    const user = await signUpUser(backend, 'rotate');
    const { data, error } = await user.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(user.refreshToken);
    expect(data.session?.access_token).toEqual(expect.any(String));
    const again = await user.client.auth.refreshSession();
    expect(again.error).toBeNull();
    expect((await user.client.auth.getUser()).data.user?.id).toBe(user.id);
  });

  it('tolerates a concurrent reuse within the interval (returns the current token), refuses an unknown token', async () => {
    const user = await signUpUser(backend, 'reuse');
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    const second = await refresh(user.refreshToken);
    expect(second.status).toBe(200);
    expect((second.json as { refresh_token: string }).refresh_token).toBe(
      (first.json as { refresh_token: string }).refresh_token,
    );

    const unknown = await refresh('no-such-token');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: 'refresh_token_not_found' });
  });

  it('treats reuse after the interval as theft: refresh_token_already_used and the session is revoked', async () => {
    const user = await signUpUser(backend, 'theft');
    const first = await refresh(user.refreshToken);
    const current = (first.json as { refresh_token: string }).refresh_token;
    await backend.db.query("update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1", [
      user.refreshToken,
    ]);
    const reused = await refresh(user.refreshToken);
    expect(reused.status).toBe(400);
    expect(reused.json).toMatchObject({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const afterTheft = await refresh(current);
    expect(afterTheft.status).toBe(400);
  });
});

describe('sign-out', () => {
  it('revokes the session: the old refresh token is refused and /user says session_not_found', async () => {
    const user = await signUpUser(backend, 'signout');
    const { error } = await user.client.auth.signOut();
    expect(error).toBeNull();
    const res = await raw(backend, '/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: user.refreshToken }),
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'refresh_token_not_found' });
    const me = await raw(backend, '/auth/v1/user', { token: user.accessToken });
    expect(me.status).toBe(403);
    expect(me.json).toMatchObject({ code: 'session_not_found' });
  });

  it('scope=others keeps the current session only', async () => {
    const user = await signUpUser(backend, 'others');
    const second = anonClient(backend);
    const signIn = await second.auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toBeNull();
    expect((await user.client.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await user.client.auth.getUser()).error).toBeNull();
    const { error } = await second.auth.getUser(signIn.data.session!.access_token);
    expect(error?.name).toBe('AuthSessionMissingError'); // auth-js' reading of 403 session_not_found
    const res = await raw(backend, '/auth/v1/user', { token: signIn.data.session!.access_token });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'session_not_found' });
  });
});

describe('user', () => {
  it('updates metadata (merge, null deletes a key) and the password', async () => {
    const user = await signUpUser(backend, 'update');
    const updated = await user.client.auth.updateUser({
      data: { first_name: 'Jeanne-Marie', siret: null, extra: 'x' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({
      first_name: 'Jeanne-Marie',
      last_name: 'Martin',
      extra: 'x',
    });
    expect(updated.data.user?.user_metadata).not.toHaveProperty('siret');

    // A password change needs the current password (or a reauthentication code / a recovery session).
    const bare = await user.client.auth.updateUser({ password: 'Nouveau-2026!' });
    expect(bare.error).toMatchObject({ status: 400, code: 'current_password_required' });
    const wrong = await user.client.auth.updateUser({
      password: 'Nouveau-2026!',
      current_password: 'pas-le-bon',
    } as { password: string });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    const same = await user.client.auth.updateUser({
      password: user.password,
      current_password: user.password,
    } as { password: string });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const changed = await user.client.auth.updateUser({
      password: 'Nouveau-2026!',
      current_password: user.password,
    } as { password: string });
    expect(changed.error).toBeNull();
    const signIn = await anonClient(backend).auth.signInWithPassword({ email: user.email, password: 'Nouveau-2026!' });
    expect(signIn.error).toBeNull();
  });

  it('refuses /user without a token, with the anon key and with a forged token', async () => {
    expect((await raw(backend, '/auth/v1/user')).json).toMatchObject({ code: 'no_authorization' });
    const anon = await raw(backend, '/auth/v1/user', { token: backend.anonKey });
    expect(anon.status).toBe(403);
    const forged = signJwt(
      { sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 60 },
      'another-secret-another-secret-another-secret',
    );
    const res = await raw(backend, '/auth/v1/user', { token: forged });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ code: 'bad_jwt' });
    const expired = signJwt(
      { sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated', exp: Math.floor(Date.now() / 1000) - 3600 },
      TEST_JWT_SECRET,
    );
    expect((await raw(backend, '/auth/v1/user', { token: expired })).json).toMatchObject({ code: 'bad_jwt' });
  });
});

describe('admin', () => {
  it('lists users for the service role with X-Total-Count and Link, and refuses users', async () => {
    const user = await signUpUser(backend, 'adminlist');
    const admin = serviceClient(backend);
    const { data, error } = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(error).toBeNull();
    expect(data.users).toHaveLength(2);
    expect((data as { total?: number }).total).toBeGreaterThanOrEqual(3);
    expect((data as { nextPage?: number }).nextPage).toBe(2);
    const res = await raw(backend, '/auth/v1/admin/users?page=1&per_page=2', { token: backend.serviceRoleKey });
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(3);
    expect(res.headers.get('link')).toContain('rel="next"');

    const refused = await raw(backend, '/auth/v1/admin/users', { token: user.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: 'not_admin', message: 'User not allowed' });
  });

  it('deletes a user with everything it owns', async () => {
    const user = await signUpUser(backend, 'admindelete');
    const admin = serviceClient(backend);
    const { error } = await admin.auth.admin.deleteUser(user.id);
    expect(error).toBeNull();
    const profile = await admin.from('profiles').select('id').eq('id', user.id);
    expect(profile.data).toEqual([]);
    const again = await admin.auth.admin.deleteUser(user.id);
    expect(again.error).toMatchObject({ status: 404, code: 'user_not_found' });
    const signIn = await anonClient(backend).auth.signInWithPassword({ email: user.email, password: user.password });
    expect(signIn.error).toMatchObject({ code: 'invalid_credentials' });
  });
});

describe('gateway', () => {
  it('requires a known apikey on /auth/v1', async () => {
    expect((await raw(backend, '/auth/v1/settings', { apikey: null })).status).toBe(401);
    expect((await raw(backend, '/auth/v1/settings', { apikey: 'nope' })).json).toMatchObject({
      message: 'Invalid API key',
    });
    const settings = await raw(backend, '/auth/v1/settings');
    expect(settings.json).toMatchObject({ mailer_autoconfirm: true, disable_signup: false });
  });

  it('answers CORS preflights for the app origins and exposes the headers auth-js reads', async () => {
    const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'apikey, content-type, x-client-info',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-supabase-api-version');
    const get = await fetch(`${backend.url}/auth/v1/settings`, {
      headers: { origin: 'http://localhost:3004', apikey: backend.anonKey },
    });
    expect(get.headers.get('access-control-expose-headers')).toContain('X-Supabase-Api-Version');
  });
});
