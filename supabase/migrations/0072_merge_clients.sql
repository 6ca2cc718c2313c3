-- Merging two clients (issue 32: a client is its id; merging is an explicit action). merge_clients(keep, merged)
-- moves the merged client's devis and draft invoices to the kept one, fills the kept client's empty phone and
-- address from it, and archives it with merged_into = keep. Issued invoices and avoirs are immutable (their client
-- is part of what was issued): they stay on the archived client, and the app lists them under the kept one through
-- merged_into.
alter table public.clients add column merged_into uuid;

create function public.merge_clients(p_keep uuid, p_merged uuid) returns json
language plpgsql security invoker set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_keep public.clients;
  v_merged public.clients;
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  if p_keep is null or p_merged is null or p_keep = p_merged then
    raise exception 'Choisissez deux clients différents à fusionner.' using errcode = '22023';
  end if;
  -- Both locked, in id order (two opposite merges at once cannot deadlock).
  perform 1 from public.clients c where c.id in (p_keep, p_merged) and c.user_id = v_user order by c.id for update;
  select * into v_keep from public.clients c where c.id = p_keep and c.user_id = v_user;
  select * into v_merged from public.clients c where c.id = p_merged and c.user_id = v_user;
  if v_keep.id is null or v_merged.id is null then
    raise exception 'Client non trouvé' using errcode = 'P0002';
  end if;
  if v_keep.archived_at is not null then
    raise exception 'Le client conservé est dans la Corbeille : restaurez-le d’abord.' using errcode = '22023';
  end if;

  update public.quotes q set client_id = p_keep where q.client_id = p_merged and q.user_id = v_user;
  update public.invoices i set client_id = p_keep
  where i.client_id = p_merged and i.user_id = v_user and i.status = 'draft';
  -- Earlier merges into the merged client now point at the kept one.
  update public.clients c set merged_into = p_keep where c.merged_into = p_merged and c.user_id = v_user;
  update public.clients c set archived_at = coalesce(c.archived_at, now()), merged_into = p_keep
  where c.id = p_merged;
  update public.clients c set
    phone = case when btrim(c.phone) = '' then v_merged.phone else c.phone end,
    address = case when btrim(c.address) = '' then v_merged.address else c.address end
  where c.id = p_keep
  returning * into v_keep;
  return row_to_json(v_keep);
end;
$$;
revoke execute on function public.merge_clients(uuid, uuid) from public, anon;
grant execute on function public.merge_clients(uuid, uuid) to authenticated, service_role;
