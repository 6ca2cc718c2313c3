// HS256 JSON Web Tokens with node:crypto: Supabase's legacy API keys and GoTrue access tokens.
import { createHmac, timingSafeEqual } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & {
  role?: unknown;
  sub?: unknown;
  exp?: unknown;
  session_id?: unknown;
};

/** Why a token was refused, in PostgREST's vocabulary (PostgREST.Error JwtDecodeError / JwtClaimsError). */
export type JwtFailure =
  | { kind: 'empty' }
  | { kind: 'parts'; parts: number }
  | { kind: 'algorithm' }
  | { kind: 'signature' }
  | { kind: 'decode' }
  | { kind: 'expired' }
  | { kind: 'not-yet-valid' }
  | { kind: 'issued-in-future' }
  | { kind: 'claim-type'; claim: 'exp' | 'nbf' | 'iat' };

export type JwtResult = { ok: true; claims: JwtClaims; claimsJson: string } | { ok: false; failure: JwtFailure };

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

export function signJwt(claims: Record<string, unknown>, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${HEADER}.${body}`).digest('base64url');
  return `${HEADER}.${body}.${signature}`;
}

/** Legacy Supabase API keys: HS256 JWTs with only a role, valid for decades (stable for a given secret). */
export function deriveApiKeys(secret: string): { anonKey: string; serviceRoleKey: string } {
  const iat = 1641769200; // Supabase's demo keys use the same issue date.
  const exp = 2524608000; // 2050-01-01
  return {
    anonKey: signJwt({ iss: 'supabase-demo', role: 'anon', iat, exp }, secret),
    serviceRoleKey: signJwt({ iss: 'supabase-demo', role: 'service_role', iat, exp }, secret),
  };
}

function decodePart(part: string): unknown {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

const CLOCK_SKEW_SECONDS = 30;

/** Verifies signature and time claims. Pure: no cache. */
export function verifyJwt(token: string, secret: string, nowSeconds = Math.floor(Date.now() / 1000)): JwtResult {
  if (token === '') return { ok: false, failure: { kind: 'empty' } };
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, failure: { kind: 'parts', parts: parts.length } };
  const [headerPart, bodyPart, signaturePart] = parts as [string, string, string];
  let header: unknown;
  try {
    header = decodePart(headerPart);
  } catch {
    return { ok: false, failure: { kind: 'decode' } };
  }
  if (typeof header !== 'object' || header === null || (header as { alg?: unknown }).alg !== 'HS256') {
    return { ok: false, failure: { kind: 'algorithm' } };
  }
  const expected = createHmac('sha256', secret).update(`${headerPart}.${bodyPart}`).digest();
  const given = Buffer.from(signaturePart, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, failure: { kind: 'signature' } };
  }
  let claims: unknown;
  try {
    claims = decodePart(bodyPart);
  } catch {
    return { ok: false, failure: { kind: 'decode' } };
  }
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
    return { ok: false, failure: { kind: 'decode' } };
  const c = claims as JwtClaims;
  for (const claim of ['exp', 'nbf', 'iat'] as const) {
    if (c[claim] !== undefined && typeof c[claim] !== 'number')
      return { ok: false, failure: { kind: 'claim-type', claim } };
  }
  if (typeof c.exp === 'number' && nowSeconds > c.exp + CLOCK_SKEW_SECONDS)
    return { ok: false, failure: { kind: 'expired' } };
  if (typeof c.nbf === 'number' && nowSeconds < c.nbf - CLOCK_SKEW_SECONDS)
    return { ok: false, failure: { kind: 'not-yet-valid' } };
  if (typeof c.iat === 'number' && nowSeconds < c.iat - CLOCK_SKEW_SECONDS)
    return { ok: false, failure: { kind: 'issued-in-future' } };
  return { ok: true, claims: c, claimsJson: JSON.stringify(c) };
}

/**
 * Remembers verified tokens (the hot path verifies the same access token on every request). Expiry is still
 * checked on every hit; failures are not cached.
 */
export class JwtVerifier {
  private readonly cache = new Map<string, { claims: JwtClaims; claimsJson: string; exp: number }>();

  constructor(
    private readonly secret: string,
    private readonly maxEntries = 10_000,
  ) {}

  verify(token: string): JwtResult {
    const now = Math.floor(Date.now() / 1000);
    const hit = this.cache.get(token);
    if (hit) {
      if (now <= hit.exp + CLOCK_SKEW_SECONDS) return { ok: true, claims: hit.claims, claimsJson: hit.claimsJson };
      this.cache.delete(token);
      return { ok: false, failure: { kind: 'expired' } };
    }
    const result = verifyJwt(token, this.secret, now);
    if (result.ok) {
      if (this.cache.size >= this.maxEntries) this.cache.clear();
      const exp = typeof result.claims.exp === 'number' ? result.claims.exp : Number.MAX_SAFE_INTEGER;
      this.cache.set(token, { claims: result.claims, claimsJson: result.claimsJson, exp });
    }
    return result;
  }
}
