// Issue 29.5: a change between paid plans moves the one subscription to the other price through the provider's
// subscription update (Stripe's POST /v1/subscriptions/:id with items and proration_behavior), never a second
// subscription: Pro → Enterprise at once with the rest of the period invoiced (proration), Enterprise → Pro with
// nothing charged now.
import type { RunningBackend } from '../src/server.ts';
import type { StripeSandbox } from '../src/stripe-sandbox/index.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

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

function createCheckout(user: SignedInUser | null, price: string) {
  return raw(backend, '/functions/v1/create-checkout', {
    method: 'POST',
    token: user?.accessToken,
    body: JSON.stringify({
      price_id: price,
      success_url: 'http://x/ok',
      cancel_url: 'http://x/ko',
      mode: 'subscription',
    }),
  });
}

async function subscribePro(user: SignedInUser): Promise<void> {
  const res = await createCheckout(user, PRO);
  expect(res.status).toBe(200);
  const { url } = res.json as { url: string };
  const paid = await fetch(`${url}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ card: '4242 4242 4242 4242', exp: '12/34', cvc: '123', name: 'J M' }).toString(),
  });
  expect(paid.status).toBe(303);
}

async function planOf(user: SignedInUser): Promise<string> {
  const { data } = await user.client.from('subscriptions').select('plan_id, status').eq('user_id', user.id).single();
  return `${data!.plan_id}/${data!.status}`;
}

async function providerRows(user: SignedInUser) {
  const { data } = await user.client.from('stripe_subscriptions').select('subscription_id, price_id, status');
  return data as Array<{ subscription_id: string; price_id: string; status: string }>;
}

function stripeApi(path: string, body?: Record<string, string>) {
  return fetch(`${backend.url}/v1${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${sandbox.secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: body ? new URLSearchParams(body).toString() : undefined,
  });
}

it('Pro → Enterprise: same subscription, new price at once, the rest of the period invoiced', async () => {
  const user = await signUpUser(backend, 'montee');
  await subscribePro(user);
  const [before] = await providerRows(user);

  sandbox.holdEvents();
  let events: string[];
  let res;
  try {
    res = await createCheckout(user, ENTERPRISE);
  } finally {
    events = sandbox.releaseEvents();
  }
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ changed: true, plan: 'enterprise', effective: 'now' });
  // The function re-read the subscription itself: the plan is already stored before any webhook.
  expect(await planOf(user)).toBe('enterprise/active');
  expect(await providerRows(user)).toEqual([
    { subscription_id: before!.subscription_id, price_id: ENTERPRISE, status: 'active' },
  ]);
  const parsed = events.map((e) => JSON.parse(e) as { type: string; data: { object: Record<string, unknown> } });
  expect(parsed.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
  const invoice = parsed[1]!.data.object;
  // 54,99 € − 29,99 € for (almost) the whole month left.
  expect(invoice.amount_paid).toBeGreaterThan(2490);
  expect(invoice.amount_paid).toBeLessThanOrEqual(2500);
  for (const payload of events) await sandbox.deliver(payload);
  expect(await planOf(user)).toBe('enterprise/active');

  // Back to Pro: nothing invoiced now, the lower price from the next renewal.
  sandbox.holdEvents();
  try {
    res = await createCheckout(user, PRO);
  } finally {
    events = sandbox.releaseEvents();
  }
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ changed: true, plan: 'pro', effective: 'next_renewal' });
  expect(events.map((e) => (JSON.parse(e) as { type: string }).type)).toEqual(['customer.subscription.updated']);
  expect(await planOf(user)).toBe('pro/active');
  expect(await providerRows(user)).toHaveLength(1);
}, 90_000);

it('refuses anonymous callers and never touches another user’s subscription', async () => {
  const owner = await signUpUser(backend, 'proprio');
  await subscribePro(owner);
  expect((await createCheckout(null, ENTERPRISE)).status).toBe(401);
  const other = await signUpUser(backend, 'autre');
  const res = await createCheckout(other, ENTERPRISE);
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ url: expect.stringContaining('/stripe-sandbox/') });
  expect(await planOf(owner)).toBe('pro/active');
}, 90_000);

it('the sandbox update endpoint refuses what Stripe refuses', async () => {
  const user = await signUpUser(backend, 'api');
  await subscribePro(user);
  const id = (await providerRows(user))[0]!.subscription_id;
  const wrongItem = await stripeApi(`/subscriptions/${id}`, {
    'items[0][id]': 'si_nope',
    'items[0][price]': ENTERPRISE,
  });
  expect(wrongItem.status).toBe(400);
  const badBehavior = await stripeApi(`/subscriptions/${id}`, {
    'items[0][price]': ENTERPRISE,
    proration_behavior: 'sometimes',
  });
  expect(badBehavior.status).toBe(400);
  const unknownPrice = await stripeApi(`/subscriptions/${id}`, { 'items[0][price]': 'nope' });
  expect(unknownPrice.status).toBe(400);
  const noKey = await fetch(`${backend.url}/v1/subscriptions/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'items[0][price]=price_atelier_enterprise',
  });
  expect(noKey.status).toBe(401);
  const sub = (await (await stripeApi(`/subscriptions/${id}`)).json()) as {
    items: { data: Array<{ price: { id: string } }> };
  };
  expect(sub.items.data[0]!.price.id).toBe(PRO);
}, 90_000);
