// The subscription status rules of SPEC §4 as one pure function, used by the server (the stripe-webhook and
// sync-subscriptions Edge Functions import this file directly, so it has no imports) and shown by the browser.
//
//  1. Provider (Stripe) subscription active → active, plan from its price id (unknown price keeps the local plan,
//     or free).
//  2. Otherwise a locally active record is used.
//  3. Otherwise inactive, plan free.
//  When provider data and the local record disagree (missing, different status, active with a different plan, or
//  — beyond the spec, so /account can show them — different period end / cancellation), the local record is
//  upserted by user to match (plan free when not active). An active paid plan resets the quotas; a missing quotas
//  row is created. The final status is the local record's.

export type BillingPlanId = 'free' | 'pro' | 'enterprise';

/** Price ids of the paid plans (STRIPE_PRICE_PRO / STRIPE_PRICE_ENTERPRISE). */
export interface PriceIds {
  pro: string;
  enterprise: string;
}

/** Sandbox defaults, used when the price environment variables are unset. */
export const DEFAULT_PRICE_IDS: PriceIds = { pro: 'price_atelier_pro', enterprise: 'price_atelier_enterprise' };

/** A row of stripe_subscriptions (times in unix seconds). */
export interface ProviderSubscription {
  customer_id: string;
  subscription_id: string | null;
  price_id: string | null;
  status: string;
  current_period_start: number | null;
  current_period_end: number | null;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  /** The price the provider bills, in the currency's minor unit (cents), per `price_interval` (decision 0052). */
  unit_amount?: number | null;
  currency?: string | null;
  price_interval?: 'day' | 'week' | 'month' | 'year' | null;
  price_interval_count?: number | null;
}

/** A row of the local record `subscriptions` (times as ISO strings). */
export interface LocalSubscription {
  plan_id: string;
  status: string;
  stripe_customer_id: string | null;
  stripe_subscription_id: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at: string | null;
  cancel_at_period_end: boolean;
}

export interface PlanFeatures {
  quotes: number;
  storageMb: number;
  clients: number;
  customTemplates: boolean;
  multiUser: boolean;
  api: boolean;
  /** Flagged on for every plan in the status object (SPEC §6); the plan cards mark it off for free. */
  voiceRecognition: boolean;
  imageRecognition: boolean;
}

/** SPEC §3 Subscription status object. */
export interface SubscriptionStatus {
  status: 'active' | 'inactive';
  plan_id: BillingPlanId;
  customer_id: string | null;
  subscription_id: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  features: PlanFeatures;
}

export interface StatusResolution {
  status: SubscriptionStatus;
  /** The local record to upsert by user id, or null when it already matches. */
  upsertLocal: LocalSubscription | null;
  /** An active paid plan: quotes_used = 0, last_reset = now. */
  resetQuotas: boolean;
  createQuotas: boolean;
}

export interface StatusInput {
  provider: ProviderSubscription | null;
  local: LocalSubscription | null;
  hasQuotas: boolean;
  prices: PriceIds;
  customerId?: string | null;
}

export const PLAN_FEATURES: Record<BillingPlanId, PlanFeatures> = {
  free: {
    quotes: 3,
    storageMb: 100,
    clients: 10,
    customTemplates: false,
    multiUser: false,
    api: false,
    voiceRecognition: true,
    imageRecognition: true,
  },
  pro: {
    quotes: -1,
    storageMb: 1024,
    clients: -1,
    customTemplates: true,
    multiUser: false,
    api: false,
    voiceRecognition: true,
    imageRecognition: true,
  },
  enterprise: {
    quotes: -1,
    storageMb: 10240,
    clients: -1,
    customTemplates: true,
    multiUser: true,
    api: true,
    voiceRecognition: true,
    imageRecognition: true,
  },
};

const ACTIVE_PROVIDER_STATUSES = new Set(['active', 'trialing']);

function asPlan(value: string | null | undefined): BillingPlanId {
  return value === 'pro' || value === 'enterprise' ? value : 'free';
}

/** The plan a price id stands for, or null for an unknown price. */
export function planForPrice(priceId: string | null | undefined, prices: PriceIds): BillingPlanId | null {
  if (!priceId) return null;
  if (priceId === prices.pro) return 'pro';
  if (priceId === prices.enterprise) return 'enterprise';
  return null;
}

/** The price id of a paid plan. */
export function priceForPlan(plan: BillingPlanId, prices: PriceIds): string | null {
  return plan === 'free' ? null : prices[plan];
}

const isoFromUnix = (seconds: number | null | undefined): string | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : null;

const sameInstant = (a: string | null | undefined, b: string | null | undefined): boolean => {
  if (!a || !b) return !a && !b;
  return Date.parse(a) === Date.parse(b);
};

/** True when the provider has a real subscription to mirror (not the placeholder written at checkout start). */
function hasProviderSubscription(provider: ProviderSubscription | null): provider is ProviderSubscription {
  return !!provider && !!provider.subscription_id && provider.status !== 'not_started';
}

export function resolveSubscriptionStatus(input: StatusInput): StatusResolution {
  const { provider, local, prices } = input;
  const localActive = !!local && ACTIVE_PROVIDER_STATUSES.has(local.status);
  const providerActive = !!provider && ACTIVE_PROVIDER_STATUSES.has(provider.status);

  let desired: LocalSubscription;
  if (hasProviderSubscription(provider)) {
    // Rule 1 (or the provider says it is over: the local record follows it, plan free).
    const plan = providerActive ? (planForPrice(provider.price_id, prices) ?? asPlan(local?.plan_id)) : 'free';
    desired = {
      plan_id: plan,
      status: providerActive ? 'active' : provider.status === 'canceled' ? 'canceled' : 'inactive',
      stripe_customer_id: provider.customer_id,
      stripe_subscription_id: provider.subscription_id,
      current_period_start: isoFromUnix(provider.current_period_start),
      current_period_end: isoFromUnix(provider.current_period_end),
      cancel_at: isoFromUnix(provider.cancel_at),
      cancel_at_period_end: providerActive && provider.cancel_at_period_end,
    };
  } else if (local && localActive) {
    // Rule 2: a locally active record (no provider subscription to contradict it).
    desired = { ...local, status: 'active', plan_id: asPlan(local.plan_id) };
  } else {
    // Rule 3.
    desired = {
      plan_id: 'free',
      status: local?.status && local.status !== 'active' && local.status !== 'trialing' ? local.status : 'inactive',
      stripe_customer_id: local?.stripe_customer_id ?? input.customerId ?? null,
      stripe_subscription_id: local?.stripe_subscription_id ?? null,
      current_period_start: local?.current_period_start ?? null,
      current_period_end: local?.current_period_end ?? null,
      cancel_at: local?.cancel_at ?? null,
      cancel_at_period_end: false,
    };
  }

  const disagree =
    !local ||
    local.status !== desired.status ||
    (desired.status === 'active' && local.plan_id !== desired.plan_id) ||
    (desired.status !== 'active' && local.plan_id !== 'free') ||
    (local.stripe_customer_id ?? null) !== (desired.stripe_customer_id ?? null) ||
    (local.stripe_subscription_id ?? null) !== (desired.stripe_subscription_id ?? null) ||
    !sameInstant(local.current_period_end, desired.current_period_end) ||
    !sameInstant(local.cancel_at, desired.cancel_at) ||
    !!local.cancel_at_period_end !== !!desired.cancel_at_period_end;

  const final = desired; // after the upsert the local record is `desired`
  const active = final.status === 'active';
  const plan: BillingPlanId = active ? asPlan(final.plan_id) : 'free';
  return {
    status: {
      status: active ? 'active' : 'inactive',
      plan_id: plan,
      customer_id: final.stripe_customer_id,
      subscription_id: final.stripe_subscription_id,
      current_period_end: final.current_period_end,
      cancel_at_period_end: active && final.cancel_at_period_end,
      features: PLAN_FEATURES[plan],
    },
    upsertLocal: disagree ? desired : null,
    resetQuotas: active && plan !== 'free',
    createQuotas: !input.hasQuotas,
  };
}
