-- The legacy import's lots at a flat cost (decision record 0170). A lot of 25 clients took about 40 ms at the start
-- of a 1 000-client import and about 200 ms at its end on PGlite, and a running PGlite query holds every other
-- user's request: the fairness bench's read p99 followed the last lots. Two per-row probes walked the user's
-- whole book: PGlite has no autovacuum, so its tables are never analysed, and PL/pgSQL keeps the plan it made
-- when the book was empty (the (user_id, updated_at) index, then a filter over every row):
--   * the client looked up by e-mail (any case) for each client of the lot: now one statement per lot, planned
--     at each lot (EXECUTE), over a new index on (user_id, lower(email));
--   * « already imported? » and « number taken? » before each invoice: now the insert comes first (its
--     ON CONFLICT DO NOTHING already covers id, legacy id and number) and the two questions are asked only
--     when it inserted nothing, with the same answers as 0053 (skipped silently / reported / unreadable).
-- Caps, the once-per-account rule, the plan's client limit (trigger) and the lines checks are unchanged.

create index clients_user_email_lower_idx on public.clients (user_id, lower(email));

create or replace function public.import_legacy_data(p_clients jsonb, p_final boolean) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_client jsonb;
  v_client_id uuid;
  v_doc jsonb;
  v_number text;
  v_count integer;
  n_clients integer := 0;
  n_quotes integer := 0;
  n_invoices integer := 0;
  n_skipped integer := 0;
  v_errors jsonb := '[]'::jsonb;
  v_docs integer;
  v_finished timestamptz;
  v_received_clients integer;
  v_received_documents integer;
  v_known jsonb;
  v_key text;
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  if p_clients is null or jsonb_typeof(p_clients) <> 'array' then
    raise exception 'p_clients must be an array' using errcode = '22023';
  end if;
  if jsonb_array_length(p_clients) > 50 then
    raise exception 'Trop de clients à importer en un envoi (50 au plus : envoyez-les par lots).'
      using errcode = '22023', hint = 'legacy_import_too_large';
  end if;
  select count(*) into v_docs
    from jsonb_array_elements(p_clients) c,
         jsonb_array_elements(case when jsonb_typeof(c.value -> 'quotes') = 'array' then c.value -> 'quotes' else '[]' end
           || case when jsonb_typeof(c.value -> 'invoices') = 'array' then c.value -> 'invoices' else '[]' end);
  if v_docs > 500 then
    raise exception 'Trop de documents à importer en un envoi (500 au plus : envoyez-les par lots).'
      using errcode = '22023', hint = 'legacy_import_too_large';
  end if;

  -- Once per account: the import runs in lots until the final one; a finished import refuses any further call.
  -- The row is locked for the lot (two tabs at once: the second waits, then sees the totals or the end).
  insert into public.legacy_imports (user_id, finished_at) values (v_user, null) on conflict (user_id) do nothing;
  select l.finished_at, l.received_clients, l.received_documents
    into v_finished, v_received_clients, v_received_documents
    from public.legacy_imports l where l.user_id = v_user for update;
  if v_finished is not null then
    raise exception 'Les données de l''ancienne version ont déjà été importées dans ce compte.'
      using errcode = 'P0001', hint = 'legacy_import_done';
  end if;
  -- The whole import's caps, over every lot (what is sent counts, imported or not).
  if v_received_clients + jsonb_array_length(p_clients) > 1000 then
    raise exception 'Trop de clients à importer (1 000 au plus).'
      using errcode = '22023', hint = 'legacy_import_too_large';
  end if;
  if v_received_documents + v_docs > 10000 then
    raise exception 'Trop de documents à importer (10 000 au plus).'
      using errcode = '22023', hint = 'legacy_import_too_large';
  end if;
  update public.legacy_imports set
    received_clients = received_clients + jsonb_array_length(p_clients),
    received_documents = received_documents + v_docs,
    finished_at = case when p_final then now() end
  where user_id = v_user;

  -- The lot's clients already in the book (same e-mail in any case, the oldest one) in one statement per lot,
  -- planned for the book's size at each lot (EXECUTE): 0053 asked once per client with a plan cached when the
  -- book was empty, and each ask walked the whole book (PGlite never analyses its tables), so every lot was slower
  -- than the one before. The clients this lot adds are added to the map as they come.
  execute $q$
    select coalesce(jsonb_object_agg(k.email, k.id), '{}'::jsonb)
      from (select distinct on (lower(c.email)) lower(c.email) as email, c.id
              from public.clients c
             where c.user_id = $1 and lower(c.email) = any ($2)
             order by lower(c.email), c.created_at) k
  $q$ into v_known
  using v_user, array(select distinct lower(btrim(x.value ->> 'email')) from jsonb_array_elements(p_clients) x
                       where jsonb_typeof(x.value) = 'object' and coalesce(btrim(x.value ->> 'email'), '') <> '');

  for v_client in select value from jsonb_array_elements(p_clients) loop
    if jsonb_typeof(v_client) <> 'object' or coalesce(btrim(v_client ->> 'email'), '') = '' then
      n_skipped := n_skipped + 1;
      continue;
    end if;
    v_client_id := (v_known ->> lower(btrim(v_client ->> 'email')))::uuid;
    if v_client_id is null then
      begin
        insert into public.clients (id, user_id, name, email, phone, address)
        values (
          coalesce(public.legacy_uuid(v_client ->> 'id'), gen_random_uuid()), v_user,
          left(coalesce(nullif(btrim(v_client ->> 'name'), ''), btrim(v_client ->> 'email')), 200),
          left(btrim(v_client ->> 'email'), 320),
          left(coalesce(btrim(v_client ->> 'phone'), ''), 50),
          left(coalesce(btrim(v_client ->> 'address'), ''), 500))
        returning id, lower(email) into v_client_id, v_key;
        v_known := v_known || jsonb_build_object(v_key, v_client_id);
        n_clients := n_clients + 1;
      exception when sqlstate 'P0001' then
        -- The plan's client limit: this client and its documents are not imported (the browser keeps them).
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

    for v_doc in select value from jsonb_array_elements(
        case when jsonb_typeof(v_client -> 'quotes') = 'array' then v_client -> 'quotes' else '[]' end) loop
      if public.legacy_uuid(v_doc ->> 'id') is null then
        v_errors := v_errors || jsonb_build_object('kind', 'quote', 'legacy_id', left(v_doc ->> 'legacy_id', 100),
          'message', 'Devis sans identifiant valide : non importé.');
        continue;
      end if;
      begin
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
      exception when data_exception or integrity_constraint_violation then
        v_errors := v_errors || jsonb_build_object('kind', 'quote', 'legacy_id', left(v_doc ->> 'legacy_id', 100),
          'message', 'Devis illisible : non importé.');
      end;
    end loop;

    for v_doc in select value from jsonb_array_elements(
        case when jsonb_typeof(v_client -> 'invoices') = 'array' then v_client -> 'invoices' else '[]' end) loop
      if public.legacy_uuid(v_doc ->> 'id') is null then
        v_errors := v_errors || jsonb_build_object('kind', 'invoice', 'legacy_id', left(v_doc ->> 'legacy_id', 100),
          'number', left(v_doc ->> 'number', 30), 'message', 'Facture sans identifiant valide : non importée.');
        continue;
      end if;
      -- The import series: the original number behind « IMP- », never the FA series (whose counter it never
      -- moves); a legacy invoice without a number comes in as a draft, to be issued in the FA series.
      v_number := nullif(btrim(coalesce(v_doc ->> 'number', '')), '');
      if v_number is not null then
        v_number := 'IMP-' || left(v_number, 26);
      end if;
      -- Inserted first, asked why only when not: the same answers as 0053's checks before the insert, without
      -- their two probes per invoice (each walked the user's invoices on PGlite, which never analyses its tables).
      v_count := 0;
      begin
      insert into public.invoices (
        id, user_id, client_id, quote_id, quote_number, legacy_id, status, number, issue_date, service_date,
        due_date, project_title, lines, vat_rate, total_ht_cents, tva_cents, total_ttc_cents, is_paid,
        payment_date, snapshot, pdf_path
      ) values (
        (v_doc ->> 'id')::uuid, v_user, v_client_id, (v_doc ->> 'quote_id')::uuid, v_doc ->> 'quote_number',
        v_doc ->> 'legacy_id', case when v_number is null then 'draft' else 'issued' end, v_number,
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
      exception when data_exception or integrity_constraint_violation then
        v_count := -1;
      end;
      if v_count = 1 then
        n_invoices := n_invoices + 1;
        continue;
      end if;
      -- Already imported (same id or legacy id): skipped silently; its number taken: reported; else unreadable.
      if exists (select 1 from public.invoices i where i.id = (v_doc ->> 'id')::uuid and i.user_id = v_user)
        or exists (select 1 from public.invoices i where i.user_id = v_user and i.legacy_id = v_doc ->> 'legacy_id') then
        continue;
      end if;
      if v_number is not null and exists (select 1 from public.invoices i where i.user_id = v_user and i.number = v_number) then
        v_errors := v_errors || jsonb_build_object('kind', 'invoice', 'legacy_id', left(v_doc ->> 'legacy_id', 100),
          'number', v_number, 'message', 'Numéro de facture déjà importé : non importée.');
      elsif v_count = -1 then
        v_errors := v_errors || jsonb_build_object('kind', 'invoice', 'legacy_id', left(v_doc ->> 'legacy_id', 100),
          'number', v_number, 'message', 'Facture illisible : non importée.');
      end if;
    end loop;
  end loop;

  perform public.bump_document_counter(v_user, 'quote', (
    select max(substring(q.number from '^DE([0-9]{1,9})$')::integer) from public.quotes q where q.user_id = v_user));

  update public.legacy_imports set
    last_imported_at = now(),
    clients = clients + n_clients,
    quotes = quotes + n_quotes,
    invoices = invoices + n_invoices
  where user_id = v_user;

  return json_build_object('clients', n_clients, 'quotes', n_quotes, 'invoices', n_invoices, 'skipped', n_skipped,
    'errors', v_errors);
end;
$$;
revoke execute on function public.import_legacy_data(jsonb, boolean) from public, anon;
grant execute on function public.import_legacy_data(jsonb, boolean) to authenticated, service_role;
