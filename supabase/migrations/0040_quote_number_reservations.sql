-- Offline devis numbers (issue 14): while online, a device (a browser with the app installed for offline use)
-- reserves a small block of quote numbers, each with a credit of the monthly quota taken in advance. Offline it
-- numbers a devis with the next reserved number; back online it confirms the numbers it used.
--
-- Rules (README « Offline devis numbers »):
--  * a reserved number belongs to one device of one user: never handed to anyone else while it is held, so two
--    devices never print the same number;
--  * a held reservation counts against the plan's monthly quota like a quote made (quota = used + held), so
--    offline devis never take the user past the plan's limit; it is counted in `quotes_used` once confirmed;
--  * a reservation is usable in the calendar month (Paris time) it was reserved in. At its next sync the device
--    reports the numbers it used; every other reservation of an earlier month is released. Reservations of a
--    device that never came back are released once the following month is over;
--  * a released number is handed out again (lowest first) before any new number, by consume_quote_credit or a
--    new reservation: numbering stays gapless and without duplicates (not always in date order across devices).

create table public.quote_number_reservations (
  user_id uuid not null references auth.users (id) on delete cascade,
  number text not null,
  -- the device holding it (random id kept in the browser, per user); null once released
  device_id text check (device_id is null or length(device_id) between 8 and 64),
  state text not null check (state in ('held', 'used', 'released')),
  -- first day of the Paris calendar month the reservation counts in
  month date not null,
  reserved_at timestamptz not null default now(),
  used_at timestamptz,
  confirmed_at timestamptz,
  primary key (user_id, number)
);
alter table public.quote_number_reservations enable row level security;

create policy "quote_number_reservations: owner reads" on public.quote_number_reservations
  for select to authenticated using ((select auth.uid()) = user_id);

create index quote_number_reservations_user_state on public.quote_number_reservations (user_id, state);

comment on table public.quote_number_reservations is
  'Quote numbers reserved per device for offline devis (issue 14): held → used (confirmed) or released (reissued).';


-- The current quota month (Paris time), as a date.
create function public.quota_month(p_at timestamptz default now()) returns date
language sql stable set search_path = '' as $$
  select date_trunc('month', p_at at time zone 'Europe/Paris')::date
$$;

-- The next quote number of a user: a released number first (lowest), else a new one from the counter.
-- Internal: the caller holds the user's user_quotas row lock.
create function public.take_quote_number(p_user_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_number text;
begin
  -- Reservations of devices that never came back: released once the month after theirs is over.
  update public.quote_number_reservations r set state = 'released', device_id = null
    where r.user_id = p_user_id and r.state = 'held'
      and r.month < (public.quota_month() - interval '1 month')::date;

  select r.number into v_number from public.quote_number_reservations r
    where r.user_id = p_user_id and r.state = 'released'
    order by length(r.number), r.number limit 1 for update;
  if v_number is not null then
    delete from public.quote_number_reservations r where r.user_id = p_user_id and r.number = v_number;
    return v_number;
  end if;
  return public.allocate_document_number(p_user_id, 'quote');
end;
$$;

revoke execute on function public.take_quote_number(uuid) from public, anon, authenticated;

-- Locks the user's quota row, applies the monthly reset, and gives (plan, limit, used, held this month).
create function public.lock_quote_quota(p_user_id uuid, out plan text, out quota_limit integer,
  out used integer, out held integer)
language plpgsql security definer set search_path = '' as $$
declare
  v_last_reset timestamptz;
begin
  plan := public.current_plan(p_user_id);
  quota_limit := case plan when 'free' then 3 else null end;  -- null = unlimited (PLANS in @atelier/domain)

  insert into public.user_quotas (user_id) values (p_user_id) on conflict (user_id) do nothing;
  select q.quotes_used, q.last_reset into used, v_last_reset
    from public.user_quotas q where q.user_id = p_user_id for update;

  if date_trunc('month', v_last_reset at time zone 'Europe/Paris') < date_trunc('month', now() at time zone 'Europe/Paris') then
    used := 0;
    update public.user_quotas set quotes_used = 0, last_reset = now() where user_id = p_user_id;
  end if;

  select count(*)::integer into held from public.quote_number_reservations r
    where r.user_id = p_user_id and r.state = 'held' and r.month = public.quota_month();
end;
$$;

revoke execute on function public.lock_quote_quota(uuid) from public, anon, authenticated;


-- Same contract as in 0003; a credit now also counts the numbers held by devices for offline use, and a
-- released number is handed out again before a new one.
create or replace function public.consume_quote_credit() returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  q record;
  v_used integer;
  v_number text;
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;

  select * into q from public.lock_quote_quota(v_user);
  v_used := q.used;

  if q.quota_limit is not null and v_used + q.held >= q.quota_limit then
    return json_build_object('allowed', false, 'plan', q.plan, 'quotes_used', v_used, 'remaining', 0, 'number', null);
  end if;

  v_used := v_used + 1;
  update public.user_quotas set quotes_used = v_used where user_id = v_user;
  v_number := public.take_quote_number(v_user);

  return json_build_object(
    'allowed', true,
    'plan', q.plan,
    'quotes_used', v_used,
    'remaining', case when q.quota_limit is null then null else greatest(q.quota_limit - v_used - q.held, 0) end,
    'number', v_number
  );
end;
$$;


-- One call per sync of a device: confirms the numbers it used offline, releases its unused reservations of
-- earlier months, then tops its current-month reservations up to p_keep (0–5) within the quota.
--   p_used: [{ "number": "DE0007", "used_at": "2026-11-23T10:00:00Z" }, …]
-- Returns { plan, quotes_used, remaining, held: [{ number, month }], confirmed: [..], conflicts: [..] };
-- `conflicts` lists numbers reported as used that this device did not hold (should never happen).
create function public.sync_quote_reservations(p_device_id text, p_used jsonb default '[]'::jsonb,
  p_keep integer default 2) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  q record;
  v_month date := public.quota_month();
  v_used integer;
  v_held integer;
  v_mine integer;
  v_new integer;
  v_item jsonb;
  v_number text;
  v_row record;
  v_confirmed text[] := '{}';
  v_conflicts text[] := '{}';
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  if p_device_id is null or length(p_device_id) not between 8 and 64 then
    raise exception 'invalid device id' using errcode = '22023';
  end if;
  if p_keep is null or p_keep < 0 or p_keep > 5 then
    raise exception 'p_keep must be between 0 and 5' using errcode = '22023';
  end if;
  if p_used is null or jsonb_typeof(p_used) <> 'array' or jsonb_array_length(p_used) > 50 then
    raise exception 'p_used must be an array of at most 50 numbers' using errcode = '22023';
  end if;

  select * into q from public.lock_quote_quota(v_user);
  v_used := q.used;

  -- 1. Numbers used offline: counted now (in the month they were reserved for, if it is still this one).
  for v_item in select * from jsonb_array_elements(p_used) loop
    v_number := v_item ->> 'number';
    select * into v_row from public.quote_number_reservations r
      where r.user_id = v_user and r.number = v_number for update;
    if found and v_row.state = 'used' and v_row.device_id = p_device_id then
      v_confirmed := v_confirmed || v_number;  -- already confirmed (a retried sync)
    elsif found and v_row.state = 'held' and v_row.device_id = p_device_id then
      update public.quote_number_reservations r set state = 'used',
          used_at = coalesce(least((v_item ->> 'used_at')::timestamptz, now()), now()), confirmed_at = now()
        where r.user_id = v_user and r.number = v_number;
      if v_row.month = v_month then
        v_used := v_used + 1;
      end if;
      v_confirmed := v_confirmed || v_number;
    else
      v_conflicts := v_conflicts || coalesce(v_number, '');
    end if;
  end loop;

  -- 2. This device's unused reservations of earlier months: released (numbered again later).
  update public.quote_number_reservations r set state = 'released', device_id = null
    where r.user_id = v_user and r.device_id = p_device_id and r.state = 'held' and r.month < v_month;

  select count(*)::integer into v_held from public.quote_number_reservations r
    where r.user_id = v_user and r.state = 'held' and r.month = v_month;
  select count(*)::integer into v_mine from public.quote_number_reservations r
    where r.user_id = v_user and r.device_id = p_device_id and r.state = 'held' and r.month = v_month;

  -- 3. Top up, within the quota (used + held never above the limit).
  v_new := greatest(p_keep - v_mine, 0);
  if q.quota_limit is not null then
    v_new := least(v_new, greatest(q.quota_limit - v_used - v_held, 0));
  end if;
  for i in 1 .. v_new loop
    v_number := public.take_quote_number(v_user);
    insert into public.quote_number_reservations (user_id, number, device_id, state, month)
      values (v_user, v_number, p_device_id, 'held', v_month);
    v_held := v_held + 1;
  end loop;

  update public.user_quotas set quotes_used = v_used where user_id = v_user;

  return json_build_object(
    'plan', q.plan,
    'quotes_used', v_used,
    'remaining', case when q.quota_limit is null then null else greatest(q.quota_limit - v_used - v_held, 0) end,
    'held', coalesce((
      select json_agg(json_build_object('number', r.number, 'month', to_char(r.month, 'YYYY-MM'))
        order by length(r.number), r.number)
      from public.quote_number_reservations r
      where r.user_id = v_user and r.device_id = p_device_id and r.state = 'held' and r.month = v_month
    ), '[]'::json),
    'confirmed', to_json(v_confirmed),
    'conflicts', to_json(v_conflicts)
  );
end;
$$;

revoke execute on function public.sync_quote_reservations(text, jsonb, integer) from public, anon;
grant execute on function public.sync_quote_reservations(text, jsonb, integer) to authenticated, service_role;
revoke execute on function public.quota_month(timestamptz) from public, anon;
grant execute on function public.quota_month(timestamptz) to authenticated, service_role;
