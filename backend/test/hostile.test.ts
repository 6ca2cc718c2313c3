// Hostile input against /rest/v1 and /auth/v1: each gets the error PostgREST/GoTrue would give, never a 500
// and never data.
import type { RunningBackend } from '../src/server.ts';
import { signJwt } from '../src/jwt.ts';
import { raw, signUpUser, startTestBackend, TEST_JWT_SECRET, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend({ bodyLimitBytes: 64 * 1024 });
  alice = await signUpUser(backend, 'alice');
  bob = await signUpUser(backend, 'bob');
});
afterAll(async () => {
  await backend?.close();
});

async function get(path: string, token?: string) {
  return raw(backend, `/rest/v1/${path}`, { token: token ?? alice.accessToken });
}

function expectNoData(res: { status: number; text: string }) {
  expect(res.status).toBeLessThan(500);
  expect(res.text).not.toContain(bob.id);
  expect(res.text).not.toContain(bob.email);
}

describe('malformed query strings → PGRST100 (400)', () => {
  it.each([
    ['unknown operator', 'profiles?id=xx.1'],
    ['missing operator', 'profiles?id=1'],
    ['unbalanced in list', 'profiles?id=in.(1,2'],
    ['bad is value', 'profiles?siret=is.maybe'],
    ['broken logic tree', 'profiles?or=(id.eq.1'],
    ['logic tree without operator', 'profiles?or=(id)'],
    ['bad order modifier', 'profiles?order=first_name.sideways'],
    ['bad limit', 'profiles?limit=ten'],
    ['bad cast in select', 'profiles?select=first_name::pg_catalog.text'],
    ['operator modifier', 'profiles?first_name=like(any).{a,b}'],
  ])('%s', async (_name, path) => {
    const res = await get(path);
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'PGRST100', message: expect.any(String), hint: null });
    expectNoData(res);
  });

  it('rejects a negative limit as an unsatisfiable range (PGRST103)', async () => {
    const res = await get('profiles?limit=-1');
    expect(res.status).toBe(416);
    expect(res.json).toMatchObject({ code: 'PGRST103' });
  });
});

describe('unknown names', () => {
  it('unknown table → 404 PGRST205 with a hint', async () => {
    const res = await get('profile');
    expect(res.status).toBe(404);
    expect(res.json).toEqual({
      code: 'PGRST205',
      details: null,
      hint: "Perhaps you meant the table 'public.profiles'",
      message: "Could not find the table 'public.profile' in the schema cache",
    });
  });

  it('tables outside the exposed schema cannot be reached', async () => {
    for (const path of ['auth.users', 'users', '..%2Fauth%2Fusers', 'private.settings']) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: 'PGRST205' });
    }
    const profile = await raw(backend, '/rest/v1/profiles', {
      token: alice.accessToken,
      headers: { 'accept-profile': 'auth' },
    });
    expect(profile.status).toBe(406);
    expect(profile.json).toMatchObject({ code: 'PGRST106' });
  });

  it('unknown columns in select, filters and order → 42703 (400); in a payload → PGRST204', async () => {
    for (const path of [
      'profiles?select=nope',
      'profiles?nope=eq.1',
      'profiles?order=nope',
      'profiles?or=(nope.eq.1)',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: '42703', message: 'column profiles.nope does not exist' });
    }
    const insert = await raw(backend, '/rest/v1/profiles', {
      method: 'POST',
      token: alice.accessToken,
      body: JSON.stringify({ id: alice.id, nope: 1 }),
    });
    expect(insert.status).toBe(400);
    expect(insert.json).toMatchObject({
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'profiles' in the schema cache",
    });
  });

  it('embedding is refused with PGRST200; aggregates with PGRST123; unknown functions with PGRST202', async () => {
    expect((await get('profiles?select=*,user_quotas(*)')).json).toMatchObject({ code: 'PGRST200' });
    expect((await get('profiles?select=count()')).json).toMatchObject({ code: 'PGRST123' });
    const rpc = await raw(backend, '/rest/v1/rpc/pg_sleep', {
      method: 'POST',
      token: alice.accessToken,
      body: '{"seconds":10}',
    });
    expect(rpc.status).toBe(404);
    expect(rpc.json).toMatchObject({ code: 'PGRST202' });
  });
});

describe('SQL in values, order and select is inert', () => {
  const injections = ["' or 1=1 --", `${'x'}') or true --`, '1; drop table profiles; --', `"${'a'}" or "b"`];

  it.each(injections)('filter value %s', async (value) => {
    const res = await get(`profiles?select=id&first_name=eq.${encodeURIComponent(value)}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([]);
    const inList = await get(`profiles?select=id&id=in.(${encodeURIComponent(`"${value}"`)})`);
    expect(inList.status).toBe(400); // invalid uuid syntax (22P02), as PostgreSQL says
    expect(inList.json).toMatchObject({ code: '22P02' });
    expectNoData(inList);
  });

  it('order and select identifiers are quoted names, never SQL', async () => {
    for (const path of [
      `profiles?order=${encodeURIComponent('id;drop table profiles')}`,
      `profiles?select=${encodeURIComponent('id,(select email from auth.users)')}`,
      `profiles?select=${encodeURIComponent('"id""; select 1; --"')}`,
      `profiles?order=${encodeURIComponent('(select 1)')}`,
    ]) {
      const res = await get(path);
      expect([400, 404]).toContain(res.status);
      expectNoData(res);
    }
    // The table is still there and still isolated.
    const mine = await get('profiles?select=id');
    expect(mine.json).toEqual([{ id: alice.id }]);
  });

  it('json path keys are bound values', async () => {
    const res = await get(`profiles?select=id&first_name->>${encodeURIComponent("a' or '1'='1")}=eq.x`);
    expect(res.status).toBeLessThan(500);
    expectNoData(res);
  });
});

describe('bodies', () => {
  it('refuses an oversized body with 413 before touching the database', async () => {
    const big = JSON.stringify({ id: alice.id, address: 'x'.repeat(70 * 1024) });
    const res = await raw(backend, '/rest/v1/profiles', { method: 'POST', token: alice.accessToken, body: big });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'PGRST413' });
    const auth = await raw(backend, '/auth/v1/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'big@example.fr', password: 'x'.repeat(70 * 1024) }),
    });
    expect(auth.status).toBe(413);
    expect(auth.json).toMatchObject({ code: 'request_too_large' });
  });

  it('refuses invalid JSON (PGRST102 / bad_json) and mismatched keys', async () => {
    const rest = await raw(backend, '/rest/v1/profiles', { method: 'POST', token: alice.accessToken, body: '{"id":' });
    expect(rest.status).toBe(400);
    expect(rest.json).toMatchObject({ code: 'PGRST102' });
    const keys = await raw(backend, '/rest/v1/profiles', {
      method: 'POST',
      token: alice.accessToken,
      body: JSON.stringify([{ id: alice.id }, { first_name: 'x' }]),
    });
    expect(keys.json).toMatchObject({ code: 'PGRST102', message: 'All object keys must match' });
    const auth = await raw(backend, '/auth/v1/token?grant_type=password', { method: 'POST', body: 'nope' });
    expect(auth.status).toBe(400);
    expect(auth.json).toMatchObject({ code: 'bad_json' });
  });

  it('values of the wrong type are PostgreSQL errors (400), and column limits hold', async () => {
    const res = await raw(backend, `/rest/v1/profiles?id=eq.${alice.id}`, {
      method: 'PATCH',
      token: alice.accessToken,
      body: JSON.stringify({ updated_at: 'yesterday-ish' }),
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: '22007' });
    const long = await raw(backend, `/rest/v1/profiles?id=eq.${alice.id}`, {
      method: 'PATCH',
      token: alice.accessToken,
      body: JSON.stringify({ first_name: 'x'.repeat(5000) }),
    });
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ code: '23514' });
  });
});

describe('tokens', () => {
  const now = () => Math.floor(Date.now() / 1000);

  it('a service_role JWT signed with the wrong key → 401 PGRST301, no data', async () => {
    const forged = signJwt(
      { role: 'service_role', iss: 'supabase-demo', iat: now(), exp: now() + 3600 },
      'not-the-secret-not-the-secret-not-the-secret',
    );
    const res = await get('profiles?select=*', forged);
    expect(res.status).toBe(401);
    expect(res.json).toEqual({
      code: 'PGRST301',
      details: 'None of the keys was able to decode the JWT',
      hint: null,
      message: 'No suitable key or wrong key type',
    });
    expect(res.headers.get('www-authenticate')).toContain('invalid_token');
    expectNoData(res);
    const asApiKey = await raw(backend, '/rest/v1/profiles', { apikey: forged, token: forged });
    expect(asApiKey.status).toBe(401);
    expect(asApiKey.json).toMatchObject({ message: 'Invalid API key' });
  });

  it('an expired JWT → 401 PGRST303 "JWT expired"', async () => {
    const expired = signJwt(
      { sub: alice.id, role: 'authenticated', aud: 'authenticated', iat: now() - 7200, exp: now() - 3600 },
      TEST_JWT_SECRET,
    );
    const res = await get('profiles', expired);
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('malformed tokens and alg=none → 401 PGRST301', async () => {
    expect((await get('profiles', 'abc')).json).toMatchObject({
      code: 'PGRST301',
      message: 'Expected 3 parts in JWT; got 1',
    });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const body = Buffer.from(JSON.stringify({ role: 'service_role' })).toString('base64url');
    const none = await get('profiles', `${header}.${body}.`);
    expect(none.status).toBe(401);
    expect(none.json).toMatchObject({ code: 'PGRST301', message: 'Wrong or unsupported encoding algorithm' });
  });

  it('a correctly signed token with a role outside anon/authenticated/service_role is refused', async () => {
    const superuser = signJwt({ role: 'postgres', exp: now() + 60 }, TEST_JWT_SECRET);
    const res = await get('profiles', superuser);
    expect(res.status).toBe(401);
    expectNoData(res);
  });

  it('a token whose payload was changed (sub of another user) fails the signature check', async () => {
    const [header, , signature] = alice.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(alice.accessToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: bob.id })).toString('base64url')}.${signature}`;
    const res = await get('profiles?select=*', tampered);
    expect(res.status).toBe(401);
    expectNoData(res);
  });

  it('no apikey → 401 from the gateway', async () => {
    const res = await raw(backend, '/rest/v1/profiles', { apikey: null, token: alice.accessToken });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ message: 'No API key found in request' });
  });
});

describe('single object requests', () => {
  it('a PATCH asking for one object that would touch several rows is rolled back (406)', async () => {
    const admin = (await import('./helpers.ts')).serviceClient(backend);
    const res = await admin
      .from('profiles')
      .update({ siret: '00000000000000' })
      .in('id', [alice.id, bob.id])
      .select()
      .single();
    expect(res.status).toBe(406);
    expect(res.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const after = await admin.from('profiles').select('siret').in('id', [alice.id, bob.id]);
    expect(after.data?.map((r) => r.siret)).not.toContain('00000000000000');
  });
});

describe('odd requests never cause a 500', () => {
  const deep = (n: number): string => (n === 0 ? 'first_name.eq.a' : `or(${deep(n - 1)},last_name.eq.b)`);
  const cases: Array<[string, { method?: string; body?: string; headers?: Record<string, string> }?]> = [
    ['/rest/v1/%zz'],
    ['/rest/v1/profiles?select=%zz'],
    ['/rest/v1/profiles?first_name=eq.%00'],
    [`/rest/v1/profiles?first_name=eq.${encodeURIComponent('\u0000x')}`],
    [`/rest/v1/profiles?select=${Array.from({ length: 2000 }, () => 'id').join(',')}`],
    [`/rest/v1/profiles?id=in.(${Array.from({ length: 3000 }, (_, i) => i).join(',')})`],
    [`/rest/v1/profiles?or=(${deep(20)})`],
    [`/rest/v1/profiles?or=(${deep(2000)})`],
    ['/rest/v1/profiles?id->>x=eq.1'],
    ['/rest/v1/profiles?first_name=fts(english).a%20b'],
    ['/rest/v1/profiles?select=first_name->0'],
    ['/rest/v1/profiles?order=,'],
    ['/rest/v1/profiles?select=a:'],
    ['/rest/v1/profiles?limit=99999999999'],
    ['/rest/v1/profiles', { headers: { range: '5-1' } }],
    ['/rest/v1/profiles', { headers: { accept: 'text/csv' } }],
    ['/rest/v1/profiles', { method: 'PUT', body: '{}' }],
    ['/rest/v1/profiles', { method: 'POST', body: '42' }],
    ['/rest/v1/profiles', { method: 'POST', body: '[1,2]' }],
    ['/rest/v1/profiles?id=eq.x', { method: 'PATCH', body: '[]' }],
    ['/rest/v1/profiles?columns=%22', { method: 'POST', body: '{}' }],
    ['/rest/v1/rpc/next_document_number', { method: 'POST', body: '{"kind":{"a":1}}' }],
    ['/rest/v1/rpc/next_document_number', { method: 'POST', body: '[]' }],
    ['/rest/v1/rpc/next_document_number?kind=invoice&nope=eq.1'],
    ['/rest/v1/rpc/consume_quote_credit', { method: 'DELETE' }],
    ['/rest/v1/rpc/a/b'],
    ['/auth/v1/admin/users/------------------------------------', { method: 'DELETE' }],
    ['/auth/v1/admin/users/%zz'],
    ['/auth/v1/token?grant_type=password', { method: 'POST', body: '{"email":["x"],"password":{"a":1}}' }],
    ['/auth/v1/token?grant_type=refresh_token', { method: 'POST', body: '{"refresh_token":123}' }],
    ['/auth/v1/token?grant_type=magic', { method: 'POST', body: '{}' }],
    ['/auth/v1/signup', { method: 'POST', body: '{"email":"a@b.fr","password":"secret-1","data":"nope"}' }],
    ['/auth/v1/user', { method: 'PUT', body: '{"data":[1],"email":5}' }],
    ['/auth/v1/logout?scope=weird', { method: 'POST' }],
    ['/auth/v1/nowhere'],
    ['/nowhere'],
  ];

  it.each(cases)('%s', async (path, init = {}) => {
    const token = path.includes('/admin/') ? backend.serviceRoleKey : alice.accessToken;
    const res = await raw(backend, path, { token, ...init });
    expect(res.status).toBeLessThan(500);
    expectNoData(res);
  });
});

it('still serves normally after all of that', async () => {
  const res = await get('profiles?select=id');
  expect(res.json).toEqual([{ id: alice.id }]);
});
