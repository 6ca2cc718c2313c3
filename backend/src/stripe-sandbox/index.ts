// Mounting of the Stripe sandbox in the local backend: only when no real STRIPE_SECRET_KEY is configured.
import { SANDBOX_SECRET_KEY, SANDBOX_WEBHOOK_SECRET, StripeSandbox } from './sandbox.ts';

export { StripeSandbox, SANDBOX_WEBHOOK_SECRET, signPayload, TEST_CARDS } from './sandbox.ts';

/**
 * The sandbox, or null when Stripe is configured (`STRIPE_SECRET_KEY` in the functions' env or the process env):
 * then nothing of it is reachable and the functions talk to api.stripe.com.
 */
export function createStripeSandbox(args: {
  env: Record<string, string> | undefined;
  backendUrl: () => string;
  log: (line: string) => void;
}): { sandbox: StripeSandbox; functionEnv: () => Record<string, string> } | null {
  const key = args.env && 'STRIPE_SECRET_KEY' in args.env ? args.env.STRIPE_SECRET_KEY : process.env.STRIPE_SECRET_KEY;
  if (key) return null;
  const sandbox = new StripeSandbox({
    webhookUrl: () => `${args.backendUrl()}/functions/v1/stripe-webhook`,
    log: args.log,
  });
  return {
    sandbox,
    functionEnv: () => ({
      STRIPE_SECRET_KEY: SANDBOX_SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: SANDBOX_WEBHOOK_SECRET,
      STRIPE_API_BASE: args.backendUrl(),
    }),
  };
}
