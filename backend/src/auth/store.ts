// auth.* persistence: users, identities, sessions and rotating refresh tokens. Runs as the database owner
// (no role switch), like GoTrue's own connection.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';

import type { Database, Queryable } from '../db/database.ts';

/** GoTrue's User JSON, built in SQL so that both engines format timestamps identically. */
const USER_JSON = `json_build_object(
  'id', u.id,
  'aud', u.aud,
  'role', u.role,
  'email', coalesce(u.email, ''),
  'email_confirmed_at', u.email_confirmed_at,
  'phone', coalesce(u.phone, ''),
  'confirmed_at', u.confirmed_at,
  'last_sign_in_at', u.last_sign_in_at,
  'app_metadata', u.raw_app_meta_data,
  'user_metadata', u.raw_user_meta_data,
  'identities', (select coalesce(json_agg(json_build_object(
      'identity_id', i.id,
      'id', i.provider_id,
      'user_id', i.user_id,
      'identity_data', i.identity_data,
      'provider', i.provider,
      'last_sign_in_at', i.last_sign_in_at,
      'created_at', i.created_at,
      'updated_at', i.updated_at,
      'email', i.email) order by i.created_at), '[]')
    from auth.identities i where i.user_id = u.id),
  'created_at', u.created_at,
  'updated_at', u.updated_at,
  'banned_until', u.banned_until,
  'new_email', nullif(u.email_change, ''),
  'email_change_sent_at', u.email_change_sent_at,
  'is_anonymous', u.is_anonymous
)::text`;

export interface AuthUser {
  id: string;
  aud: string;
  role: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  [key: string]: unknown;
}

// Fields GoTrue omits when empty (`omitempty` in models.User).
const OMIT_WHEN_EMPTY = [
  'email_confirmed_at',
  'confirmed_at',
  'last_sign_in_at',
  'banned_until',
  'new_email',
  'email_change_sent_at',
];

function parseUser(text: unknown): AuthUser {
  const user = JSON.parse(String(text)) as AuthUser;
  for (const key of OMIT_WHEN_EMPTY) if (user[key] === null) delete user[key];
  return user;
}

export function newRefreshToken(): string {
  return randomBytes(18).toString('base64url');
}

export async function findUserById(db: Queryable, id: string): Promise<AuthUser | undefined> {
  const { rows } = await db.query(`select ${USER_JSON} as user_json from auth.users u where u.id = $1::uuid`, [id]);
  return rows[0] ? parseUser(rows[0].user_json) : undefined;
}

export async function findCredentials(
  db: Queryable,
  email: string,
): Promise<{ id: string; hash: string | null; banned: boolean; confirmed: boolean } | undefined> {
  const { rows } = await db.query(
    `select id::text as id, encrypted_password as hash, coalesce(banned_until > now(), false) as banned,
            email_confirmed_at is not null as confirmed
       from auth.users where email = $1 and deleted_at is null`,
    [email],
  );
  const row = rows[0];
  return row
    ? {
        id: String(row.id),
        hash: (row.hash as string | null) ?? null,
        banned: row.banned === true,
        confirmed: row.confirmed === true,
      }
    : undefined;
}

export async function emailTaken(db: Queryable, email: string, exceptId?: string): Promise<boolean> {
  const { rows } = await db.query(
    'select 1 from auth.users where email = $1 and ($2::uuid is null or id <> $2::uuid)',
    [email, exceptId ?? null],
  );
  return rows.length > 0;
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  confirmed: boolean;
}

/** Inserts the user and its email identity; the on_auth_user_created trigger (if any) fires here. */
export async function createUser(db: Queryable, input: NewUser): Promise<string> {
  const id = randomUUID();
  const appMetadata = { provider: 'email', providers: ['email'], ...(input.appMetadata ?? {}) };
  const userMetadata = input.confirmed ? { ...input.userMetadata, email_verified: true } : input.userMetadata;
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                             raw_app_meta_data, raw_user_meta_data, is_super_admin, is_anonymous)
     values ('00000000-0000-0000-0000-000000000000', $1::uuid, 'authenticated', 'authenticated', $2, $3,
             case when $4::boolean then now() end, $5::jsonb, $6::jsonb, false, false)`,
    [id, input.email, input.passwordHash, input.confirmed, JSON.stringify(appMetadata), JSON.stringify(userMetadata)],
  );
  const identityData = {
    ...input.userMetadata,
    sub: id,
    email: input.email,
    email_verified: input.confirmed,
    phone_verified: false,
  };
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
     values ($1, $2::uuid, $3::jsonb, 'email', now())`,
    [id, id, JSON.stringify(identityData)],
  );
  return id;
}

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
  user: AuthUser;
  /** Unix seconds of the sign-in (the amr timestamp). */
  signedInAt: number;
  /** amr method of the sign-in: password, or otp (verified mail link or code). */
  method?: 'password' | 'otp';
}

/** Opens a session with its first refresh token and stamps the sign-in. */
export async function openSession(
  db: Queryable,
  userId: string,
  meta: { userAgent?: string; ip?: string },
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  await db.query(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip, refreshed_at)
     values ($1::uuid, $2::uuid, 'aal1', $3, $4, now() at time zone 'utc')`,
    [sessionId, userId, meta.userAgent ?? null, meta.ip ?? null],
  );
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3::uuid)`,
    [refreshToken, userId, sessionId],
  );
  const { rows } = await db.query(
    `with signed_in as (update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1::uuid returning *)
     select ${USER_JSON} as user_json from signed_in u`,
    [userId],
  );
  return { sessionId, refreshToken, user: parseUser(rows[0]?.user_json), signedInAt: Math.floor(Date.now() / 1000) };
}

export type RefreshOutcome =
  | { kind: 'rotated'; session: IssuedSession }
  | { kind: 'not-found' }
  | { kind: 'session-missing' }
  | { kind: 'reused' };

/**
 * grant_type=refresh_token. A live token is revoked and replaced by a child. A token revoked less than
 * `reuseIntervalSeconds` ago (another tab refreshed first) yields the session's current token; older reuse is
 * treated as theft, as GoTrue does: the whole session is revoked.
 */
export async function rotateRefreshToken(
  db: Queryable,
  token: string,
  reuseIntervalSeconds: number,
): Promise<RefreshOutcome> {
  const { rows } = await db.query(
    `select rt.id::text as id, rt.revoked, rt.user_id, rt.session_id::text as session_id,
            s.id is not null as has_session,
            extract(epoch from s.created_at)::bigint as signed_in_at,
            extract(epoch from now() - rt.updated_at) < $2 as within_reuse
       from auth.refresh_tokens rt
       left join auth.sessions s on s.id = rt.session_id
      where rt.token = $1
      for update of rt`,
    [token, reuseIntervalSeconds],
  );
  const row = rows[0];
  if (!row) return { kind: 'not-found' };
  if (!row.has_session) return { kind: 'session-missing' };
  const sessionId = String(row.session_id);
  const userId = String(row.user_id);
  const signedInAt = Number(row.signed_in_at);

  if (row.revoked) {
    if (!row.within_reuse) {
      await db.query('delete from auth.sessions where id = $1::uuid', [sessionId]);
      return { kind: 'reused' };
    }
    const { rows: current } = await db.query(
      `select rt.token, ${USER_JSON} as user_json
         from auth.refresh_tokens rt join auth.users u on u.id = $2::uuid
        where rt.session_id = $1::uuid and not rt.revoked
        order by rt.id desc limit 1`,
      [sessionId, userId],
    );
    const active = current[0];
    if (!active) return { kind: 'reused' };
    return {
      kind: 'rotated',
      session: { sessionId, refreshToken: String(active.token), user: parseUser(active.user_json), signedInAt },
    };
  }

  const refreshToken = newRefreshToken();
  const { rows: users } = await db.query(
    `with revoked as (
       update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint
     ), issued as (
       insert into auth.refresh_tokens (instance_id, token, user_id, parent, session_id)
       values ('00000000-0000-0000-0000-000000000000', $2, $3, $4, $5::uuid)
     ), touched as (
       update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $5::uuid
     )
     select ${USER_JSON} as user_json from auth.users u where u.id = $3::uuid`,
    [row.id, refreshToken, userId, token, sessionId],
  );
  if (!users[0]) return { kind: 'not-found' };
  return { kind: 'rotated', session: { sessionId, refreshToken, user: parseUser(users[0].user_json), signedInAt } };
}

/**
 * The common case of grant_type=refresh_token as one statement (one round trip, the refresh hot path): when the
 * token is live, revoke it, issue its child and touch the session. Returns undefined when the token is unknown,
 * already revoked or its session gone; rotateRefreshToken() then decides (reuse interval, theft).
 */
export async function rotateLiveRefreshToken(db: Database, token: string): Promise<IssuedSession | undefined> {
  const refreshToken = newRefreshToken();
  const [result] = await db.pipeline([
    {
      sql: `with live as (
              select rt.id, rt.user_id, rt.session_id, extract(epoch from s.created_at)::bigint as signed_in_at
                from auth.refresh_tokens rt
                join auth.sessions s on s.id = rt.session_id
               where rt.token = $1 and not rt.revoked
               for update of rt
            ), revoked as (
              update auth.refresh_tokens set revoked = true, updated_at = now() where id = (select id from live)
            ), issued as (
              insert into auth.refresh_tokens (instance_id, token, user_id, parent, session_id)
              select '00000000-0000-0000-0000-000000000000', $2, live.user_id, $1, live.session_id from live
            ), touched as (
              update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now()
               where id = (select session_id from live)
            )
            select live.session_id::text as session_id, live.signed_in_at, ${USER_JSON} as user_json
              from live join auth.users u on u.id = live.user_id::uuid`,
      params: [token, refreshToken],
    },
  ]);
  const row = result?.rows[0];
  if (!row) return undefined;
  return {
    sessionId: String(row.session_id),
    refreshToken,
    user: parseUser(row.user_json),
    signedInAt: Number(row.signed_in_at),
  };
}

export async function sessionExists(db: Queryable, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from auth.sessions where id = $1::uuid', [sessionId]);
  return rows.length > 0;
}

export async function userWithSession(
  db: Queryable,
  userId: string,
  sessionId: string | undefined,
): Promise<{ user?: AuthUser; sessionFound: boolean }> {
  const { rows } = await db.query(
    `select ${USER_JSON} as user_json,
            ($2::uuid is null or exists (select 1 from auth.sessions s where s.id = $2::uuid)) as session_found
       from auth.users u where u.id = $1::uuid`,
    [userId, sessionId ?? null],
  );
  const row = rows[0];
  if (!row) return { sessionFound: false };
  return { user: parseUser(row.user_json), sessionFound: row.session_found === true };
}

export async function deleteSessions(
  db: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: 'global' | 'local' | 'others',
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await db.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
  } else if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1::uuid', [sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid', [userId, sessionId]);
  }
}

export interface UserChanges {
  email?: string;
  passwordHash?: string;
  /** Merged into raw_user_meta_data; a null value removes the key. */
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  banDurationSeconds?: number | 'none';
  confirmEmail?: boolean;
}

/** Keys of a metadata patch whose value is null: GoTrue deletes them. */
const NULL_KEYS = (param: string) =>
  `coalesce((select array_agg(e.key) from jsonb_each(${param}::jsonb) e where e.value = 'null'::jsonb), array[]::text[])`;

export async function updateUser(db: Queryable, userId: string, changes: UserChanges): Promise<AuthUser | undefined> {
  const { rows } = await db.query(
    `with changed as (
       update auth.users set
         email = coalesce($2::text, email),
         encrypted_password = coalesce($3, encrypted_password),
         raw_user_meta_data = case when $4::jsonb is null then raw_user_meta_data
           else (raw_user_meta_data || $4::jsonb) - ${NULL_KEYS('$4')} end,
         raw_app_meta_data = case when $5::jsonb is null then raw_app_meta_data
           else (raw_app_meta_data || $5::jsonb) - ${NULL_KEYS('$5')} end,
         email_confirmed_at = case when $7::boolean then coalesce(email_confirmed_at, now()) else email_confirmed_at end,
         banned_until = case when $6::text is null then banned_until
           when $6::text = 'none' then null else now() + ($6::text || ' seconds')::interval end,
         updated_at = now()
       where id = $1::uuid
       returning *
     ), identity as (
       update auth.identities set
         identity_data = identity_data || jsonb_build_object('email', $2::text),
         updated_at = now()
       where user_id = $1::uuid and provider = 'email' and $2::text is not null
     )
     select ${USER_JSON} as user_json from changed u`,
    [
      userId,
      changes.email ?? null,
      changes.passwordHash ?? null,
      changes.userMetadata ? JSON.stringify(changes.userMetadata) : null,
      changes.appMetadata ? JSON.stringify(changes.appMetadata) : null,
      changes.banDurationSeconds === undefined ? null : String(changes.banDurationSeconds),
      changes.confirmEmail === true,
    ],
  );
  return rows[0] ? parseUser(rows[0].user_json) : undefined;
}

export async function passwordHashOf(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query('select encrypted_password from auth.users where id = $1::uuid', [userId]);
  return (rows[0]?.encrypted_password as string | null | undefined) ?? null;
}

export async function listUsers(
  db: Queryable,
  page: number,
  perPage: number,
): Promise<{ users: AuthUser[]; total: number }> {
  const { rows } = await db.query(
    `select (select count(*) from auth.users)::int as total,
            coalesce(json_agg(p.user_json order by p.created_at, p.id), '[]')::text as users
       from (select ${USER_JSON} as user_json, u.created_at, u.id from auth.users u
              order by u.created_at, u.id limit $1 offset $2) p`,
    [perPage, (page - 1) * perPage],
  );
  const row = rows[0];
  const users = (JSON.parse(String(row?.users ?? '[]')) as string[]).map((text) => parseUser(text));
  return { users, total: Number(row?.total ?? 0) };
}

export async function deleteUser(db: Queryable, userId: string): Promise<boolean> {
  const result = await db.query('delete from auth.users where id = $1::uuid', [userId]);
  return result.affectedRows > 0;
}

// ── one-time tokens (confirmation, recovery/magic link, email change, reauthentication) ──────────────────────

/** GoTrue's token hash: hex SHA-224 of email + one-time code; the link carries it, the mail shows the code. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export type TokenKind = 'confirmation' | 'recovery' | 'email_change' | 'reauthentication';

const TOKEN_COLUMNS: Record<TokenKind, [string, string]> = {
  confirmation: ['confirmation_token', 'confirmation_sent_at'],
  recovery: ['recovery_token', 'recovery_sent_at'],
  email_change: ['email_change_token_new', 'email_change_sent_at'],
  reauthentication: ['reauthentication_token', 'reauthentication_sent_at'],
};

export async function setToken(
  db: Queryable,
  userId: string,
  kind: TokenKind,
  hash: string,
  newEmail?: string,
): Promise<void> {
  const [token, sentAt] = TOKEN_COLUMNS[kind];
  await db.query(
    `update auth.users set ${token} = $2, ${sentAt} = now(),
            email_change = case when $3::text is null then email_change else $3::text end
      where id = $1::uuid`,
    [userId, hash, newEmail ?? null],
  );
}

/**
 * Consumes a live token (sent less than `ttlSeconds` ago) and applies its effect; returns the user id or
 * undefined. confirmation/recovery confirm the email; email_change moves the address to the new one.
 */
export async function consumeToken(
  db: Queryable,
  kind: TokenKind,
  hash: string,
  ttlSeconds: number,
): Promise<string | undefined> {
  const [token, sentAt] = TOKEN_COLUMNS[kind];
  const effect =
    kind === 'email_change'
      ? `email = email_change, email_change = '', email_confirmed_at = now(),`
      : kind === 'reauthentication'
        ? ''
        : `email_confirmed_at = coalesce(email_confirmed_at, now()),`;
  const { rows } = await db.query(
    `update auth.users set ${effect} ${token} = '', updated_at = now()
      where ${token} = $1 and $1 <> '' and ${sentAt} > now() - ($2::text || ' seconds')::interval
            and deleted_at is null
      returning id::text as id, email`,
    [hash, String(ttlSeconds)],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (kind === 'email_change') {
    await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text,
              'email_verified', true), updated_at = now() where user_id = $1::uuid and provider = 'email'`,
      [row.id, row.email],
    );
  } else if (kind !== 'reauthentication') {
    await db.query(
      `update auth.users set raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb
        where id = $1::uuid`,
      [row.id],
    );
  }
  return String(row.id);
}

export async function findUserIdByEmail(db: Queryable, email: string): Promise<string | undefined> {
  const { rows } = await db.query(
    'select id::text as id from auth.users where email = $1 and deleted_at is null and coalesce(banned_until <= now(), true)',
    [email],
  );
  return rows[0] ? String(rows[0].id) : undefined;
}
