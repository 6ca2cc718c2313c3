-- Safe deletes (issue 32): a client with a numbered devis (DE…) or an issued invoice is archived, never deleted —
-- its documents would otherwise be cascaded away. « Supprimer » in the app archives every client (the « Corbeille »,
-- restorable); a client without numbered documents is deleted for good 30 days after (purge_client_trash()), with
-- its drafts. Archived clients do not count against the free plan's limit, so restoring one checks it.

create or replace function public.archive_client_with_invoices() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.user_exists(old.user_id) and (
    exists (select 1 from public.invoices i where i.client_id = old.id and i.status = 'issued')
    or exists (select 1 from public.quotes q where q.client_id = old.id and q.number is not null)
  ) then
    update public.clients set archived_at = coalesce(archived_at, now()) where id = old.id;
    return null;
  end if;
  return old;
end;
$$;

-- Restoring an archived client (archived_at set back to null) takes a place in the plan like a new one.
create function public.enforce_client_limit_on_restore() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_count integer;
begin
  if old.archived_at is null or new.archived_at is not null or public.current_plan(new.user_id) <> 'free' then
    return new;
  end if;
  insert into public.user_quotas (user_id) values (new.user_id) on conflict (user_id) do nothing;
  perform 1 from public.user_quotas q where q.user_id = new.user_id for update;
  select count(*) into v_count from public.clients c
  where c.user_id = new.user_id and c.archived_at is null and c.id <> new.id;
  if v_count >= 10 then
    raise exception 'Vous avez atteint la limite de 10 clients du plan gratuit. Passez à un plan supérieur pour enregistrer des clients illimités.'
      using errcode = 'P0001', hint = 'client_limit';
  end if;
  return new;
end;
$$;
revoke execute on function public.enforce_client_limit_on_restore() from public, anon, authenticated;
create trigger clients_enforce_limit_on_restore before update of archived_at on public.clients
  for each row execute function public.enforce_client_limit_on_restore();

-- Deletes the caller's clients archived more than 30 days ago that have no numbered devis and no issued invoice
-- (their drafts go with them). Returns how many. Called by the app at start; idempotent.
create function public.purge_client_trash() returns integer
language plpgsql security invoker set search_path = '' as $$
declare
  v_count integer;
begin
  if auth.uid() is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  with gone as (
    delete from public.clients c
    where c.user_id = auth.uid() and c.archived_at < now() - interval '30 days'
      and not exists (select 1 from public.quotes q where q.client_id = c.id and q.number is not null)
      and not exists (select 1 from public.invoices i where i.client_id = c.id and i.status = 'issued')
    returning 1
  )
  select count(*) into v_count from gone;
  return v_count;
end;
$$;
revoke execute on function public.purge_client_trash() from public, anon;
grant execute on function public.purge_client_trash() to authenticated, service_role;
