-- Field-level sync (issue 32, decision record 0040): every synced row carries the hybrid logical clock of each
-- field's last change (field_clock: {"phone": {"c": "<clock>", "b": "<clock the change was based on>"}}), the
-- browser pushes only the fields it changed with their clocks and base clocks, and public.sync_merge() merges them
-- field by field for every synced table: each field keeps the change with the greatest clock (when the user made
-- it, corrected for the device's clock offset; never the order of arrival). A field changed on two devices since
-- their common version keeps the losing value in public.sync_conflicts until the user settles it.
--
-- Clocks are text, compared byte-wise (collate "C"): 15-digit milliseconds, '-', 6-digit counter, '-', node id.

-- ---------------------------------------------------------------------------------------------------------------
alter table public.clients add column field_clock jsonb not null default '{}'::jsonb;
alter table public.quotes add column field_clock jsonb not null default '{}'::jsonb;
alter table public.invoices add column field_clock jsonb not null default '{}'::jsonb;
alter table public.credit_notes add column field_clock jsonb not null default '{}'::jsonb;
alter table public.user_settings add column field_clock jsonb not null default '{}'::jsonb;

-- An avoir may only get its pdf_path (and now its field clocks): the immutability check ignores field_clock.
-- Security definer as 0051 made it (create or replace would otherwise reset it to invoker).
create or replace function public.protect_credit_note() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if public.user_exists(old.user_id) then
      raise exception 'Un avoir ne peut pas être supprimé.' using errcode = '42501', hint = 'credit_note_immutable';
    end if;
    return old;
  end if;
  if (to_jsonb(new) - 'pdf_path' - 'updated_at' - 'field_clock')
      is distinct from (to_jsonb(old) - 'pdf_path' - 'updated_at' - 'field_clock')
    or (new.pdf_path is distinct from old.pdf_path and old.pdf_path is not null)
  then
    raise exception 'Un avoir émis ne peut pas être modifié.' using errcode = '42501', hint = 'credit_note_immutable';
  end if;
  return new;
end;
$$;

-- The server's own clock (a change made on the server: an RPC marking an invoice paid, issuing, an import).
create function public.sync_server_clock() returns text
language sql volatile set search_path = '' as $$
  select lpad(floor(extract(epoch from clock_timestamp()) * 1000)::bigint::text, 15, '0') || '-000000-server'
$$;

-- A change that did not come through sync_merge (REST update, RPC, trigger) stamps the fields it changed with the
-- server's clock, so that a device's older offline edit of the same field does not overwrite it.
create function public.sync_stamp_changed_fields() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_old jsonb := to_jsonb(old);
  v_new jsonb := to_jsonb(new);
  v_key text;
  v_clock text;
begin
  if current_setting('atelier.merging', true) = 'on' then
    return new;
  end if;
  for v_key in select k from jsonb_object_keys(v_new) k
    where k not in ('updated_at', 'field_clock', 'created_at') loop
    if (v_new -> v_key) is distinct from (v_old -> v_key) then
      v_clock := coalesce(v_clock, public.sync_server_clock());
      new.field_clock := coalesce(new.field_clock, '{}'::jsonb) || jsonb_build_object(
        v_key, jsonb_build_object('c', v_clock, 'b', old.field_clock -> v_key ->> 'c'));
    end if;
  end loop;
  return new;
end;
$$;
create trigger clients_stamp_fields before update on public.clients
  for each row execute function public.sync_stamp_changed_fields();
create trigger quotes_stamp_fields before update on public.quotes
  for each row execute function public.sync_stamp_changed_fields();
create trigger invoices_stamp_fields before update on public.invoices
  for each row execute function public.sync_stamp_changed_fields();
create trigger user_settings_stamp_fields before update on public.user_settings
  for each row execute function public.sync_stamp_changed_fields();

-- ---------------------------------------------------------------------------------------------------------------
-- Conflicts: the value that lost a concurrent change of one field, kept until the user chooses (one open conflict
-- per field: a newer loser replaces an older one).
create table public.sync_conflicts (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  table_name text not null check (table_name in ('clients', 'quotes', 'invoices', 'credit_notes', 'user_settings')),
  row_id text not null check (char_length(row_id) <= 100),
  field text not null check (char_length(field) <= 100),
  value jsonb,
  clock text not null,
  created_at timestamptz not null default now(),
  unique (user_id, table_name, row_id, field)
);
alter table public.sync_conflicts enable row level security;
create policy "sync_conflicts: owner reads" on public.sync_conflicts
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "sync_conflicts: owner inserts" on public.sync_conflicts
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "sync_conflicts: owner updates" on public.sync_conflicts
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "sync_conflicts: owner deletes" on public.sync_conflicts
  for delete to authenticated using ((select auth.uid()) = user_id);

-- ---------------------------------------------------------------------------------------------------------------
-- sync_merge(table, id, fields, clocks, bases): merges one row's changed fields (the row is created when missing)
-- and returns the row as the server keeps it. Any column of the table can be merged except the server's own
-- (id, user_id, created_at, updated_at, field_clock; an invoice's status and number: issue_invoice() only), so the
-- columns later migrations add are merged too. Runs as the caller: row-level security, the plan limits and the
-- immutability of issued documents apply unchanged.
--
-- For each field: a clock equal to the stored one is the same change (a duplicate push); a greater clock wins, a
-- smaller one loses. The two changes were concurrent when neither was based on the other (the incoming base is not
-- the stored clock and the stored base is not the incoming clock); then, if the values differ, the loser is kept
-- in sync_conflicts. A change based on the stored clock settles the field's open conflict (the user saw it).
create function public.sync_merge(p_table text, p_id text, p_fields jsonb, p_clocks jsonb, p_bases jsonb default '{}')
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
revoke execute on function public.sync_merge(text, text, jsonb, jsonb, jsonb) from public, anon;
grant execute on function public.sync_merge(text, text, jsonb, jsonb, jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- The pull also brings the open conflicts (all of them: a short list, replaced as a whole on the device).
create or replace function public.sync_changes(p_since timestamptz default null) returns json
language sql stable security invoker set search_path = '' as $$
  select json_build_object(
    'now', now(),
    'clients', coalesce((select json_agg(c) from public.clients c
      where c.user_id = auth.uid() and (p_since is null or c.updated_at > p_since)), '[]'::json),
    'quotes', coalesce((select json_agg(q) from public.quotes q
      where q.user_id = auth.uid() and (p_since is null or q.updated_at > p_since)), '[]'::json),
    'invoices', coalesce((select json_agg(i) from public.invoices i
      where i.user_id = auth.uid() and (p_since is null or i.updated_at > p_since)), '[]'::json),
    'credit_notes', coalesce((select json_agg(n) from public.credit_notes n
      where n.user_id = auth.uid() and (p_since is null or n.updated_at > p_since)), '[]'::json),
    'settings', coalesce((select json_agg(s) from public.user_settings s
      where s.user_id = auth.uid() and (p_since is null or s.updated_at > p_since)), '[]'::json),
    'deleted', coalesce((select json_agg(t) from public.sync_tombstones t
      where t.user_id = auth.uid() and p_since is not null and t.deleted_at > p_since), '[]'::json),
    'conflicts', coalesce((select json_agg(json_build_object('id', k.id, 'table', k.table_name, 'row_id', k.row_id,
      'field', k.field, 'value', k.value, 'clock', k.clock)) from public.sync_conflicts k
      where k.user_id = auth.uid()), '[]'::json)
  )
$$;
