// The one Stripe client of the functions. Real Stripe when STRIPE_SECRET_KEY is set and STRIPE_API_BASE is not;
// otherwise the local backend's Stripe sandbox, reached through stripe-node's host/port/protocol options (the
// backend sets STRIPE_API_BASE to itself when no real key is configured). Used by the billing functions and by
// the account-deletion function (cancels a deleted user's subscription).
import { createHash, createHmac } from 'node:crypto';

import Stripe from 'npm:stripe@23.1.0';

import { DEFAULT_PRICE_IDS, type PriceIds } from './domain/subscription-status.ts';

export type { Stripe };

let client: Stripe | null = null;

/** True when the functions talk to the local sandbox rather than api.stripe.com. */
export function usesSandbox(): boolean {
  return !!Deno.env.get('STRIPE_API_BASE');
}

export function getStripe(): Stripe {
  if (client) return client;
  const key = Deno.env.get('STRIPE_SECRET_KEY') ?? '';
  const base = Deno.env.get('STRIPE_API_BASE') ?? '';
  const config: Stripe.StripeConfig = {
    httpClient: Stripe.createFetchHttpClient(),
    appInfo: { name: 'Atelier' },
    maxNetworkRetries: 2,
  };
  if (base) {
    const url = new URL(base);
    config.host = url.hostname;
    config.protocol = url.protocol === 'https:' ? 'https' : 'http';
    config.port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  }
  // The sandbox answers only its per-install key, given to the functions by the backend like a real one.
  if (!key) throw new Error('STRIPE_SECRET_KEY is not configured');
  client = new Stripe(key, config);
  return client;
}

/**
 * Webhook signatures: HMAC-SHA256 with node:crypto, which Deno implements natively and synchronously. Stripe's
 * Deno build offers only its SubtleCrypto provider, whose import + sign go through async ops on every event (about
 * 3× the CPU of this, measured for decision 0110); stripe-node still does the parsing, the constant-time
 * comparison and the timestamp tolerance.
 */
const hmacHex = (payload: string, secret: string): string =>
  createHmac('sha256', secret).update(payload, 'utf8').digest('hex');
export const cryptoProvider = {
  computeHMACSignature: hmacHex,
  computeHMACSignatureAsync(payload: string, secret: string): Promise<string> {
    return Promise.resolve(hmacHex(payload, secret));
  },
  computeSHA256Async(data: Uint8Array): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(createHash('sha256').update(data).digest()));
  },
} as unknown as Stripe.CryptoProvider;

export function webhookSecret(): string {
  return Deno.env.get('STRIPE_WEBHOOK_SECRET') ?? '';
}

/** Price ids of the paid plans, from STRIPE_PRICE_PRO / STRIPE_PRICE_ENTERPRISE (sandbox defaults). */
export function priceIds(): PriceIds {
  return {
    pro: Deno.env.get('STRIPE_PRICE_PRO') || DEFAULT_PRICE_IDS.pro,
    enterprise: Deno.env.get('STRIPE_PRICE_ENTERPRISE') || DEFAULT_PRICE_IDS.enterprise,
  };
}
