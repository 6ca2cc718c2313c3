// POST /functions/v1/create-checkout { price_id, success_url, cancel_url, mode: 'subscription' } (SPEC §7)
// → { url, sessionId } or { error }. Creates the user's Stripe customer on first use (mapping recorded by the
// service role), refuses a second paid subscription, and opens a Checkout Session for the configured price.
import { json, preflight } from '../_shared/cors.ts';
import { getUser } from '../_shared/auth.ts';
import { billingContext, rpc } from '../_shared/billing.ts';
import { getStripe, priceIds } from '../_shared/stripe.ts';

export const ACTIVE_SUBSCRIPTION =
  "Vous avez déjà un abonnement actif. Veuillez d'abord annuler votre abonnement actuel.";

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
    const providerActive = context.provider && ['active', 'trialing'].includes(context.provider.status);
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
