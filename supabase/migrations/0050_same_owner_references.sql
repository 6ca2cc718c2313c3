-- Issue 25 §4: references between a user's rows stay within that user. A plain foreign key ignores RLS, so a user
-- could tie a draft devis or facture to another user's client id (ids travel in URLs and exports); once issued, the
-- other user could no longer delete that client, and deleting the other account failed. Composite foreign keys
-- (id, user_id) make such a row impossible: the referenced row must have the same owner.
--
-- Existing rows that already point at another user's row are detached first (client_id set to null: the document
-- keeps its snapshot of the client, which is what its PDF shows), so the constraints can be added on any database.

-- Parents: (id, user_id) must be unique to be referenced.
alter table public.clients add constraint clients_id_user_id_key unique (id, user_id);
alter table public.invoices add constraint invoices_id_user_id_key unique (id, user_id);
alter table public.quotes add constraint quotes_id_user_id_key unique (id, user_id);

-- Detach cross-user references (issued documents are immutable by trigger: the repair bypasses it once).
alter table public.invoices disable trigger invoices_protect_issued;
alter table public.credit_notes disable trigger credit_notes_protect;
update public.quotes q set client_id = null
  where q.client_id is not null
    and not exists (select 1 from public.clients c where c.id = q.client_id and c.user_id = q.user_id);
update public.invoices i set client_id = null
  where i.client_id is not null
    and not exists (select 1 from public.clients c where c.id = i.client_id and c.user_id = i.user_id);
update public.credit_notes n set client_id = null
  where n.client_id is not null
    and not exists (select 1 from public.clients c where c.id = n.client_id and c.user_id = n.user_id);
-- A credit note always belongs to its invoice's owner (issue_credit_note); one that does not is not repairable by
-- nulling (invoice_id is required) and cannot exist through the API: such a row would make the constraint fail
-- loudly here, which is what we want to hear about.
alter table public.invoices enable trigger invoices_protect_issued;
alter table public.credit_notes enable trigger credit_notes_protect;

alter table public.quotes drop constraint if exists quotes_client_id_fkey;
alter table public.quotes add constraint quotes_client_same_owner_fkey
  foreign key (client_id, user_id) references public.clients (id, user_id) on delete cascade;

alter table public.invoices drop constraint if exists invoices_client_id_fkey;
alter table public.invoices add constraint invoices_client_same_owner_fkey
  foreign key (client_id, user_id) references public.clients (id, user_id) on delete cascade;

alter table public.credit_notes drop constraint if exists credit_notes_client_id_fkey;
alter table public.credit_notes add constraint credit_notes_client_same_owner_fkey
  foreign key (client_id, user_id) references public.clients (id, user_id) on delete cascade;

alter table public.credit_notes drop constraint if exists credit_notes_invoice_id_fkey;
alter table public.credit_notes add constraint credit_notes_invoice_same_owner_fkey
  foreign key (invoice_id, user_id) references public.invoices (id, user_id) on delete cascade;

-- invoices.quote_id has no foreign key on purpose (an invoice may outlive the devis it came from, and the offline
-- sync may push an invoice before its devis): a trigger refuses a quote id that belongs to another user, with the
-- same error as a foreign key (23503 → PostgREST 409).
create function public.check_invoice_quote_owner() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.quote_id is not null
    and (tg_op = 'INSERT' or new.quote_id is distinct from old.quote_id)
    and exists (select 1 from public.quotes q where q.id = new.quote_id and q.user_id <> new.user_id)
  then
    raise exception 'insert or update on table "invoices" violates foreign key constraint "invoices_quote_same_owner"'
      using errcode = '23503', detail = format('Key (quote_id)=(%s) is not present in table "quotes".', new.quote_id);
  end if;
  return new;
end;
$$;
revoke execute on function public.check_invoice_quote_owner() from public, anon, authenticated;
create trigger invoices_quote_same_owner before insert or update of quote_id on public.invoices
  for each row execute function public.check_invoice_quote_owner();
