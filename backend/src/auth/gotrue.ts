// /auth/v1: the GoTrue endpoints auth-js 2.x calls (see shared/reference/supabase-and-stripe.md §1).
import type { IncomingMessage, ServerResponse } from 'node:http';

import type { Database, Queryable } from '../db/database.ts';
import { BodyTooLargeError, bearerToken, clientIp, readBody, sendJson } from '../http.ts';
import { type JwtClaims, type JwtVerifier, signJwt } from '../jwt.ts';
import { API_VERSION_HEADERS, AuthError, authErrors, sendAuthError } from './errors.ts';
import { assertPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import { FailedLoginLimiter } from './rate-limit.ts';
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
  limiter?: FailedLoginLimiter;
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
  private readonly limiter: FailedLoginLimiter;

  constructor(private readonly options: GoTrueOptions) {
    this.limiter = options.limiter ?? new FailedLoginLimiter();
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    try {
      await this.route(req, res, path, query);
    } catch (error) {
      if (error instanceof AuthError) return sendAuthError(res, error);
      if (error instanceof BodyTooLargeError)
        return sendAuthError(res, authErrors.tooLarge(error.limit), { connection: 'close' });
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
        mailer_autoconfirm: true,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
    }
    if (path === '/signup' && method === 'POST') return ok(await this.signUp(req, await this.jsonBody(req)));
    if (path === '/token' && method === 'POST') {
      const grant = query.get('grant_type');
      const body = await this.jsonBody(req);
      if (grant === 'password') return ok(await this.passwordGrant(req, body));
      if (grant === 'refresh_token') return ok(await this.refreshGrant(body));
      throw authErrors.unsupportedGrant();
    }
    if (path === '/user' && method === 'GET') return ok(await this.getUser(req));
    if (path === '/user' && method === 'PUT') return ok(await this.putUser(req, await this.jsonBody(req)));
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
      amr: [{ method: 'password', timestamp: session.signedInAt }],
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

  private async signUp(req: IncomingMessage, body: Json): Promise<Json> {
    const email = normaliseEmail(body.email);
    if (!email) throw body.phone ? authErrors.phoneDisabled() : authErrors.missingEmail();
    if (email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
    if (typeof body.password !== 'string' || body.password === '') throw authErrors.missingPassword();
    assertPasswordStrength(body.password);
    const metadata = isObject(body.data) ? body.data : {};
    if (await store.emailTaken(this.options.db, email)) throw authErrors.userAlreadyExists();
    const passwordHash = await hashPassword(body.password);
    try {
      const session = await this.options.db.transaction(async (tx) => {
        // Sign-ups are confirmed at once locally, except the administrator's address: only the account
        // created at start (ensureUser, from ADMIN_EMAIL/ADMIN_PASSWORD) confirms it, so a stranger signing up
        // first with it never passes public.is_admin(), which requires a confirmed email.
        const confirmed = !(await isAdminEmail(tx, email));
        const id = await store.createUser(tx, { email, passwordHash, userMetadata: metadata, confirmed });
        return store.openSession(tx, id, sessionMeta(req));
      });
      return this.accessTokenResponse(session);
    } catch (error) {
      // Two sign-ups with the same email at once: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw authErrors.userAlreadyExists();
      throw error;
    }
  }

  private async passwordGrant(req: IncomingMessage, body: Json): Promise<Json> {
    const email = normaliseEmail(body.email);
    const password = typeof body.password === 'string' ? body.password : '';
    if (!email || !password) throw authErrors.invalidCredentials();
    const ip = clientIp(req);
    if (this.limiter.isBlocked(email, ip)) throw authErrors.rateLimited();
    const credentials = await store.findCredentials(this.options.db, email);
    const valid = await verifyPassword(password, credentials?.hash);
    if (!credentials || !valid) {
      this.limiter.recordFailure(email, ip);
      throw authErrors.invalidCredentials();
    }
    if (credentials.banned) throw authErrors.userBanned();
    this.limiter.reset(email, ip);
    const session = await this.options.db.transaction((tx) => store.openSession(tx, credentials.id, sessionMeta(req)));
    return this.accessTokenResponse(session);
  }

  private async refreshGrant(body: Json): Promise<Json> {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    if (!token) throw authErrors.refreshTokenNotFound();
    const rotated = await store.rotateLiveRefreshToken(this.options.db, token);
    if (rotated) return this.accessTokenResponse(rotated);
    const outcome = await this.options.db.transaction((tx) =>
      store.rotateRefreshToken(tx, token, this.options.refreshReuseIntervalSeconds),
    );
    switch (outcome.kind) {
      case 'rotated':
        return this.accessTokenResponse(outcome.session);
      case 'not-found':
        throw authErrors.refreshTokenNotFound();
      case 'session-missing':
        throw authErrors.refreshSessionNotFound();
      case 'reused':
        throw authErrors.refreshTokenAlreadyUsed();
    }
  }

  // ── the signed-in user ────────────────────────────────────────────────────────────────────────────────────

  /** GoTrue's requireAuthentication: a valid user JWT whose user and session still exist. */
  private async authenticate(
    req: IncomingMessage,
  ): Promise<{ claims: JwtClaims; user: store.AuthUser; sessionId?: string }> {
    const token = bearerToken(req);
    if (!token) throw authErrors.noAuthorization();
    const result = this.options.verifier.verify(token);
    if (!result.ok) {
      throw authErrors.badJwt(
        result.failure.kind === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid',
      );
    }
    const { claims } = result;
    if (typeof claims.sub !== 'string' || claims.sub === '') throw authErrors.missingSub();
    if (!UUID.test(claims.sub)) throw authErrors.userNotFoundFromJwt();
    const sessionId =
      typeof claims.session_id === 'string' && UUID.test(claims.session_id) ? claims.session_id : undefined;
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

  private async putUser(req: IncomingMessage, body: Json): Promise<store.AuthUser> {
    const { user, sessionId } = await this.authenticate(req);
    const changes: store.UserChanges = {};
    if (body.data !== undefined && body.data !== null) {
      if (!isObject(body.data)) throw authErrors.validation('data must be an object');
      changes.userMetadata = body.data;
    }
    if (body.email !== undefined && body.email !== null && body.email !== '') {
      const email = normaliseEmail(body.email);
      if (email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
      if (email !== user.email) {
        if (await store.emailTaken(this.options.db, email, user.id)) throw authErrors.emailExists();
        // Taking the administrator's address by an email change would carry this account's confirmation over.
        if (await isAdminEmail(this.options.db, email)) throw authErrors.emailExists();
        changes.email = email;
      }
    }
    if (body.password !== undefined && body.password !== null) {
      if (typeof body.password !== 'string') throw authErrors.validation('password must be a string');
      assertPasswordStrength(body.password);
      if (await verifyPassword(body.password, await store.passwordHashOf(this.options.db, user.id))) {
        throw authErrors.samePassword();
      }
      changes.passwordHash = await hashPassword(body.password);
    }
    if (Object.keys(changes).length === 0) return user;
    try {
      const updated = await this.options.db.transaction(async (tx) => {
        const next = await store.updateUser(tx, user.id, changes);
        // A new password signs out the user's other sessions (their refresh tokens stop working).
        if (changes.passwordHash) await store.deleteSessions(tx, user.id, sessionId, 'others');
        return next;
      });
      if (!updated) throw authErrors.userNotFoundFromJwt();
      return updated;
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw authErrors.emailExists();
      throw error;
    }
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
      if (await store.emailTaken(this.options.db, email, id)) throw authErrors.emailExists();
      changes.email = email;
    }
    if (typeof body.password === 'string') {
      assertPasswordStrength(body.password);
      changes.passwordHash = await hashPassword(body.password);
    }
    if (typeof body.ban_duration === 'string') {
      const duration = parseBanDuration(body.ban_duration);
      if (duration === undefined) throw authErrors.validation('invalid format for ban duration');
      changes.banDurationSeconds = duration;
    }
    const user = await this.options.db.transaction((tx) => store.updateUser(tx, id, changes));
    if (!user) throw authErrors.userNotFound();
    return user;
  }

  /** Creates (or re-keys) the local administrator account at start, confirmed, so it can sign in. */
  async ensureUser(email: string, password: string): Promise<string> {
    const normalised = normaliseEmail(email);
    const existing = await store.findCredentials(this.options.db, normalised);
    if (existing) {
      // An unconfirmed account with this address was signed up by someone else: the operator takes it over
      // (new password, confirmed, the stranger's sessions ended).
      const { rows } = await this.options.db.query(
        'select email_confirmed_at is not null as confirmed from auth.users where id = $1',
        [existing.id],
      );
      const takeOver = rows[0]?.confirmed === false;
      if (takeOver || !(await verifyPassword(password, existing.hash))) {
        const passwordHash = await hashPassword(password);
        await this.options.db.transaction(async (tx) => {
          await store.updateUser(tx, existing.id, { passwordHash });
          if (takeOver) {
            await tx.query('update auth.users set email_confirmed_at = now() where id = $1', [existing.id]);
            await tx.query('delete from auth.refresh_tokens where user_id = $1', [existing.id]);
            await tx.query('delete from auth.sessions where user_id = $1', [existing.id]);
          }
        });
      }
      return existing.id;
    }
    const passwordHash = await hashPassword(password);
    return this.options.db.transaction((tx) =>
      store.createUser(tx, { email: normalised, passwordHash, userMetadata: {}, confirmed: true }),
    );
  }
}

/** True when `email` is the administrator's address (private.settings admin_email, set at start). */
async function isAdminEmail(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query("select value from private.settings where key = 'admin_email'");
  const admin = String(rows[0]?.value ?? '')
    .trim()
    .toLowerCase();
  return !!admin && admin === email;
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
