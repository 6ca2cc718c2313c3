// POST /functions/v1/admin-delete-user {user_email} — the administrator deletes a user (spec §7 delete_user).
// SQL cannot call Stripe, so this function first cancels the user's provider subscription when one is live, then
// calls rpc delete_user *with the caller's token*: the database decides who is administrator (is_admin(): the
// ADMIN_EMAIL account with a confirmed email), refuses the admin's own account and unknown emails, and removes
// everything the user owns in one transaction.
import { json, preflight } from '../_shared/cors.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const SUPABASE_ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';
const SUPABASE_SERVICE_ROLE_KEY = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';

/** Subscription statuses Stripe still bills or may bill: these are cancelled before the user goes. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

type StripeLike = { subscriptions: { cancel(id: string): Promise<unknown> } };

/**
 * The functions' one Stripe client, `getStripe()` of _shared/stripe.ts (billing, issue 11). Loaded lazily so that
 * this function works where billing is absent or unconfigured: then null, and only users without a live
 * subscription can be deleted.
 */
async function stripeClient(): Promise<StripeLike | null> {
  const modulePath = '../_shared/stripe.ts';
  try {
    const mod = (await import(modulePath)) as { getStripe?: () => StripeLike | null };
    return mod.getStripe?.() ?? null;
  } catch (error) {
    console.warn('Stripe unavailable:', error instanceof Error ? error.message : error);
    return null;
  }
}

function rest(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: SUPABASE_ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
}

/** supabase.auth.getUser(jwt): GET /auth/v1/user, verified by the backend (signature, expiry, live session). */
async function callerIsSignedIn(token: string): Promise<boolean> {
  const res = await fetch(`${SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
  });
  await res.body?.cancel();
  return res.ok;
}

/** Provider subscription ids of a user that are still live (local record, and billing's table when present). */
async function liveSubscriptionIds(userId: string): Promise<string[]> {
  const ids = new Set<string>();
  const local = await rest(
    `subscriptions?select=stripe_subscription_id,status&user_id=eq.${encodeURIComponent(userId)}`,
    SUPABASE_SERVICE_ROLE_KEY,
    { headers: { apikey: SUPABASE_SERVICE_ROLE_KEY } },
  );
  if (local.ok) {
    for (const row of (await local.json()) as { stripe_subscription_id: string | null; status: string }[]) {
      if (row.stripe_subscription_id && LIVE_STATUSES.has(row.status)) ids.add(row.stripe_subscription_id);
    }
  } else await local.body?.cancel();
  const billing = await rest(
    `stripe_subscriptions?select=subscription_id,status&deleted_at=is.null&user_id=eq.${encodeURIComponent(userId)}`,
    SUPABASE_SERVICE_ROLE_KEY,
    { headers: { apikey: SUPABASE_SERVICE_ROLE_KEY } },
  );
  if (billing.ok) {
    for (const row of (await billing.json()) as { subscription_id: string | null; status: string }[]) {
      if (row.subscription_id && LIVE_STATUSES.has(row.status)) ids.add(row.subscription_id);
    }
  } else await billing.body?.cancel(); // 404: billing tables not installed
  return [...ids];
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return json(405, { error: 'Use POST' });

  const token = (req.headers.get('Authorization') ?? '').match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? '';
  if (!token || token === SUPABASE_ANON_KEY || !(await callerIsSignedIn(token))) {
    return json(401, { error: 'A signed-in administrator is required' });
  }
  const isAdmin = await rest('rpc/is_admin', token, { method: 'POST', body: '{}' });
  if (!isAdmin.ok || (await isAdmin.json()) !== true) return json(403, { error: 'Administrator only' });

  let email = '';
  try {
    const body = (await req.json()) as { user_email?: unknown };
    email = typeof body.user_email === 'string' ? body.user_email.trim().toLowerCase() : '';
  } catch {
    // fall through: missing email
  }
  if (!email) return json(400, { error: 'user_email is required' });

  // The admin's own view tells who the email belongs to (no rows for anyone else).
  const found = await rest(`admin_clients_view?select=user_id&user_email=eq.${encodeURIComponent(email)}`, token);
  const rows = found.ok ? ((await found.json()) as { user_id: string }[]) : [];
  if (rows[0]) {
    const subscriptions = await liveSubscriptionIds(rows[0].user_id);
    if (subscriptions.length > 0) {
      const stripe = await stripeClient();
      if (!stripe) {
        return json(502, { error: 'The payment provider is not configured: the subscription cannot be cancelled' });
      }
      for (const id of subscriptions) {
        try {
          await stripe.subscriptions.cancel(id);
        } catch (error) {
          // Already gone at the provider: nothing left to bill.
          if ((error as { code?: string }).code !== 'resource_missing') {
            console.error('Stripe cancel failed:', error);
            return json(502, { error: 'The subscription could not be cancelled at the payment provider' });
          }
        }
      }
    }
  }

  const deleted = await rest('rpc/delete_user', token, { method: 'POST', body: JSON.stringify({ user_email: email }) });
  const result = await deleted.json();
  if (!deleted.ok) {
    const status = deleted.status === 404 || (result as { code?: string }).code === 'P0002' ? 404 : deleted.status;
    return json(status, { error: (result as { message?: string }).message ?? 'delete_user failed', code: result.code });
  }
  return json(200, result);
});
