-- Private storage of the archived PDFs (issue 8): the `documents` bucket, one folder per user
-- (`<user id>/facture-FA0001.pdf`), RLS on storage.objects by owner folder, and the size of every object counted in
-- user_quotas.storage_used_mb against the plan's limit (PLANS in @atelier/domain: 100 MB free, 1 GB pro, 10 GB
-- enterprise), refused past it with a French message.
--
-- A hosted project has Supabase Storage's own `storage` schema: the DO block below only builds the subset the local
-- backend (backend/src/storage) serves on a bare database. The bucket, the policies and the quota triggers are
-- created on both.
do $migration$
begin
  if to_regclass('storage.objects') is not null then
    raise notice 'storage schema already present (hosted Supabase): skipping local storage setup';
    return;
  end if;

  create schema storage;
  grant usage on schema storage to anon, authenticated, service_role;

  create table storage.buckets (
    id text primary key,
    name text not null unique,
    owner uuid,
    public boolean not null default false,
    file_size_limit bigint,
    allowed_mime_types text[],
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  );
  alter table storage.buckets enable row level security;
  -- The storage server itself checks buckets (not the caller): bucket rows are not secret.
  create policy "buckets: readable" on storage.buckets for select to anon, authenticated using (true);

  create table storage.objects (
    id uuid primary key default gen_random_uuid(),
    bucket_id text not null references storage.buckets (id),
    name text not null check (char_length(name) between 1 and 1024),
    owner uuid references auth.users (id) on delete cascade,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    last_accessed_at timestamptz not null default now(),
    metadata jsonb,
    unique (bucket_id, name)
  );
  create index objects_owner_idx on storage.objects (owner);
  alter table storage.objects enable row level security;

  -- Local only: the bytes live next to their row, so deleting the object (or the account, by cascade) never
  -- leaves an orphaned file behind.
  create table storage.object_contents (
    object_id uuid primary key references storage.objects (id) on delete cascade,
    data bytea not null
  );
  alter table storage.object_contents enable row level security;
  -- Visible exactly when its object row is (the objects policies apply inside the subquery).
  create policy "object_contents: with their object" on storage.object_contents
    for all to authenticated using (exists (select 1 from storage.objects o where o.id = object_id))
    with check (exists (select 1 from storage.objects o where o.id = object_id));

  grant select on storage.buckets to anon, authenticated, service_role;
  grant select, insert, update, delete on storage.objects, storage.object_contents to authenticated, service_role;
  grant select on storage.objects to anon;

  -- Supabase's helper: the folders of an object name ('a/b/c.pdf' → {a,b}).
  create function storage.foldername(name text) returns text[]
  language plpgsql immutable as $fn$
  declare
    _parts text[];
  begin
    select string_to_array(name, '/') into _parts;
    return _parts[1:array_length(_parts, 1) - 1];
  end
  $fn$;
  grant execute on function storage.foldername(text) to anon, authenticated, service_role;
end
$migration$;

insert into storage.buckets (id, name, public) values ('documents', 'documents', false)
on conflict (id) do nothing;

-- Owner folder: the first folder of the name is the user's id, and the row's owner is the user.
create policy "documents: owner reads" on storage.objects
  for select to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);
create policy "documents: owner inserts" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text
    and owner = (select auth.uid()));
create policy "documents: owner updates" on storage.objects
  for update to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text
    and owner = (select auth.uid()));
create policy "documents: owner deletes" on storage.objects
  for delete to authenticated
  using (bucket_id = 'documents' and (storage.foldername(name))[1] = (select auth.uid())::text);


-- The plan's storage in MB (PLANS in @atelier/domain).
create function public.plan_storage_limit_mb(p_plan text) returns numeric
language sql immutable set search_path = '' as $$
  select case p_plan when 'pro' then 1024 when 'enterprise' then 10240 else 100 end::numeric
$$;

-- Counts each object's size (metadata.size, bytes) into its owner's user_quotas.storage_used_mb, refusing a
-- write that would pass the plan's limit. The quota row is locked, so concurrent uploads cannot both fit.
create function public.count_storage_usage() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_owner uuid;
  v_delta numeric;
  v_used numeric;
  v_limit numeric;
begin
  v_owner := case when tg_op = 'DELETE' then old.owner else new.owner end;
  if v_owner is null then
    return case when tg_op = 'DELETE' then old else new end;
  end if;
  v_delta := (
    case when tg_op = 'DELETE' then 0 else coalesce((new.metadata ->> 'size')::numeric, 0) end
    - case when tg_op = 'INSERT' then 0 else coalesce((old.metadata ->> 'size')::numeric, 0) end
  ) / 1048576;

  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and old.owner is distinct from new.owner) then
    update public.user_quotas set storage_used_mb = greatest(storage_used_mb
      - coalesce((old.metadata ->> 'size')::numeric, 0) / 1048576, 0)
    where user_id = old.owner;
    if tg_op = 'DELETE' then
      return old;
    end if;
    v_delta := coalesce((new.metadata ->> 'size')::numeric, 0) / 1048576;
  end if;

  insert into public.user_quotas (user_id) values (v_owner) on conflict (user_id) do nothing;
  select q.storage_used_mb into v_used from public.user_quotas q where q.user_id = v_owner for update;
  v_limit := public.plan_storage_limit_mb(public.current_plan(v_owner));
  if v_delta > 0 and v_used + v_delta > v_limit then
    raise exception 'Espace de stockage insuffisant : votre plan est limité à %. Supprimez des documents ou passez à un plan supérieur.',
      case when v_limit >= 1024 then (v_limit / 1024)::integer || ' Go' else v_limit::integer || ' Mo' end
      using errcode = '53100', hint = 'storage_limit';
  end if;
  update public.user_quotas set storage_used_mb = greatest(v_used + v_delta, 0) where user_id = v_owner;
  return new;
end;
$$;
revoke execute on function public.count_storage_usage() from public, anon, authenticated;

create trigger objects_count_storage before insert or update or delete on storage.objects
  for each row execute function public.count_storage_usage();
