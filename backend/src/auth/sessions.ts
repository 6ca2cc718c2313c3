// /auth/v1 sessions: sign-up, POST /token (password and refresh_token grants) and the access token answer.
import type { IncomingMessage } from 'node:http';

import { clientIp } from '../http.ts';
import { signJwt } from '../jwt.ts';
import { authErrors } from './errors.ts';
import { assertPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import * as store from './store.ts';
import {
  type AuthContext,
  type Json,
  isObject,
  normaliseEmail,
  EMAIL_PATTERN,
  assertMetadata,
  sessionMeta,
} from './common.ts';
import { sendMail } from './mail.ts';

export function accessTokenResponse(ctx: AuthContext, session: store.IssuedSession): Json {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = now + ctx.options.jwtExpirySeconds;
  const { user } = session;
  const claims = {
    aud: 'authenticated',
    exp: expiresAt,
    iat: now,
    iss: `${ctx.options.url()}/auth/v1`,
    sub: user.id,
    email: user.email,
    phone: user.phone,
    app_metadata: user.app_metadata,
    user_metadata: user.user_metadata,
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr: [{ method: session.method ?? 'password', timestamp: session.signedInAt }],
    session_id: session.sessionId,
    is_anonymous: false,
  };
  return {
    access_token: signJwt(claims, ctx.options.jwtSecret),
    token_type: 'bearer',
    expires_in: ctx.options.jwtExpirySeconds,
    expires_at: expiresAt,
    refresh_token: session.refreshToken,
    user,
  };
}

export async function signUp(
  ctx: AuthContext,
  req: IncomingMessage,
  body: Json,
  redirectTo: string | null,
): Promise<Json> {
  const email = normaliseEmail(body.email);
  if (!email) throw body.phone ? authErrors.phoneDisabled() : authErrors.missingEmail();
  if (email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
  if (typeof body.password !== 'string' || body.password === '') throw authErrors.missingPassword();
  assertPasswordStrength(body.password);
  const metadata = isObject(body.data) ? body.data : {};
  assertMetadata(metadata);
  const ip = clientIp(req);
  if (!ctx.limiter.signUpIp.take(ip)) throw authErrors.signUpRateLimited();
  // The administrator's address is never available to a sign-up (the account is created by `npm start`).
  if (ctx.isAdminEmail(email) || (await store.emailTaken(ctx.options.db, email))) throw authErrors.userAlreadyExists();
  const passwordHash = await hashPassword(body.password);
  const confirm = ctx.options.requireEmailConfirmation;
  const otp = store.newOtp();
  const hash = store.tokenHash(email, otp);
  let outcome: { id: string; session?: store.IssuedSession };
  try {
    outcome = await ctx.options.db.transaction(async (tx) => {
      const id = await store.createUser(tx, { email, passwordHash, userMetadata: metadata, confirmed: false });
      await store.setToken(tx, id, 'confirmation', hash);
      // Without required confirmation the account is usable at once, but stays unconfirmed (no admin rights)
      // until the link of the mail is followed.
      return { id, session: confirm ? undefined : await store.openSession(tx, id, sessionMeta(req)) };
    });
  } catch (error) {
    // Two sign-ups with the same email at once: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw authErrors.userAlreadyExists();
    throw error;
  }
  await sendMail(ctx, 'signup', email, hash, otp, redirectTo);
  if (outcome.session) return accessTokenResponse(ctx, outcome.session);
  const user = await store.findUserById(ctx.options.db, outcome.id);
  return user as unknown as Json;
}

export async function passwordGrant(ctx: AuthContext, req: IncomingMessage, body: Json): Promise<Json> {
  const email = normaliseEmail(body.email);
  const password = typeof body.password === 'string' ? body.password : '';
  if (!email || !password) throw authErrors.invalidCredentials();
  const ip = clientIp(req);
  // Growing delays per (account, address), per address and (capped low) per account: slowed, never locked.
  const wait = ctx.limiter.login.retryAfterSeconds(email, ip);
  if (wait > 0) throw authErrors.loginDelayed(wait);
  const credentials = await store.findCredentials(ctx.options.db, email);
  const valid = await verifyPassword(password, credentials?.hash);
  if (!credentials || !valid) {
    ctx.limiter.login.failed(email, ip);
    throw authErrors.invalidCredentials();
  }
  ctx.limiter.login.succeeded(email, ip);
  if (credentials.banned) throw authErrors.userBanned();
  if (!credentials.confirmed && ctx.options.requireEmailConfirmation) throw authErrors.emailNotConfirmed();
  const session = await ctx.options.db.transaction((tx) => store.openSession(tx, credentials.id, sessionMeta(req)));
  return accessTokenResponse(ctx, session);
}

export async function refreshGrant(ctx: AuthContext, body: Json): Promise<Json> {
  const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
  if (!token) throw authErrors.refreshTokenNotFound();
  const rotated = await store.rotateLiveRefreshToken(ctx.options.db, token);
  if (rotated) return refreshed(ctx, rotated);
  const outcome = await ctx.options.db.transaction((tx) =>
    store.rotateRefreshToken(tx, token, ctx.options.refreshReuseIntervalSeconds),
  );
  switch (outcome.kind) {
    case 'rotated':
      return refreshed(ctx, outcome.session);
    case 'not-found':
      throw authErrors.refreshTokenNotFound();
    case 'session-missing':
      throw authErrors.refreshSessionNotFound();
    case 'reused':
      throw authErrors.refreshTokenAlreadyUsed();
  }
}

/** A banned user's refresh is refused, as in GoTrue. */
export function refreshed(ctx: AuthContext, session: store.IssuedSession): Json {
  const bannedUntil = session.user.banned_until;
  if (typeof bannedUntil === 'string' && Date.parse(bannedUntil) > Date.now()) throw authErrors.userBanned();
  return accessTokenResponse(ctx, session);
}
