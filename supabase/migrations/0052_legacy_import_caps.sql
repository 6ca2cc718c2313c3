-- Issue 25 §3: imports that cannot forge history. import_legacy_data() (0015) could be called at any time, by any
-- plan, with 5 000 clients, issued invoices under any FA number and date, and moved the FA counter. Now:
--   * once per account (a second call: P0001 « déjà importées », hint legacy_import_done);
--   * at most 1 000 clients and 10 000 documents (the REST layer also caps the body at 2 MB);
--   * the plan's client limit applies (a refused client is skipped and counted; the browser keeps the original);
--   * a numbered legacy invoice keeps its number in its own import series « IMP-<number> », issued and immutable,
--     and never moves the FA counter (decision record 0020); one without a number comes in as a draft;
--   * a row without a valid id, or unreadable, is reported in `errors` (kind, legacy_id, French message) and the
--     rest is imported.

-- A legacy id that is a uuid, else null (no exception on hostile input).
create function public.legacy_uuid(p_value text) returns uuid
language sql immutable set search_path = '' as $$
  select case when p_value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then p_value::uuid end
$$;

-- The plan's limit during imports too: the first-import exception of 0015 is gone.
create or replace function public.enforce_client_limit() returns trigger
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

create or replace function public.import_legacy_data(p_clients jsonb) returns json
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
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  if p_clients is null or jsonb_typeof(p_clients) <> 'array' then
    raise exception 'p_clients must be an array' using errcode = '22023';
  end if;
  if jsonb_array_length(p_clients) > 1000 then
    raise exception 'Trop de clients à importer en une fois (1 000 au plus).'
      using errcode = '22023', hint = 'legacy_import_too_large';
  end if;
  select count(*) into v_docs
    from jsonb_array_elements(p_clients) c,
         jsonb_array_elements(case when jsonb_typeof(c.value -> 'quotes') = 'array' then c.value -> 'quotes' else '[]' end
           || case when jsonb_typeof(c.value -> 'invoices') = 'array' then c.value -> 'invoices' else '[]' end);
  if v_docs > 10000 then
    raise exception 'Trop de documents à importer en une fois (10 000 au plus).'
      using errcode = '22023', hint = 'legacy_import_too_large';
  end if;

  -- Once per account: the row is taken by the first import (two tabs at once: the second waits, then is refused).
  insert into public.legacy_imports (user_id) values (v_user) on conflict (user_id) do nothing;
  get diagnostics v_count = row_count;
  if v_count = 0 then
    raise exception 'Les données de l''ancienne version ont déjà été importées dans ce compte.'
      using errcode = 'P0001', hint = 'legacy_import_done';
  end if;

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
revoke execute on function public.import_legacy_data(jsonb) from public, anon;
grant execute on function public.import_legacy_data(jsonb) to authenticated, service_role;
