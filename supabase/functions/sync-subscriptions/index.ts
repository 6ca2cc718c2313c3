// POST /functions/v1/sync-subscriptions { customer_id? } — re-reads the signed-in user's Stripe subscription and
// applies the SPEC §4 status rules (local record upserted, quotas reset / created). → { success, status } or
// { error }. Without a Stripe customer it applies the rules to the local record alone.
import { json, preflight } from '../_shared/cors.ts';
import { getUser } from '../_shared/auth.ts';
import { billingContext, syncCustomer, syncLocalOnly } from '../_shared/billing.ts';

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return json(405, { error: 'Method not allowed' });
  const user = await getUser(req);
  if (!user) return json(401, { error: 'User not authenticated' });

  let body: { customer_id?: unknown } = {};
  try {
    body = (await req.json()) as typeof body;
  } catch {
    body = {};
  }
  try {
    const context = await billingContext({ userId: user.id });
    const requested = typeof body.customer_id === 'string' && body.customer_id ? body.customer_id : null;
    if (requested && requested !== context.customer_id) {
      return json(403, { error: 'Customer does not belong to the signed-in user' });
    }
    const customerId = requested ?? context.customer_id;
    const status = customerId
      ? (await syncCustomer({ customerId, userId: user.id, context })).status
      : await syncLocalOnly(user.id, context);
    return json(200, { success: true, status });
  } catch (error) {
    console.error('sync-subscriptions failed:', error);
    return json(500, { error: (error as Error).message || 'Sync failed' });
  }
});
