// Shared by the /auth/v1 endpoint families (gotrue.ts routes to sessions.ts, user.ts, mail.ts, admin.ts): the
// options, the request context and small helpers.
import type { IncomingMessage } from 'node:http';

import type { Database } from '../db/database.ts';
import { clientIp } from '../http.ts';
import type { JwtVerifier } from '../jwt.ts';
import { authErrors } from './errors.ts';
import type { Mailer } from './mailer.ts';
import type { AuthLimiter } from './rate-limit.ts';

export interface GoTrueOptions {
  db: Database;
  jwtSecret: string;
  verifier: JwtVerifier;
  /** Public base URL of the backend (the `iss` claim is `${url}/auth/v1`). */
  url: () => string;
  jwtExpirySeconds: number;
  refreshReuseIntervalSeconds: number;
  bodyLimit: number;
  limiter?: AuthLimiter;
  mailer: Mailer;
  /** Sign-ups must confirm their email before signing in (on when SMTP_URL is set). */
  requireEmailConfirmation: boolean;
  /** The administrator's address (ADMIN_EMAIL): no sign-up nor email change may claim it. */
  adminEmail: () => string | undefined;
  /** Where mail links lead by default (SITE_URL, else the shell's origin). */
  siteUrl: () => string;
  /** Whether a `redirect_to` may be used (an allowed app origin). */
  allowRedirect: (url: string) => boolean;
}

/** Mail links and codes live one hour (GoTrue's MAILER_OTP_EXP). */
export const OTP_TTL_SECONDS = 3600;
/** A reauthentication code lives 5 minutes; a mail-link sign-in counts as recent for 15 minutes. */
export const NONCE_TTL_SECONDS = 300;
export const RECENT_OTP_SIGN_IN_SECONDS = 15 * 60;
/** user_metadata: at most 8 KB of JSON, nested at most 8 levels. */
export const MAX_METADATA_BYTES = 8 * 1024;
export const MAX_METADATA_DEPTH = 8;

function jsonDepth(value: unknown, depth = 0): number {
  if (depth > MAX_METADATA_DEPTH + 1) return depth;
  if (typeof value !== 'object' || value === null) return depth;
  let max = depth + 1;
  for (const child of Object.values(value)) max = Math.max(max, jsonDepth(child, depth + 1));
  return max;
}

/** Refuses user metadata that is too large or too deep (422, never a 500). */
export function assertMetadata(value: Json): void {
  if (jsonDepth(value) > MAX_METADATA_DEPTH) {
    throw authErrors.metadataTooLarge(`User metadata is nested deeper than ${MAX_METADATA_DEPTH} levels`);
  }
  if (Buffer.byteLength(JSON.stringify(value), 'utf8') > MAX_METADATA_BYTES) {
    throw authErrors.metadataTooLarge(`User metadata exceeds ${MAX_METADATA_BYTES} bytes`);
  }
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Json = Record<string, unknown>;

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function normaliseEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

/** What every endpoint needs: the options, the abuse limiters and who the administrator is. */
export interface AuthContext {
  options: GoTrueOptions;
  limiter: AuthLimiter;
  isAdminEmail(email: string): boolean;
}

export function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function sessionMeta(req: IncomingMessage): { userAgent?: string; ip?: string } {
  const userAgent = req.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : undefined, ip: clientIp(req) };
}
