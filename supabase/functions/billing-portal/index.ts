// POST /functions/v1/billing-portal { return_url } → { url } — Stripe's customer portal (card, cancellation at
// period end) for the signed-in user's customer. Beyond the spec (README departures).
import { json, preflight } from '../_shared/cors.ts';
import { getUser } from '../_shared/auth.ts';
import { billingContext } from '../_shared/billing.ts';
import { getStripe } from '../_shared/stripe.ts';

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
  const user = await getUser(req);
  if (!user) return json(401, { error: 'User not authenticated' });
  let body: { return_url?: unknown } = {};
  try {
    body = (await req.json()) as typeof body;
  } catch {
    body = {};
  }
  const returnUrl = typeof body.return_url === 'string' ? body.return_url : '';
  if (!/^https?:\/\//.test(returnUrl)) return json(400, { error: 'Missing required parameter return_url' });
  try {
    const context = await billingContext({ userId: user.id });
    if (!context.customer_id) return json(404, { error: 'Aucun abonnement à gérer' });
    const session = await getStripe().billingPortal.sessions.create({
      customer: context.customer_id,
      return_url: returnUrl,
    });
    return json(200, { url: session.url });
  } catch (error) {
    console.error('billing-portal failed:', error);
    return json(500, { error: (error as Error).message || 'Failed to open the billing portal' });
  }
});
