// POST /functions/v1/stripe-webhook — Stripe events (no JWT: Stripe signs them instead). The signature is checked
// on the raw body (bad or missing → 400, nothing written). Every handled event leads to the same action: re-read
// the customer's subscription from the Stripe API and apply the status rules (_shared/billing.ts), so events that
// arrive twice or out of order end in the right state; the event id is recorded in the same transaction, so a
// replayed event is acknowledged without being applied again. Answers only once the database is written, so
// Stripe retries an event whose handling failed. The user is the one the stored customer → user mapping names (or,
// for a customer not yet mapped, the one the Stripe customer object's metadata names, read back from the API):
// an event's client_reference_id / metadata.user_id is only a hint, logged and ignored when it disagrees.
import { json } from '../_shared/cors.ts';
import { syncCustomer } from '../_shared/billing.ts';
import { cryptoProvider, getStripe, webhookSecret, type Stripe } from '../_shared/stripe.ts';

const HANDLED = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
  'invoice.payment_succeeded',
  'invoice.paid',
]);

function customerOf(object: Record<string, unknown>): string | null {
  const customer = object.customer;
  if (typeof customer === 'string') return customer;
  if (customer && typeof customer === 'object' && typeof (customer as { id?: unknown }).id === 'string')
    return (customer as { id: string }).id;
  return null;
}

function userHint(object: Record<string, unknown>): string | null {
  const metadata = (object.metadata ?? {}) as Record<string, string>;
  const candidate = metadata.user_id || metadata.userId || (object.client_reference_id as string | undefined);
  return typeof candidate === 'string' && /^[0-9a-f-]{36}$/i.test(candidate) ? candidate : null;
}

Deno.serve(async (req: Request) => {
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
  const signature = req.headers.get('stripe-signature');
  if (!signature) return json(400, { error: 'No signature found' });
  const secret = webhookSecret();
  if (!secret) return json(500, { error: 'STRIPE_WEBHOOK_SECRET is not configured' });

  const body = await req.text();
  let event: Stripe.Event;
  try {
    event = await getStripe().webhooks.constructEventAsync(body, signature, secret, undefined, cryptoProvider);
  } catch (error) {
    return json(400, { error: `Webhook signature verification failed: ${(error as Error).message}` });
  }

  if (!HANDLED.has(event.type)) return json(200, { received: true, ignored: true });
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type === 'checkout.session.completed' && object.mode !== 'subscription') {
    return json(200, { received: true, ignored: true });
  }
  const customerId = customerOf(object);
  if (!customerId) return json(200, { received: true, ignored: true });

  try {
    const result = await syncCustomer({
      customerId,
      userHint: userHint(object),
      event: { id: event.id, type: event.type, created: event.created },
    });
    return json(200, { received: true, duplicate: result.duplicate });
  } catch (error) {
    console.error(`stripe-webhook: ${event.type} ${event.id} failed:`, error);
    return json(500, { error: 'Webhook handling failed' });
  }
});
