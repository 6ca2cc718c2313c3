-- Supabase platform objects: API roles, their default grants, and a GoTrue-compatible `auth` schema.
--
-- A hosted Supabase project already has all of this (owned by supabase_admin / supabase_auth_admin), so the
-- whole file is one DO block that does nothing when `auth.users` exists. It only builds the objects on a bare
-- PostgreSQL 15 or PGlite database, for the local backend (backend/), which then behaves like Supabase:
-- PostgREST-style role switching (anon / authenticated / service_role) and the auth.uid()/auth.jwt() helpers
-- that RLS policies use.
do $migration$
begin
  if to_regclass('auth.users') is not null then
    raise notice 'auth schema already present (hosted Supabase): skipping local platform setup';
    return;
  end if;

  -- Roles are cluster-wide: another database of the same cluster may have created them already.
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator noinherit;
  end if;
  grant anon, authenticated, service_role to authenticator;

  -- Supabase's grants: API roles may use everything in `public`; row-level security is the only barrier.
  create schema if not exists extensions;
  grant usage on schema public, extensions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
  alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
  alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

  create schema auth;
  -- API roles may call auth.uid() & co. but not read the auth tables (as on Supabase).
  grant usage on schema auth to anon, authenticated, service_role;

  -- Columns mirror GoTrue's, so triggers written for Supabase (after insert on auth.users) work unchanged.
  create table auth.users (
    instance_id uuid,
    id uuid primary key,
    aud varchar(255),
    role varchar(255),
    email varchar(255),
    encrypted_password varchar(255),
    email_confirmed_at timestamptz,
    invited_at timestamptz,
    confirmation_token varchar(255),
    confirmation_sent_at timestamptz,
    recovery_token varchar(255),
    recovery_sent_at timestamptz,
    email_change varchar(255),
    email_change_sent_at timestamptz,
    last_sign_in_at timestamptz,
    raw_app_meta_data jsonb not null default '{}'::jsonb,
    raw_user_meta_data jsonb not null default '{}'::jsonb,
    is_super_admin boolean,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    phone text unique,
    phone_confirmed_at timestamptz,
    confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
    banned_until timestamptz,
    deleted_at timestamptz,
    is_sso_user boolean not null default false,
    is_anonymous boolean not null default false
  );
  -- GoTrue keeps emails lower-case; uniqueness is on the stored value.
  create unique index users_email_key on auth.users (email) where is_sso_user = false;

  create table auth.identities (
    id uuid primary key default gen_random_uuid(),
    provider_id text not null,
    user_id uuid not null references auth.users (id) on delete cascade,
    identity_data jsonb not null,
    provider text not null,
    last_sign_in_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    email text generated always as (lower(identity_data ->> 'email')) stored,
    unique (provider_id, provider)
  );
  create index identities_user_id_idx on auth.identities (user_id);

  create table auth.sessions (
    id uuid primary key,
    user_id uuid not null references auth.users (id) on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    factor_id uuid,
    aal text not null default 'aal1',
    not_after timestamptz,
    refreshed_at timestamp,
    user_agent text,
    ip text,
    tag text
  );
  create index sessions_user_id_idx on auth.sessions (user_id);

  -- Rotating refresh tokens: each use revokes the token and issues a child (parent = the used token).
  create table auth.refresh_tokens (
    instance_id uuid,
    id bigserial primary key,
    token varchar(255) not null unique,
    user_id varchar(255),
    revoked boolean not null default false,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    parent varchar(255),
    session_id uuid references auth.sessions (id) on delete cascade
  );
  create index refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

  -- Request helpers, as defined by GoTrue's migrations. PostgREST (and the local backend) put the verified JWT
  -- claims in `request.jwt.claims` for the duration of each request's transaction. After a transaction the
  -- setting reads '' rather than NULL, hence the nullif.
  create function auth.uid() returns uuid language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim.sub', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
    )::uuid
  $fn$;

  create function auth.role() returns text language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim.role', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
    )::text
  $fn$;

  create function auth.email() returns text language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim.email', true), ''),
      (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
    )::text
  $fn$;

  create function auth.jwt() returns jsonb language sql stable as $fn$
    select coalesce(
      nullif(current_setting('request.jwt.claim', true), ''),
      nullif(current_setting('request.jwt.claims', true), '')
    )::jsonb
  $fn$;

  grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
end
$migration$;
