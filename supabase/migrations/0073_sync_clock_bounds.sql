-- A device's clock is checked and bounded by the server (issue 32, decision record 0042).
--
-- A device stamps its changes with its own time corrected by the offset it measures at each pull. Before its first
-- pull (or on a clock that jumped) that correction is missing: a device an hour fast stamped its changes an hour in
-- the future, and since every later change of that field (on any device) must sort after the clock it was based
-- on, those later changes were carried into the future too — the device's older edit then beat a newer one made
-- elsewhere, depending on which node id sorted first. A clock later than the server's own time is impossible: it
-- is brought back to the server's time (still after the stored clock it beat). A malformed clock is refused: a
-- text such as 'zzz' sorted after every clock and won forever.

create function public.sync_clamp_clock(p_clock text, p_stored text) returns text
language plpgsql volatile set search_path = '' as $$
declare
  v_now text := public.sync_server_clock();
  v_node text;
  v_clamped text;
begin
  if p_clock is null or p_clock !~ '^[0-9]{15}-[0-9]{6}-[A-Za-z0-9]{1,40}$' then
    raise exception 'invalid clock' using errcode = '22023';
  end if;
  if left(p_clock, 15) <= left(v_now, 15) then
    return p_clock;
  end if;
  v_node := split_part(p_clock, '-', 3);
  v_clamped := left(v_now, 15) || '-000000-' || v_node;
  if p_stored is not null and p_stored collate "C" < p_clock collate "C"
    and p_stored collate "C" >= v_clamped collate "C" then
    v_clamped := left(p_stored, 15) || '-'
      || lpad(least(split_part(p_stored, '-', 2)::int + 1, 999999)::text, 6, '0') || '-' || v_node;
  end if;
  return v_clamped;
end;
$$;
revoke execute on function public.sync_clamp_clock(text, text) from public, anon;
grant execute on function public.sync_clamp_clock(text, text) to authenticated, service_role;

-- sync_merge as migration 0070 made it, each incoming clock passed through sync_clamp_clock first.
create or replace function public.sync_merge(p_table text, p_id text, p_fields jsonb, p_clocks jsonb, p_bases jsonb default '{}')
returns json
language plpgsql security invoker set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_key_col text := case when p_table = 'user_settings' then 'key' else 'id' end;
  v_key_type text := case when p_table = 'user_settings' then 'text' else 'uuid' end;
  v_columns text[];
  v_excluded text[] := array['id', 'user_id', 'created_at', 'updated_at', 'field_clock', 'key'];
  v_row jsonb;
  v_clock_map jsonb;
  v_accepted jsonb := '{}'::jsonb;
  v_field text;
  v_in_clock text;
  v_in_base text;
  v_st_clock text;
  v_st_base text;
  v_concurrent boolean;
  v_list text;
  v_constraint text;
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  if p_table is null or p_table not in ('clients', 'quotes', 'invoices', 'credit_notes', 'user_settings') then
    raise exception 'unknown synced table: %', p_table using errcode = '22023';
  end if;
  if p_id is null or char_length(p_id) > 100 or jsonb_typeof(p_fields) is distinct from 'object'
    or jsonb_typeof(p_clocks) is distinct from 'object' or jsonb_typeof(coalesce(p_bases, '{}')) <> 'object' then
    raise exception 'invalid merge request' using errcode = '22023';
  end if;
  if p_table = 'invoices' then
    v_excluded := v_excluded || array['status', 'number'];
  end if;
  select array_agg(a.attname::text) into v_columns
  from pg_catalog.pg_attribute a
  where a.attrelid = ('public.' || p_table)::regclass and a.attnum > 0 and not a.attisdropped
    and a.attname::text <> all (v_excluded);

  perform set_config('atelier.merging', 'on', true);
  execute format('select to_jsonb(t) from public.%I t where t.%I = $1::%s and t.user_id = $2 for update',
    p_table, v_key_col, v_key_type) into v_row using p_id, v_user;
  v_clock_map := coalesce(v_row -> 'field_clock', '{}'::jsonb);

  for v_field in select k from jsonb_object_keys(p_fields) k where k = any (v_columns) order by k loop
    v_in_clock := p_clocks ->> v_field;
    if v_in_clock is null or char_length(v_in_clock) > 80 then
      raise exception 'missing clock for field %', v_field using errcode = '22023';
    end if;
    v_in_base := coalesce(p_bases, '{}') ->> v_field;
    v_st_clock := v_clock_map -> v_field ->> 'c';
    v_in_clock := public.sync_clamp_clock(v_in_clock, v_st_clock);
    v_st_base := v_clock_map -> v_field ->> 'b';
    if v_row is not null and v_st_clock is not distinct from v_in_clock then
      continue; -- the same change again
    end if;
    v_concurrent := v_row is not null and v_in_base is distinct from v_st_clock
      and v_st_base is distinct from v_in_clock and (v_row -> v_field) is distinct from (p_fields -> v_field);
    if v_row is null or v_st_clock is null or v_in_clock collate "C" > v_st_clock collate "C" then
      v_accepted := v_accepted || jsonb_build_object(v_field, p_fields -> v_field);
      v_clock_map := v_clock_map || jsonb_build_object(v_field, jsonb_build_object('c', v_in_clock, 'b', v_in_base));
      if v_concurrent then
        insert into public.sync_conflicts as sc (user_id, table_name, row_id, field, value, clock)
        values (v_user, p_table, p_id, v_field, v_row -> v_field, v_st_clock)
        on conflict (user_id, table_name, row_id, field) do update set value = excluded.value, clock = excluded.clock,
          created_at = now()
        where sc.clock collate "C" < excluded.clock collate "C";
      else
        delete from public.sync_conflicts sc
        where sc.user_id = v_user and sc.table_name = p_table and sc.row_id = p_id and sc.field = v_field;
      end if;
    elsif v_concurrent then
      insert into public.sync_conflicts as sc (user_id, table_name, row_id, field, value, clock)
      values (v_user, p_table, p_id, v_field, p_fields -> v_field, v_in_clock)
      on conflict (user_id, table_name, row_id, field) do update set value = excluded.value, clock = excluded.clock,
        created_at = now()
      where sc.clock collate "C" < excluded.clock collate "C";
    end if;
  end loop;

  begin
    if v_row is null then
      select string_agg(format('%I', k), ', ') into v_list from jsonb_object_keys(v_accepted) k;
      execute format(
        'insert into public.%1$I as t (%2$I, user_id, field_clock%3$s) '
        'select $1::%4$s, $2, $3%5$s from jsonb_populate_record(null::public.%1$I, $4) r returning to_jsonb(t)',
        p_table, v_key_col, coalesce(', ' || v_list, ''), v_key_type,
        coalesce(', ' || (select string_agg(format('r.%I', k), ', ') from jsonb_object_keys(v_accepted) k), ''))
        into v_row using p_id, v_user, v_clock_map, v_accepted;
    elsif v_accepted <> '{}'::jsonb then
      select string_agg(format('%1$I = r.%1$I', k), ', ') into v_list from jsonb_object_keys(v_accepted) k;
      execute format(
        'update public.%1$I as t set %2$s, field_clock = $1 from jsonb_populate_record(null::public.%1$I, $2) r '
        'where t.%3$I = $3::%4$s and t.user_id = $4 returning to_jsonb(t)',
        p_table, v_list, v_key_col, v_key_type)
        into v_row using v_clock_map, v_accepted, p_id, v_user;
    end if;
  exception when unique_violation then
    get stacked diagnostics v_constraint = constraint_name;
    if p_table = 'clients' and v_constraint = 'clients_email_user_id_key' then
      raise exception 'Un autre client utilise déjà cette adresse e-mail.'
        using errcode = '23505', hint = 'client_email_taken';
    end if;
    raise;
  end;
  perform set_config('atelier.merging', 'off', true);
  return v_row::json;
end;
$$;
