// /auth/v1 the signed-in user: GoTrue's requireAuthentication, GET/PUT /user (password change rules), logout.
import type { IncomingMessage } from 'node:http';

import { bearerToken } from '../http.ts';
import { type JwtClaims } from '../jwt.ts';
import { authErrors } from './errors.ts';
import { assertPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import * as store from './store.ts';
import {
  type AuthContext,
  type Json,
  isObject,
  normaliseEmail,
  EMAIL_PATTERN,
  ADMIN_ROLES,
  UUID,
  NONCE_TTL_SECONDS,
  RECENT_OTP_SIGN_IN_SECONDS,
  assertMetadata,
} from './common.ts';
import { takeEmailSlot, sendMail } from './mail.ts';

/** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
export async function authenticate(
  ctx: AuthContext,
  req: IncomingMessage,
): Promise<{ claims: JwtClaims; user: store.AuthUser; sessionId: string }> {
  const token = bearerToken(req);
  if (!token) throw authErrors.noAuthorization();
  const result = ctx.options.verifier.verify(token);
  if (!result.ok) {
    throw authErrors.badJwt(
      result.failure.kind === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid',
    );
  }
  const { claims } = result;
  if (typeof claims.exp !== 'number') throw authErrors.missingExp();
  if (claims.aud !== 'authenticated') throw authErrors.badAudience();
  if (claims.iss !== `${ctx.options.url()}/auth/v1`) throw authErrors.badIssuer();
  if (typeof claims.sub !== 'string' || claims.sub === '') throw authErrors.missingSub();
  if (!UUID.test(claims.sub)) throw authErrors.userNotFoundFromJwt();
  // Only a live session makes a token valid: no session_id (a forged or hand-made token) is refused.
  if (typeof claims.session_id !== 'string' || !UUID.test(claims.session_id)) throw authErrors.sessionMissingClaim();
  const sessionId = claims.session_id;
  const { user, sessionFound } = await store.userWithSession(ctx.options.db, claims.sub, sessionId);
  if (!user) throw authErrors.userNotFoundFromJwt();
  if (!sessionFound) throw authErrors.sessionNotFound();
  return { claims, user, sessionId };
}

export function requireAdmin(ctx: AuthContext, req: IncomingMessage): JwtClaims {
  const token = bearerToken(req);
  if (!token) throw authErrors.noAuthorization();
  const result = ctx.options.verifier.verify(token);
  if (!result.ok) {
    throw authErrors.badJwt(
      result.failure.kind === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid',
    );
  }
  if (typeof result.claims.role !== 'string' || !ADMIN_ROLES.has(result.claims.role)) throw authErrors.notAdmin();
  return result.claims;
}

export async function getUser(ctx: AuthContext, req: IncomingMessage): Promise<store.AuthUser> {
  return (await authenticate(ctx, req)).user;
}

export async function putUser(
  ctx: AuthContext,
  req: IncomingMessage,
  body: Json,
  redirectTo: string | null,
): Promise<store.AuthUser> {
  const { user, sessionId, claims } = await authenticate(ctx, req);
  const changes: store.UserChanges = {};
  if (body.data !== undefined && body.data !== null) {
    if (!isObject(body.data)) throw authErrors.validation('data must be an object');
    assertMetadata({ ...user.user_metadata, ...body.data });
    changes.userMetadata = body.data;
  }
  let newEmail: string | undefined;
  if (body.email !== undefined && body.email !== null && body.email !== '') {
    const email = normaliseEmail(body.email);
    if (email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
    if (email !== user.email) {
      if (ctx.isAdminEmail(email) || (await store.emailTaken(ctx.options.db, email, user.id)))
        throw authErrors.emailExists();
      newEmail = email;
    }
  }
  if (body.password !== undefined && body.password !== null) {
    if (typeof body.password !== 'string') throw authErrors.validation('password must be a string');
    assertPasswordStrength(body.password);
    const currentHash = await store.passwordHashOf(ctx.options.db, user.id);
    await assertMayChangePassword(ctx, user.id, claims, body, currentHash);
    if (await verifyPassword(body.password, currentHash)) throw authErrors.samePassword();
    changes.passwordHash = await hashPassword(body.password);
  }
  if (newEmail) {
    // The new address must be confirmed: it replaces the old one only when the mailed link is followed.
    takeEmailSlot(ctx, req, newEmail);
    const otp = store.newOtp();
    const hash = store.tokenHash(newEmail, otp);
    await store.setToken(ctx.options.db, user.id, 'email_change', hash, newEmail);
    await sendMail(ctx, 'email_change', newEmail, hash, otp, redirectTo);
  }
  if (Object.keys(changes).length === 0) return (await store.findUserById(ctx.options.db, user.id)) ?? user;
  const updated = await ctx.options.db.transaction(async (tx) => {
    const next = await store.updateUser(tx, user.id, changes);
    // A new password signs out the user's other sessions (their refresh tokens stop working).
    if (changes.passwordHash) await store.deleteSessions(tx, user.id, sessionId, 'others');
    return next;
  });
  if (!updated) throw authErrors.userNotFoundFromJwt();
  return updated;
}

/**
 * A password change needs the current password (`current_password`), a reauthentication code (`nonce`, from
 * GET /reauthenticate) or a session opened by a mail link/code less than 15 minutes ago (password recovery).
 */
export async function assertMayChangePassword(
  ctx: AuthContext,
  userId: string,
  claims: JwtClaims,
  body: Json,
  currentHash: string | null,
): Promise<void> {
  if (typeof body.current_password === 'string' && body.current_password !== '') {
    if (!(await verifyPassword(body.current_password, currentHash))) throw authErrors.currentPasswordInvalid();
    return;
  }
  if (typeof body.nonce === 'string' && body.nonce !== '') {
    const { rows } = await ctx.options.db.query('select email from auth.users where id = $1::uuid', [userId]);
    const email = String(rows[0]?.email ?? '');
    const consumed = await store.consumeToken(
      ctx.options.db,
      'reauthentication',
      store.tokenHash(email, body.nonce),
      NONCE_TTL_SECONDS,
    );
    if (consumed !== userId) throw authErrors.reauthenticationNotValid();
    return;
  }
  const amr = Array.isArray(claims.amr) ? (claims.amr as Array<{ method?: unknown; timestamp?: unknown }>) : [];
  const now = Math.floor(Date.now() / 1000);
  const recent = amr.some(
    (entry) =>
      entry.method === 'otp' &&
      typeof entry.timestamp === 'number' &&
      now - entry.timestamp < RECENT_OTP_SIGN_IN_SECONDS,
  );
  if (!recent) throw authErrors.currentPasswordRequired();
}

export async function logout(ctx: AuthContext, req: IncomingMessage, scopeParam: string | null): Promise<void> {
  const scope = scopeParam === 'local' || scopeParam === 'others' ? scopeParam : 'global';
  const { user, sessionId } = await authenticate(ctx, req);
  await store.deleteSessions(ctx.options.db, user.id, sessionId, scope);
}
