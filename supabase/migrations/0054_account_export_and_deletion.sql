-- Issue 25 §4, second half: « Télécharger toutes mes données » and « Supprimer mon compte » on /account.
-- The account-export Edge Function builds the ZIP as the user (RLS); it asks begin_account_export() first, which
-- counts exports per user (they are expensive: every archived PDF is read) and lists the user's stored files.
-- The delete-account Edge Function cancels a live provider subscription, removes the user's files through the
-- storage API, then calls delete_account() with the service role. delete_user (the administrator's) and
-- delete_account share private.remove_account(), so both paths delete exactly the same things.
--
-- Functions only (plpgsql bodies are resolved when they run): this file may run before later-numbered
-- migrations on a fresh database.

create table private.account_exports (
  user_id uuid not null references auth.users (id) on delete cascade,
  started_at timestamptz not null default now()
);
create index account_exports_user_started_idx on private.account_exports (user_id, started_at);
alter table private.account_exports enable row level security;

-- Exports allowed per user in a sliding window (the ZIP reads every archived PDF of the account).
create or replace function private.account_export_limit() returns table (max_exports integer, window_seconds integer)
language sql immutable set search_path = '' as $$ select 3, 600 $$;

-- Records one export of the caller, or refuses with hint 'account_export_rate_limited' and, in detail, the
-- seconds to wait (the function answers 429 with Retry-After).
create or replace function public.begin_account_export() returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_max integer;
  v_window integer;
  v_count integer;
  v_oldest timestamptz;
begin
  if v_user is null or not exists (select 1 from auth.users u where u.id = v_user) then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  select l.max_exports, l.window_seconds into v_max, v_window from private.account_export_limit() l;
  -- One export decision at a time per user (two tabs clicking together count as two).
  perform 1 from public.user_quotas q where q.user_id = v_user for update;
  delete from private.account_exports e
   where e.user_id = v_user and e.started_at < now() - make_interval(secs => v_window);
  select count(*), min(e.started_at) into v_count, v_oldest from private.account_exports e where e.user_id = v_user;
  if v_count >= v_max then
    raise exception 'Trop d''exports demandés : réessayez dans quelques minutes.'
      using errcode = 'P0001', hint = 'account_export_rate_limited',
            detail = greatest(1, ceil(extract(epoch from (v_oldest + make_interval(secs => v_window) - now()))))::text;
  end if;
  insert into private.account_exports (user_id) values (v_user);
  return json_build_object('started_at', now());
end;
$$;
revoke execute on function public.begin_account_export() from public, anon;
grant execute on function public.begin_account_export() to authenticated;

-- The caller's stored files (their folder of the `documents` bucket), for the export and for the deletion.
create or replace function public.my_stored_files() returns table (name text, size bigint)
language plpgsql stable security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'not signed in' using errcode = '42501';
  end if;
  if to_regclass('storage.objects') is null then
    return;
  end if;
  return query execute
    'select o.name::text, coalesce((o.metadata->>''size'')::bigint, 0)
       from storage.objects o
      where o.bucket_id = ''documents'' and split_part(o.name, ''/'', 1) = $1
      order by o.name'
    using v_user::text;
end;
$$;
revoke execute on function public.my_stored_files() from public, anon;
grant execute on function public.my_stored_files() to authenticated;

-- The same list for a given user, for the two deletion functions (service role only).
create or replace function public.stored_files_of(p_user_id uuid) returns table (name text)
language plpgsql stable security definer set search_path = '' as $$
begin
  if to_regclass('storage.objects') is null then
    return;
  end if;
  return query execute
    'select o.name::text from storage.objects o
      where o.bucket_id = ''documents'' and (o.owner = $1 or split_part(o.name, ''/'', 1) = $1::text)
      order by o.name'
    using p_user_id;
end;
$$;
revoke execute on function public.stored_files_of(uuid) from public, anon, authenticated;
grant execute on function public.stored_files_of(uuid) to service_role;

-- Everything a user owns, in one transaction: every user-owned table references auth.users on delete cascade
-- (the project's contract; the issued-document triggers let the cascade through once the user row is gone), the
-- sessions and identities too. Refresh tokens (user_id is text) and stored objects are deleted explicitly.
create or replace function private.remove_account(p_user uuid) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if to_regclass('storage.objects') is not null then
    -- Hosted Supabase guards direct deletes from storage.objects; the functions remove the files through the
    -- storage API first, this catches what is left (and every file locally, where the bytes live in the row).
    perform set_config('storage.allow_delete_query', 'true', true);
    execute 'delete from storage.objects where owner = $1 or split_part(name, ''/'', 1) = $1::text' using p_user;
  end if;
  delete from auth.refresh_tokens where user_id = p_user::text;
  delete from auth.sessions where user_id = p_user;
  delete from auth.users where id = p_user;
end;
$$;
revoke execute on function private.remove_account(uuid) from public, anon, authenticated;

-- The administrator's delete (spec §7 delete_user), unchanged for its caller, now through remove_account.
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
  perform private.remove_account(v_id);
  return json_build_object('deleted', true, 'user_id', v_id, 'user_email', v_email);
end;
$$;
revoke execute on function public.delete_user(text) from public, anon;
grant execute on function public.delete_user(text) to authenticated;

-- « Supprimer mon compte »: called by the delete-account function only (service role), after it checked the
-- caller's live session and the typed e-mail and cancelled the provider subscription. The e-mail is checked
-- again here; the administrator's own account is not deleted this way (the instance would lose its admin).
-- p_check_only: the same checks without deleting, asked before the subscription and the files are touched.
create or replace function public.delete_account(p_user_id uuid, p_email text, p_check_only boolean default false)
returns json
language plpgsql volatile security definer set search_path = '' as $$
declare
  v_email text;
begin
  select lower(u.email) into v_email from auth.users u where u.id = p_user_id;
  if v_email is null then
    raise exception 'no such account' using errcode = 'P0002';
  end if;
  if v_email <> lower(btrim(coalesce(p_email, ''))) then
    raise exception 'the e-mail does not match the account' using errcode = '22023', hint = 'email_mismatch';
  end if;
  if exists (select 1 from private.settings s where s.key = 'admin_email' and s.value <> ''
                and lower(s.value) = v_email) then
    raise exception 'the administrator account cannot delete itself' using errcode = '42501', hint = 'admin_account';
  end if;
  if p_check_only then
    return json_build_object('deleted', false, 'user_id', p_user_id);
  end if;
  perform private.remove_account(p_user_id);
  return json_build_object('deleted', true, 'user_id', p_user_id);
end;
$$;
revoke execute on function public.delete_account(uuid, text, boolean) from public, anon, authenticated;
grant execute on function public.delete_account(uuid, text, boolean) to service_role;
