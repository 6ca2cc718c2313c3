// /auth/v1 admin: users created and updated by the service role, and the local administrator at start.

import { authErrors } from './errors.ts';
import { assertPasswordStrength, hashPassword, verifyPassword } from './passwords.ts';
import * as store from './store.ts';
import { type AuthContext, type Json, isObject, normaliseEmail, EMAIL_PATTERN } from './common.ts';

export async function adminCreateUser(ctx: AuthContext, body: Json): Promise<store.AuthUser> {
  const email = normaliseEmail(body.email);
  if (!email || email.length > 255 || !EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
  let passwordHash: string | null = null;
  if (typeof body.password === 'string' && body.password !== '') {
    assertPasswordStrength(body.password);
    passwordHash = await hashPassword(body.password);
  }
  if (await store.emailTaken(ctx.options.db, email)) throw authErrors.emailExists();
  const id = await ctx.options.db.transaction((tx) =>
    store.createUser(tx, {
      email,
      passwordHash,
      userMetadata: isObject(body.user_metadata) ? body.user_metadata : {},
      appMetadata: isObject(body.app_metadata) ? body.app_metadata : {},
      confirmed: body.email_confirm === true,
    }),
  );
  const user = await store.findUserById(ctx.options.db, id);
  if (!user) throw authErrors.userNotFound();
  return user;
}

export async function adminUpdateUser(ctx: AuthContext, id: string, body: Json): Promise<store.AuthUser> {
  const changes: store.UserChanges = {};
  if (isObject(body.user_metadata)) changes.userMetadata = body.user_metadata;
  if (isObject(body.app_metadata)) changes.appMetadata = body.app_metadata;
  if (typeof body.email === 'string' && body.email !== '') {
    const email = normaliseEmail(body.email);
    if (!EMAIL_PATTERN.test(email)) throw authErrors.invalidEmail();
    if (ctx.isAdminEmail(email) || (await store.emailTaken(ctx.options.db, email, id))) throw authErrors.emailExists();
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
  const user = await ctx.options.db.transaction((tx) => store.updateUser(tx, id, changes));
  if (!user) throw authErrors.userNotFound();
  return user;
}

/**
 * Creates (or re-keys) the local administrator account at start, confirmed, so it can sign in. An existing
 * account that was not confirmed (someone signed up with the address first) loses its sessions.
 */
export async function ensureUser(ctx: AuthContext, email: string, password: string): Promise<string> {
  const normalised = normaliseEmail(email);
  const existing = await store.findCredentials(ctx.options.db, normalised);
  if (existing) {
    if (!existing.confirmed || !(await verifyPassword(password, existing.hash))) {
      const passwordHash = await hashPassword(password);
      await ctx.options.db.transaction(async (tx) => {
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
  return ctx.options.db.transaction((tx) =>
    store.createUser(tx, { email: normalised, passwordHash, userMetadata: {}, confirmed: true }),
  );
}

/** Whether a confirmed account with this address exists (the administrator on a later start). */
export async function confirmedUserExists(ctx: AuthContext, email: string): Promise<boolean> {
  const found = await store.findCredentials(ctx.options.db, normaliseEmail(email));
  return !!found && found.confirmed && found.hash !== null;
}

/** GoTrue's Link header; auth-js reads the page number from it. */
export function paginationLink(page: number, perPage: number, total: number): string {
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
