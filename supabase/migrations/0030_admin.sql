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
language sql immutable parallel safe set search_path = '' as $$
  select lower(translate(
    coalesce(value, ''),
    'àâäáãåÀÂÄÁÃÅçÇéèêëÉÈÊËíìîïÍÌÎÏñÑóòôöõÓÒÔÖÕúùûüÚÙÛÜýÿÝŸ',
    'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyyy'
  ))
$$;


-- Plan of a user for the admin page: the local record (public.subscriptions), as public.current_plan() reads it.
-- Quotes used this month: user_quotas.quotes_used while last_reset is in the current month (Paris time), as
-- consume_quote_credit() counts them.
create or replace function public.admin_quotes_this_month(quotes_used integer, last_reset timestamptz) returns integer
language sql stable set search_path = '' as $$
  select case
    when last_reset is not null
     and date_trunc('month', last_reset at time zone 'Europe/Paris') = date_trunc('month', now() at time zone 'Europe/Paris')
    then coalesce(quotes_used, 0)
    else 0
  end
$$;


-- The spec's admin_clients_view (§3) plus plan, subscription status and quotes used this month. It reads
-- auth.users and every profile as its owner, so it is a security barrier filtered by is_admin(): anyone but the
-- administrator gets no rows, whatever filters they add. anon cannot select it at all.
create or replace view public.admin_clients_view with (security_barrier = true) as
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
         public.admin_quotes_this_month(q.quotes_used, q.last_reset) as quotes_used_this_month
    from auth.users u
    left join public.profiles p on p.id = u.id
    left join public.subscriptions s on s.user_id = u.id
    left join public.user_quotas q on q.user_id = u.id
   where public.is_admin();

revoke all on public.admin_clients_view from public, anon, authenticated;
grant select on public.admin_clients_view to authenticated, service_role;

comment on view public.admin_clients_view is 'Every user for the administrator only (filtered by is_admin()); empty for anyone else.';


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

  with matched as (
    select v.*
      from public.admin_clients_view v
     where v_needle = '%%'
        or lower(v.user_email) like v_needle
        or public.admin_fold(concat_ws(' ', v.first_name, v.last_name, v.company_name)) like v_needle
        or public.admin_fold(concat_ws(' ', v.last_name, v.first_name)) like v_needle
  ),
  page_rows as (
    select m.* from matched m
     order by m.user_created_at desc, m.user_id
     limit v_per_page offset (v_page - 1) * v_per_page
  )
  select json_build_object(
    'total', (select count(*) from matched),
    'page', v_page,
    'per_page', v_per_page,
    'users', coalesce((select json_agg(r order by r.user_created_at desc, r.user_id) from page_rows r), '[]'::json)
  ) into v_result;
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
  from public.admin_clients_view v;
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
