// What both account deletions do before SQL removes the rows (issue 25 §4): the administrator's
// (admin-delete-user) and the user's own (delete-account). SQL cannot call the payment provider nor the storage
// API, so: a live provider subscription is cancelled (else the card keeps being charged), and the user's files
// are removed through the storage API (hosted Supabase keeps the bytes outside the database).
import { SERVICE_ROLE_KEY } from './db.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';

/** Subscription statuses Stripe still bills or may bill: these are cancelled before the user goes. */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due', 'unpaid', 'incomplete', 'paused']);

type StripeLike = { subscriptions: { cancel(id: string): Promise<unknown> } };

/** Why an account could not be closed: an HTTP status and a message for the caller. */
export class ClosingError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The functions' one Stripe client, `getStripe()` of _shared/stripe.ts. Loaded lazily so that deletion works
 * where billing is absent or unconfigured: then null, and only users without a live subscription can be deleted.
 */
async function stripeClient(): Promise<StripeLike | null> {
  const modulePath = './stripe.ts';
  try {
    const mod = (await import(modulePath)) as { getStripe?: () => StripeLike | null };
    return mod.getStripe?.() ?? null;
  } catch (error) {
    console.warn('Stripe unavailable:', error instanceof Error ? error.message : error);
    return null;
  }
}

function serviceRest(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
}

/** Provider subscription ids of a user that are still live (local record, and billing's table when present). */
async function liveSubscriptionIds(userId: string): Promise<string[]> {
  const ids = new Set<string>();
  const user = encodeURIComponent(userId);
  const local = await serviceRest(`subscriptions?select=stripe_subscription_id,status&user_id=eq.${user}`);
  if (local.ok) {
    for (const row of (await local.json()) as { stripe_subscription_id: string | null; status: string }[]) {
      if (row.stripe_subscription_id && LIVE_STATUSES.has(row.status)) ids.add(row.stripe_subscription_id);
    }
  } else await local.body?.cancel();
  const billing = await serviceRest(
    `stripe_subscriptions?select=subscription_id,status&deleted_at=is.null&user_id=eq.${user}`,
  );
  if (billing.ok) {
    for (const row of (await billing.json()) as { subscription_id: string | null; status: string }[]) {
      if (row.subscription_id && LIVE_STATUSES.has(row.status)) ids.add(row.subscription_id);
    }
  } else await billing.body?.cancel(); // 404: billing tables not installed
  return [...ids];
}

/** Cancels every live provider subscription of the user; throws ClosingError (502) when one cannot be. */
export async function cancelLiveSubscriptions(userId: string): Promise<number> {
  const subscriptions = await liveSubscriptionIds(userId);
  if (subscriptions.length === 0) return 0;
  const stripe = await stripeClient();
  if (!stripe) {
    throw new ClosingError(502, 'The payment provider is not configured: the subscription cannot be cancelled');
  }
  for (const id of subscriptions) {
    try {
      await stripe.subscriptions.cancel(id);
    } catch (error) {
      // Already gone at the provider: nothing left to bill.
      if ((error as { code?: string }).code !== 'resource_missing') {
        console.error('Stripe cancel failed:', error);
        throw new ClosingError(502, 'The subscription could not be cancelled at the payment provider');
      }
    }
  }
  return subscriptions.length;
}

/** The user's files in the `documents` bucket (rpc stored_files_of, service role). */
export async function storedFilesOf(userId: string): Promise<string[]> {
  const res = await serviceRest('rpc/stored_files_of', { method: 'POST', body: JSON.stringify({ p_user_id: userId }) });
  if (!res.ok) {
    console.warn('stored_files_of failed:', res.status, (await res.text()).slice(0, 200));
    return [];
  }
  // A function returning one column answers as a set of scalars (PostgREST's rule): ["<user>/facture-FA0001.pdf"].
  return ((await res.json()) as (string | { name: string })[]).map((r) => (typeof r === 'string' ? r : r.name));
}

/**
 * Removes the given files of the `documents` bucket through the storage API (service role), in batches. A
 * failure is logged, not fatal: the SQL deletion removes the object rows anyway.
 */
export async function removeStoredFiles(names: readonly string[]): Promise<void> {
  for (let i = 0; i < names.length; i += 100) {
    const res = await fetch(`${SUPABASE_URL}/storage/v1/object/documents`, {
      method: 'DELETE',
      headers: {
        apikey: SERVICE_ROLE_KEY,
        Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ prefixes: names.slice(i, i + 100) }),
    });
    if (!res.ok) console.warn('storage remove failed:', res.status, (await res.text()).slice(0, 200));
    else await res.body?.cancel();
  }
}
