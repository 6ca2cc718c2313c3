// /auth/v1: the GoTrue endpoints auth-js 2.x calls (see shared/reference/supabase-and-stripe.md §1).
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Database } from '../db/database.ts';
import { BodyTooLargeError, bearerToken, clientIp, readBody, sendJson } from '../http.ts';
import { type JwtClaims, type JwtVerifier, signJwt } from '../jwt.ts';
import { API_VERSION_HEADERS, AuthError, authErrors, sendAuthError } from './errors.ts';
import { assertPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import { authMail, type Mailer } from './mailer.ts';
import { AuthLimiter } from './rate-limit.ts';
import * as store from './store.ts';

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
const OTP_TTL_SECONDS = 3600;
/** A reauthentication code lives 5 minutes; a mail-link sign-in counts as recent for 15 minutes. */
const NONCE_TTL_SECONDS = 300;
const RECENT_OTP_SIGN_IN_SECONDS = 15 * 60;
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

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function normaliseEmail(value: unknown): string {
  return typeof value === 'string' ? value.trim().toLowerCase() : '';
}

export class GoTrue {
  readonly limiter: AuthLimiter;

  constructor(private readonly options: GoTrueOptions) {
    this.limiter = options.limiter ?? new AuthLimiter();
  }

  private isAdminEmail(email: string): boolean {
    const admin = normaliseEmail(this.options.adminEmail());
    return admin !== '' && admin === email;
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    try {
      await this.route(req, res, path, query);
    } catch (error) {
      if (error instanceof AuthError) return sendAuthError(res, error);
      if (error instanceof BodyTooLargeError)
        return sendAuthError(res, authErrors.tooLarge(error.limit));
      throw error;
    }
  }

  private async route(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    const method = req.method ?? 'GET';
    const ok = (value: unknown, headers: Record<string, string> = {}) =>
      sendJson(res, 200, value, { ...API_VERSION_HEADERS, ...headers });

    if (path === '/health' && method === 'GET') {
      return ok({
        version: 'atelier-local',
        name: 'GoTrue',
        description: 'GoTrue is a user registration and authentication API',
      });
    }
    if (path === '/settings' && method === 'GET') {
      return ok({
        external: { email: true, phone: false, anonymous_users: false },
        disable_signup: false,
        mailer_autoconfirm: !this.options.requireEmailConfirmation,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
    }
    if (path === '/signup' && method === 'POST')
      return ok(await this.signUp(req, await this.jsonBody(req), query.get('redirect_to')));
    if (path === '/recover' && method === 'POST') {
      await this.recover(req, await this.jsonBody(req), query.get('redirect_to'));
      return ok({});
    }
    if (path === '/otp' && method === 'POST') {
      await this.otp(req, await this.jsonBody(req), query.get('redirect_to'));
      return ok({});
    }
    if (path === '/resend' && method === 'POST') {
      await this.resend(req, await this.jsonBody(req), query.get('redirect_to'));
      return ok({});
    }
    if (path === '/reauthenticate' && method === 'GET') {
      await this.reauthenticate(req);
      return ok({});
    }
    if (path === '/verify' && method === 'POST') return ok(await this.verifyPost(req, await this.jsonBody(req)));
    if (path === '/verify' && method === 'GET') return this.verifyGet(req, res, query);
    if (path === '/token' && method === 'POST') {
      const grant = query.get('grant_type');
      const body = await this.jsonBody(req);
      if (grant === 'password') return ok(await this.passwordGrant(req, body));
      if (grant === 'refresh_token') return ok(await this.refreshGrant(body));
      throw authErrors.unsupportedGrant();
    }
    if (path === '/user' && method === 'GET') return ok(await this.getUser(req));
    if (path === '/user' && method === 'PUT')
      return ok(await this.putUser(req, await this.jsonBody(req), query.get('redirect_to')));
    if (path === '/logout' && method === 'POST') {
      await this.logout(req, query.get('scope'));
      res.writeHead(204, API_VERSION_HEADERS);
      res.end();
      return;
    }
    if (path === '/admin/users' && method === 'GET') {
      this.requireAdmin(req);
      const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
      const perPage = Math.min(1000, Math.max(1, Number.parseInt(query.get('per_page') ?? '50', 10) || 50));
      const { users, total } = await store.listUsers(this.options.db, page, perPage);
      return ok(
        { users, aud: 'authenticated' },
        { 'x-total-count': String(total), link: paginationLink(page, perPage, total) },
      );
    }
    if (path === '/admin/users' && method === 'POST') {
      this.requireAdmin(req);
      return ok(await this.adminCreateUser(await this.jsonBody(req)));
    }
    const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path);
    if (adminUser) {
      this.requireAdmin(req);
      const id = decodeURIComponentSafe(adminUser[1]!);
      if (!UUID.test(id)) throw authErrors.userNotFound();
      if (method === 'GET') {
        const user = await store.findUserById(this.options.db, id);
        if (!user) throw authErrors.userNotFound();
        return ok(user);
      }
      if (method === 'PUT') return ok(await this.adminUpdateUser(id, await this.jsonBody(req)));
      if (method === 'DELETE') {
        if (!(await store.deleteUser(this.options.db, id))) throw authErrors.userNotFound();
        return ok({});
      }
    }
    throw authErrors.notFound();
  }

  private async jsonBody(req: IncomingMessage): Promise<Json> {
    const raw = await readBody(req, this.options.bodyLimit);
    if (raw.length === 0) return {};
    let value: unknown;
    try {
      value = JSON.parse(raw.toString('utf8'));
    } catch {
      throw authErrors.badJson();
    }
    if (!isObject(value)) throw authErrors.badJson();
    return value;
  }

  // ── sessions ──────────────────────────────────────────────────────────────────────────────────────────────

  private accessTokenResponse(session: store.IssuedSession): Json {
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = now + this.options.jwtExpirySeconds;
    const { user } = session;
    const claims = {
      aud: 'authenticated',
      exp: expiresAt,
      iat: now,
      iss: `${this.options.url()}/auth/v1`,
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
      access_token: signJwt(claims, this.options.jwtSecret),
      token_type: 'bearer',
      expires_in: this.options.jwtExpirySeconds,
      expires_at: expiresAt,
      refresh_token: session.refreshToken,
      user,
    };
  }

  private async signUp(req: IncomingMessage, body: Json, redirectTo: string | null): Promise<Json> {
    const email = normaliseEmail(body.email);
    if (!email) throw body.phone ? authErrors.phoneDisabled() : authErrors.missingEmail();
    if (email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
    if (typeof body.password !== 'string' || body.password === '') throw authErrors.missingPassword();
    assertPasswordStrength(body.password);
    const metadata = isObject(body.data) ? body.data : {};
    assertMetadata(metadata);
    const ip = clientIp(req);
    if (!this.limiter.signUpIp.take(ip)) throw authErrors.signUpRateLimited();
    // The administrator's address is never available to a sign-up (the account is created by `npm start`).
    if (this.isAdminEmail(email) || (await store.emailTaken(this.options.db, email)))
      throw authErrors.userAlreadyExists();
    const passwordHash = await hashPassword(body.password);
    const confirm = this.options.requireEmailConfirmation;
    const otp = store.newOtp();
    const hash = store.tokenHash(email, otp);
    let outcome: { id: string; session?: store.IssuedSession };
    try {
      outcome = await this.options.db.transaction(async (tx) => {
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
    await this.sendMail('signup', email, hash, otp, redirectTo);
    if (outcome.session) return this.accessTokenResponse(outcome.session);
    const user = await store.findUserById(this.options.db, outcome.id);
    return user as unknown as Json;
  }

  private async passwordGrant(req: IncomingMessage, body: Json): Promise<Json> {
    const email = normaliseEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || !password) throw authErrors.invalidCredentials();
    const ip = clientIp(req);
    // Growing delays per (account, address), per address and (capped low) per account: slowed, never locked.
    const wait = this.limiter.login.retryAfterSeconds(email, ip);
    if (wait > 0) throw authErrors.loginDelayed(wait);
    const credentials = await store.findCredentials(this.options.db, email);
    const valid = await verifyPassword(password, credentials?.hash);
    if (!credentials || !valid) {
      this.limiter.login.failed(email, ip);
      throw authErrors.invalidCredentials();
    }
    this.limiter.login.succeeded(email, ip);
    if (credentials.banned) throw authErrors.userBanned();
    if (!credentials.confirmed && this.options.requireEmailConfirmation) throw authErrors.emailNotConfirmed();
    const session = await this.options.db.transaction((tx) => store.openSession(tx, credentials.id, sessionMeta(req)));
    return this.accessTokenResponse(session);
  }

  private async refreshGrant(body: Json): Promise<Json> {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (!token) throw authErrors.refreshTokenNotFound();
    const rotated = await store.rotateLiveRefreshToken(this.options.db, token);
    if (rotated) return this.refreshed(rotated);
    const outcome = await this.options.db.transaction((tx) =>
      store.rotateRefreshToken(tx, token, this.options.refreshReuseIntervalSeconds),
    );
    switch (outcome.kind) {
      case 'rotated':
        return this.refreshed(outcome.session);
      case 'not-found':
        throw authErrors.refreshTokenNotFound();
      case 'session-missing':
        throw authErrors.refreshSessionNotFound();
      case 'reused':
        throw authErrors.refreshTokenAlreadyUsed();
    }
  }

  /** A banned user's refresh is refused, as in GoTrue. */
  private refreshed(session: store.IssuedSession): Json {
    const bannedUntil = session.user.banned_until;
    if (typeof bannedUntil === 'string' && Date.parse(bannedUntil) > Date.now()) throw authErrors.userBanned();
    return this.accessTokenResponse(session);
  }

  // ── the signed-in user ────────────────────────────────────────────────────────────────────────────────────

  /** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
  private async authenticate(
    req: IncomingMessage,
  ): Promise<{ claims: JwtClaims; user: store.AuthUser; sessionId: string }> {
    const token = bearerToken(req);
    if (!token) throw authErrors.noAuthorization();
    const result = this.options.verifier.verify(token);
    if (!result.ok) {
      throw authErrors.badJwt(
        result.failure.kind === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid',
      );
    }
    const { claims } = result;
    if (typeof claims.exp !== 'number') throw authErrors.missingExp();
    if (claims.aud !== 'authenticated') throw authErrors.badAudience();
    if (claims.iss !== `${this.options.url()}/auth/v1`) throw authErrors.badIssuer();
    if (typeof claims.sub !== 'string' || claims.sub === '') throw authErrors.missingSub();
    if (!UUID.test(claims.sub)) throw authErrors.userNotFoundFromJwt();
    // Only a live session makes a token valid: no session_id (a forged or hand-made token) is refused.
    if (typeof claims.session_id !== 'string' || !UUID.test(claims.session_id)) throw authErrors.sessionMissingClaim();
    const sessionId = claims.session_id;
    const { user, sessionFound } = await store.userWithSession(this.options.db, claims.sub, sessionId);
    if (!user) throw authErrors.userNotFoundFromJwt();
    if (!sessionFound) throw authErrors.sessionNotFound();
    return { claims, user, sessionId };
  }

  private requireAdmin(req: IncomingMessage): JwtClaims {
    const token = bearerToken(req);
    if (!token) throw authErrors.noAuthorization();
    const result = this.options.verifier.verify(token);
    if (!result.ok) {
      throw authErrors.badJwt(
        result.failure.kind === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid',
      );
    }
    if (typeof result.claims.role !== 'string' || !ADMIN_ROLES.has(result.claims.role)) throw authErrors.notAdmin();
    return result.claims;
  }

  private async getUser(req: IncomingMessage): Promise<store.AuthUser> {
    return (await this.authenticate(req)).user;
  }

  private async putUser(req: IncomingMessage, body: Json, redirectTo: string | null): Promise<store.AuthUser> {
    const { user, sessionId, claims } = await this.authenticate(req);
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
        if (this.isAdminEmail(email) || (await store.emailTaken(this.options.db, email, user.id)))
          throw authErrors.emailExists();
        newEmail = email;
      }
    }
    if (body.password !== undefined && body.password !== null) {
      if (typeof body.password !== 'string') throw authErrors.validation('password must be a string');
      assertPasswordStrength(body.password);
      const currentHash = await store.passwordHashOf(this.options.db, user.id);
      await this.assertMayChangePassword(user.id, claims, body, currentHash);
      if (await verifyPassword(body.password, currentHash)) throw authErrors.samePassword();
      changes.passwordHash = await hashPassword(body.password);
    }
    if (newEmail) {
      // The new address must be confirmed: it replaces the old one only when the mailed link is followed.
      this.takeEmailSlot(req, newEmail);
      const otp = store.newOtp();
      const hash = store.tokenHash(newEmail, otp);
      await store.setToken(this.options.db, user.id, 'email_change', hash, newEmail);
      await this.sendMail('email_change', newEmail, hash, otp, redirectTo);
    }
    if (Object.keys(changes).length === 0) return (await store.findUserById(this.options.db, user.id)) ?? user;
    const updated = await this.options.db.transaction(async (tx) => {
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
  private async assertMayChangePassword(
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
      const { rows } = await this.options.db.query('select email from auth.users where id = $1::uuid', [userId]);
      const email = String(rows[0]?.email ?? '');
      const consumed = await store.consumeToken(
        this.options.db,
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

  // ── mail: recover, otp, resend, reauthenticate, verify ───────────────────────────────────────────────────

  /** One mail per address per interval and a budget per client address, whether or not the account exists. */
  private takeEmailSlot(req: IncomingMessage, email: string): void {
    const { emailAddress, emailIp } = this.limiter;
    if (emailAddress.isBlocked(email)) throw authErrors.emailRateLimited(emailAddress.retryAfterSeconds(email));
    if (!emailIp.take(clientIp(req))) throw authErrors.emailIpRateLimited();
    emailAddress.record(email);
  }

  private redirectTarget(redirectTo: string | null | undefined): string {
    if (redirectTo && this.options.allowRedirect(redirectTo)) return redirectTo;
    return this.options.siteUrl();
  }

  private async sendMail(
    kind: 'signup' | 'recovery' | 'magiclink' | 'email_change' | 'reauthentication',
    to: string,
    hash: string,
    otp: string,
    redirectTo: string | null | undefined,
  ): Promise<void> {
    const type = kind === 'reauthentication' ? undefined : kind;
    const link = type
      ? `${this.options.url()}/auth/v1/verify?token=${hash}&type=${type}&redirect_to=${encodeURIComponent(
          this.redirectTarget(redirectTo),
        )}`
      : undefined;
    try {
      await this.options.mailer.send(authMail(kind, to, link, otp));
    } catch (error) {
      throw new AuthError(500, 'unexpected_failure', `Error sending ${kind} email: ${(error as Error).message}`);
    }
  }

  private mailEmail(body: Json): string {
    const email = normaliseEmail(body.email);
    if (!email || email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
    return email;
  }

  /** POST /recover: always 200 (never tells which addresses exist), 400 for a malformed address. */
  private async recover(req: IncomingMessage, body: Json, redirectTo: string | null): Promise<void> {
    const email = this.mailEmail(body);
    this.takeEmailSlot(req, email);
    const id = await store.findUserIdByEmail(this.options.db, email);
    if (!id) return;
    const otp = store.newOtp();
    const hash = store.tokenHash(email, otp);
    await store.setToken(this.options.db, id, 'recovery', hash);
    await this.sendMail('recovery', email, hash, otp, redirectTo);
  }

  /** POST /otp: a magic link / code to sign in; creates the account (unconfirmed) unless create_user is false. */
  private async otp(req: IncomingMessage, body: Json, redirectTo: string | null): Promise<void> {
    if (body.phone && !body.email) throw authErrors.phoneDisabled();
    const email = this.mailEmail(body);
    const metadata = isObject(body.data) ? body.data : {};
    assertMetadata(metadata);
    let id = await store.findUserIdByEmail(this.options.db, email);
    if (!id) {
      if (body.create_user === false) throw authErrors.otpDisabled();
      if (this.isAdminEmail(email)) return; // never created through a sign-up path
      if (!this.limiter.signUpIp.take(clientIp(req))) throw authErrors.signUpRateLimited();
    }
    this.takeEmailSlot(req, email);
    const otp = store.newOtp();
    const hash = store.tokenHash(email, otp);
    if (!id) {
      try {
        id = await this.options.db.transaction(async (tx) => {
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
      await this.sendMail('signup', email, hash, otp, redirectTo);
      return;
    }
    await store.setToken(this.options.db, id, 'recovery', hash);
    await this.sendMail('magiclink', email, hash, otp, redirectTo);
  }

  /** POST /resend {type: signup | email_change, email}. */
  private async resend(req: IncomingMessage, body: Json, redirectTo: string | null): Promise<void> {
    const type = body.type;
    if (type !== 'signup' && type !== 'email_change') {
      if (type === 'sms' || type === 'phone_change') throw authErrors.phoneDisabled();
      throw authErrors.resendType();
    }
    const email = this.mailEmail(body);
    this.takeEmailSlot(req, email);
    if (type === 'signup') {
      const { rows } = await this.options.db.query(
        'select id::text as id from auth.users where email = $1 and email_confirmed_at is null',
        [email],
      );
      if (!rows[0]) return;
      const otp = store.newOtp();
      const hash = store.tokenHash(email, otp);
      await store.setToken(this.options.db, String(rows[0].id), 'confirmation', hash);
      await this.sendMail('signup', email, hash, otp, redirectTo);
      return;
    }
    const { rows } = await this.options.db.query(
      "select id::text as id, email_change from auth.users where email = $1 and coalesce(email_change, '') <> ''",
      [email],
    );
    if (!rows[0]) return;
    const newEmail = String(rows[0].email_change);
    const otp = store.newOtp();
    const hash = store.tokenHash(newEmail, otp);
    await store.setToken(this.options.db, String(rows[0].id), 'email_change', hash, newEmail);
    await this.sendMail('email_change', newEmail, hash, otp, redirectTo);
  }

  /** GET /reauthenticate: mails a code to use as `nonce` in PUT /user {password, nonce}. */
  private async reauthenticate(req: IncomingMessage): Promise<void> {
    const { user } = await this.authenticate(req);
    this.takeEmailSlot(req, user.email);
    const otp = store.newOtp();
    await store.setToken(this.options.db, user.id, 'reauthentication', store.tokenHash(user.email, otp));
    await this.sendMail('reauthentication', user.email, '', otp, undefined);
  }

  private static readonly VERIFY_TYPES: Record<string, store.TokenKind[]> = {
    signup: ['confirmation'],
    invite: ['confirmation'],
    recovery: ['recovery'],
    magiclink: ['recovery'],
    email_change: ['email_change'],
    email: ['confirmation', 'recovery'],
  };

  /** Verifies a token hash (link) or email + code; opens a session (amr otp). */
  private async verifyToken(
    req: IncomingMessage,
    type: unknown,
    input: { tokenHash?: string; email?: string; otp?: string },
  ): Promise<Json> {
    if (typeof type !== 'string' || type === '') throw authErrors.verifyType();
    const kinds = GoTrue.VERIFY_TYPES[type];
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
    if (this.limiter.loginIp.isBlocked(ip)) throw authErrors.rateLimited();
    let userId: string | undefined;
    for (const kind of kinds) {
      userId = await store.consumeToken(this.options.db, kind, hash, OTP_TTL_SECONDS);
      if (userId) break;
    }
    if (!userId) {
      this.limiter.loginIp.record(ip); // guessing codes counts as failed sign-ins of the address
      throw authErrors.otpExpired();
    }
    const { rows } = await this.options.db.query(
      'select coalesce(banned_until > now(), false) as banned, email from auth.users where id = $1::uuid',
      [userId],
    );
    if (rows[0]?.banned === true) throw authErrors.userBanned();
    // The mailbox is proven: password sign-ins of this account are no longer slowed (its own counters restart).
    if (typeof rows[0]?.email === 'string') this.limiter.login.provedMailbox(normaliseEmail(rows[0].email), ip);
    const session = await this.options.db.transaction((tx) => store.openSession(tx, userId!, sessionMeta(req)));
    return this.accessTokenResponse({ ...session, method: 'otp' });
  }

  private async verifyPost(req: IncomingMessage, body: Json): Promise<Json> {
    return this.verifyToken(req, body.type, {
      tokenHash: typeof body.token_hash === 'string' && body.token_hash ? body.token_hash : undefined,
      email: typeof body.email === 'string' ? body.email : undefined,
      otp: typeof body.token === 'string' ? body.token : undefined,
    });
  }

  /** GET /verify?token=<hash>&type=…&redirect_to=…: the mail link; 303 to the app with the session in the fragment. */
  private async verifyGet(req: IncomingMessage, res: ServerResponse, query: URLSearchParams): Promise<void> {
    const type = query.get('type') ?? '';
    const target = this.redirectTarget(query.get('redirect_to'));
    let fragment: URLSearchParams;
    try {
      const token = query.get('token') ?? '';
      if (!token) throw authErrors.verifyMissing();
      const session = await this.verifyToken(req, type, { tokenHash: token });
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

  private async logout(req: IncomingMessage, scopeParam: string | null): Promise<void> {
    const scope = scopeParam === 'local' || scopeParam === 'others' ? scopeParam : 'global';
    const { user, sessionId } = await this.authenticate(req);
    await store.deleteSessions(this.options.db, user.id, sessionId, scope);
  }

  // ── admin ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async adminCreateUser(body: Json): Promise<store.AuthUser> {
    const email = normaliseEmail(body.email);
    if (!email || email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
    let passwordHash: string | null = null;
    if (typeof body.password === 'string' && body.password !== '') {
      assertPasswordStrength(body.password);
      passwordHash = await hashPassword(body.password);
    }
    if (await store.emailTaken(this.options.db, email)) throw authErrors.emailExists();
    const id = await this.options.db.transaction((tx) =>
      store.createUser(tx, {
        email,
        passwordHash,
        userMetadata: isObject(body.user_metadata) ? body.user_metadata : {},
        appMetadata: isObject(body.app_metadata) ? body.app_metadata : {},
        confirmed: body.email_confirm === true,
      }),
    );
    const user = await store.findUserById(this.options.db, id);
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  private async adminUpdateUser(id: string, body: Json): Promise<store.AuthUser> {
    const changes: store.UserChanges = {};
    if (isObject(body.user_metadata)) changes.userMetadata = body.user_metadata;
    if (isObject(body.app_metadata)) changes.appMetadata = body.app_metadata;
    if (typeof body.email === 'string' && body.email !== '') {
      const email = normaliseEmail(body.email);
      if (!EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
      if (this.isAdminEmail(email) || (await store.emailTaken(this.options.db, email, id)))
        throw authErrors.emailExists();
      changes.email = email;
    }
    if (typeof body.password === 'string') {
      assertPasswordStrength(body.password);
      changes.passwordHash = await hashPassword(body.password);
    }
    if (body.email_confirm === true) changes.confirmEmail = true;
    if (typeof body.ban_duration === 'string') {
      const duration = parseBanDuration(body.ban_duration);
      if (duration === undefined) throw authErrors.validation('invalid format for ban duration');
      changes.banDurationSeconds = duration;
    }
    const user = await this.options.db.transaction((tx) => store.updateUser(tx, id, changes));
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  /**
   * Creates (or re-keys) the local administrator account at start, confirmed, so it can sign in. An existing
   * account that was not confirmed (someone signed up with the address first) loses its sessions.
   */
  async ensureUser(email: string, password: string): Promise<string> {
    const normalised = normaliseEmail(email);
    const existing = await store.findCredentials(this.options.db, normalised);
    if (existing) {
      if (!existing.confirmed || !(await verifyPassword(password, existing.hash))) {
        const passwordHash = await hashPassword(password);
        await this.options.db.transaction(async (tx) => {
          await store.updateUser(tx, existing.id, { passwordHash });
          if (!existing.confirmed) await store.deleteSessions(tx, existing.id, undefined, 'global');
          await tx.query(
            `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1::uuid`,
            [existing.id],
          );
        });
      }
      return existing.id;
    }
    const passwordHash = await hashPassword(password);
    return this.options.db.transaction((tx) =>
      store.createUser(tx, { email: normalised, passwordHash, userMetadata: {}, confirmed: true }),
    );
  }

  /** Whether a confirmed account with this address exists (the administrator on a later start). */
  async confirmedUserExists(email: string): Promise<boolean> {
    const found = await store.findCredentials(this.options.db, normaliseEmail(email));
    return !!found && found.confirmed && found.hash !== null;
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function sessionMeta(req: IncomingMessage): { userAgent?: string; ip?: string } {
  const userAgent = req.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 500) : undefined, ip: clientIp(req) };
}

/** GoTrue's Link header; auth-js reads the page number from it. */
function paginationLink(page: number, perPage: number, total: number): string {
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  return links.join(', ');
}

/** `24h`, `30m`, `3600s` or `none` (Go durations as GoTrue accepts them, simplified). */
function parseBanDuration(text: string): number | 'none' | undefined {
  if (text === 'none') return 'none';
  const match = /^(\d+)(h|m|s)$/.exec(text);
  if (!match) return undefined;
  const n = Number(match[1]);
  return match[2] === 'h' ? n * 3600 : match[2] === 'm' ? n * 60 : n;
}
