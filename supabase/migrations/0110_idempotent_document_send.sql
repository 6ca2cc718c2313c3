-- A send of a document is idempotent (decision 0130): the browser gives each « Envoyer » (and each queued send)
-- a random key; a second call with the same key by the same user — another tab or device flushing the same queued
-- send, a retry after a lost answer — gets the first send back and mails nothing. Keys are per user: another user's
-- call with the same key is a separate send of their own document and never sees or changes the first user's row.
-- A failed send releases its key (its row stays as the record): the queue's next try sends.

alter table public.document_sends add column idempotency_key uuid;
create unique index document_sends_user_key_idx on public.document_sends (user_id, idempotency_key)
  where idempotency_key is not null and status <> 'failed';

-- begin_document_send with a key: { id, replayed, status, to_email }. Under the user's send lock (the one
-- take_send_slot takes), so two calls at once with one key cannot both start a send.
create function public.begin_document_send_once(p_table text, p_id uuid, p_to text, p_key uuid) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_row public.document_sends;
  v_id uuid;
begin
  if v_user is null then
    raise exception 'Connectez-vous pour envoyer un document.' using errcode = '42501';
  end if;
  if p_key is null then
    raise exception 'Clé d’envoi manquante.' using errcode = 'P0001', hint = 'send_key_missing';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('document_sends:' || v_user::text, 0));
  select * into v_row from public.document_sends s
   where s.user_id = v_user and s.idempotency_key = p_key and s.status <> 'failed'
   limit 1;
  if found then
    if v_row.document_table <> p_table or v_row.document_id <> p_id then
      raise exception 'Cette clé d’envoi a déjà servi pour un autre document.'
        using errcode = 'P0001', hint = 'send_key_reused';
    end if;
    return json_build_object('id', v_row.id, 'replayed', true, 'status', v_row.status, 'to_email', v_row.to_email);
  end if;
  v_id := public.begin_document_send(p_table, p_id, p_to);
  update public.document_sends set idempotency_key = p_key where id = v_id;
  return json_build_object('id', v_id, 'replayed', false, 'status', 'pending', 'to_email', lower(trim(p_to)));
end;
$$;
revoke execute on function public.begin_document_send_once(text, uuid, text, uuid) from public, anon;
grant execute on function public.begin_document_send_once(text, uuid, text, uuid) to authenticated;
