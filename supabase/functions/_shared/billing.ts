// Synchronises one Stripe customer into the database: always re-reads the customer's subscriptions from the
// Stripe API (so webhook events arriving twice or out of order end in the same state), applies the SPEC §4 status
// rules (@atelier/domain resolveSubscriptionStatus) and writes everything in one transaction (RPC
// apply_billing_sync, which also records the webhook event id for replay protection).
import {
  resolveSubscriptionStatus,
  type LocalSubscription,
  type ProviderSubscription,
  type SubscriptionStatus,
} from './domain/subscription-status.ts';
import { getStripe, priceIds, type Stripe } from './stripe.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const SERVICE_ROLE_KEY = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';

export async function rpc<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`rpc ${name} failed (${res.status}): ${text}`);
  return JSON.parse(text) as T;
}

export interface BillingContext {
  user_id: string | null;
  customer_id: string | null;
  local: LocalSubscription | null;
  provider: ProviderSubscription | null;
  has_quotas: boolean;
  event_seen?: boolean;
}

export function billingContext(args: {
  customerId?: string | null;
  userId?: string | null;
  eventId?: string | null;
}): Promise<BillingContext> {
  return rpc<BillingContext>('billing_sync_context', {
    p_customer_id: args.customerId ?? null,
    p_user_id: args.userId ?? null,
    p_event_id: args.eventId ?? null,
  });
}

const RANK: Record<string, number> = { active: 0, trialing: 1, past_due: 2, unpaid: 3, incomplete: 4 };

/** The subscription that counts for a customer: an active one first, else the most recent. */
function pickSubscription(subscriptions: Stripe.Subscription[]): Stripe.Subscription | null {
  return (
    [...subscriptions].sort(
      (a, b) => (RANK[a.status] ?? 9) - (RANK[b.status] ?? 9) || (b.created ?? 0) - (a.created ?? 0),
    )[0] ?? null
  );
}

/** Reads the customer's subscription from Stripe as a stripe_subscriptions row (period fields from the item). */
export async function readProviderSubscription(customerId: string): Promise<ProviderSubscription | null> {
  const list = await getStripe().subscriptions.list({ customer: customerId, status: 'all', limit: 10 });
  const sub = pickSubscription(list.data);
  if (!sub) return null;
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & Record<string, unknown>) | undefined;
  const legacy = sub as unknown as Record<string, unknown>;
  const num = (value: unknown): number | null => (typeof value === 'number' ? value : null);
  const billingInterval = (value: unknown): 'day' | 'week' | 'month' | 'year' | null =>
    value === 'day' || value === 'week' || value === 'month' || value === 'year' ? value : null;
  return {
    customer_id: customerId,
    subscription_id: sub.id,
    price_id: item?.price?.id ?? null,
    status: sub.status,
    current_period_start: num(item?.current_period_start) ?? num(legacy.current_period_start),
    current_period_end: num(item?.current_period_end) ?? num(legacy.current_period_end),
    cancel_at: num(sub.cancel_at),
    cancel_at_period_end: !!sub.cancel_at_period_end,
    // The real price billed, stored for the admin's monthly revenue (migration 0082, decision 0052).
    unit_amount: num(item?.price?.unit_amount),
    currency: typeof item?.price?.currency === 'string' ? item.price.currency : null,
    price_interval: billingInterval(item?.price?.recurring?.interval),
    price_interval_count: num(item?.price?.recurring?.interval_count),
  };
}

export interface SyncArgs {
  customerId: string;
  /** The user this customer is known to belong to (a caller that already resolved it from its own session). */
  userId?: string | null;
  /**
   * A user named by an event (client_reference_id, metadata.user_id): never trusted — the stored customer → user
   * mapping (or the Stripe customer's own metadata) decides; a disagreeing hint is logged.
   */
  userHint?: string | null;
  context?: BillingContext;
  event?: { id: string; type: string; created: number };
}

/** Syncs under way, by customer id (see syncCustomer). */
const inFlight = new Map<string, Promise<unknown>>();

/**
 * The state this instance last wrote or read for a customer (decision 0110): what the status rules of its next
 * event start from. Only an expectation — apply_billing_sync checks it under lock (p_expected) and answers
 * `stale`, writing nothing, when the database holds anything else; the full read then runs. Bounded.
 */
interface KnownState {
  user_id: string;
  local: LocalSubscription | null;
  has_quotas: boolean;
}
const known = new Map<string, KnownState>();
const KNOWN_MAX = 1000;

function remember(customerId: string, state: KnownState | undefined | null, userId: string | null): void {
  known.delete(customerId);
  if (!state || !userId || state.user_id !== userId) return;
  known.set(customerId, { user_id: state.user_id, local: state.local ?? null, has_quotas: !!state.has_quotas });
  if (known.size > KNOWN_MAX) known.delete(known.keys().next().value as string);
}

/** Forgets what this instance knows of the customers (tests). */
export function forgetKnownCustomers(): void {
  known.clear();
}

export interface SyncResult {
  status: SubscriptionStatus | null;
  duplicate: boolean;
}

/**
 * Re-reads the customer from Stripe and applies the status rules. `event` makes it replay-safe (the event id is
 * recorded in the same transaction; an event already recorded changes nothing).
 */
export function syncCustomer(args: SyncArgs): Promise<SyncResult> {
  // One customer at a time per instance: two events read the API one after the other, so the last write always
  // carries the latest read (concurrent reads could otherwise land in the wrong order).
  const previous = inFlight.get(args.customerId) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => syncCustomerNow(args));
  const settled = run.catch(() => undefined);
  inFlight.set(args.customerId, settled);
  void settled.then(() => {
    if (inFlight.get(args.customerId) === settled) inFlight.delete(args.customerId);
  });
  return run;
}

interface ApplyAnswer {
  applied: boolean;
  duplicate: boolean;
  stale?: boolean;
  state?: KnownState;
}

async function syncCustomerNow(args: SyncArgs): Promise<SyncResult> {
  const cached = args.context ? undefined : known.get(args.customerId);
  let provider: ProviderSubscription | null | undefined;
  if (cached) {
    // A customer this instance already synced: the API re-read, then one call that checks the known state and
    // applies the rules computed from it (no separate context read).
    provider = await readProviderSubscription(args.customerId);
    if (provider) {
      warnHint(args, cached.user_id);
      const outcome = await apply(args, cached.user_id, provider, { ...cached, provider: null }, cached);
      if (outcome) return outcome;
    }
    // No subscription at the provider (the rules then fall back on the stored one) or a stale state: full read.
    known.delete(args.customerId);
  }
  return fullSync(args, provider, true);
}

/**
 * The context read with the API re-read, then the write. `checked`: the write checks the state read (a concurrent
 * change answers stale, nothing written) and the whole runs once more, unchecked — as before the check existed —
 * rather than loop.
 */
async function fullSync(
  args: SyncArgs,
  provider: ProviderSubscription | null | undefined,
  checked: boolean,
): Promise<SyncResult> {
  // The API re-read and the database read are independent: run them together.
  const [context, fresh] = await Promise.all([
    (checked ? args.context : undefined) ??
      billingContext({ customerId: args.customerId, userId: args.userId, eventId: args.event?.id }),
    provider === undefined ? readProviderSubscription(args.customerId) : Promise.resolve(provider),
  ]);
  if (args.event && context.event_seen) return { status: null, duplicate: true };
  let userId = context.user_id ?? args.userId ?? null;
  if (!userId) {
    // A customer not mapped yet: the customer object's metadata (set by create-checkout) names the user.
    const customer = await getStripe().customers.retrieve(args.customerId);
    const meta = (customer as Stripe.Customer).metadata ?? {};
    userId = meta.userId || meta.user_id || null;
  }
  warnHint(args, userId);
  const expected =
    checked && userId && context.user_id === userId
      ? { user_id: userId, local: context.local, has_quotas: context.has_quotas }
      : undefined;
  return (await apply(args, userId, fresh, context, expected)) ?? fullSync(args, fresh, false);
}

/** An event's user hint is never trusted: one that disagrees with the stored mapping is logged. */
function warnHint(args: SyncArgs, userId: string | null): void {
  if (args.userHint && args.userHint !== userId) {
    console.warn(
      `billing: ${args.event?.type ?? 'sync'} ${args.event?.id ?? ''} names user ${args.userHint} but customer ` +
        `${args.customerId} belongs to ${userId ?? 'nobody'}: hint ignored`,
    );
  }
}

/** Applies the rules to the state given; null when `expected` no longer holds (nothing was written). */
async function apply(
  args: SyncArgs,
  userId: string | null,
  provider: ProviderSubscription | null,
  context: Pick<BillingContext, 'local' | 'provider' | 'has_quotas'>,
  expected: KnownState | undefined,
): Promise<SyncResult | null> {
  const resolution = userId
    ? resolveSubscriptionStatus({
        provider: provider ?? context.provider,
        local: context.local,
        hasQuotas: context.has_quotas,
        prices: priceIds(),
        customerId: args.customerId,
      })
    : null;
  const applied = await rpc<ApplyAnswer>('apply_billing_sync', {
    p_user_id: userId,
    p_event_id: args.event?.id ?? null,
    p_event_type: args.event?.type ?? null,
    p_event_created: args.event?.created ?? null,
    p_customer_id: args.customerId,
    p_subscription: provider,
    p_local: resolution?.upsertLocal ?? null,
    p_reset_quotas: resolution?.resetQuotas ?? false,
    p_create_quotas: resolution?.createQuotas ?? false,
    p_expected: expected ?? null,
  });
  if (applied.stale) return null;
  // Applied: the state it wrote is the next event's start; a duplicate changed nothing (the check held).
  if (applied.applied || !applied.duplicate) remember(args.customerId, applied.state, userId);
  return { status: resolution?.status ?? null, duplicate: applied.duplicate };
}

/** Applies the status rules for a user without a Stripe customer (local record only). */
export async function syncLocalOnly(userId: string, context: BillingContext): Promise<SubscriptionStatus> {
  const resolution = resolveSubscriptionStatus({
    provider: context.provider,
    local: context.local,
    hasQuotas: context.has_quotas,
    prices: priceIds(),
  });
  await rpc('apply_billing_sync', {
    p_user_id: userId,
    p_local: resolution.upsertLocal,
    p_reset_quotas: resolution.resetQuotas,
    p_create_quotas: resolution.createQuotas,
  });
  return resolution.status;
}
