// The JWT secret of an install. Never Supabase's public demo secret by default: anyone who knows it can forge a
// service_role token. Order: explicit option / JWT_SECRET; else a random secret generated on first start into
// `<data dir>.jwt-secret` (normally .atelier/data.jwt-secret, mode 0600) and reused afterwards; throw-away
// (memory://) databases get an ephemeral random secret. The demo secret is refused unless the loudly named
// development flag ATELIER_INSECURE_DEMO_JWT_SECRET=1 is set.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { DEFAULT_JWT_SECRET } from '../config.ts';

export const INSECURE_DEMO_SECRET_FLAG = 'ATELIER_INSECURE_DEMO_JWT_SECRET';

export function demoSecretAllowed(option?: boolean): boolean {
  return option === true || process.env[INSECURE_DEMO_SECRET_FLAG] === '1';
}

export function resolveJwtSecret(input: {
  explicit?: string;
  dataDir: string;
  allowDemoSecret?: boolean;
  log?: (line: string) => void;
}): { secret: string; source: 'explicit' | 'file' | 'ephemeral'; file?: string } {
  if (input.explicit) {
    if (input.explicit === DEFAULT_JWT_SECRET && !demoSecretAllowed(input.allowDemoSecret)) {
      throw new Error(
        `JWT_SECRET is Supabase's public demo secret: anyone could forge tokens. Unset it (a random secret is ` +
          `generated) or, for local development only, set ${INSECURE_DEMO_SECRET_FLAG}=1`,
      );
    }
    if (input.explicit.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long');
    if (input.explicit === DEFAULT_JWT_SECRET) {
      input.log?.(`[backend] WARNING: ${INSECURE_DEMO_SECRET_FLAG}=1 — tokens are signed with the PUBLIC demo secret`);
    }
    return { secret: input.explicit, source: 'explicit' };
  }
  if (input.dataDir === 'memory://') return { secret: randomBytes(32).toString('base64url'), source: 'ephemeral' };
  const resolved = path.resolve(input.dataDir);
  const dir = path.dirname(resolved);
  const file = path.join(dir, `${path.basename(resolved)}.jwt-secret`);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32 && secret !== DEFAULT_JWT_SECRET) return { secret, source: 'file', file };
  }
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url'); // 43 characters, 256 bits
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return { secret, source: 'file', file };
}

/**
 * The Stripe sandbox's credentials of an install: its secret API key (the only key its API answers) and its
 * webhook signing secret. Generated on first start into `<data dir>.stripe-sandbox` (mode 0600, beside the JWT
 * secret) and reused afterwards, so a restart keeps the functions and the sandbox agreeing; throw-away (memory://)
 * databases get ephemeral ones. Printed nowhere: only the functions receive them (STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET).
 */
export function resolveStripeSandboxSecrets(dataDir: string): { secretKey: string; webhookSecret: string } {
  const fresh = () => ({
    secretKey: `sk_test_${randomBytes(24).toString('base64url')}`,
    webhookSecret: `whsec_${randomBytes(24).toString('base64url')}`,
  });
  if (dataDir === 'memory://') return fresh();
  const resolved = path.resolve(dataDir);
  const file = path.join(path.dirname(resolved), `${path.basename(resolved)}.stripe-sandbox`);
  if (existsSync(file)) {
    chmodSync(file, 0o600);
    try {
      const stored = JSON.parse(readFileSync(file, 'utf8')) as { secretKey?: unknown; webhookSecret?: unknown };
      if (
        typeof stored.secretKey === 'string' &&
        /^sk_test_[A-Za-z0-9_-]{32,}$/.test(stored.secretKey) &&
        typeof stored.webhookSecret === 'string' &&
        /^whsec_[A-Za-z0-9_-]{32,}$/.test(stored.webhookSecret)
      )
        return { secretKey: stored.secretKey, webhookSecret: stored.webhookSecret };
    } catch {
      // unreadable: regenerated below
    }
  }
  mkdirSync(path.dirname(resolved), { recursive: true, mode: 0o700 });
  const secrets = fresh();
  writeFileSync(file, `${JSON.stringify(secrets)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secrets;
}
