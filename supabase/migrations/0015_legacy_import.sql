-- Legacy import (issue 8): the spec's localStorage client book (`clients`: clients with quotes[] and invoices[])
-- found in a browser at sign-in is imported into the signed-in account, once and without duplicates.
--
-- import_legacy_data(p_clients) takes the rows the browser built (@atelier/storage quoteToRow / invoiceToRow: row
-- ids derived from the user and the legacy id, so the same document imported again from any browser is the same
-- row) and, in one transaction:
--   * merges each client by email into the book (an existing client is kept, its empty fields filled);
--   * inserts quotes and invoices not imported yet (legacy_id unique per user);
--   * keeps legacy invoice numbers: they were sent, so they are imported issued and immutable (RLS and the issuing
--     trigger only let issue_invoice() create issued invoices, hence SECURITY DEFINER); a legacy invoice without a
--     number gets the next FA number; a number already used by another invoice of the account is kept with the
--     suffix « -import » (numbers stay unique);
--   * moves the account's DE / FA counters past the imported numbers, so the next issued one does not collide.
-- The free plan's 10-client limit does not apply to the account's first import (data the artisan already had
-- before accounts existed, README departures); later imports respect it, a refused client is skipped and counted.

create table public.legacy_imports (
  user_id uuid primary key references auth.users (id) on delete cascade,
  first_imported_at timestamptz not null default now(),
  last_imported_at timestamptz not null default now(),
  clients integer not null default 0,
  quotes integer not null default 0,
  invoices integer not null default 0
);
alter table public.legacy_imports enable row level security;
create policy "legacy_imports: owner reads" on public.legacy_imports
  for select to authenticated using ((select auth.uid()) = user_id);

-- Same rule as 0010, plus: no limit while the account's first legacy import runs (transaction-local setting set by
-- import_legacy_data only).
create or replace function public.enforce_client_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_plan text;
  v_limit integer;
  v_count integer;
begin
  if current_setting('atelier.legacy_first_import', true) = 'on' then
    return new;
  end if;
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

-- Keeps the counter of a series at least at the highest imported number of that series.
create function public.bump_document_counter(p_user_id uuid, p_kind text, p_max integer) returns void
language sql security definer set search_path = '' as $$
  insert into public.document_counters as c (user_id, kind, last_number)
  select p_user_id, p_kind, p_max where p_max is not null and p_max > 0
  on conflict (user_id, kind) do update set last_number = greatest(c.last_number, excluded.last_number)
$$;
revoke execute on function public.bump_document_counter(uuid, text, integer) from public, anon, authenticated;

create function public.import_legacy_data(p_clients jsonb) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_first boolean;
  v_client jsonb;
  v_client_id uuid;
  v_doc jsonb;
  v_number text;
  v_count integer;
  n_clients integer := 0;
  n_quotes integer := 0;
  n_invoices integer := 0;
  n_skipped integer := 0;
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  if p_clients is null or jsonb_typeof(p_clients) <> 'array' then
    raise exception 'p_clients must be an array' using errcode = '22023';
  end if;
  if jsonb_array_length(p_clients) > 5000 then
    raise exception 'Trop de clients à importer en une fois.' using errcode = '22023';
  end if;

  -- One import at a time per account (two tabs signing in together).
  insert into public.legacy_imports (user_id) values (v_user) on conflict (user_id) do nothing;
  get diagnostics v_count = row_count;
  v_first := v_count = 1;
  perform 1 from public.legacy_imports where user_id = v_user for update;
  if v_first then
    perform set_config('atelier.legacy_first_import', 'on', true);
  end if;

  -- Numbers given to legacy invoices without one come after the imported numbers.
  perform public.bump_document_counter(v_user, 'invoice', (
    select max(substring(d.value ->> 'number' from '^FA([0-9]{1,9})$')::integer)
    from jsonb_array_elements(p_clients) c, jsonb_array_elements(coalesce(c.value -> 'invoices', '[]'::jsonb)) d));

  for v_client in select value from jsonb_array_elements(p_clients) loop
    if coalesce(btrim(v_client ->> 'email'), '') = '' then
      n_skipped := n_skipped + 1;
      continue;
    end if;
    select c.id into v_client_id from public.clients c
      where c.user_id = v_user and lower(c.email) = lower(btrim(v_client ->> 'email'))
      order by c.created_at limit 1;
    if v_client_id is null then
      begin
        insert into public.clients (id, user_id, name, email, phone, address)
        values (
          coalesce((v_client ->> 'id')::uuid, gen_random_uuid()), v_user,
          left(coalesce(nullif(btrim(v_client ->> 'name'), ''), btrim(v_client ->> 'email')), 200),
          left(btrim(v_client ->> 'email'), 320),
          left(coalesce(btrim(v_client ->> 'phone'), ''), 50),
          left(coalesce(btrim(v_client ->> 'address'), ''), 500))
        returning id into v_client_id;
        n_clients := n_clients + 1;
      exception when sqlstate 'P0001' then
        -- The free plan's limit (not the first import): this client and its documents are not imported.
        n_skipped := n_skipped + 1;
        continue;
      end;
    else
      update public.clients c set
        name = case when c.name = '' then left(coalesce(v_client ->> 'name', ''), 200) else c.name end,
        phone = case when c.phone = '' then left(coalesce(btrim(v_client ->> 'phone'), ''), 50) else c.phone end,
        address = case when c.address = '' then left(coalesce(btrim(v_client ->> 'address'), ''), 500) else c.address end
      where c.id = v_client_id and (c.phone = '' or c.address = '');
    end if;

    for v_doc in select value from jsonb_array_elements(coalesce(v_client -> 'quotes', '[]'::jsonb)) loop
      insert into public.quotes (
        id, user_id, client_id, legacy_id, number, date, project_title, lines, vat_rate,
        total_ht_cents, tva_cents, total_ttc_cents, snapshot, pdf_path
      ) values (
        (v_doc ->> 'id')::uuid, v_user, v_client_id, v_doc ->> 'legacy_id', v_doc ->> 'number',
        coalesce((v_doc ->> 'date')::timestamptz, now()), v_doc ->> 'project_title',
        coalesce(v_doc -> 'lines', '[]'::jsonb), coalesce((v_doc ->> 'vat_rate')::numeric, 20),
        coalesce((v_doc ->> 'total_ht_cents')::bigint, 0), coalesce((v_doc ->> 'tva_cents')::bigint, 0),
        coalesce((v_doc ->> 'total_ttc_cents')::bigint, 0), nullif(v_doc -> 'snapshot', 'null'::jsonb),
        v_doc ->> 'pdf_path')
      on conflict do nothing;
      get diagnostics v_count = row_count;
      n_quotes := n_quotes + v_count;
    end loop;

    for v_doc in select value from jsonb_array_elements(coalesce(v_client -> 'invoices', '[]'::jsonb)) loop
      if exists (select 1 from public.invoices i
          where i.user_id = v_user and (i.id = (v_doc ->> 'id')::uuid or i.legacy_id = v_doc ->> 'legacy_id')) then
        continue;
      end if;
      v_number := nullif(btrim(coalesce(v_doc ->> 'number', '')), '');
      if v_number is null then
        v_number := public.allocate_document_number(v_user, 'invoice');
      elsif exists (select 1 from public.invoices i where i.user_id = v_user and i.number = v_number) then
        v_number := left(v_number, 22) || '-import';
      end if;
      insert into public.invoices (
        id, user_id, client_id, quote_id, quote_number, legacy_id, status, number, issue_date, service_date,
        due_date, project_title, lines, vat_rate, total_ht_cents, tva_cents, total_ttc_cents, is_paid,
        payment_date, snapshot, pdf_path
      ) values (
        (v_doc ->> 'id')::uuid, v_user, v_client_id, (v_doc ->> 'quote_id')::uuid, v_doc ->> 'quote_number',
        v_doc ->> 'legacy_id', 'issued', v_number,
        coalesce((v_doc ->> 'issue_date')::date, (v_doc ->> 'service_date')::date, current_date),
        coalesce((v_doc ->> 'service_date')::date, (v_doc ->> 'issue_date')::date, current_date),
        coalesce((v_doc ->> 'issue_date')::date, (v_doc ->> 'service_date')::date, current_date) + 30,
        v_doc ->> 'project_title', coalesce(v_doc -> 'lines', '[]'::jsonb),
        coalesce((v_doc ->> 'vat_rate')::numeric, 20),
        coalesce((v_doc ->> 'total_ht_cents')::bigint, 0), coalesce((v_doc ->> 'tva_cents')::bigint, 0),
        coalesce((v_doc ->> 'total_ttc_cents')::bigint, 0), coalesce((v_doc ->> 'is_paid')::boolean, false),
        (v_doc ->> 'payment_date')::date, nullif(v_doc -> 'snapshot', 'null'::jsonb), v_doc ->> 'pdf_path')
      on conflict do nothing;
      get diagnostics v_count = row_count;
      n_invoices := n_invoices + v_count;
    end loop;
  end loop;

  perform public.bump_document_counter(v_user, 'quote', (
    select max(substring(q.number from '^DE([0-9]{1,9})$')::integer) from public.quotes q where q.user_id = v_user));
  perform public.bump_document_counter(v_user, 'invoice', (
    select max(substring(i.number from '^FA([0-9]{1,9})$')::integer) from public.invoices i where i.user_id = v_user));
  perform set_config('atelier.legacy_first_import', 'off', true);

  update public.legacy_imports set
    last_imported_at = now(),
    clients = clients + n_clients,
    quotes = quotes + n_quotes,
    invoices = invoices + n_invoices
  where user_id = v_user;

  return json_build_object('clients', n_clients, 'quotes', n_quotes, 'invoices', n_invoices, 'skipped', n_skipped);
end;
$$;
revoke execute on function public.import_legacy_data(jsonb) from public, anon;
grant execute on function public.import_legacy_data(jsonb) to authenticated, service_role;
