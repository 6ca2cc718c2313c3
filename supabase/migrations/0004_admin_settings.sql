-- Server-side administrator check. The administrator is the account whose email is `admin_email` in
-- private.settings. The local backend writes it at start from ADMIN_EMAIL; on hosted Supabase run once:
--   insert into private.settings (key, value) values ('admin_email', 'you@example.com')
--     on conflict (key) do update set value = excluded.value;

create schema if not exists private;
-- Not exposed: the API roles get no usage on this schema.
revoke all on schema private from public, anon, authenticated;

create table if not exists private.settings (
  key text primary key,
  value text not null
);
alter table private.settings enable row level security;
-- No policy: only the owner (security definer functions) and the service role read it.

-- True when the caller (JWT sub) is the configured administrator. Compares with the account's current email
-- in auth.users rather than the email claim, which could be stale.
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
      from auth.users u
      join private.settings s on s.key = 'admin_email'
     where u.id = auth.uid()
       and s.value <> ''
       and lower(u.email) = lower(s.value)
  )
$$;

revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;
