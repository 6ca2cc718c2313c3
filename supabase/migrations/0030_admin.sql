-- Administration enforced by the server (issue 12): the administrator check, the admin's view of every user,
-- the paginated search and dashboard RPCs behind /admin, and delete_user.
--
-- Everything here is filtered by public.is_admin() inside SQL, so what a non-administrator gets does not depend
-- on the browser: no rows from the view, an error from the RPCs.

-- The administrator is the ADMIN_EMAIL account *and* a confirmed email: a stranger who signs up first with that
-- address (unconfirmed, see the local backend's sign-up) never gets admin rights.
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
      from auth.users u
      join private.settings s on s.key = 'admin_email'
     where u.id = auth.uid()
       and s.value <> ''
       and lower(u.email) = lower(s.value)
       and u.email_confirmed_at is not null
  )
$$;

revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;


-- Accent- and case-insensitive folding for the admin search. unaccent is not available on PGlite, so the common
-- Latin accents are mapped by hand; upper-case letters are listed too because lower() only folds ASCII under the
-- C collation.
create or replace function public.admin_fold(value text) returns text
language sql immutable parallel safe as $$
  select pg_catalog.lower(pg_catalog.translate(
    coalesce(value, ''),
    'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËíìîïÍÌÎÏñÑóòôöõÓÒÔÖÕúùûüÚÙÛÜýÿÝŸ',
    'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'
  ))
$$;
-- No `set search_path` (it would stop the planner from inlining the function into the search, which costs
-- seconds over 10,000 users on PGlite); the body names pg_catalog explicitly instead.


-- Every user with the spec's admin_clients_view columns (§3) plus plan, subscription status and quotes used this
-- month. In the private schema (not exposed): only the admin functions below read it, after their is_admin() check.
-- Plan: the local record (public.subscriptions), as public.current_plan() reads it. Quotes used this month:
-- user_quotas.quotes_used while last_reset is in the current month (Paris time), as consume_quote_credit() counts
-- them; the month start is an uncorrelated subquery, computed once per query.
create or replace view private.admin_users as
  select u.id as user_id,
         u.email::text as user_email,
         u.created_at as user_created_at,
         u.last_sign_in_at,
         (u.email_confirmed_at is not null) as email_confirmed,
         p.first_name,
         p.last_name,
         p.company_name,
         p.phone as user_phone,
         p.address,
         p.siret,
         case when s.status in ('active', 'trialing') then s.plan_id else 'free' end as plan_id,
         coalesce(s.status, 'inactive') as subscription_status,
         case
           when q.last_reset >= (select date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')
           then q.quotes_used
           else 0
         end as quotes_used_this_month
    from auth.users u
    left join public.profiles p on p.id = u.id
    left join public.subscriptions s on s.user_id = u.id
    left join public.user_quotas q on q.user_id = u.id;

revoke all on private.admin_users from public, anon, authenticated;

-- The spec's admin_clients_view. It reads auth.users and every profile as its owner, so it is a security barrier
-- filtered by is_admin(): anyone but the administrator gets no rows, whatever filters they add. anon cannot select
-- it at all.
create or replace view public.admin_clients_view with (security_barrier = true) as
  select a.* from private.admin_users a where public.is_admin();

revoke all on public.admin_clients_view from public, anon, authenticated;
grant select on public.admin_clients_view to authenticated, service_role;

comment on view public.admin_clients_view is 'Every user for the administrator only (filtered by is_admin()); empty for anyone else.';


-- The admin search's haystack, one folded line per user (email, names, company), kept up to date by triggers on
-- auth.users and profiles: a search is then one LIKE over 10,000 short strings instead of folding every profile
-- on every keystroke.
create table if not exists private.admin_search (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null,
  haystack text not null
);
alter table private.admin_search enable row level security;
create index if not exists admin_search_created_at on private.admin_search (created_at desc, user_id);

create or replace function private.refresh_admin_search(p_user_id uuid) returns void
language sql security definer set search_path = '' as $$
  insert into private.admin_search as a (user_id, created_at, haystack)
  select u.id, u.created_at,
         public.admin_fold(concat_ws(' ', u.email, p.first_name, p.last_name, p.company_name, '|', p.last_name, p.first_name))
    from auth.users u left join public.profiles p on p.id = u.id
   where u.id = p_user_id
  on conflict (user_id) do update set created_at = excluded.created_at, haystack = excluded.haystack
$$;

create or replace function private.admin_search_from_user() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_admin_search(new.id);
  return null;
end;
$$;

create or replace function private.admin_search_from_profile() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform private.refresh_admin_search(new.id);
  return null;
end;
$$;

drop trigger if exists on_auth_user_admin_search on auth.users;
create trigger on_auth_user_admin_search after insert or update of email on auth.users
  for each row execute function private.admin_search_from_user();
drop trigger if exists profiles_admin_search on public.profiles;
create trigger profiles_admin_search after insert or update on public.profiles
  for each row execute function private.admin_search_from_profile();

insert into private.admin_search (user_id, created_at, haystack)
select u.id, u.created_at,
       public.admin_fold(concat_ws(' ', u.email, p.first_name, p.last_name, p.company_name, '|', p.last_name, p.first_name))
  from auth.users u left join public.profiles p on p.id = u.id
on conflict (user_id) do nothing;


-- One page of users for /admin: server-side search (email, first name, last name, company; accent- and
-- case-insensitive substring) and pagination, newest first. Returns {total, page, per_page, users:[…]}.
create or replace function public.admin_list_users(search text default '', page integer default 1, per_page integer default 24)
returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  v_needle text := public.admin_fold(btrim(coalesce(search, '')));
  v_page integer := greatest(coalesce(page, 1), 1);
  v_per_page integer := least(greatest(coalesce(per_page, 24), 1), 100);
  v_result json;
begin
  if not public.is_admin() then
    raise exception 'administrator only' using errcode = '42501';
  end if;
  -- A search is a substring: % and _ typed by the admin are literal.
  v_needle := '%' || replace(replace(replace(v_needle, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  -- Two phases: the search runs over the folded haystacks only, then the one page shown is built. Without a
  -- search the page comes straight from the (created_at desc) index.
  if v_needle = '%%' then
    with page_ids as (
      select a.user_id from private.admin_search a order by a.created_at desc, a.user_id
       limit v_per_page offset (v_page - 1) * v_per_page
    )
    select json_build_object(
      'total', (select count(*) from private.admin_search),
      'page', v_page,
      'per_page', v_per_page,
      'users', coalesce((select json_agg(v order by v.user_created_at desc, v.user_id)
                           from private.admin_users v where v.user_id in (select user_id from page_ids)), '[]'::json)
    ) into v_result;
  else
    with matched as (
      select a.user_id, a.created_at from private.admin_search a where a.haystack like v_needle
    ),
    page_ids as (
      select m.user_id from matched m order by m.created_at desc, m.user_id
       limit v_per_page offset (v_page - 1) * v_per_page
    )
    select json_build_object(
      'total', (select count(*) from matched),
      'page', v_page,
      'per_page', v_per_page,
      'users', coalesce((select json_agg(v order by v.user_created_at desc, v.user_id)
                           from private.admin_users v where v.user_id in (select user_id from page_ids)), '[]'::json)
    ) into v_result;
  end if;
  return v_result;
end;
$$;

revoke execute on function public.admin_list_users(text, integer, integer) from public, anon;
grant execute on function public.admin_list_users(text, integer, integer) to authenticated;


-- Figures at the top of /admin: users per plan, monthly recurring revenue (cents) and quotes made this month.
-- Prices mirror PLANS in @atelier/domain (shared/domain/src/plans.ts): pro 2999, enterprise 5499 cents a month.
create or replace function public.admin_dashboard() returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  v_result json;
begin
  if not public.is_admin() then
    raise exception 'administrator only' using errcode = '42501';
  end if;
  select json_build_object(
    'users', count(*),
    'free', count(*) filter (where v.plan_id = 'free'),
    'pro', count(*) filter (where v.plan_id = 'pro'),
    'enterprise', count(*) filter (where v.plan_id = 'enterprise'),
    'mrr_cents', coalesce(sum(case v.plan_id when 'pro' then 2999 when 'enterprise' then 5499 else 0 end), 0),
    'quotes_this_month', coalesce(sum(v.quotes_used_this_month), 0)
  ) into v_result
  from private.admin_users v;
  return v_result;
end;
$$;

revoke execute on function public.admin_dashboard() from public, anon;
grant execute on function public.admin_dashboard() to authenticated;


-- Spec §7 delete_user(user_email): administrator only, never the administrator's own account, a clear error for
-- an unknown email. Deleting the auth.users row removes everything the user owns in this one transaction: every
-- user-owned table references auth.users on delete cascade (project contract), sessions and identities too.
-- Refresh tokens (user_id is text there) and stored objects (storage.objects, when that schema exists) are
-- deleted explicitly. The provider subscription is cancelled beforehand by the admin-delete-user function
-- (SQL cannot call Stripe).
create or replace function public.delete_user(user_email text) returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text := lower(btrim(coalesce(user_email, '')));
  v_id uuid;
begin
  if not public.is_admin() then
    raise exception 'administrator only' using errcode = '42501';
  end if;
  if v_email = '' then
    raise exception 'user_email is required' using errcode = '22023';
  end if;
  select u.id into v_id from auth.users u where lower(u.email) = v_email;
  if v_id is null then
    raise exception 'no user with email %', v_email using errcode = 'P0002', hint = 'Check the address in the list.';
  end if;
  if v_id = auth.uid() then
    raise exception 'the administrator cannot delete their own account' using errcode = '42501';
  end if;

  if to_regclass('storage.objects') is not null then
    -- Hosted Supabase guards direct deletes from storage.objects; the files follow through the storage layer.
    perform set_config('storage.allow_delete_query', 'true', true);
    execute 'delete from storage.objects where owner = $1' using v_id;
  end if;
  delete from auth.refresh_tokens where user_id = v_id::text;
  delete from auth.sessions where user_id = v_id;
  delete from auth.users where id = v_id;
  return json_build_object('deleted', true, 'user_id', v_id, 'user_email', v_email);
end;
$$;

revoke execute on function public.delete_user(text) from public, anon;
grant execute on function public.delete_user(text) to authenticated;
