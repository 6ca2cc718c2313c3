// Billing calls of the browser (SPEC §7 checkout and sync-subscriptions functions, §8 « Checkout and account »):
// checkout session, subscription sync, billing portal, and the rows the /account diagnostic shows.
// The functions are called like the Stripe template does: fetch with the user's bearer access token.
import type { BillingPlanId, LocalSubscription, ProviderSubscription, SubscriptionStatus } from '@atelier/domain';

import { getAuthState } from './auth/auth-service';
import { getRuntimeConfig } from './config';
import { loadSupabase } from './supabase-client';

/** Error texts of SPEC §8 (the server's error text is used when it sends one). */
export const BILLING_ERRORS = {
  notAuthenticated: 'User not authenticated',
  noSession: 'No active session',
  noCheckoutUrl: 'No checkout URL received',
  checkoutFailed: 'Failed to create checkout session',
  syncFailed: 'Sync failed',
  portalFailed: 'Failed to open the billing portal',
} as const;

export function priceIdForPlan(plan: Exclude<BillingPlanId, 'free'>): string {
  const config = getRuntimeConfig();
  return plan === 'pro' ? config.stripePricePro : config.stripePriceEnterprise;
}

async function accessToken(): Promise<string> {
  if (!getAuthState().user) throw new Error(BILLING_ERRORS.notAuthenticated);
  const client = await loadSupabase();
  const { data } = await client.auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new Error(BILLING_ERRORS.noSession);
  return token;
}

async function callFunction(name: string, body: unknown, fallbackError: string): Promise<Record<string, unknown>> {
  const token = await accessToken();
  const config = getRuntimeConfig();
  let res: Response;
  try {
    res = await fetch(`${config.supabaseUrl}/functions/v1/${name}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, apikey: config.supabaseAnonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new Error(fallbackError);
  }
  const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok || typeof data.error === 'string') {
    throw new Error(typeof data.error === 'string' && data.error ? data.error : fallbackError);
  }
  return data;
}

export interface CheckoutSession {
  /** Where to pay; empty when the existing subscription was changed instead (`changed`). */
  url: string;
  sessionId: string;
  /**
   * A paid plan changed to the other one (issue 29.5): the same subscription moved to the new price — at once
   * with the difference invoiced (`now`), or with nothing charged now and the new price from the next renewal.
   */
  changed?: { plan: Exclude<BillingPlanId, 'free'>; effective: 'now' | 'next_renewal'; periodEnd: number | null };
}

/** Opens a Stripe Checkout Session for a paid plan (the caller redirects to `url`), or changes the paid plan. */
export async function createCheckoutSession(
  plan: Exclude<BillingPlanId, 'free'>,
  urls: { successUrl: string; cancelUrl: string },
): Promise<CheckoutSession> {
  const data = await callFunction(
    'create-checkout',
    { price_id: priceIdForPlan(plan), success_url: urls.successUrl, cancel_url: urls.cancelUrl, mode: 'subscription' },
    BILLING_ERRORS.checkoutFailed,
  );
  if (data.changed === true) {
    return {
      url: '',
      sessionId: '',
      changed: {
        plan: data.plan === 'enterprise' ? 'enterprise' : 'pro',
        effective: data.effective === 'now' ? 'now' : 'next_renewal',
        periodEnd: typeof data.period_end === 'number' ? data.period_end : null,
      },
    };
  }
  if (typeof data.url !== 'string' || !data.url) throw new Error(BILLING_ERRORS.noCheckoutUrl);
  return { url: data.url, sessionId: String(data.sessionId ?? '') };
}

/** Return addresses of a checkout started from `origin` (SPEC §7: account page with subscription=…). */
export function checkoutReturnUrls(origin: string, plan: BillingPlanId): { successUrl: string; cancelUrl: string } {
  return {
    successUrl: `${origin}/account?subscription=success&plan=${plan}`,
    cancelUrl: `${origin}/account?subscription=canceled`,
  };
}

/** Re-reads the provider subscription on the server and applies the status rules (sync-subscriptions). */
export async function syncSubscription(customerId: string | null): Promise<SubscriptionStatus | null> {
  const data = await callFunction('sync-subscriptions', { customer_id: customerId }, BILLING_ERRORS.syncFailed);
  if (data.success !== true) throw new Error(BILLING_ERRORS.syncFailed);
  return (data.status as SubscriptionStatus | undefined) ?? null;
}

/** A billing-portal session (card, cancellation at period end); the caller redirects to the URL. */
export async function createBillingPortalSession(returnUrl: string): Promise<string> {
  const data = await callFunction('billing-portal', { return_url: returnUrl }, BILLING_ERRORS.portalFailed);
  if (typeof data.url !== 'string') throw new Error(BILLING_ERRORS.portalFailed);
  return data.url;
}

export interface BillingDetails {
  customerId: string | null;
  provider: ProviderSubscription | null;
  local: LocalSubscription | null;
  hasQuotas: boolean;
}

const isMissingRow = (error: { code?: string } | null) => !error || error.code === 'PGRST116';

/** The signed-in user's provider rows and local record (RLS: their own only). */
export async function loadBillingDetails(userId: string): Promise<BillingDetails> {
  const client = await loadSupabase();
  const [customer, provider, local, quotas] = await Promise.all([
    client.from('stripe_customers').select('customer_id').eq('user_id', userId).maybeSingle(),
    client
      .from('stripe_subscriptions')
      .select(
        'customer_id, subscription_id, price_id, status, current_period_start, current_period_end, cancel_at, cancel_at_period_end',
      )
      .eq('user_id', userId)
      .maybeSingle(),
    client
      .from('subscriptions')
      .select(
        'plan_id, status, stripe_customer_id, stripe_subscription_id, current_period_start, current_period_end, cancel_at, cancel_at_period_end',
      )
      .eq('user_id', userId)
      .maybeSingle(),
    client.from('user_quotas').select('user_id').eq('user_id', userId).maybeSingle(),
  ]);
  const error = [customer.error, provider.error, local.error, quotas.error].find((e) => !isMissingRow(e));
  if (error) throw error;
  return {
    customerId: (customer.data as { customer_id?: string } | null)?.customer_id ?? null,
    provider: (provider.data as ProviderSubscription | null) ?? null,
    local: (local.data as LocalSubscription | null) ?? null,
    hasQuotas: !!quotas.data,
  };
}
