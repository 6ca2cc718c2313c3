// /auth/v1: the GoTrue endpoints auth-js 2.x calls (see shared/reference/supabase-and-stripe.md §1). This file
// routes; the endpoint families live beside it: sessions.ts (sign-up, /token), user.ts (/user, /logout), mail.ts
// (/recover, /otp, /resend, /reauthenticate, /verify), admin.ts (/admin/users, the local administrator).
import type { IncomingMessage, ServerResponse } from 'node:http';

import { BodyTooLargeError, readBody, sendJson } from '../http.ts';
import { adminCreateUser, adminUpdateUser, confirmedUserExists, ensureUser, paginationLink } from './admin.ts';
import {
  type AuthContext,
  type GoTrueOptions,
  type Json,
  decodeURIComponentSafe,
  isObject,
  normaliseEmail,
  UUID,
} from './common.ts';
import { API_VERSION_HEADERS, AuthError, authErrors, sendAuthError } from './errors.ts';
import { otp, reauthenticate, recover, resend, verifyGet, verifyPost } from './mail.ts';
import { AuthLimiter } from './rate-limit.ts';
import { passwordGrant, refreshGrant, signUp } from './sessions.ts';
import * as store from './store.ts';
import { getUser, logout, putUser, requireAdmin } from './user.ts';

export { assertMetadata, MAX_METADATA_BYTES, MAX_METADATA_DEPTH, type GoTrueOptions } from './common.ts';

export class GoTrue {
  readonly limiter: AuthLimiter;
  private readonly ctx: AuthContext;

  constructor(options: GoTrueOptions) {
    this.limiter = options.limiter ?? new AuthLimiter();
    const admin = () => normaliseEmail(options.adminEmail());
    this.ctx = {
      options,
      limiter: this.limiter,
      isAdminEmail: (email) => admin() !== '' && admin() === email,
    };
  }

  async handle(req: IncomingMessage, res: ServerResponse, path: string, query: URLSearchParams): Promise<void> {
    try {
      await this.route(req, res, path, query);
    } catch (error) {
      if (error instanceof AuthError) return sendAuthError(res, error);
      if (error instanceof BodyTooLargeError) return sendAuthError(res, authErrors.tooLarge(error.limit));
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
        mailer_autoconfirm: !this.ctx.options.requireEmailConfirmation,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
      });
    }
    if (path === '/signup' && method === 'POST')
      return ok(await signUp(this.ctx, req, await this.jsonBody(req), query.get('redirect_to')));
    if (path === '/recover' && method === 'POST') {
      await recover(this.ctx, req, await this.jsonBody(req), query.get('redirect_to'));
      return ok({});
    }
    if (path === '/otp' && method === 'POST') {
      await otp(this.ctx, req, await this.jsonBody(req), query.get('redirect_to'));
      return ok({});
    }
    if (path === '/resend' && method === 'POST') {
      await resend(this.ctx, req, await this.jsonBody(req), query.get('redirect_to'));
      return ok({});
    }
    if (path === '/reauthenticate' && method === 'GET') {
      await reauthenticate(this.ctx, req);
      return ok({});
    }
    if (path === '/verify' && method === 'POST') return ok(await verifyPost(this.ctx, req, await this.jsonBody(req)));
    if (path === '/verify' && method === 'GET') return verifyGet(this.ctx, req, res, query);
    if (path === '/token' && method === 'POST') {
      const grant = query.get('grant_type');
      const body = await this.jsonBody(req);
      if (grant === 'password') return ok(await passwordGrant(this.ctx, req, body));
      if (grant === 'refresh_token') return ok(await refreshGrant(this.ctx, body));
      throw authErrors.unsupportedGrant();
    }
    if (path === '/user' && method === 'GET') return ok(await getUser(this.ctx, req));
    if (path === '/user' && method === 'PUT')
      return ok(await putUser(this.ctx, req, await this.jsonBody(req), query.get('redirect_to')));
    if (path === '/logout' && method === 'POST') {
      await logout(this.ctx, req, query.get('scope'));
      res.writeHead(204, API_VERSION_HEADERS);
      res.end();
      return;
    }
    if (path === '/admin/users' && method === 'GET') {
      requireAdmin(this.ctx, req);
      const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
      const perPage = Math.min(1000, Math.max(1, Number.parseInt(query.get('per_page') ?? '50', 10) || 50));
      const { users, total } = await store.listUsers(this.ctx.options.db, page, perPage);
      return ok(
        { users, aud: 'authenticated' },
        { 'x-total-count': String(total), link: paginationLink(page, perPage, total) },
      );
    }
    if (path === '/admin/users' && method === 'POST') {
      requireAdmin(this.ctx, req);
      return ok(await adminCreateUser(this.ctx, await this.jsonBody(req)));
    }
    const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path);
    if (adminUser) {
      requireAdmin(this.ctx, req);
      const id = decodeURIComponentSafe(adminUser[1]!);
      if (!UUID.test(id)) throw authErrors.userNotFound();
      if (method === 'GET') {
        const user = await store.findUserById(this.ctx.options.db, id);
        if (!user) throw authErrors.userNotFound();
        return ok(user);
      }
      if (method === 'PUT') return ok(await adminUpdateUser(this.ctx, id, await this.jsonBody(req)));
      if (method === 'DELETE') {
        if (!(await store.deleteUser(this.ctx.options.db, id))) throw authErrors.userNotFound();
        return ok({});
      }
    }
    throw authErrors.notFound();
  }

  private async jsonBody(req: IncomingMessage): Promise<Json> {
    const raw = await readBody(req, this.ctx.options.bodyLimit);
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

  /**
   * Creates (or re-keys) the local administrator account at start, confirmed, so it can sign in. An existing
   * account that was not confirmed (someone signed up with the address first) loses its sessions.
   */
  ensureUser(email: string, password: string): Promise<string> {
    return ensureUser(this.ctx, email, password);
  }

  /** Whether a confirmed account with this address exists (the administrator on a later start). */
  confirmedUserExists(email: string): Promise<boolean> {
    return confirmedUserExists(this.ctx, email);
  }
}
