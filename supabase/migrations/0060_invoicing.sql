-- Issue 28: French invoicing for a building firm. Per-line VAT (rate + category), the company's VAT regime kept on
-- each document, acomptes (deposit invoices), situations (progress invoices) with a retenue de garantie, the final
-- invoice deducting deposits, the new mentions' data (client SIREN, site address, nature of the operation), and the
-- server's own check of the money at issue time.
--
-- The arithmetic is @atelier/domain's (shared/domain/src/invoicing): integer cents, line net = unit price ×
-- quantity rounded half away from zero, VAT summed per (category, rate) and rounded once per rate (BR-CO-17). The
-- functions below are the same rules in SQL; backend/test/invoicing.test.ts runs both on the same cases.

-- ---------------------------------------------------------------------------------------------------------------
-- Columns.
alter table public.quotes
  add column vat_regime text check (vat_regime in ('assujetti', 'franchise')),
  add column vat_breakdown jsonb check (vat_breakdown is null or jsonb_typeof(vat_breakdown) = 'array'),
  add column progress_billing boolean not null default false,
  add column retenue_percent numeric(4, 2) not null default 0 check (retenue_percent between 0 and 5),
  add column retenue_caution boolean not null default false,
  add column deposit_percent numeric(5, 2) check (deposit_percent > 0 and deposit_percent <= 100),
  add column site_address text check (char_length(site_address) <= 500),
  add column operation_nature text not null default 'services' check (operation_nature in ('services', 'biens', 'mixte'));

alter table public.invoices
  add column kind text not null default 'invoice' check (kind in ('invoice', 'deposit', 'situation')),
  add column vat_regime text check (vat_regime in ('assujetti', 'franchise')),
  add column vat_breakdown jsonb check (vat_breakdown is null or jsonb_typeof(vat_breakdown) = 'array'),
  add column prepaid_cents bigint not null default 0 check (prepaid_cents >= 0),
  add column deductions jsonb not null default '[]'::jsonb check (jsonb_typeof(deductions) = 'array'),
  add column retenue_percent numeric(4, 2) not null default 0 check (retenue_percent between 0 and 5),
  add column retenue_caution boolean not null default false,
  add column retenue_cents bigint not null default 0 check (retenue_cents >= 0),
  add column net_due_cents bigint,
  add column situation_number integer check (situation_number > 0),
  add column progress jsonb check (progress is null or jsonb_typeof(progress) = 'array'),
  add column deposit_percent numeric(5, 2) check (deposit_percent > 0 and deposit_percent <= 100),
  add column site_address text check (char_length(site_address) <= 500),
  add column operation_nature text not null default 'services' check (operation_nature in ('services', 'biens', 'mixte'));

alter table public.credit_notes
  add column invoice_kind text not null default 'invoice' check (invoice_kind in ('invoice', 'deposit', 'situation')),
  add column vat_regime text check (vat_regime in ('assujetti', 'franchise')),
  add column vat_breakdown jsonb;

alter table public.clients
  add column siren text check (siren ~ '^[0-9]{9}$'),
  add column vat_number text check (char_length(vat_number) <= 20),
  add column site_address text check (char_length(site_address) <= 500);

-- TTC = HT + TVA on every new row (NOT VALID: documents imported from the original product keep their float totals).
alter table public.quotes add constraint quotes_ttc_is_ht_plus_tva
  check (total_ttc_cents = total_ht_cents + tva_cents) not valid;
alter table public.invoices add constraint invoices_ttc_is_ht_plus_tva
  check (total_ttc_cents = total_ht_cents + tva_cents) not valid;
alter table public.credit_notes add constraint credit_notes_ttc_is_ht_plus_tva
  check (total_ttc_cents = total_ht_cents + tva_cents) not valid;


-- ---------------------------------------------------------------------------------------------------------------
-- The money rules in SQL (immutable, pure: callable by anyone, they read no table).

-- n / d rounded half away from zero.
create function public.money_div_round(p_n numeric, p_d numeric) returns bigint
language sql immutable strict parallel safe set search_path = '' as $$
  select (sign(p_n) * floor((2 * abs(p_n) + p_d) / (2 * p_d)))::bigint
$$;

-- Luhn key (SIREN, SIRET).
create function public.luhn_valid(p_digits text) returns boolean
language sql immutable strict parallel safe set search_path = '' as $$
  select p_digits ~ '^[0-9]+$' and (
    select sum(case when (length(p_digits) - i) % 2 = 1
      then (case when d * 2 > 9 then d * 2 - 9 else d * 2 end) else d end) % 10 = 0
    from (select i, substr(p_digits, i, 1)::int as d from generate_series(1, length(p_digits)) as i) digits
  )
$$;
alter table public.clients add constraint clients_siren_luhn check (siren is null or public.luhn_valid(siren));

-- The regime a document was made under: its own column, else (documents made before the setting existed) the
-- snapshot's company setting, else 0 % by a company without VAT number was a franchise document.
create function public.document_vat_regime(p_regime text, p_snapshot jsonb, p_rate numeric) returns text
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(
    p_regime,
    p_snapshot #>> '{company,vatRegime}',
    case when p_rate = 0 and p_snapshot ? 'company' and btrim(coalesce(p_snapshot #>> '{company,tva}', '')) = ''
      then 'franchise' else 'assujetti' end)
$$;

-- Each line resolved: net in cents, rate, category (domain's toMoneyLine). Refuses (22023, French) a line whose
-- rate or category the regime does not allow (domain's validateLines).
create function public.document_lines_money(p_lines jsonb, p_regime text, p_doc_rate numeric)
returns table (ord integer, name text, net_cents bigint, rate numeric, category text)
language plpgsql immutable set search_path = '' as $$
declare
  v_line jsonb;
  v_ord integer := 0;
  v_rate numeric;
  v_category text;
  v_categories text[] := '{}';
begin
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    raise exception 'Lignes du document illisibles.' using errcode = '22023';
  end if;
  for v_line in select value from jsonb_array_elements(p_lines) loop
    v_ord := v_ord + 1;
    if jsonb_typeof(v_line) <> 'object' or jsonb_typeof(v_line -> 'price') <> 'number'
      or jsonb_typeof(v_line -> 'quantity') <> 'number' then
      raise exception 'Ligne % illisible : prix et quantité sont requis.', v_ord using errcode = '22023';
    end if;
    if (v_line ->> 'price')::numeric < 0 then
      raise exception '% : Le prix unitaire ne peut pas être négatif.', v_line ->> 'name' using errcode = '22023';
    end if;
    if (v_line ->> 'quantity')::numeric < 0 then
      raise exception '% : La quantité ne peut pas être négative.', v_line ->> 'name' using errcode = '22023';
    end if;
    v_rate := coalesce((v_line ->> 'vatRate')::numeric, p_doc_rate);
    if p_regime = 'franchise' then
      if v_rate <> 0 then
        raise exception 'Votre entreprise est en franchise en base de TVA (art. 293 B du CGI) : aucune ligne ne peut porter de TVA. Changez le régime de TVA sur la page Entreprise si vous êtes assujetti.'
          using errcode = '22023';
      end if;
      v_category := 'franchise';
    else
      if v_rate not in (20, 10, 5.5, 2.1, 0) then
        raise exception '% : Taux de TVA non autorisé : choisissez 20 %%, 10 %%, 5,5 %%, 2,1 %% ou 0 %%.',
          v_line ->> 'name' using errcode = '22023';
      end if;
      v_category := coalesce(v_line ->> 'vatCategory',
        case when v_rate in (10, 5.5) then 'reduced_renovation' when v_rate = 0 then 'autoliquidation' else 'standard' end);
      if not ((v_category = 'standard' and v_rate in (20, 10, 5.5, 2.1))
        or (v_category = 'reduced_renovation' and v_rate in (10, 5.5))
        or (v_category = 'autoliquidation' and v_rate = 0)) then
        raise exception '% : Taux de TVA incompatible avec la catégorie « % ».', v_line ->> 'name', v_category
          using errcode = '22023';
      end if;
    end if;
    v_categories := v_categories || v_category;
    ord := v_ord;
    name := v_line ->> 'name';
    rate := v_rate;
    category := v_category;
    net_cents := public.money_div_round(
      round((v_line ->> 'price')::numeric * 100) * round((v_line ->> 'quantity')::numeric * 100), 100);
    return next;
  end loop;
  if 'autoliquidation' = any (v_categories) and exists (select 1 from unnest(v_categories) c where c <> 'autoliquidation') then
    raise exception 'L''autoliquidation s''applique à tout le document : toutes les lignes doivent être en autoliquidation.'
      using errcode = '22023';
  end if;
end;
$$;

-- The VAT breakdown of resolved lines (domain's vatBreakdown): one row per (category, rate), highest rate first.
create function public.vat_breakdown_of(p_rows jsonb) returns jsonb
language sql immutable parallel safe set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'category', category,
      'code', case category when 'autoliquidation' then 'AE' when 'franchise' then 'E' else 'S' end,
      'rate', rate,
      'base_cents', base,
      'vat_cents', public.money_div_round(base * round(rate * 10), 1000))
    order by rate desc, category), '[]'::jsonb)
  from (
    select r ->> 'category' as category, (r ->> 'rate')::numeric as rate, sum((r ->> 'net_cents')::bigint) as base
    from jsonb_array_elements(p_rows) r
    group by 1, 2
  ) g
$$;

-- Totals of a document's lines: { lines: [net…], breakdown, total_ht_cents, tva_cents, total_ttc_cents }.
-- Exposed for the tests that hold it against the domain's computeDocumentTotals; it reads no table.
create function public.document_money(p_lines jsonb, p_regime text default 'assujetti', p_doc_rate numeric default 20)
returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v_rows jsonb;
  v_breakdown jsonb;
  v_ht bigint;
  v_tva bigint;
begin
  select coalesce(jsonb_agg(jsonb_build_object('net_cents', net_cents, 'rate', rate, 'category', category) order by ord),
      '[]'::jsonb)
    into v_rows
  from public.document_lines_money(p_lines, coalesce(p_regime, 'assujetti'), coalesce(p_doc_rate, 20));
  v_breakdown := public.vat_breakdown_of(v_rows);
  select coalesce(sum((b ->> 'base_cents')::bigint), 0), coalesce(sum((b ->> 'vat_cents')::bigint), 0)
    into v_ht, v_tva from jsonb_array_elements(v_breakdown) b;
  return jsonb_build_object(
    'lines', (select coalesce(jsonb_agg((r ->> 'net_cents')::bigint), '[]'::jsonb) from jsonb_array_elements(v_rows) r),
    'rows', v_rows,
    'breakdown', v_breakdown,
    'total_ht_cents', v_ht,
    'tva_cents', v_tva,
    'total_ttc_cents', v_ht + v_tva);
end;
$$;
grant execute on function public.document_money(jsonb, text, numeric) to anon, authenticated, service_role;


-- ---------------------------------------------------------------------------------------------------------------
-- Issued invoices: immutable except payment and the archived files' paths (each set once). Generic over the
-- columns, so columns added later are protected too. Runs as owner (issue 25: user_exists is not granted).
create or replace function public.protect_issued_invoice() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_free text[] := array['is_paid', 'payment_date', 'pdf_path', 'updated_at', 'field_clock'];
begin
  if tg_op = 'DELETE' then
    if old.status = 'issued' and public.user_exists(old.user_id) then
      raise exception 'Une facture émise ne peut pas être supprimée : émettez un avoir (Annuler).'
        using errcode = '42501', hint = 'invoice_immutable';
    end if;
    return old;
  end if;
  if old.status = 'issued' then
    if (to_jsonb(new) - v_free) is distinct from (to_jsonb(old) - v_free)
      or (new.pdf_path is distinct from old.pdf_path and old.pdf_path is not null)
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
revoke execute on function public.protect_issued_invoice() from public, anon, authenticated;


-- ---------------------------------------------------------------------------------------------------------------
-- Deposits of a devis already issued and not cancelled by an avoir: what a final invoice deducts (BT-113, BG-3).
create function public.issued_deposits(p_user uuid, p_quote_id uuid) returns jsonb
language sql stable security definer set search_path = '' as $$
  select coalesce(jsonb_agg(jsonb_build_object(
      'invoice_id', i.id, 'number', i.number, 'issue_date', i.issue_date, 'total_ttc_cents', i.total_ttc_cents)
    order by i.issue_date, i.number), '[]'::jsonb)
  from public.invoices i
  where i.user_id = p_user and i.quote_id = p_quote_id and i.kind = 'deposit' and i.status = 'issued'
    and not exists (select 1 from public.credit_notes n where n.invoice_id = i.id)
$$;
revoke execute on function public.issued_deposits(uuid, uuid) from public, anon, authenticated;

-- A situation's expected amounts from its devis and its progress (domain's planSituation): per line the cumulative
-- net now minus the cumulative net before; per (category, rate) the VAT of the cumulative base now minus the VAT of
-- the cumulative base before, so the situations of a devis add up to it to the cent.
create function public.situation_money(p_quote_lines jsonb, p_regime text, p_doc_rate numeric, p_progress jsonb)
returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v_now jsonb := '[]'::jsonb;
  v_before jsonb := '[]'::jsonb;
  v_nets jsonb := '[]'::jsonb;
  v_row record;
  v_prev numeric;
  v_cur numeric;
  v_cum_now bigint;
  v_cum_before bigint;
  v_breakdown jsonb;
begin
  if p_progress is null or jsonb_typeof(p_progress) <> 'array'
    or jsonb_array_length(p_progress) <> jsonb_array_length(p_quote_lines) then
    raise exception 'L''avancement doit être donné pour chaque ligne du devis.' using errcode = '22023';
  end if;
  for v_row in select * from public.document_lines_money(p_quote_lines, p_regime, p_doc_rate) loop
    v_prev := coalesce((p_progress -> (v_row.ord - 1) ->> 'previous')::numeric, 0);
    v_cur := coalesce((p_progress -> (v_row.ord - 1) ->> 'current')::numeric, v_prev);
    if v_cur < 0 or v_cur > 100 or v_prev < 0 or v_prev > 100 then
      raise exception 'Le pourcentage d''avancement doit être compris entre 0 et 100 %%.' using errcode = '22023';
    end if;
    if v_cur < v_prev then
      raise exception 'L''avancement de « % » ne peut pas baisser (déjà facturé : % %%). Émettez un avoir pour corriger.',
        v_row.name, replace(v_prev::text, '.', ',') using errcode = '22023';
    end if;
    v_cum_now := public.money_div_round(v_row.net_cents * round(v_cur * 100), 10000);
    v_cum_before := public.money_div_round(v_row.net_cents * round(v_prev * 100), 10000);
    v_now := v_now || jsonb_build_object('net_cents', v_cum_now, 'rate', v_row.rate, 'category', v_row.category);
    v_before := v_before || jsonb_build_object('net_cents', v_cum_before, 'rate', v_row.rate, 'category', v_row.category);
    v_nets := v_nets || to_jsonb(v_cum_now - v_cum_before);
  end loop;
  select coalesce(jsonb_agg(jsonb_build_object(
      'category', n ->> 'category', 'code', n ->> 'code', 'rate', (n ->> 'rate')::numeric,
      'base_cents', (n ->> 'base_cents')::bigint - coalesce((b ->> 'base_cents')::bigint, 0),
      'vat_cents', (n ->> 'vat_cents')::bigint - coalesce((b ->> 'vat_cents')::bigint, 0))
    order by (n ->> 'rate')::numeric desc, n ->> 'category'), '[]'::jsonb)
    into v_breakdown
  from jsonb_array_elements(public.vat_breakdown_of(v_now)) n
  left join jsonb_array_elements(public.vat_breakdown_of(v_before)) b
    on b ->> 'category' = n ->> 'category' and (b ->> 'rate')::numeric = (n ->> 'rate')::numeric;
  return jsonb_build_object('lines', v_nets, 'breakdown', v_breakdown,
    'final', not exists (select 1 from jsonb_array_elements(p_progress) p
      where coalesce((p ->> 'current')::numeric, (p ->> 'previous')::numeric, 0) <> 100));
end;
$$;
grant execute on function public.situation_money(jsonb, text, numeric, jsonb) to anon, authenticated, service_role;


-- ---------------------------------------------------------------------------------------------------------------
-- issue_invoice(id): validates the draft (spec §5), recomputes its money from its lines with the rules above and
-- refuses a draft whose stored totals disagree (the browser's figures are never trusted), checks what its kind
-- needs (a deposit within the devis, a situation continuing the last one, the regime of its devis), sets the
-- deductions of deposits and the retenue, then gives it the next FA number (factures, acomptes and situations
-- share the gapless series), the issue date and the due date (≤ 60 days, C. com. L441-10).
create or replace function public.issue_invoice(p_id uuid) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_invoice public.invoices;
  v_client public.clients;
  v_quote public.quotes;
  v_regime text;
  v_money jsonb;
  v_expected jsonb;
  v_breakdown jsonb;
  v_ht bigint;
  v_tva bigint;
  v_ttc bigint;
  v_prepaid bigint := 0;
  v_deductions jsonb := '[]'::jsonb;
  v_retenue bigint := 0;
  v_situation integer;
  v_last public.invoices;
  v_quote_ttc bigint;
  v_deadline integer;
  v_number text;
  v_today date := (now() at time zone 'Europe/Paris')::date;
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
  select * into v_client from public.clients where id = v_invoice.client_id and user_id = v_user;
  if coalesce(btrim(coalesce(v_client.email, v_invoice.snapshot #>> '{client,email}')), '') = '' then
    raise exception 'L''email du client est requis pour générer une facture' using errcode = '22023';
  end if;
  if coalesce(btrim(coalesce(v_client.name, v_invoice.snapshot #>> '{client,name}')), '') = '' then
    raise exception 'Le nom du client est requis pour générer une facture' using errcode = '22023';
  end if;
  if jsonb_array_length(v_invoice.lines) = 0 then
    raise exception 'Au moins une tâche est requise pour générer une facture' using errcode = '22023';
  end if;

  v_regime := public.document_vat_regime(v_invoice.vat_regime, v_invoice.snapshot, v_invoice.vat_rate);
  if v_invoice.quote_id is not null then
    select * into v_quote from public.quotes where id = v_invoice.quote_id and user_id = v_user;
  end if;
  if v_quote.id is not null
    and public.document_vat_regime(v_quote.vat_regime, v_quote.snapshot, v_quote.vat_rate) <> v_regime then
    raise exception 'Le régime de TVA de votre entreprise a changé depuis le devis : la facture doit reprendre exactement les lignes et les taux du devis. Rétablissez le régime du devis sur la page Entreprise, ou refaites un devis.'
      using errcode = '22023';
  end if;
  if v_invoice.kind in ('deposit', 'situation') and v_quote.id is null then
    raise exception 'Une facture d''acompte ou de situation se fait depuis un devis.' using errcode = '22023';
  end if;

  v_money := public.document_money(v_invoice.lines, v_regime, v_invoice.vat_rate);
  v_breakdown := v_money -> 'breakdown';

  if v_invoice.kind = 'situation' then
    select * into v_last from public.invoices i
      where i.user_id = v_user and i.quote_id = v_quote.id and i.kind = 'situation' and i.status = 'issued'
        and not exists (select 1 from public.credit_notes n where n.invoice_id = i.id)
      order by i.situation_number desc limit 1;
    if exists (
      select 1 from generate_series(0, jsonb_array_length(coalesce(v_invoice.progress, '[]'::jsonb)) - 1) k
      where coalesce((v_invoice.progress -> k ->> 'previous')::numeric, 0)
        <> coalesce((v_last.progress -> k ->> 'current')::numeric, 0)
    ) then
      raise exception 'Une autre situation de ce devis a été émise entre-temps : rouvrez le brouillon pour repartir de son avancement.'
        using errcode = '22023';
    end if;
    v_expected := public.situation_money(v_quote.lines, v_regime, v_quote.vat_rate, v_invoice.progress);
    if (v_expected -> 'lines') is distinct from (v_money -> 'lines') then
      raise exception 'Les montants de la situation ne correspondent pas à son avancement : rouvrez le brouillon pour les recalculer.'
        using errcode = '22023';
    end if;
    if not exists (select 1 from jsonb_array_elements(v_expected -> 'lines') l where (l #>> '{}')::bigint <> 0) then
      raise exception 'Cette situation ne facture rien de plus que les précédentes : augmentez l''avancement.'
        using errcode = '22023';
    end if;
    v_breakdown := v_expected -> 'breakdown';
    select count(*) + 1 into v_situation from public.invoices i
      where i.user_id = v_user and i.quote_id = v_quote.id and i.kind = 'situation' and i.status = 'issued';
  end if;

  select coalesce(sum((b ->> 'base_cents')::bigint), 0), coalesce(sum((b ->> 'vat_cents')::bigint), 0)
    into v_ht, v_tva from jsonb_array_elements(v_breakdown) b;
  v_ttc := v_ht + v_tva;
  if v_ht <> v_invoice.total_ht_cents or v_tva <> v_invoice.tva_cents or v_ttc <> v_invoice.total_ttc_cents then
    raise exception 'Les montants de la facture ne correspondent pas à ses lignes (HT %, TVA % attendus) : rouvrez le brouillon pour les recalculer.',
      to_char(v_ht / 100.0, 'FM999999990.00'), to_char(v_tva / 100.0, 'FM999999990.00') using errcode = '22023';
  end if;
  if v_regime = 'assujetti' and exists (select 1 from jsonb_array_elements(v_breakdown) b where b ->> 'code' = 'AE')
    and coalesce(btrim(coalesce(v_client.vat_number, v_invoice.snapshot #>> '{client,vatNumber}')), '') = '' then
    raise exception 'Le numéro de TVA intracommunautaire du client est obligatoire pour une facture en autoliquidation (art. 283-2 nonies du CGI).'
      using errcode = '22023';
  end if;

  if v_invoice.kind = 'deposit' then
    v_quote_ttc := (public.document_money(v_quote.lines, v_regime, v_quote.vat_rate) ->> 'total_ttc_cents')::bigint;
    if v_ttc + coalesce((select sum((d ->> 'total_ttc_cents')::bigint)
        from jsonb_array_elements(public.issued_deposits(v_user, v_quote.id)) d), 0) > v_quote_ttc then
      raise exception 'L''acompte dépasse le montant restant du devis.' using errcode = '22023';
    end if;
  elsif v_quote.id is not null and (v_invoice.kind = 'invoice' or (v_expected ->> 'final')::boolean) then
    -- The final invoice (or the last situation) deducts the deposits received on its devis.
    v_deductions := public.issued_deposits(v_user, v_quote.id);
    select coalesce(sum((d ->> 'total_ttc_cents')::bigint), 0) into v_prepaid from jsonb_array_elements(v_deductions) d;
    if v_prepaid > v_ttc then
      raise exception 'Les acomptes déjà facturés dépassent le montant de cette facture : annulez un acompte par un avoir.'
        using errcode = '22023';
    end if;
  end if;
  if v_invoice.retenue_percent > 0 and not v_invoice.retenue_caution then
    v_retenue := public.money_div_round(v_ttc * round(v_invoice.retenue_percent * 100), 10000);
  end if;

  v_deadline := least(60, coalesce(
    case when (v_invoice.snapshot #>> '{customization,invoice,paymentDeadline}') ~ '^[0-9]{1,4}$'
      then (v_invoice.snapshot #>> '{customization,invoice,paymentDeadline}')::integer end,
    30));
  v_number := public.allocate_document_number(v_user, 'invoice');

  perform set_config('atelier.issuing', 'on', true);
  update public.invoices set
    status = 'issued',
    number = v_number,
    vat_regime = v_regime,
    vat_breakdown = v_breakdown,
    prepaid_cents = v_prepaid,
    deductions = v_deductions,
    retenue_cents = v_retenue,
    net_due_cents = v_ttc - v_prepaid - v_retenue,
    situation_number = v_situation,
    issue_date = coalesce(issue_date, v_today),
    service_date = coalesce(service_date, issue_date, v_today),
    due_date = least(
      coalesce(due_date, coalesce(issue_date, v_today) + v_deadline),
      coalesce(issue_date, v_today) + 60)
  where id = p_id
  returning * into v_invoice;
  perform set_config('atelier.issuing', 'off', true);
  return row_to_json(v_invoice);
end;
$$;
revoke execute on function public.issue_invoice(uuid) from public, anon;
grant execute on function public.issue_invoice(uuid) to authenticated, service_role;

-- issue_credit_note(invoice id, reason): as before, and the avoir keeps its invoice's regime, kind and VAT
-- breakdown (negated), which its PDF and its Factur-X (type 381) print.
create or replace function public.issue_credit_note(p_invoice_id uuid, p_reason text default 'cancel') returns json
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
    total_ht_cents, tva_cents, total_ttc_cents, snapshot, invoice_kind, vat_regime, vat_breakdown
  ) values (
    v_user, v_invoice.id, v_invoice.client_id, public.allocate_document_number(v_user, 'credit_note'), p_reason,
    (now() at time zone 'Europe/Paris')::date, v_invoice.project_title, v_invoice.lines, v_invoice.vat_rate,
    -v_invoice.total_ht_cents, -v_invoice.tva_cents, -v_invoice.total_ttc_cents,
    coalesce(v_invoice.snapshot, '{}'::jsonb) || jsonb_build_object(
      'invoiceNumber', v_invoice.number, 'invoiceDate', v_invoice.issue_date),
    v_invoice.kind, v_invoice.vat_regime,
    (select jsonb_agg(b || jsonb_build_object('base_cents', -(b ->> 'base_cents')::bigint,
        'vat_cents', -(b ->> 'vat_cents')::bigint))
      from jsonb_array_elements(coalesce(v_invoice.vat_breakdown, '[]'::jsonb)) b)
  )
  returning * into v_note;
  return row_to_json(v_note);
end;
$$;
revoke execute on function public.issue_credit_note(uuid, text) from public, anon;
grant execute on function public.issue_credit_note(uuid, text) to authenticated, service_role;
