-- Devis numbers whose dates never go backwards (issue 29.4, decision 0053).
--
-- Before: a device kept a block of DE numbers for offline use for the whole month (0040), so the phone could
-- print DE0008 on the 20th after a PC had printed DE0011 on the 12th. Now:
--  * a held number is usable on the Paris calendar day it was reserved for (`day`), not the whole month. The
--    device checks the day offline; devis dates are calendar days, so every number above it (handed out on that
--    day or later) is dated that day or later;
--  * at each sync of the device, its unused numbers of an earlier day of the month are carried over to today when
--    nothing was numbered above them since (every number above is still held by this device, or was released
--    unused): no gap for a device that works alone. Otherwise they are released;
--  * a released number is handed out again only on the day it was reserved for (then nothing above it can be
--    dated earlier); a number released on a later day is never used — a gap in the DE series, which French law
--    allows for devis (invoices keep their own gapless FA series, never reserved).

alter table public.quote_number_reservations add column day date;
update public.quote_number_reservations set day = (reserved_at at time zone 'Europe/Paris')::date where day is null;
alter table public.quote_number_reservations
  alter column day set default ((now() at time zone 'Europe/Paris')::date),
  alter column day set not null;

comment on column public.quote_number_reservations.day is
  'Paris calendar day the held number may be used on (carried over at the device''s sync while nothing overtook it).';

-- The integer of a DE number ('DE0042' → 42; null when it is not one).
create function public.quote_number_value(p_number text) returns integer
language sql immutable set search_path = '' as $$
  select case when p_number ~ '^DE[0-9]{1,9}$' then substr(p_number, 3)::integer end
$$;

-- As in 0040, except that a released number is handed out again only on the day it was reserved for.
create or replace function public.take_quote_number(p_user_id uuid) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_number text;
begin
  update public.quote_number_reservations r set state = 'released', device_id = null
    where r.user_id = p_user_id and r.state = 'held'
      and r.month < (public.quota_month() - interval '1 month')::date;

  select r.number into v_number from public.quote_number_reservations r
    where r.user_id = p_user_id and r.state = 'released'
      and r.day = (now() at time zone 'Europe/Paris')::date
    order by length(r.number), r.number limit 1 for update;
  if v_number is not null then
    delete from public.quote_number_reservations r where r.user_id = p_user_id and r.number = v_number;
    return v_number;
  end if;
  return public.allocate_document_number(p_user_id, 'quote');
end;
$$;

revoke execute on function public.take_quote_number(uuid) from public, anon, authenticated;

-- Same contract as in 0040; held numbers now carry their `day` ('YYYY-MM-DD'), and step 2 carries a device's
-- earlier-day numbers over to today when nothing was numbered above them, else releases them.
create or replace function public.sync_quote_reservations(p_device_id text, p_used jsonb default '[]'::jsonb,
  p_keep integer default 2) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  q record;
  v_month date := public.quota_month();
  v_today date := (now() at time zone 'Europe/Paris')::date;
  v_last integer;
  v_used integer;
  v_held integer;
  v_mine integer;
  v_new integer;
  v_item jsonb;
  v_number text;
  v_row record;
  v_safe integer;
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
    if jsonb_typeof(v_item) <> 'object' then
      v_conflicts := v_conflicts || ''::text;
      continue;
    end if;
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

  -- 2. This device's unused numbers of an earlier day of this month: carried over to today when every number
  -- above them is still held by this device or was released unused (nothing numbered above them could be dated
  -- before today); the others, and those of an earlier month, released.
  select c.last_number into v_last from public.document_counters c where c.user_id = v_user and c.kind = 'quote';
  for v_row in
    select r.number from public.quote_number_reservations r
      where r.user_id = v_user and r.device_id = p_device_id and r.state = 'held' and r.month = v_month
        and r.day < v_today
      for update
  loop
    select count(*)::integer into v_safe from public.quote_number_reservations r
      where r.user_id = v_user
        and public.quote_number_value(r.number) > public.quote_number_value(v_row.number)
        and public.quote_number_value(r.number) <= coalesce(v_last, 0)
        and ((r.state = 'held' and r.device_id = p_device_id) or r.state = 'released');
    if v_safe = coalesce(v_last, 0) - public.quote_number_value(v_row.number) then
      update public.quote_number_reservations r set day = v_today
        where r.user_id = v_user and r.number = v_row.number;
    end if;
  end loop;
  update public.quote_number_reservations r set state = 'released', device_id = null
    where r.user_id = v_user and r.device_id = p_device_id and r.state = 'held'
      and (r.month < v_month or r.day < v_today);

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
    insert into public.quote_number_reservations (user_id, number, device_id, state, month, day)
      values (v_user, v_number, p_device_id, 'held', v_month, v_today);
    v_held := v_held + 1;
  end loop;

  update public.user_quotas set quotes_used = v_used where user_id = v_user;

  return json_build_object(
    'plan', q.plan,
    'quotes_used', v_used,
    'remaining', case when q.quota_limit is null then null else greatest(q.quota_limit - v_used - v_held, 0) end,
    'held', coalesce((
      select json_agg(json_build_object('number', r.number, 'month', to_char(r.month, 'YYYY-MM'),
          'day', to_char(r.day, 'YYYY-MM-DD'))
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
revoke execute on function public.quote_number_value(text) from public, anon;
grant execute on function public.quote_number_value(text) to authenticated, service_role;
