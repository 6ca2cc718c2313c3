// Supabase compatibility an app or an attacker can hit (issue 25 item 7): `Accept: text/csv` (supabase-js
// `.csv()`), `Prefer: missing=default` on bulk insert, JWT verification at the functions gateway per function
// (supabase/config.toml `verify_jwt`), and `X-Content-Type-Options: nosniff` on every answer of the backend.
import { randomBytes } from 'node:crypto';

import { signJwt } from '../src/jwt.ts';
import type { RunningBackend } from '../src/server.ts';
import { anonClient, raw, signUpUser, startTestBackend, TEST_JWT_SECRET, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'csv-alice');
  bob = await signUpUser(backend, 'csv-bob');
  const { error } = await alice.client.from('clients').insert([
    { name: 'Dupont, père & fils', email: 'dupont@example.fr', phone: '', address: '3 rue "Haute"\n75001 Paris' },
    { name: 'Simple', email: 'simple@example.fr', phone: '0102030405', address: 'C:\\chantier' },
  ]);
  if (error) throw error;
  const other = await bob.client.from('clients').insert({ name: 'Secret de Bob', email: 'bob-client@example.fr' });
  if (other.error) throw other.error;
}, 120_000);

afterAll(async () => {
  await backend?.close();
});

function userToken(sub: string, secret: string, expiresIn = 600): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ aud: 'authenticated', exp: now + expiresIn, iat: now, sub, role: 'authenticated' }, secret);
}

describe('Accept: text/csv (PostgREST CSV)', () => {
  it('supabase-js .csv() gets a header row and PostgREST-quoted fields, only the caller’s rows', async () => {
    const { data, error, status } = await alice.client
      .from('clients')
      .select('name,email,phone,address,archived_at')
      .order('email')
      .csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(
      'name,email,phone,address,archived_at\n' +
        '"Dupont, père & fils",dupont@example.fr,"","3 rue ""Haute""\n75001 Paris",\n' +
        'Simple,simple@example.fr,0102030405,"C:\\\\chantier",',
    );
    expect(String(data)).not.toContain('Secret de Bob');
  });

  it('answers text/csv with Content-Range; anonymous callers get an empty CSV (RLS), not an error', async () => {
    const own = await raw(backend, '/rest/v1/clients?select=email&order=email', {
      token: alice.accessToken,
      headers: { accept: 'text/csv', prefer: 'count=exact' },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(own.headers.get('content-range')).toBe('0-1/2');
    expect(own.text).toBe('email\ndupont@example.fr\nsimple@example.fr');
    const anon = await anonClient(backend).from('clients').select('name').csv();
    expect(anon.error).toBeNull();
    expect(anon.data).toBe('\n');
  });

  it('filters, limits and a hostile select still go through the schema check', async () => {
    const one = await alice.client.from('clients').select('name').eq('email', 'simple@example.fr').csv();
    expect(one.data).toBe('name\nSimple');
    const bad = await raw(backend, '/rest/v1/clients?select=name,pg_sleep(10)', {
      token: alice.accessToken,
      headers: { accept: 'text/csv' },
    });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/json');
  });

  it('an unknown media type is refused with 406 PGRST107', async () => {
    const res = await raw(backend, '/rest/v1/clients', { token: alice.accessToken, headers: { accept: 'text/xml' } });
    expect(res.status).toBe(406);
    expect(res.json).toMatchObject({ code: 'PGRST107' });
  });
});

describe('Prefer: missing=default on bulk insert', () => {
  it('a key missing from one row takes the column default (supabase-js defaultToNull: false)', async () => {
    const { data, error } = await alice.client
      .from('clients')
      .insert(
        [
          { name: 'Avec téléphone', email: 'tel@example.fr', phone: '0600000000' },
          { name: 'Sans téléphone', email: 'sans-tel@example.fr' },
        ],
        { defaultToNull: false },
      )
      .select('email,phone,user_id,id');
    expect(error).toBeNull();
    expect(data).toHaveLength(2);
    const byEmail = new Map((data ?? []).map((row) => [row.email as string, row]));
    expect(byEmail.get('tel@example.fr')?.phone).toBe('0600000000');
    expect(byEmail.get('sans-tel@example.fr')?.phone).toBe('');
    for (const row of data ?? []) {
      expect(row.user_id).toBe(alice.id);
      expect(String(row.id)).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('without it, the missing key is NULL as PostgREST does (NOT NULL refuses the whole insert)', async () => {
    const { error } = await alice.client.from('clients').insert([
      { name: 'A', email: 'a-null@example.fr', phone: '01' },
      { name: 'B', email: 'b-null@example.fr' },
    ]);
    expect(error?.code).toBe('23502');
    const { data } = await alice.client.from('clients').select('email').in('email', ['a-null@example.fr']);
    expect(data).toEqual([]);
  });

  it('an explicit null is not replaced by the default, and a foreign user_id is still refused by RLS', async () => {
    const explicitNull = await alice.client
      .from('clients')
      .insert([{ name: 'N', email: 'n@example.fr', phone: null }], { defaultToNull: false });
    expect(explicitNull.error?.code).toBe('23502');
    const forged = await alice.client.from('clients').insert(
      [
        { name: 'Forgé', email: 'forge@example.fr', user_id: bob.id },
        { name: 'X', email: 'x@example.fr' },
      ],
      {
        defaultToNull: false,
      },
    );
    expect(forged.error?.code).toBe('42501');
    const { data } = await bob.client.from('clients').select('email');
    expect((data ?? []).map((r) => r.email)).toEqual(['bob-client@example.fr']);
  });
});

describe('functions gateway: verify_jwt per function (supabase/config.toml)', () => {
  const call = (name: string, headers: Record<string, string> = {}, method = 'GET') =>
    fetch(`${backend.url}/functions/v1/${name}`, { method, headers });

  it('webhook-test refuses no token, a malformed header, a random-secret token, an expired one', async () => {
    const none = await call('webhook-test');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ code: 401, message: 'Missing authorization header' });
    const basic = await call('webhook-test', { authorization: 'Basic YWxpY2U6eA==' });
    expect(basic.status).toBe(401);
    const forged = await call('webhook-test', {
      authorization: `Bearer ${userToken(alice.id, randomBytes(32).toString('hex'))}`,
    });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    const expired = await call('webhook-test', {
      authorization: `Bearer ${userToken(alice.id, TEST_JWT_SECRET, -60)}`,
    });
    expect(expired.status).toBe(401);
    const noneAlg = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(
      JSON.stringify({ sub: alice.id, role: 'service_role', exp: 9_999_999_999 }),
    ).toString('base64url')}.`;
    expect((await call('webhook-test', { authorization: `Bearer ${noneAlg}` })).status).toBe(401);
  });

  it('a valid JWT (anon key, a user session) reaches it; supabase-js invoke works', async () => {
    const anon = await call('webhook-test', { authorization: `Bearer ${backend.anonKey}` });
    expect(anon.status).toBe(200);
    expect(await anon.json()).toMatchObject({ ok: true });
    const { data, error } = await alice.client.functions.invoke('webhook-test', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true });
  }, 90_000);

  it('functions with verify_jwt = true never start for an unauthenticated call', async () => {
    for (const name of [
      'facturx',
      'create-checkout',
      'admin-delete-user',
      'billing-portal',
      'sync-subscriptions',
      'ai',
    ]) {
      const res = await call(name, { 'content-type': 'application/json' }, 'POST');
      expect([name, res.status]).toEqual([name, 401]);
    }
  });

  it('the CORS preflight passes without a JWT; stripe-webhook (verify_jwt = false) is reached without one', async () => {
    const preflight = await fetch(`${backend.url}/functions/v1/webhook-test`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:3002', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(200);
    const webhook = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    // The function itself answers (bad or missing Stripe-Signature), not the gateway's JWT refusal.
    expect(webhook.status).not.toBe(401);
    expect(webhook.status).toBeGreaterThanOrEqual(400);
  }, 90_000);
});

describe('X-Content-Type-Options: nosniff on every answer', () => {
  it('REST, auth, storage, functions, errors, preflights, 404 and 413 all carry it', async () => {
    const big = 'x'.repeat(2 * 1024 * 1024);
    const answers: Array<[string, Response]> = [
      ['rest 200', await fetch(`${backend.url}/rest/v1/clients`, { headers: { apikey: backend.anonKey } })],
      ['rest 401', await fetch(`${backend.url}/rest/v1/clients`)],
      ['rest 404', await fetch(`${backend.url}/rest/v1/nope`, { headers: { apikey: backend.anonKey } })],
      [
        'rest 413',
        await fetch(`${backend.url}/rest/v1/clients`, {
          method: 'POST',
          headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
          body: big,
        }),
      ],
      [
        'rest csv',
        await fetch(`${backend.url}/rest/v1/clients`, { headers: { apikey: backend.anonKey, accept: 'text/csv' } }),
      ],
      ['auth health', await fetch(`${backend.url}/auth/v1/health`)],
      ['auth 401', await fetch(`${backend.url}/auth/v1/user`, { headers: { apikey: backend.anonKey } })],
      [
        'auth preflight',
        await fetch(`${backend.url}/auth/v1/token`, {
          method: 'OPTIONS',
          headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' },
        }),
      ],
      ['storage', await fetch(`${backend.url}/storage/v1/bucket`, { headers: { apikey: backend.anonKey } })],
      ['functions 404', await fetch(`${backend.url}/functions/v1/nope`)],
      ['functions 401', await fetch(`${backend.url}/functions/v1/webhook-test`)],
      [
        'functions 200',
        await fetch(`${backend.url}/functions/v1/webhook-test`, {
          headers: { authorization: `Bearer ${backend.anonKey}` },
        }),
      ],
      ['root', await fetch(`${backend.url}/`)],
      ['no route', await fetch(`${backend.url}/nothing/here`)],
    ];
    if (backend.mailboxUrl) answers.push(['mailbox', await fetch(backend.mailboxUrl)]);
    for (const [label, res] of answers) {
      await res.arrayBuffer();
      expect([label, res.headers.get('x-content-type-options')]).toEqual([label, 'nosniff']);
    }
    expect(answers.find(([label]) => label === 'rest 413')?.[1].status).toBe(413);
  }, 90_000);
});
