// /auth/v1 mail: recover, otp, resend, reauthenticate and verify (links and codes, with their abuse limits).
import type { IncomingMessage, ServerResponse } from 'node:http';

import { clientIp } from '../http.ts';
import { AuthError, authErrors } from './errors.ts';
import { authMail } from './mailer.ts';
import * as store from './store.ts';
import {
  type AuthContext,
  type Json,
  isObject,
  normaliseEmail,
  EMAIL_PATTERN,
  OTP_TTL_SECONDS,
  assertMetadata,
  sessionMeta,
} from './common.ts';
import { accessTokenResponse } from './sessions.ts';
import { authenticate } from './user.ts';

/** One mail per address per interval and a budget per client address, whether or not the account exists. */
export function takeEmailSlot(ctx: AuthContext, req: IncomingMessage, email: string): void {
  const { emailAddress, emailIp } = ctx.limiter;
  if (emailAddress.isBlocked(email)) throw authErrors.emailRateLimited(emailAddress.retryAfterSeconds(email));
  if (!emailIp.take(clientIp(req))) throw authErrors.emailIpRateLimited();
  emailAddress.record(email);
}

export function redirectTarget(ctx: AuthContext, redirectTo: string | null | undefined): string {
  if (redirectTo && ctx.options.allowRedirect(redirectTo)) return redirectTo;
  return ctx.options.siteUrl();
}

export async function sendMail(
  ctx: AuthContext,
  kind: 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication',
  to: string,
  hash: string,
  otp: string,
  redirectTo: string | null | undefined,
): Promise<void> {
  const type = kind === 'reauthentication' ? undefined : kind;
  const link = type
    ? `${ctx.options.url()}/auth/v1/verify?token=${hash}&type=${type}&redirect_to=${encodeURIComponent(
        redirectTarget(ctx, redirectTo),
      )}`
    : undefined;
  try {
    await ctx.options.mailer.send(authMail(kind, to, link, otp));
  } catch (error) {
    throw new AuthError(500, 'unexpected_failure', `Error sending ${kind} email: ${(error as Error).message}`);
  }
}

export function mailEmail(ctx: AuthContext, body: Json): string {
  const email = normaliseEmail(body.email);
  if (!email || email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
  return email;
}

/** POST /recover: always 200 (never tells which addresses exist), 400 for a malformed address. */
export async function recover(
  ctx: AuthContext,
  req: IncomingMessage,
  body: Json,
  redirectTo: string | null,
): Promise<void> {
  const email = mailEmail(ctx, body);
  takeEmailSlot(ctx, req, email);
  const id = await store.findUserIdByEmail(ctx.options.db, email);
  if (!id) return;
  const otp = store.newOtp();
  const hash = store.tokenHash(email, otp);
  await store.setToken(ctx.options.db, id, 'recovery', hash);
  await sendMail(ctx, 'recovery', email, hash, otp, redirectTo);
}

/** POST /otp: a magic link / code to sign in; creates the account (unconfirmed) unless create_user is false. */
export async function otp(
  ctx: AuthContext,
  req: IncomingMessage,
  body: Json,
  redirectTo: string | null,
): Promise<void> {
  if (body.phone && !body.email) throw authErrors.phoneDisabled();
  const email = mailEmail(ctx, body);
  const metadata = isObject(body.data) ? body.data : {};
  assertMetadata(metadata);
  let id = await store.findUserIdByEmail(ctx.options.db, email);
  if (!id) {
    if (body.create_user === false) throw authErrors.otpDisabled();
    if (ctx.isAdminEmail(email)) return; // never created through a sign-up path
    if (!ctx.limiter.signUpIp.take(clientIp(req))) throw authErrors.signUpRateLimited();
  }
  takeEmailSlot(ctx, req, email);
  const otp = store.newOtp();
  const hash = store.tokenHash(email, otp);
  if (!id) {
    try {
      id = await ctx.options.db.transaction(async (tx) => {
        const created = await store.createUser(tx, {
          email,
          passwordHash: null,
          userMetadata: metadata,
          confirmed: false,
        });
        await store.setToken(tx, created, 'confirmation', hash);
        return created;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') return;
      throw error;
    }
    await sendMail(ctx, 'signup', email, hash, otp, redirectTo);
    return;
  }
  await store.setToken(ctx.options.db, id, 'recovery', hash);
  await sendMail(ctx, 'magiclink', email, hash, otp, redirectTo);
}

/** POST /resend {type: signup | email_change, email}. */
export async function resend(
  ctx: AuthContext,
  req: IncomingMessage,
  body: Json,
  redirectTo: string | null,
): Promise<void> {
  const type = body.type;
  if (type !== 'signup' && type !== 'email_change') {
    if (type === 'sms' || type === 'phone_change') throw authErrors.phoneDisabled();
    throw authErrors.resendType();
  }
  const email = mailEmail(ctx, body);
  takeEmailSlot(ctx, req, email);
  if (type === 'signup') {
    const { rows } = await ctx.options.db.query(
      'select id::text as id from auth.users where email = $1 and email_confirmed_at is null',
      [email],
    );
    if (!rows[0]) return;
    const otp = store.newOtp();
    const hash = store.tokenHash(email, otp);
    await store.setToken(ctx.options.db, String(rows[0].id), 'confirmation', hash);
    await sendMail(ctx, 'signup', email, hash, otp, redirectTo);
    return;
  }
  const { rows } = await ctx.options.db.query(
    "select id::text as id, email_change from auth.users where email = $1 and coalesce(email_change, '') <> ''",
    [email],
  );
  if (!rows[0]) return;
  const newEmail = String(rows[0].email_change);
  const otp = store.newOtp();
  const hash = store.tokenHash(newEmail, otp);
  await store.setToken(ctx.options.db, String(rows[0].id), 'email_change', hash, newEmail);
  await sendMail(ctx, 'email_change', newEmail, hash, otp, redirectTo);
}

/** GET /reauthenticate: mails a code to use as `nonce` in PUT /user {password, nonce}. */
export async function reauthenticate(ctx: AuthContext, req: IncomingMessage): Promise<void> {
  const { user } = await authenticate(ctx, req);
  takeEmailSlot(ctx, req, user.email);
  const otp = store.newOtp();
  await store.setToken(ctx.options.db, user.id, 'reauthentication', store.tokenHash(user.email, otp));
  await sendMail(ctx, 'reauthentication', user.email, '', otp, undefined);
}

const VERIFY_TYPES: Record<string, store.TokenKind[]> = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  recovery: ['recovery'],
  magiclink: ['recovery'],
  email_change: ['email_change'],
  email: ['confirmation', 'recovery'],
};

/** Verifies a token hash (link) or email + code; opens a session (amr otp). */
export async function verifyToken(
  ctx: AuthContext,
  req: IncomingMessage,
  type: unknown,
  input: { tokenHash?: string; email?: string; otp?: string },
): Promise<Json> {
  if (typeof type !== 'string' || type === '') throw authErrors.verifyType();
  const kinds = VERIFY_TYPES[type];
  if (!kinds) throw authErrors.validation(`Verify type ${type} is not supported`);
  let hash = input.tokenHash;
  if (!hash) {
    if (!input.otp) throw authErrors.verifyMissing();
    const email = normaliseEmail(input.email);
    if (!email) throw authErrors.validation('Only an email address or phone number should be provided on verify');
    // email_change codes are hashed with the new address; the request names the new address as GoTrue's does.
    hash = store.tokenHash(email, input.otp);
  }
  const ip = clientIp(req);
  if (ctx.limiter.loginIp.isBlocked(ip)) throw authErrors.rateLimited();
  let userId: string | undefined;
  for (const kind of kinds) {
    userId = await store.consumeToken(ctx.options.db, kind, hash, OTP_TTL_SECONDS);
    if (userId) break;
  }
  if (!userId) {
    ctx.limiter.loginIp.record(ip); // guessing codes counts as failed sign-ins of the address
    throw authErrors.otpExpired();
  }
  const { rows } = await ctx.options.db.query(
    'select coalesce(banned_until > now(), false) as banned, email from auth.users where id = $1::uuid',
    [userId],
  );
  if (rows[0]?.banned === true) throw authErrors.userBanned();
  // The mailbox is proven: password sign-ins of this account are no longer slowed (its own counters restart).
  if (typeof rows[0]?.email === 'string') ctx.limiter.login.provedMailbox(normaliseEmail(rows[0].email), ip);
  const session = await ctx.options.db.transaction((tx) => store.openSession(tx, userId!, sessionMeta(req)));
  return accessTokenResponse(ctx, { ...session, method: 'otp' });
}

export async function verifyPost(ctx: AuthContext, req: IncomingMessage, body: Json): Promise<Json> {
  return verifyToken(ctx, req, body.type, {
    tokenHash: typeof body.token_hash === 'string' && body.token_hash ? body.token_hash : undefined,
    email: typeof body.email === 'string' ? body.email : undefined,
    otp: typeof body.token === 'string' ? body.token : undefined,
  });
}

/** GET /verify?token=<hash>&type=…&redirect_to=…: the mail link; 303 to the app with the session in the fragment. */
export async function verifyGet(
  ctx: AuthContext,
  req: IncomingMessage,
  res: ServerResponse,
  query: URLSearchParams,
): Promise<void> {
  const type = query.get('type') ?? '';
  const target = redirectTarget(ctx, query.get('redirect_to'));
  let fragment: URLSearchParams;
  try {
    const token = query.get('token') ?? '';
    if (!token) throw authErrors.verifyMissing();
    const session = await verifyToken(ctx, req, type, { tokenHash: token });
    fragment = new URLSearchParams({
      access_token: String(session.access_token),
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      refresh_token: String(session.refresh_token),
      token_type: 'bearer',
      type,
    });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    fragment = new URLSearchParams({
      error: error.status === 403 ? 'access_denied' : 'invalid_request',
      error_code: error.code,
      error_description: error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
    });
  }
  res.writeHead(303, { location: `${target.split('#')[0]}#${fragment.toString()}`, 'cache-control': 'no-store' });
  res.end();
}
