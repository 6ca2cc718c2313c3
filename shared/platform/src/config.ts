// Runtime configuration: read once from /config.json next to the page, validated, with embedded defaults
// so a fresh checkout runs against the local backend without any file.
// Validated by hand rather than with zod: this runs on the /auth cold load, where zod's ~90 KB gzip
// (a shared singleton, so not tree-shaken) would blow the page's JS budget.
import { platformState } from './platform-state';

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  adminEmail: string;
  contactEmail: string;
  contactPhone: string;
  geocoderUrl: string;
  /** Stripe price ids of the paid plans (the functions' STRIPE_PRICE_PRO / STRIPE_PRICE_ENTERPRISE). */
  stripePricePro: string;
  stripePriceEnterprise: string;
  /**
   * 'test' when billing is served by the Stripe sandbox (a local backend without STRIPE_SECRET_KEY, or
   * STRIPE_SANDBOX=1): no real payment; /account shows « Mode test ». 'live' otherwise.
   */
  billingMode: 'live' | 'test';
}

const isHttpUrl = (value: unknown) => {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const isEmail = (value: unknown) => typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
const isText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

const RULES: Record<keyof RuntimeConfig, (value: unknown) => boolean> = {
  supabaseUrl: isHttpUrl,
  supabaseAnonKey: isText,
  adminEmail: isEmail,
  contactEmail: isEmail,
  contactPhone: isText,
  geocoderUrl: isHttpUrl,
  stripePricePro: isText,
  stripePriceEnterprise: isText,
  billingMode: (value) => value === 'live' || value === 'test',
};

/** The keys whose value is invalid (empty list = valid configuration). */
export function invalidConfigKeys(config: Record<string, unknown>): (keyof RuntimeConfig)[] {
  return (Object.keys(RULES) as (keyof RuntimeConfig)[]).filter((key) => !RULES[key](config[key]));
}

/**
 * Anon key of the local backend's default secret (the well-known Supabase local-development anon JWT,
 * signed with `super-secret-jwt-token-with-at-least-32-characters-long`). A deployment overrides it
 * through /config.json.
 */
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWk5MhEfxpKnkBDT4';

export const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = Object.freeze({
  supabaseUrl: 'http://localhost:54321',
  supabaseAnonKey: LOCAL_ANON_KEY,
  adminEmail: 'admin@atelier.local',
  contactEmail: 'contact@atelier.local',
  contactPhone: '01 23 45 67 89',
  geocoderUrl: 'https://data.geopf.fr/geocodage/search',
  // The Stripe sandbox's prices (DEFAULT_PRICE_IDS in @atelier/domain).
  stripePricePro: 'price_atelier_pro',
  stripePriceEnterprise: 'price_atelier_enterprise',
  billingMode: 'live',
});

/** Keys present in /config.json override the defaults one by one; an invalid file is ignored as a whole. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const merged: Record<string, unknown> = { ...DEFAULT_RUNTIME_CONFIG, ...(raw && typeof raw === 'object' ? raw : {}) };
  const invalid = invalidConfigKeys(merged);
  if (invalid.length > 0) {
    console.warn(`[atelier] /config.json is invalid (${invalid.join(', ')}), using the embedded defaults`);
    return { ...DEFAULT_RUNTIME_CONFIG };
  }
  const config = {} as RuntimeConfig;
  for (const key of Object.keys(RULES) as (keyof RuntimeConfig)[]) {
    (config as unknown as Record<string, string>)[key] = String(merged[key]);
  }
  return config;
}

export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  if (platformState.configPromise) return platformState.configPromise;
  platformState.configPromise = (async () => {
    let raw: unknown = {};
    try {
      const response = await fetchImpl('/config.json', { cache: 'no-store' });
      if (response.ok) raw = await response.json();
    } catch (error) {
      console.warn('[atelier] /config.json unavailable, using the embedded defaults', error);
    }
    const config = parseRuntimeConfig(raw);
    platformState.config = config;
    return config;
  })();
  return platformState.configPromise;
}

/** The loaded configuration, or the embedded defaults before loadRuntimeConfig() has resolved. */
export function getRuntimeConfig(): RuntimeConfig {
  return platformState.config ?? DEFAULT_RUNTIME_CONFIG;
}

/** Tests and standalone tools: set the configuration directly. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  platformState.config = config;
  platformState.configPromise = Promise.resolve(config);
}
