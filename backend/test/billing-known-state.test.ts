// stripe-webhook's one-round-trip path (decision 0110): the function keeps the state it last wrote for a customer
// and apply_billing_sync checks it (p_expected) before writing. Proven here as an attacker or a concurrent writer
// would hit it: a state changed behind the function's back is detected (nothing written, event not recorded) and
// the rules run on a fresh read; replays stay no-ops; a hint in the event never overrides the stored mapping;
// p_expected is not callable by users.
import type { RunningBackend } from '../src/server.ts';
import { signPayload, type StripeSandbox } from '../src/stripe-sandbox/index.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let sandbox: StripeSandbox;

beforeAll(async () => {
  backend = await startTestBackend({ env: { AI_BASE_URL: '' } });
  sandbox = backend.stripeSandbox!;
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

async function paidUser(name: string): Promise<{ user: SignedInUser; customerId: string }> {
  const user = await signUpUser(backend, name);
  const res = await raw(backend, '/functions/v1/create-checkout', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify({
      price_id: 'price_atelier_pro',
      success_url: 'http://localhost:3000/account?subscription=success&plan=pro',
      cancel_url: 'http://localhost:3000/account?subscription=canceled',
      mode: 'subscription',
    }),
  });
  expect(res.status).toBe(200);
  const pay = await fetch(`${(res.json as { url: string }).url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: '4242 4242 4242 4242', exp: '12/34', cvc: '123' }).toString(),
  });
  expect(pay.status).toBe(303);
  const { rows } = await backend.db.query('select customer_id from public.stripe_customers where user_id = $1', [
    user.id,
  ]);
  return { user, customerId: String(rows[0]!.customer_id) };
}

let serial = 0;
function updatedEvent(customerId: string, extra: Record<string, unknown> = {}): string {
  serial += 1;
  return JSON.stringify({
    id: `evt_known_${Date.now().toString(36)}_${serial}`,
    object: 'event',
    type: 'customer.subscription.updated',
    created: Math.floor(Date.now() / 1000),
    data: { object: { id: `sub_known_${serial}`, object: 'subscription', customer: customerId, ...extra } },
  });
}

async function deliver(payload: string): Promise<{ status: number; body: { duplicate?: boolean } }> {
  const res = await fetch(`${backend.url}/functions/v1/stripe-webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, sandbox.webhookSecret) },
    body: payload,
  });
  return { status: res.status, body: (await res.json()) as { duplicate?: boolean } };
}

async function local(userId: string): Promise<{ plan_id: string; status: string }> {
  const { rows } = await backend.db.query('select plan_id, status from public.subscriptions where user_id = $1', [
    userId,
  ]);
  return rows[0] as { plan_id: string; status: string };
}

async function recorded(eventId: string): Promise<number> {
  const { rows } = await backend.db.query('select count(*)::int as n from public.stripe_webhook_events where id = $1', [
    eventId,
  ]);
  return Number(rows[0]!.n);
}

describe('stripe-webhook with a known customer state', () => {
  it('a local record changed behind the function is detected: the rules run on a fresh read', async () => {
    const { user, customerId } = await paidUser('known-stale');
    // Two events: the second one runs on the state the first one wrote (the one-round-trip path).
    for (let i = 0; i < 2; i += 1) expect((await deliver(updatedEvent(customerId))).status).toBe(200);
    expect(await local(user.id)).toMatchObject({ plan_id: 'pro', status: 'active' });

    // Another writer (an operator, another instance) changes the local record directly.
    await backend.db.query(`update public.subscriptions set plan_id = 'free', status = 'inactive' where user_id = $1`, [
      user.id,
    ]);
    const payload = updatedEvent(customerId);
    expect((await deliver(payload)).status).toBe(200);
    // Stripe still says active pro: the record follows it again (the known state was not trusted).
    expect(await local(user.id)).toMatchObject({ plan_id: 'pro', status: 'active' });
    expect(await recorded((JSON.parse(payload) as { id: string }).id)).toBe(1);
  }, 90_000);

  it('a replayed event is a no-op on the one-round-trip path too', async () => {
    const { user, customerId } = await paidUser('known-replay');
    expect((await deliver(updatedEvent(customerId))).status).toBe(200);
    const payload = updatedEvent(customerId);
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, duplicate: false } });
    await backend.db.query(`update public.user_quotas set quotes_used = 2 where user_id = $1`, [user.id]);
    // The replay must not apply again (an applied event of an active paid plan resets the quota counter).
    expect(await deliver(payload)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    const { rows } = await backend.db.query('select quotes_used from public.user_quotas where user_id = $1', [user.id]);
    expect(Number(rows[0]!.quotes_used)).toBe(2);
    expect(await recorded((JSON.parse(payload) as { id: string }).id)).toBe(1);
  }, 90_000);

  it('a forged user hint on a known customer changes nothing for the other user', async () => {
    const { user, customerId } = await paidUser('known-victim');
    const attacker = await signUpUser(backend, 'known-attacker');
    expect((await deliver(updatedEvent(customerId))).status).toBe(200);
    const forged = updatedEvent(customerId, { metadata: { user_id: attacker.id } });
    expect((await deliver(forged)).status).toBe(200);
    expect(await local(user.id)).toMatchObject({ plan_id: 'pro', status: 'active' });
    const { rows } = await backend.db.query(
      `select (select count(*) from public.stripe_customers where user_id = $1)
            + (select count(*) from public.subscriptions where user_id = $1 and plan_id <> 'free') as n`,
      [attacker.id],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  }, 90_000);

  it('apply_billing_sync with a wrong expectation answers stale and writes nothing', async () => {
    const { user, customerId } = await paidUser('known-direct');
    const call = async (expected: Record<string, unknown>) => {
      const { rows } = await backend.db.query(
        `select public.apply_billing_sync(p_user_id => $1, p_event_id => $2, p_event_type => 'customer.subscription.updated',
           p_customer_id => $3, p_local => $4::jsonb, p_reset_quotas => true, p_expected => $5::jsonb)::text as r`,
        [
          user.id,
          `evt_direct_${Date.now()}`,
          customerId,
          JSON.stringify({ stripe_customer_id: customerId, plan_id: 'free', status: 'inactive' }),
          JSON.stringify(expected),
        ],
      );
      return JSON.parse(String(rows[0]!.r)) as { applied: boolean; stale?: boolean };
    };
    const before = await backend.db.query('select count(*)::int as n from public.stripe_webhook_events');
    // A local record that is not the stored one; another user as the customer's owner; no quota row claimed.
    const { rows } = await backend.db.query(
      'select row_to_json(s) as r from public.subscriptions s where s.user_id = $1',
      [user.id],
    );
    const stored = rows[0]!.r as Record<string, unknown>;
    const other = await signUpUser(backend, 'known-other');
    for (const expected of [
      { user_id: user.id, local: { ...stored, plan_id: 'enterprise' }, has_quotas: true },
      { user_id: other.id, local: stored, has_quotas: true },
      { user_id: user.id, local: stored, has_quotas: false },
      { user_id: user.id, local: null, has_quotas: true },
    ]) {
      expect(await call(expected)).toEqual({ applied: false, duplicate: false, stale: true });
    }
    const after = await backend.db.query('select count(*)::int as n from public.stripe_webhook_events');
    expect(Number(after.rows[0]!.n)).toBe(Number(before.rows[0]!.n));
    expect(await local(user.id)).toMatchObject({ plan_id: 'pro', status: 'active' });
    // The right expectation applies (here: the record set to free, as the caller's rules said).
    expect(await call({ user_id: user.id, local: stored, has_quotas: true })).toMatchObject({ applied: true });
    expect(await local(user.id)).toMatchObject({ plan_id: 'free', status: 'inactive' });
  }, 90_000);

  it('users cannot call apply_billing_sync with an expectation', async () => {
    const attacker = await signUpUser(backend, 'known-rpc');
    const { error } = await attacker.client.rpc('apply_billing_sync', {
      p_user_id: attacker.id,
      p_local: { plan_id: 'enterprise', status: 'active' },
      p_expected: { user_id: attacker.id, local: null, has_quotas: true },
    });
    expect(error).not.toBeNull();
    const anon = await raw(backend, '/rest/v1/rpc/apply_billing_sync', {
      method: 'POST',
      body: JSON.stringify({ p_user_id: attacker.id, p_expected: {} }),
    });
    expect(anon.status).toBeGreaterThanOrEqual(401);
    expect((await local(attacker.id))?.plan_id ?? 'free').toBe('free');
  }, 60_000);
});
