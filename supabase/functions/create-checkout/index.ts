// POST /functions/v1/create-checkout { price_id, success_url, cancel_url, mode: 'subscription' } (SPEC §7)
// → { url, sessionId } or { error }. Creates the user's Stripe customer on first use (mapping recorded by the
// service role) and opens a Checkout Session for the configured price. A user who already pays for the other paid
// plan gets no second subscription: the one they have moves to the new price (issue 29.5) → { changed, plan,
// effective, period_end } — an upgrade at once, the difference for the rest of the period invoiced now
// (proration); a downgrade with nothing charged or refunded now, the lower price from the next renewal.
import { json, preflight } from '../_shared/cors.ts';
import { getUser } from '../_shared/auth.ts';
import { billingContext, rpc, syncCustomer } from '../_shared/billing.ts';
import { getStripe, priceIds } from '../_shared/stripe.ts';

export const ACTIVE_SUBSCRIPTION =
  "Vous avez déjà un abonnement actif. Veuillez d'abord annuler votre abonnement actuel.";
export const PLAN_ALREADY_ACTIVE = 'Ce plan est déjà votre plan actuel.';

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
  const user = await getUser(req);
  if (!user) return json(401, { error: 'User not authenticated' });

  let body: Record<string, unknown>;
  try {
    body = (await req.json()) as Record<string, unknown>;
  } catch {
    return json(400, { error: 'Invalid JSON body' });
  }
  for (const key of ['price_id', 'success_url', 'cancel_url', 'mode']) {
    if (typeof body[key] !== 'string' || !body[key]) return json(400, { error: `Missing required parameter ${key}` });
  }
  const { price_id: priceId, success_url: successUrl, cancel_url: cancelUrl, mode } = body as Record<string, string>;
  if (mode !== 'subscription') return json(400, { error: `Invalid mode: ${mode}` });
  const prices = priceIds();
  if (priceId !== prices.pro && priceId !== prices.enterprise) return json(400, { error: 'Unknown price_id' });
  for (const url of [successUrl, cancelUrl]) {
    try {
      if (!/^https?:$/.test(new URL(url).protocol)) throw new Error('scheme');
    } catch {
      return json(400, { error: 'Invalid return URL' });
    }
  }

  try {
    const stripe = getStripe();
    const context = await billingContext({ userId: user.id });
    const localActive = context.local && ['active', 'trialing'].includes(context.local.status);
    const provider = context.provider;
    const providerActive = provider && ['active', 'trialing'].includes(provider.status);
    if (providerActive && provider.subscription_id && context.customer_id) {
      if (provider.price_id === priceId) return json(409, { error: PLAN_ALREADY_ACTIVE });
      const subscription = await stripe.subscriptions.retrieve(provider.subscription_id);
      const item = subscription.items.data[0];
      if (!item) return json(409, { error: ACTIVE_SUBSCRIPTION });
      const upgrade = priceId === prices.enterprise;
      await stripe.subscriptions.update(provider.subscription_id, {
        items: [{ id: item.id, price: priceId }],
        proration_behavior: upgrade ? 'always_invoice' : 'none',
      });
      // The webhook does the same; this makes the answer's plan the stored one before the browser re-reads it.
      await syncCustomer({ customerId: context.customer_id, userId: user.id });
      return json(200, {
        changed: true,
        plan: upgrade ? 'enterprise' : 'pro',
        effective: upgrade ? 'now' : 'next_renewal',
        period_end: provider.current_period_end,
      });
    }
    if ((localActive && context.local!.plan_id !== 'free') || providerActive) {
      return json(409, { error: ACTIVE_SUBSCRIPTION });
    }

    let customerId = context.customer_id;
    if (!customerId) {
      const customer = await stripe.customers.create({
        email: user.email ?? undefined,
        metadata: { userId: user.id },
      });
      try {
        await rpc('apply_billing_sync', {
          p_user_id: user.id,
          p_customer_id: customer.id,
          p_subscription: context.provider
            ? null
            : { customer_id: customer.id, subscription_id: null, price_id: null, status: 'not_started' },
        });
      } catch (error) {
        await stripe.customers.del(customer.id).catch(() => undefined);
        throw error;
      }
      customerId = customer.id;
    }

    const session = await stripe.checkout.sessions.create({
      customer: customerId,
      mode: 'subscription',
      line_items: [{ price: priceId, quantity: 1 }],
      success_url: successUrl,
      cancel_url: cancelUrl,
      client_reference_id: user.id,
      metadata: { user_id: user.id },
      subscription_data: { metadata: { user_id: user.id } },
    });
    if (!session.url) return json(502, { error: 'No checkout URL received' });
    return json(200, { url: session.url, sessionId: session.id });
  } catch (error) {
    console.error('create-checkout failed:', error);
    return json(500, { error: (error as Error).message || 'Failed to create checkout session' });
  }
});
