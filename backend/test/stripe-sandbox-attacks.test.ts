// Issue 25 §1: the Stripe sandbox attacked from outside with a default `npm start` (no Stripe key configured).
// Its API answers only the per-install key the functions hold; the clock needs the service role; a forged webhook
// event naming someone else's customer and the attacker's user id changes nothing; a production deployment
// refuses the sandbox unless asked for.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { resolveStripeSandboxSecrets } from '../src/security/secrets.ts';
import type { RunningBackend } from '../src/server.ts';
import { SANDBOX_IN_PRODUCTION_MESSAGE, signPayload, type StripeSandbox } from '../src/stripe-sandbox/index.ts';
import { raw, serviceClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let sandbox: StripeSandbox;

beforeAll(async () => {
  backend = await startTestBackend({ env: { AI_BASE_URL: '' } });
  sandbox = backend.stripeSandbox!;
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

async function subscribe(user: SignedInUser): Promise<{ customerId: string; subscriptionId: string }> {
  const res = await raw(backend, '/functions/v1/create-checkout', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify({
      price_id: 'price_atelier_pro',
      success_url: 'http://localhost:3000/account',
      cancel_url: 'http://localhost:3000/account',
      mode: 'subscription',
    }),
  });
  expect(res.status).toBe(200);
  const { url } = res.json as { url: string };
  const pay = await fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'card=4242424242424242&exp=12%2F34&cvc=123',
  });
  expect(pay.status).toBe(303);
  const { data } = await serviceClient(backend)
    .from('stripe_subscriptions')
    .select('customer_id, subscription_id')
    .eq('user_id', user.id)
    .single();
  const row = data as { customer_id: string; subscription_id: string };
  return { customerId: row.customer_id, subscriptionId: row.subscription_id };
}

async function plan(user: SignedInUser): Promise<string | null> {
  const { data } = await serviceClient(backend)
    .from('subscriptions')
    .select('plan_id, status')
    .eq('user_id', user.id)
    .maybeSingle();
  const row = data as { plan_id: string; status: string } | null;
  return row ? `${row.plan_id}/${row.status}` : null;
}

describe('the sandbox API answers only the install key', () => {
  let victim: SignedInUser;
  let ids: { customerId: string; subscriptionId: string };
  beforeAll(async () => {
    victim = await signUpUser(backend, 'stripe-victim');
    ids = await subscribe(victim);
    expect(await plan(victim)).toBe('pro/active');
  }, 90_000);

  it.each([
    ['no key at all', undefined],
    ['any sk_test_ string', 'Bearer sk_test_atelier_sandbox'],
    ['a made-up key', 'Bearer sk_test_0123456789abcdefghijklmnopqrstuvwxyz'],
    ['the anon key', 'ANON'],
    ['the service-role key', 'SERVICE'],
  ])('%s: listing, reading and cancelling are refused with 401 JSON', async (_label, header) => {
    const authorization =
      header === 'ANON'
        ? `Bearer ${backend.anonKey}`
        : header === 'SERVICE'
          ? `Bearer ${backend.serviceRoleKey}`
          : header;
    const headers: Record<string, string> = authorization ? { authorization } : {};
    for (const [method, target] of [
      ['GET', '/v1/subscriptions?status=all'],
      ['GET', `/v1/customers/${ids.customerId}`],
      ['DELETE', `/v1/subscriptions/${ids.subscriptionId}`],
      ['POST', '/v1/checkout/sessions'],
      ['POST', '/v1/test_helpers/test_clocks/clock_x/advance'],
    ] as const) {
      const res = await fetch(`${backend.url}${target}`, { method, headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const body = (await res.json()) as { error: { type: string; message: string } };
      expect(body.error.type).toBe('invalid_request_error');
      expect(body.error.message).not.toContain(sandbox.secretKey);
    }
    expect(await plan(victim)).toBe('pro/active');
  });

  it('the install key works (what the functions use) and is not the old public constant', async () => {
    expect(sandbox.secretKey).toMatch(/^sk_test_[A-Za-z0-9_-]{32,}$/);
    expect(sandbox.secretKey).not.toBe('sk_test_atelier_sandbox');
    const res = await fetch(`${backend.url}/v1/customers/${ids.customerId}`, {
      headers: { authorization: `Bearer ${sandbox.secretKey}` },
    });
    expect(res.status).toBe(200);
  });

  it('the clock needs the service role: anonymous and user tokens get 401 and move nothing', async () => {
    const before = sandbox.now();
    const attempts: Array<Record<string, string>> = [
      {},
      { apikey: backend.anonKey, authorization: `Bearer ${backend.anonKey}` },
      { apikey: backend.anonKey, authorization: `Bearer ${victim.accessToken}` },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${backend.url}/stripe-sandbox/clock/advance`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ seconds: 90 * 86400 }),
      });
      expect(res.status).toBe(401);
      expect((await fetch(`${backend.url}/stripe-sandbox/clock`, { headers })).status).toBe(401);
    }
    expect(sandbox.now() - before).toBeLessThan(5);
    expect(await plan(victim)).toBe('pro/active');
    const ok = await fetch(`${backend.url}/stripe-sandbox/clock`, {
      headers: { authorization: `Bearer ${backend.serviceRoleKey}` },
    });
    expect(ok.status).toBe(200);
  });

  it('a checkout page exists only for a session the functions opened for a customer', async () => {
    expect((await fetch(`${backend.url}/stripe-sandbox/checkout/cs_test_guess`)).status).toBe(404);
    // A session created with the key but for no customer (not what create-checkout does) has no page either.
    const created = await fetch(`${backend.url}/v1/checkout/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        mode: 'subscription',
        'line_items[0][price]': 'price_atelier_pro',
        success_url: 'http://localhost:3000/',
        cancel_url: 'http://localhost:3000/',
      }).toString(),
    });
    const { url } = (await created.json()) as { url: string };
    expect((await fetch(url)).status).toBe(404);
  });
});

describe('a forged webhook event', () => {
  it('naming the victim customer and the attacker user changes nothing; the old public secret is refused', async () => {
    const victim = await signUpUser(backend, 'forge-victim');
    const attacker = await signUpUser(backend, 'forge-attacker');
    const { customerId } = await subscribe(victim);
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: 'cs_test_forged',
            object: 'checkout.session',
            mode: 'subscription',
            customer: customerId,
            client_reference_id: attacker.id,
            metadata: { user_id: attacker.id },
          },
        },
      });
    const post = (payload: string, secret: string) =>
      fetch(`${backend.url}/functions/v1/stripe-webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, secret) },
        body: payload,
      });
    const old = await post(event('evt_forged_old'), 'whsec_atelier_sandbox_0123456789abcdef');
    expect(old.status).toBe(400);
    // Even an event carrying a valid signature (an insider, or a leaked secret) cannot move the plan.
    const signed = await post(event('evt_forged_signed'), sandbox.webhookSecret);
    expect(signed.status).toBe(200);
    expect(await plan(attacker)).toBeNull();
    expect(await plan(victim)).toBe('pro/active');
    const { data } = await serviceClient(backend)
      .from('stripe_customers')
      .select('user_id')
      .eq('customer_id', customerId);
    expect(data).toEqual([{ user_id: victim.id }]);
  }, 90_000);
});

describe('per-install secrets and production', () => {
  it('are generated once per install into a 0600 file beside the JWT secret, and differ between installs', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'atelier-stripe-'));
    try {
      const a = resolveStripeSandboxSecrets(path.join(dir, 'a', 'data'));
      const again = resolveStripeSandboxSecrets(path.join(dir, 'a', 'data'));
      const b = resolveStripeSandboxSecrets(path.join(dir, 'b', 'data'));
      expect(again).toEqual(a);
      expect(b.secretKey).not.toBe(a.secretKey);
      expect(b.webhookSecret).not.toBe(a.webhookSecret);
      expect(statSync(path.join(dir, 'a', 'data.stripe-sandbox')).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ATELIER_ENV=production or a public SITE_URL without Stripe refuses to start, unless STRIPE_SANDBOX=1', async () => {
    await expect(startTestBackend({ env: { ATELIER_ENV: 'production' } })).rejects.toThrow(
      SANDBOX_IN_PRODUCTION_MESSAGE,
    );
    await expect(startTestBackend({ env: { SITE_URL: 'https://devis.example.fr' } })).rejects.toThrow(
      /STRIPE_SANDBOX=1/,
    );
    const explicit = await startTestBackend({
      dataDir: 'memory://',
      env: { ATELIER_ENV: 'production', STRIPE_SANDBOX: '1', AI_BASE_URL: '' },
    });
    try {
      expect(explicit.stripeSandbox).toBeDefined();
    } finally {
      await explicit.close();
    }
  }, 60_000);
});
