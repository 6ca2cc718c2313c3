-- Profiles (filled from the sign-up metadata) and per-user quotas.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  first_name text check (char_length(first_name) <= 200),
  last_name text check (char_length(last_name) <= 200),
  phone text check (char_length(phone) <= 50),
  company_name text check (char_length(company_name) <= 200),
  address text check (char_length(address) <= 500),
  siret text check (char_length(siret) <= 50),
  updated_at timestamptz not null default now()
);
alter table public.profiles enable row level security;

-- `(select auth.uid())` is evaluated once per statement instead of once per row (Supabase's RLS advice).
create policy "profiles: owner reads" on public.profiles
  for select to authenticated using ((select auth.uid()) = id);
create policy "profiles: owner inserts" on public.profiles
  for insert to authenticated with check ((select auth.uid()) = id);
create policy "profiles: owner updates" on public.profiles
  for update to authenticated using ((select auth.uid()) = id) with check ((select auth.uid()) = id);
-- No delete policy: a profile goes away with its auth.users row (on delete cascade).

comment on table public.profiles is 'One row per user, created by on_auth_user_created from the sign-up metadata.';

create function public.touch_updated_at() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.updated_at := now();
  return new;
end;
$$;

create trigger profiles_touch_updated_at before update on public.profiles
  for each row execute function public.touch_updated_at();


create table public.user_quotas (
  user_id uuid primary key references auth.users (id) on delete cascade,
  quotes_used integer not null default 0 check (quotes_used >= 0),
  storage_used_mb numeric not null default 0 check (storage_used_mb >= 0),
  last_reset timestamptz not null default now()
);
alter table public.user_quotas enable row level security;

-- Users only read their quotas. Counting happens in public.consume_quote_credit() (security definer), so a
-- user cannot reset their own usage; other writes are for the service role (which bypasses RLS).
create policy "user_quotas: owner reads" on public.user_quotas
  for select to authenticated using ((select auth.uid()) = user_id);

comment on table public.user_quotas is 'Monthly usage; quotes_used is reset by consume_quote_credit() when last_reset is in an earlier month.';


-- Runs as the table owner on every new auth user (GoTrue or the local backend): profile from the sign-up
-- metadata (`options.data` of supabase.auth.signUp), plus an empty quota row. Texts are cut to the column limits
-- so that an over-long value never makes sign-up fail.
create function public.handle_new_user() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
begin
  insert into public.profiles (id, first_name, last_name, phone, company_name, address, siret)
  values (
    new.id,
    left(meta ->> 'first_name', 200),
    left(meta ->> 'last_name', 200),
    left(meta ->> 'phone', 50),
    left(meta ->> 'company_name', 200),
    left(meta ->> 'address', 500),
    left(meta ->> 'siret', 50)
  )
  on conflict (id) do nothing;

  insert into public.user_quotas (user_id) values (new.id) on conflict (user_id) do nothing;
  return new;
end;
$$;

revoke execute on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created after insert on auth.users
  for each row execute function public.handle_new_user();
