-- The artisan's data on the server (issue 8): client book, quotes, invoices, credit notes (avoirs), the settings
-- kept per user (task catalogue, company details, customisation), tombstones for the offline sync, gapless
-- numbering per series (DE / FA / AV) and the immutability of issued documents.
--
-- Every table: user_id → auth.users on delete cascade, RLS with owner-only policies.

-- ---------------------------------------------------------------------------------------------------------------
-- Numbering: one more series (credit notes, AV…). The counter row is locked by the upsert for the rest of the
-- transaction that issues the document, so numbers are consecutive and a rolled-back issue gives its number back.
alter table public.document_counters drop constraint if exists document_counters_kind_check;
alter table public.document_counters
  add constraint document_counters_kind_check check (kind in ('quote', 'invoice', 'credit_note'));
comment on table public.document_counters is
  'Last number issued per user and series (quote → DE0001…, invoice → FA0001…, credit_note → AV0001…).';

create or replace function public.allocate_document_number(p_user_id uuid, p_kind text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_prefix text;
  v_number integer;
begin
  v_prefix := case p_kind when 'quote' then 'DE' when 'invoice' then 'FA' when 'credit_note' then 'AV' end;
  if v_prefix is null then
    raise exception 'unknown document kind: %', p_kind using errcode = '22023';
  end if;

  insert into public.document_counters as c (user_id, kind, last_number)
  values (p_user_id, p_kind, 1)
  on conflict (user_id, kind) do update set last_number = c.last_number + 1
  returning c.last_number into v_number;

  return v_prefix || case when v_number < 10000 then lpad(v_number::text, 4, '0') else v_number::text end;
end;
$$;
revoke execute on function public.allocate_document_number(uuid, text) from public, anon, authenticated;

-- Whether the auth.users row still exists: cascades from a deleted account may remove what is otherwise kept.
create function public.user_exists(p_user_id uuid) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from auth.users u where u.id = p_user_id)
$$;
revoke execute on function public.user_exists(uuid) from public, anon, authenticated;


-- ---------------------------------------------------------------------------------------------------------------
-- Client book (spec §3 / §7: upsert on conflict email,user_id; select by created_at desc; delete by email+user_id).
create table public.clients (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (char_length(email) between 1 and 320),
  phone text not null default '' check (char_length(phone) <= 50),
  address text not null default '' check (char_length(address) <= 500),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  archived_at timestamptz,
  unique (email, user_id)
);
create index clients_user_updated_idx on public.clients (user_id, updated_at);
alter table public.clients enable row level security;

create policy "clients: owner reads" on public.clients
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "clients: owner inserts" on public.clients
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "clients: owner updates" on public.clients
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "clients: owner deletes" on public.clients
  for delete to authenticated using ((select auth.uid()) = user_id);

create trigger clients_touch_updated_at before update on public.clients
  for each row execute function public.touch_updated_at();

-- The free plan keeps 10 clients (archived ones do not count); pro and enterprise are unlimited (PLANS in
-- @atelier/domain). The quota row is locked so that concurrent inserts cannot both take the last place. An upsert
-- of an email already in the book is an update, never refused.
create function public.enforce_client_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_plan text;
  v_limit integer;
  v_count integer;
begin
  if exists (select 1 from public.clients c where c.user_id = new.user_id and c.email = new.email) then
    return new;
  end if;
  v_plan := public.current_plan(new.user_id);
  v_limit := case v_plan when 'free' then 10 else null end;
  if v_limit is null then
    return new;
  end if;
  insert into public.user_quotas (user_id) values (new.user_id) on conflict (user_id) do nothing;
  perform 1 from public.user_quotas q where q.user_id = new.user_id for update;
  select count(*) into v_count from public.clients c where c.user_id = new.user_id and c.archived_at is null;
  if v_count >= v_limit then
    raise exception 'Vous avez atteint la limite de 10 clients du plan gratuit. Passez à un plan supérieur pour enregistrer des clients illimités.'
      using errcode = 'P0001', hint = 'client_limit';
  end if;
  return new;
end;
$$;
create trigger clients_enforce_limit before insert on public.clients
  for each row execute function public.enforce_client_limit();


-- ---------------------------------------------------------------------------------------------------------------
-- Quotes. number comes from consume_quote_credit() (DE…). pdf_path points into the private `documents` bucket.
create table public.quotes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  client_id uuid references public.clients (id) on delete cascade,
  legacy_id text check (char_length(legacy_id) <= 100),
  number text check (char_length(number) <= 30),
  date timestamptz not null default now(),
  project_title text check (char_length(project_title) <= 200),
  lines jsonb not null default '[]'::jsonb check (jsonb_typeof(lines) = 'array'),
  vat_rate numeric not null default 20 check (vat_rate >= 0 and vat_rate <= 100),
  total_ht_cents bigint not null default 0,
  tva_cents bigint not null default 0,
  total_ttc_cents bigint not null default 0,
  snapshot jsonb,
  pdf_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, legacy_id)
);
create index quotes_user_updated_idx on public.quotes (user_id, updated_at);
create index quotes_client_idx on public.quotes (client_id);
alter table public.quotes enable row level security;

create policy "quotes: owner reads" on public.quotes
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "quotes: owner inserts" on public.quotes
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "quotes: owner updates" on public.quotes
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "quotes: owner deletes" on public.quotes
  for delete to authenticated using ((select auth.uid()) = user_id);

create trigger quotes_touch_updated_at before update on public.quotes
  for each row execute function public.touch_updated_at();


-- ---------------------------------------------------------------------------------------------------------------
-- Invoices. A draft is free to edit or delete; issue_invoice() numbers it (FA…) and from then on only is_paid,
-- payment_date (and pdf_path once, when the archived PDF is stored) may change; it cannot be deleted.
create table public.invoices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  client_id uuid references public.clients (id) on delete cascade,
  quote_id uuid,
  quote_number text check (char_length(quote_number) <= 30),
  legacy_id text check (char_length(legacy_id) <= 100),
  status text not null default 'draft' check (status in ('draft', 'issued')),
  number text check (char_length(number) <= 30),
  issue_date date,
  service_date date,
  due_date date,
  project_title text check (char_length(project_title) <= 200),
  lines jsonb not null default '[]'::jsonb check (jsonb_typeof(lines) = 'array'),
  vat_rate numeric not null default 20 check (vat_rate >= 0 and vat_rate <= 100),
  total_ht_cents bigint not null default 0,
  tva_cents bigint not null default 0,
  total_ttc_cents bigint not null default 0,
  is_paid boolean not null default false,
  payment_date date,
  snapshot jsonb,
  pdf_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, legacy_id),
  unique (user_id, number),
  check (status = 'draft' or number is not null)
);
create index invoices_user_updated_idx on public.invoices (user_id, updated_at);
create index invoices_client_idx on public.invoices (client_id);
alter table public.invoices enable row level security;

create policy "invoices: owner reads" on public.invoices
  for select to authenticated using ((select auth.uid()) = user_id);
-- Only drafts are inserted by users; issuing goes through issue_invoice().
create policy "invoices: owner inserts drafts" on public.invoices
  for insert to authenticated with check ((select auth.uid()) = user_id and status = 'draft' and number is null);
create policy "invoices: owner updates" on public.invoices
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "invoices: owner deletes" on public.invoices
  for delete to authenticated using ((select auth.uid()) = user_id);

create function public.protect_issued_invoice() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if old.status = 'issued' and public.user_exists(old.user_id) then
      raise exception 'Une facture émise ne peut pas être supprimée : émettez un avoir (Annuler).'
        using errcode = '42501', hint = 'invoice_immutable';
    end if;
    return old;
  end if;
  -- UPDATE
  if old.status = 'issued' then
    if new.status is distinct from old.status
      or new.number is distinct from old.number
      or new.user_id is distinct from old.user_id
      or new.client_id is distinct from old.client_id
      or new.quote_id is distinct from old.quote_id
      or new.quote_number is distinct from old.quote_number
      or new.legacy_id is distinct from old.legacy_id
      or new.issue_date is distinct from old.issue_date
      or new.service_date is distinct from old.service_date
      or new.due_date is distinct from old.due_date
      or new.project_title is distinct from old.project_title
      or new.lines is distinct from old.lines
      or new.vat_rate is distinct from old.vat_rate
      or new.total_ht_cents is distinct from old.total_ht_cents
      or new.tva_cents is distinct from old.tva_cents
      or new.total_ttc_cents is distinct from old.total_ttc_cents
      or new.snapshot is distinct from old.snapshot
      or (new.pdf_path is distinct from old.pdf_path and old.pdf_path is not null)
      or new.created_at is distinct from old.created_at
    then
      raise exception 'Une facture émise ne peut pas être modifiée : seuls le paiement et sa date peuvent changer.'
        using errcode = '42501', hint = 'invoice_immutable';
    end if;
  elsif new.status = 'issued' and current_setting('atelier.issuing', true) is distinct from 'on' then
    raise exception 'Une facture est émise par issue_invoice().' using errcode = '42501', hint = 'invoice_issue_rpc';
  end if;
  return new;
end;
$$;
create trigger invoices_protect_issued before update or delete on public.invoices
  for each row execute function public.protect_issued_invoice();
create trigger invoices_touch_updated_at before update on public.invoices
  for each row execute function public.touch_updated_at();


-- ---------------------------------------------------------------------------------------------------------------
-- Credit notes (avoirs). Always issued (AV…), through issue_credit_note(); one per invoice (a full cancellation);
-- immutable except for pdf_path set once.
create table public.credit_notes (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  invoice_id uuid not null unique references public.invoices (id) on delete cascade,
  client_id uuid references public.clients (id) on delete cascade,
  number text not null check (char_length(number) <= 30),
  reason text not null check (reason in ('cancel', 'correct')),
  issue_date date not null default current_date,
  project_title text,
  lines jsonb not null default '[]'::jsonb,
  vat_rate numeric not null default 20,
  total_ht_cents bigint not null,
  tva_cents bigint not null,
  total_ttc_cents bigint not null,
  snapshot jsonb,
  pdf_path text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (user_id, number)
);
create index credit_notes_user_updated_idx on public.credit_notes (user_id, updated_at);
alter table public.credit_notes enable row level security;

create policy "credit_notes: owner reads" on public.credit_notes
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "credit_notes: owner updates" on public.credit_notes
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);

create function public.protect_credit_note() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'DELETE' then
    if public.user_exists(old.user_id) then
      raise exception 'Un avoir ne peut pas être supprimé.' using errcode = '42501', hint = 'credit_note_immutable';
    end if;
    return old;
  end if;
  if (to_jsonb(new) - 'pdf_path' - 'updated_at') is distinct from (to_jsonb(old) - 'pdf_path' - 'updated_at')
    or (new.pdf_path is distinct from old.pdf_path and old.pdf_path is not null)
  then
    raise exception 'Un avoir émis ne peut pas être modifié.' using errcode = '42501', hint = 'credit_note_immutable';
  end if;
  return new;
end;
$$;
create trigger credit_notes_protect before update or delete on public.credit_notes
  for each row execute function public.protect_credit_note();
create trigger credit_notes_touch_updated_at before update on public.credit_notes
  for each row execute function public.touch_updated_at();


-- ---------------------------------------------------------------------------------------------------------------
-- A client with issued invoices is archived, never deleted (the invoices must be kept 10 years): the delete is
-- turned into archived_at = now() and reports no deleted row. An account deletion still removes everything.
create function public.archive_client_with_invoices() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.user_exists(old.user_id)
    and exists (select 1 from public.invoices i where i.client_id = old.id and i.status = 'issued')
  then
    update public.clients set archived_at = coalesce(archived_at, now()) where id = old.id;
    return null;
  end if;
  return old;
end;
$$;
create trigger clients_archive_instead_of_delete before delete on public.clients
  for each row execute function public.archive_client_with_invoices();


-- ---------------------------------------------------------------------------------------------------------------
-- Settings kept per user: the task catalogue (`tasks`), company details (`companyInfo`) and customisation
-- (`quoteCustomization`), one JSON value per key, last write wins by updated_at.
create table public.user_settings (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  key text not null check (key in ('tasks', 'companyInfo', 'quoteCustomization')),
  value jsonb not null,
  updated_at timestamptz not null default now(),
  primary key (user_id, key)
);
alter table public.user_settings enable row level security;
create policy "user_settings: owner reads" on public.user_settings
  for select to authenticated using ((select auth.uid()) = user_id);
create policy "user_settings: owner inserts" on public.user_settings
  for insert to authenticated with check ((select auth.uid()) = user_id);
create policy "user_settings: owner updates" on public.user_settings
  for update to authenticated using ((select auth.uid()) = user_id) with check ((select auth.uid()) = user_id);
create policy "user_settings: owner deletes" on public.user_settings
  for delete to authenticated using ((select auth.uid()) = user_id);
create trigger user_settings_touch_updated_at before update on public.user_settings
  for each row execute function public.touch_updated_at();


-- ---------------------------------------------------------------------------------------------------------------
-- Tombstones: a pull asks for rows changed since its last sync, deletions included.
create table public.sync_tombstones (
  user_id uuid not null references auth.users (id) on delete cascade,
  table_name text not null,
  row_id uuid not null,
  deleted_at timestamptz not null default now(),
  primary key (user_id, table_name, row_id)
);
create index sync_tombstones_user_deleted_idx on public.sync_tombstones (user_id, deleted_at);
alter table public.sync_tombstones enable row level security;
create policy "sync_tombstones: owner reads" on public.sync_tombstones
  for select to authenticated using ((select auth.uid()) = user_id);

create function public.record_tombstone() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if public.user_exists(old.user_id) then
    insert into public.sync_tombstones (user_id, table_name, row_id) values (old.user_id, tg_table_name, old.id)
    on conflict (user_id, table_name, row_id) do update set deleted_at = now();
  end if;
  return old;
end;
$$;
create trigger clients_tombstone after delete on public.clients
  for each row execute function public.record_tombstone();
create trigger quotes_tombstone after delete on public.quotes
  for each row execute function public.record_tombstone();
create trigger invoices_tombstone after delete on public.invoices
  for each row execute function public.record_tombstone();


-- ---------------------------------------------------------------------------------------------------------------
-- Issuing. Both run in the caller's transaction: lock the document, number it, write it; an error rolls the
-- number back with it (gapless).

-- issue_invoice(id): validates the draft (spec §5), gives it the next FA number, the issue date (today unless
-- set) and the due date (issue date + the customisation's paymentDeadline days, default 30). Returns the row.
create function public.issue_invoice(p_id uuid) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_invoice public.invoices;
  v_client public.clients;
  v_deadline integer;
  v_number text;
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  select * into v_invoice from public.invoices where id = p_id and user_id = v_user for update;
  if not found then
    raise exception 'Facture non trouvée' using errcode = 'P0002';
  end if;
  if v_invoice.status = 'issued' then
    return row_to_json(v_invoice);
  end if;
  select * into v_client from public.clients where id = v_invoice.client_id;
  if coalesce(btrim(coalesce(v_client.email, v_invoice.snapshot #>> '{client,email}')), '') = '' then
    raise exception 'L''email du client est requis pour générer une facture' using errcode = '22023';
  end if;
  if coalesce(btrim(coalesce(v_client.name, v_invoice.snapshot #>> '{client,name}')), '') = '' then
    raise exception 'Le nom du client est requis pour générer une facture' using errcode = '22023';
  end if;
  if jsonb_array_length(v_invoice.lines) = 0 then
    raise exception 'Au moins une tâche est requise pour générer une facture' using errcode = '22023';
  end if;

  v_deadline := coalesce(
    case when (v_invoice.snapshot #>> '{customization,invoice,paymentDeadline}') ~ '^[0-9]{1,4}$'
      then (v_invoice.snapshot #>> '{customization,invoice,paymentDeadline}')::integer end,
    30);
  v_number := public.allocate_document_number(v_user, 'invoice');

  perform set_config('atelier.issuing', 'on', true);
  update public.invoices set
    status = 'issued',
    number = v_number,
    issue_date = coalesce(issue_date, (now() at time zone 'Europe/Paris')::date),
    service_date = coalesce(service_date, issue_date, (now() at time zone 'Europe/Paris')::date),
    due_date = coalesce(due_date, coalesce(issue_date, (now() at time zone 'Europe/Paris')::date) + v_deadline)
  where id = p_id
  returning * into v_invoice;
  perform set_config('atelier.issuing', 'off', true);
  return row_to_json(v_invoice);
end;
$$;
revoke execute on function public.issue_invoice(uuid) from public, anon;
grant execute on function public.issue_invoice(uuid) to authenticated, service_role;

-- issue_credit_note(invoice id, 'cancel' | 'correct'): the avoir of an issued invoice, AV…, with the invoice's
-- lines and negated totals, referencing it. A second call for the same invoice returns the existing avoir.
create function public.issue_credit_note(p_invoice_id uuid, p_reason text default 'cancel') returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_invoice public.invoices;
  v_note public.credit_notes;
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  if p_reason is null or p_reason not in ('cancel', 'correct') then
    raise exception 'unknown reason: %', p_reason using errcode = '22023';
  end if;
  select * into v_invoice from public.invoices where id = p_invoice_id and user_id = v_user for update;
  if not found then
    raise exception 'Facture non trouvée' using errcode = 'P0002';
  end if;
  if v_invoice.status <> 'issued' then
    raise exception 'Seule une facture émise peut recevoir un avoir.' using errcode = '22023';
  end if;
  select * into v_note from public.credit_notes where invoice_id = p_invoice_id;
  if found then
    return row_to_json(v_note);
  end if;
  insert into public.credit_notes (
    user_id, invoice_id, client_id, number, reason, issue_date, project_title, lines, vat_rate,
    total_ht_cents, tva_cents, total_ttc_cents, snapshot
  ) values (
    v_user, v_invoice.id, v_invoice.client_id, public.allocate_document_number(v_user, 'credit_note'), p_reason,
    (now() at time zone 'Europe/Paris')::date, v_invoice.project_title, v_invoice.lines, v_invoice.vat_rate,
    -v_invoice.total_ht_cents, -v_invoice.tva_cents, -v_invoice.total_ttc_cents,
    coalesce(v_invoice.snapshot, '{}'::jsonb) || jsonb_build_object(
      'invoiceNumber', v_invoice.number, 'invoiceDate', v_invoice.issue_date)
  )
  returning * into v_note;
  return row_to_json(v_note);
end;
$$;
revoke execute on function public.issue_credit_note(uuid, text) from public, anon;
grant execute on function public.issue_credit_note(uuid, text) to authenticated, service_role;

-- The changes of the caller since a point in time, for the offline sync's pull: one round trip.
create function public.sync_changes(p_since timestamptz default null) returns json
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
      where t.user_id = auth.uid() and p_since is not null and t.deleted_at > p_since), '[]'::json)
  )
$$;
revoke execute on function public.sync_changes(timestamptz) from public, anon;
grant execute on function public.sync_changes(timestamptz) to authenticated, service_role;
