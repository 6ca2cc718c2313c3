// Mounting of the Stripe sandbox in the local backend: only when no real STRIPE_SECRET_KEY is configured, and in a
// production deployment only when asked for explicitly (STRIPE_SANDBOX=1).
import type { IncomingMessage } from 'node:http';

import { StripeSandbox } from './sandbox.ts';

export { StripeSandbox, signPayload, TEST_CARDS } from './sandbox.ts';

export const SANDBOX_IN_PRODUCTION_MESSAGE =
  'Stripe is not configured (no STRIPE_SECRET_KEY) and this is a production deployment (ATELIER_ENV=production or ' +
  'a non-local SITE_URL): the backend refuses to serve the Stripe test sandbox there. Set STRIPE_SECRET_KEY and ' +
  'STRIPE_WEBHOOK_SECRET (real Stripe), or STRIPE_SANDBOX=1 to run the test sandbox on purpose (no real payment; ' +
  'the app shows « Mode test »).';

function isLoopbackUrl(value: string): boolean {
  try {
    const host = new URL(value).hostname.replace(/^\[|\]$/g, '');
    return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
  } catch {
    return false;
  }
}

/** True when the environment says this install serves real users (the sandbox must then be asked for). */
export function isProductionDeployment(env: Record<string, string | undefined>): boolean {
  if ((env.ATELIER_ENV ?? '').toLowerCase() === 'production') return true;
  return !!env.SITE_URL && !isLoopbackUrl(env.SITE_URL);
}

/**
 * True when the backend must serve the sandbox (no STRIPE_SECRET_KEY). Throws the start-up refusal in a production
 * deployment without STRIPE_SANDBOX=1 (server.ts calls it before opening the database).
 */
export function sandboxWanted(optionEnv: Record<string, string> | undefined): boolean {
  const key =
    optionEnv && 'STRIPE_SECRET_KEY' in optionEnv ? optionEnv.STRIPE_SECRET_KEY : process.env.STRIPE_SECRET_KEY;
  if (key) return false;
  const env = { ...process.env, ...(optionEnv ?? {}) };
  if (isProductionDeployment(env) && env.STRIPE_SANDBOX !== '1') throw new Error(SANDBOX_IN_PRODUCTION_MESSAGE);
  return true;
}

/**
 * The sandbox, or null when Stripe is configured (`STRIPE_SECRET_KEY` in the functions' env or the process env):
 * then nothing of it is reachable and the functions talk to api.stripe.com. Throws (start-up refused) in a
 * production deployment without STRIPE_SANDBOX=1.
 */
export function createStripeSandbox(args: {
  env: Record<string, string> | undefined;
  backendUrl: () => string;
  secrets: { secretKey: string; webhookSecret: string };
  isServiceRole: (req: IncomingMessage) => boolean;
  log: (line: string) => void;
}): { sandbox: StripeSandbox; functionEnv: () => Record<string, string> } | null {
  if (!sandboxWanted(args.env)) return null;
  const env = { ...process.env, ...(args.env ?? {}) };
  if (isProductionDeployment(env))
    args.log('[backend] STRIPE_SANDBOX=1: billing runs in the Stripe TEST sandbox (no real payment, « Mode test »)');
  const sandbox = new StripeSandbox({
    webhookUrl: () => `${args.backendUrl()}/functions/v1/stripe-webhook`,
    secretKey: args.secrets.secretKey,
    webhookSecret: args.secrets.webhookSecret,
    isServiceRole: args.isServiceRole,
    log: args.log,
  });
  return {
    sandbox,
    functionEnv: () => ({
      STRIPE_SECRET_KEY: args.secrets.secretKey,
      STRIPE_WEBHOOK_SECRET: args.secrets.webhookSecret,
      STRIPE_API_BASE: args.backendUrl(),
      STRIPE_SANDBOX: '1',
    }),
  };
}
