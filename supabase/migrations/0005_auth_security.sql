-- Issue 9: GoTrue's columns for reauthentication and email-change confirmation (present on hosted Supabase,
-- added on the local auth schema only), and what the `ai` Edge Function needs: the plan of a user
-- (public.current_plan) and a per-user daily request budget, both callable by service_role only.
do $migration$
begin
  if to_regclass('auth.users') is not null and not exists (
    select 1 from information_schema.columns
     where table_schema = 'auth' and table_name = 'users' and column_name = 'reauthentication_token'
  ) then
    alter table auth.users
      add column email_change_token_new varchar(255),
      add column email_change_token_current varchar(255),
      add column email_change_confirm_status smallint default 0,
      add column reauthentication_token varchar(255),
      add column reauthentication_sent_at timestamptz;
  end if;
end
$migration$;

grant execute on function public.current_plan(uuid) to service_role;

create schema if not exists private;

create table if not exists private.ai_usage (
  user_id uuid not null references auth.users (id) on delete cascade,
  day date not null,
  requests integer not null default 0,
  primary key (user_id, day)
);
alter table private.ai_usage enable row level security;

-- Admits one AI request of a user: paid plan (current_plan <> 'free') and fewer than p_daily_limit requests today
-- (Paris calendar day). Counts the request when admitted. Atomic (the usage row is locked).
create or replace function public.ai_admit(p_user_id uuid, p_daily_limit integer) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_plan text := public.current_plan(p_user_id);
  v_day date := (now() at time zone 'Europe/Paris')::date;
  v_used integer;
begin
  if v_plan = 'free' then
    return json_build_object('allowed', false, 'reason', 'plan_required', 'plan', v_plan, 'used', 0);
  end if;
  insert into private.ai_usage (user_id, day, requests) values (p_user_id, v_day, 0)
    on conflict (user_id, day) do nothing;
  select u.requests into v_used from private.ai_usage u where u.user_id = p_user_id and u.day = v_day for update;
  if v_used >= p_daily_limit then
    return json_build_object('allowed', false, 'reason', 'daily_budget', 'plan', v_plan, 'used', v_used);
  end if;
  update private.ai_usage set requests = requests + 1 where user_id = p_user_id and day = v_day;
  return json_build_object('allowed', true, 'plan', v_plan, 'used', v_used + 1);
end
$$;
revoke execute on function public.ai_admit(uuid, integer) from public, anon, authenticated;
grant execute on function public.ai_admit(uuid, integer) to service_role;
