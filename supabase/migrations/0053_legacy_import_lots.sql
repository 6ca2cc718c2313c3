-- Issue 25 §2/§3: the legacy import in lots, so that no single statement holds the database (PGlite's single
-- connection cannot interrupt a running query: one 1 000-client call held every other user for seconds).
--   * import_legacy_data(p_clients, p_final): at most 50 clients and 500 documents per call; the lots add up
--     to at most 1 000 clients and 10 000 documents for the whole import; the call with p_final = true ends it;
--   * once per account as before: after the final lot any call is refused (P0001, hint legacy_import_done);
--   * import_legacy_data(p_clients) (0052's signature) is a single, final lot;
--   * accounts that imported before this migration count as finished.
-- The browser (@atelier/storage legacy-import.ts) sends lots of 25 clients, the last one final (each lot takes
-- about a tenth of a second on PGlite: other users' reads wait at most that long).

alter table public.legacy_imports
  add column finished_at timestamptz,
  add column received_clients integer not null default 0,
  add column received_documents integer not null default 0;
update public.legacy_imports set finished_at = last_imported_at;

drop function public.import_legacy_data(jsonb);

create function public.import_legacy_data(p_clients jsonb, p_final boolean) returns json
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

  for v_client in select value from jsonb_array_elements(p_clients) loop
    if jsonb_typeof(v_client) <> 'object' or coalesce(btrim(v_client ->> 'email'), '') = '' then
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
          coalesce(public.legacy_uuid(v_client ->> 'id'), gen_random_uuid()), v_user,
          left(coalesce(nullif(btrim(v_client ->> 'name'), ''), btrim(v_client ->> 'email')), 200),
          left(btrim(v_client ->> 'email'), 320),
          left(coalesce(btrim(v_client ->> 'phone'), ''), 50),
          left(coalesce(btrim(v_client ->> 'address'), ''), 500))
        returning id into v_client_id;
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
      if exists (select 1 from public.invoices i
          where i.user_id = v_user and (i.id = (v_doc ->> 'id')::uuid or i.legacy_id = v_doc ->> 'legacy_id')) then
        continue;
      end if;
      -- The import series: the original number behind « IMP- », never the FA series (whose counter it never
      -- moves); a legacy invoice without a number comes in as a draft, to be issued in the FA series.
      v_number := nullif(btrim(coalesce(v_doc ->> 'number', '')), '');
      if v_number is not null then
        v_number := 'IMP-' || left(v_number, 26);
        if exists (select 1 from public.invoices i where i.user_id = v_user and i.number = v_number) then
          v_errors := v_errors || jsonb_build_object('kind', 'invoice', 'legacy_id', left(v_doc ->> 'legacy_id', 100),
            'number', v_number, 'message', 'Numéro de facture déjà importé : non importée.');
          continue;
        end if;
      end if;
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
      n_invoices := n_invoices + v_count;
      exception when data_exception or integrity_constraint_violation then
        v_errors := v_errors || jsonb_build_object('kind', 'invoice', 'legacy_id', left(v_doc ->> 'legacy_id', 100),
          'number', v_number, 'message', 'Facture illisible : non importée.');
      end;
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

create function public.import_legacy_data(p_clients jsonb) returns json
language sql volatile set search_path = '' as $$
  select public.import_legacy_data(p_clients, true)
$$;
revoke execute on function public.import_legacy_data(jsonb) from public, anon;
grant execute on function public.import_legacy_data(jsonb) to authenticated, service_role;
