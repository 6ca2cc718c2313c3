// Billing end to end against the Stripe sandbox: create-checkout → sandbox checkout page → signed webhook events →
// provider rows + local record (status rules); webhook signature, replay and ordering; RLS on the provider tables;
// sync-subscriptions; billing portal cancellation at period end with the sandbox clock.
import type { RunningBackend } from '../src/server.ts';
import { signPayload, type StripeSandbox } from '../src/stripe-sandbox/index.ts';
import { raw, serviceClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

const PRO = 'price_atelier_pro';
const ENTERPRISE = 'price_atelier_enterprise';

let backend: RunningBackend;
let sandbox: StripeSandbox;

beforeAll(async () => {
  backend = await startTestBackend({ env: { AI_BASE_URL: '' } });
  sandbox = backend.stripeSandbox!;
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

async function checkout(user: SignedInUser, price = PRO): Promise<{ url: string; sessionId: string }> {
  const res = await raw(backend, '/functions/v1/create-checkout', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify({
      price_id: price,
      success_url: 'http://localhost:3000/account?subscription=success&plan=pro',
      cancel_url: 'http://localhost:3000/account?subscription=canceled',
      mode: 'subscription',
    }),
  });
  expect(res.status).toBe(200);
  return res.json as { url: string; sessionId: string };
}

async function pay(url: string, card = '4242 4242 4242 4242'): Promise<Response> {
  return fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card, exp: '12/34', cvc: '123', name: 'Jeanne Martin' }).toString(),
  });
}

async function localRecord(user: SignedInUser) {
  const { data, error } = await user.client.from('subscriptions').select('*').eq('user_id', user.id).maybeSingle();
  expect(error).toBeNull();
  return data as { plan_id: string; status: string; cancel_at_period_end: boolean; current_period_end: string } | null;
}

async function eventCount(): Promise<number> {
  const { rows } = await backend.db.query('select count(*)::int as n from public.stripe_webhook_events');
  return Number((rows[0] as { n: number }).n);
}

describe('checkout with the sandbox', () => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await signUpUser(backend, 'billing');
  });

  it('refuses an anonymous caller and a bad body with the spec’s error field', async () => {
    // The anon key as JWT (what supabase-js sends signed out) passes the gateway; the function refuses it.
    const anon = await raw(backend, '/functions/v1/create-checkout', {
      method: 'POST',
      body: '{}',
      token: backend.anonKey,
    });
    expect(anon.status).toBe(401);
    expect(anon.json).toEqual({ error: 'User not authenticated' });
    // No JWT at all: the gateway refuses before the function runs (verify_jwt, as on hosted Supabase).
    const none = await raw(backend, '/functions/v1/create-checkout', { method: 'POST', body: '{}' });
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ code: 401, message: 'Missing authorization header' });
    const missing = await raw(backend, '/functions/v1/create-checkout', {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({ success_url: 'http://x/a', cancel_url: 'http://x/b', mode: 'subscription' }),
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ error: 'Missing required parameter price_id' });
  }, 60_000);

  it('declined card: French message, nothing active', async () => {
    const { url } = await checkout(user);
    const res = await pay(url, '4000 0000 0000 0002');
    expect(res.status).toBe(402);
    expect(await res.text()).toContain('Votre carte a été refusée');
    const record = await localRecord(user);
    expect(record?.status ?? 'inactive').not.toBe('active');
  }, 60_000);

  it('4242 → subscription created, signed events delivered, plan pro active before the redirect', async () => {
    const { url, sessionId } = await checkout(user);
    expect(sessionId).toMatch(/^cs_test_/);
    const page = await (await fetch(url)).text();
    expect(page).toContain('Mode test — aucun paiement réel');
    const res = await pay(url);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('http://localhost:3000/account?subscription=success&plan=pro');
    expect(await localRecord(user)).toMatchObject({ plan_id: 'pro', status: 'active', cancel_at_period_end: false });
    const { data: subs } = await user.client
      .from('stripe_subscriptions')
      .select('price_id, status, current_period_end');
    expect(subs).toEqual([expect.objectContaining({ price_id: PRO, status: 'active' })]);
    expect((subs![0] as { current_period_end: number }).current_period_end).toBeGreaterThan(
      Date.now() / 1000 + 27 * 86400,
    );
    const { data: quota } = await user.client.rpc('consume_quote_credit');
    expect(quota).toMatchObject({ allowed: true, plan: 'pro', remaining: null });
  }, 60_000);

  it('refuses the plan already paid for (no second subscription)', async () => {
    const res = await raw(backend, '/functions/v1/create-checkout', {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({
        price_id: PRO,
        success_url: 'http://x/a',
        cancel_url: 'http://x/b',
        mode: 'subscription',
      }),
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ error: 'Ce plan est déjà votre plan actuel.' });
  }, 60_000);

  it('sync-subscriptions returns the status object; a foreign customer id is refused', async () => {
    const { data: customer } = await user.client.from('stripe_customers').select('customer_id').single();
    const ok = await raw(backend, '/functions/v1/sync-subscriptions', {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({ customer_id: (customer as { customer_id: string }).customer_id }),
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, status: { status: 'active', plan_id: 'pro' } });
    const other = await signUpUser(backend, 'billing-other');
    const foreign = await raw(backend, '/functions/v1/sync-subscriptions', {
      method: 'POST',
      token: other.accessToken,
      body: JSON.stringify({ customer_id: (customer as { customer_id: string }).customer_id }),
    });
    expect(foreign.status).toBe(403);
    expect(foreign.json).toHaveProperty('error');
    const own = await raw(backend, '/functions/v1/sync-subscriptions', {
      method: 'POST',
      token: other.accessToken,
      body: '{}',
    });
    expect(own.json).toMatchObject({ success: true, status: { status: 'inactive', plan_id: 'free' } });
  }, 60_000);

  it('cancel at period end through the portal: active until the sandbox clock passes the period end, then free', async () => {
    const portal = await raw(backend, '/functions/v1/billing-portal', {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({ return_url: 'http://localhost:3000/account' }),
    });
    expect(portal.status).toBe(200);
    const portalUrl = (portal.json as { url: string }).url;
    expect(await (await fetch(portalUrl)).text()).toContain('Renouvellement le');
    const cancel = await fetch(`${portalUrl}/cancel`, { method: 'POST', redirect: 'manual' });
    expect(cancel.status).toBe(303);
    expect(await localRecord(user)).toMatchObject({ plan_id: 'pro', status: 'active', cancel_at_period_end: true });
    const end = Date.parse((await localRecord(user))!.current_period_end) / 1000;
    await sandbox.advanceTo(end - 3600);
    expect(await localRecord(user)).toMatchObject({ plan_id: 'pro', status: 'active' });
    await sandbox.advanceTo(end + 60);
    expect(await localRecord(user)).toMatchObject({ plan_id: 'free', status: 'canceled' });
    const { data } = await user.client.rpc('consume_quote_credit');
    expect(data).toMatchObject({ plan: 'free' });
  }, 60_000);
});

describe('stripe-webhook', () => {
  it('a bad or missing signature → 400 and nothing written', async () => {
    const before = await eventCount();
    const payload = JSON.stringify({
      id: 'evt_forged',
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'sub_x', object: 'subscription', customer: 'cus_x', status: 'active' } },
    });
    const bad = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signPayload(payload, 'whsec_wrong'), 'content-type': 'application/json' },
      body: payload,
    });
    expect(bad.status).toBe(400);
    const tampered = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'stripe-signature': signPayload(payload, sandbox.webhookSecret), 'content-type': 'application/json' },
      body: payload.replace('active', 'canceled'),
    });
    expect(tampered.status).toBe(400);
    const none = await fetch(`${backend.url}/functions/v1/stripe-webhook`, { method: 'POST', body: payload });
    expect(none.status).toBe(400);
    expect(await eventCount()).toBe(before);
  }, 60_000);

  it('the same event twice is applied once; updated before completed still ends right', async () => {
    const user = await signUpUser(backend, 'billing-order');
    const { url } = await checkout(user, ENTERPRISE);
    sandbox.holdEvents();
    await pay(url);
    const created = sandbox.releaseEvents();
    expect(created.map((e) => (JSON.parse(e) as { type: string }).type)).toEqual([
      'customer.subscription.created',
      'checkout.session.completed',
      'invoice.paid',
    ]);
    expect((await localRecord(user))?.status ?? 'inactive').not.toBe('active');

    // The customer then asks for cancellation at period end: an updated event, delivered FIRST.
    const { data: customer } = await serviceClient(backend)
      .from('stripe_customers')
      .select('customer_id')
      .eq('user_id', user.id)
      .single();
    const customerId = (customer as { customer_id: string }).customer_id;
    const subscriptionId = (JSON.parse(created[0]!) as { data: { object: { id: string } } }).data.object.id;
    sandbox.holdEvents();
    await fetch(`${backend.url}/v1/subscriptions/${subscriptionId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sandbox.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'cancel_at_period_end=true',
    });
    const [updated] = sandbox.releaseEvents();
    expect(await sandbox.deliver(updated!)).toBe(200);
    // …then the older events, the completed one twice.
    const before = await eventCount();
    for (const payload of [created[1]!, created[0]!, created[1]!, created[2]!])
      expect(await sandbox.deliver(payload)).toBe(200);
    expect(await eventCount()).toBe(before + 3);
    const { rows } = await backend.db.query(
      'select count(*)::int as n from public.stripe_webhook_events where id = $1',
      [(JSON.parse(created[1]!) as { id: string }).id],
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(1);
    expect(await localRecord(user)).toMatchObject({
      plan_id: 'enterprise',
      status: 'active',
      cancel_at_period_end: true,
    });
    const { data: subs } = await user.client
      .from('stripe_subscriptions')
      .select('customer_id, price_id, cancel_at_period_end');
    expect(subs).toEqual([{ customer_id: customerId, price_id: ENTERPRISE, cancel_at_period_end: true }]);
  }, 90_000);
});

describe('row-level security of the provider tables', () => {
  it('a user reads only their own provider rows and writes none', async () => {
    const a = await signUpUser(backend, 'rls-a');
    const b = await signUpUser(backend, 'rls-b');
    const { url } = await checkout(a);
    await pay(url);
    const mine = await a.client.from('stripe_customers').select('customer_id, user_id');
    expect(mine.data).toHaveLength(1);
    const customerId = (mine.data![0] as { customer_id: string }).customer_id;
    for (const table of ['stripe_customers', 'stripe_subscriptions', 'stripe_user_subscriptions']) {
      const { data, error } = await b.client.from(table).select('*');
      expect(error).toBeNull();
      expect(data).toEqual([]);
    }
    const events = await b.client.from('stripe_webhook_events').select('*');
    expect(events.data ?? []).toEqual([]);

    const insert = await b.client.from('stripe_customers').insert({ user_id: b.id, customer_id: 'cus_fake' });
    expect(insert.error).not.toBeNull();
    const subInsert = await a.client
      .from('stripe_subscriptions')
      .insert({ user_id: a.id, customer_id: customerId, status: 'active', price_id: 'price_atelier_enterprise' });
    expect(subInsert.error).not.toBeNull();
    const update = await a.client
      .from('stripe_subscriptions')
      .update({ price_id: ENTERPRISE })
      .eq('customer_id', customerId)
      .select();
    expect(update.data ?? []).toEqual([]);
    const local = await b.client
      .from('subscriptions')
      .upsert({ user_id: b.id, plan_id: 'enterprise', status: 'active' });
    expect(local.error).not.toBeNull();
    const rpc = await a.client.rpc('apply_billing_sync', {
      p_user_id: a.id,
      p_local: { plan_id: 'enterprise', status: 'active' },
    });
    expect(rpc.error).not.toBeNull();
    const { data: sub } = await a.client.from('stripe_subscriptions').select('price_id').single();
    expect(sub).toEqual({ price_id: PRO });
  }, 60_000);

  it('deleting the auth user removes the provider rows', async () => {
    const user = await signUpUser(backend, 'rls-delete');
    const { url } = await checkout(user);
    await pay(url);
    await backend.db.query('delete from auth.users where id = $1', [user.id]);
    const { rows } = await backend.db.query(
      `select (select count(*) from public.stripe_customers where user_id = $1)
            + (select count(*) from public.stripe_subscriptions where user_id = $1)
            + (select count(*) from public.subscriptions where user_id = $1) as n`,
      [user.id],
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(0);
  }, 60_000);
});

describe('renewal payment failure', () => {
  it('a card failing at renewal: invoice.payment_failed → past due → back to free', async () => {
    const user = await signUpUser(backend, 'billing-renewal');
    const { url } = await checkout(user);
    expect((await pay(url, '4000 0000 0000 0341')).status).toBe(303);
    const record = await localRecord(user);
    expect(record).toMatchObject({ plan_id: 'pro', status: 'active' });
    await sandbox.advanceTo(Date.parse(record!.current_period_end) / 1000 + 60);
    expect(await localRecord(user)).toMatchObject({ plan_id: 'free', status: 'inactive' });
    const { data } = await user.client.from('stripe_subscriptions').select('status').single();
    expect(data).toEqual({ status: 'past_due' });
  }, 60_000);
});

describe('with a real Stripe key configured', () => {
  it('mounts nothing of the sandbox', async () => {
    const real = await startTestBackend({
      env: { AI_BASE_URL: '', STRIPE_SECRET_KEY: 'sk_test_configured_elsewhere' },
    });
    try {
      expect(real.stripeSandbox).toBeUndefined();
      for (const path of ['/v1/customers', '/stripe-sandbox/clock', '/v1/checkout/sessions']) {
        const res = await fetch(`${real.url}${path}`, { headers: { authorization: `Bearer ${sandbox.secretKey}` } });
        expect(res.status).toBe(404);
      }
    } finally {
      await real.close();
    }
  }, 60_000);
});
