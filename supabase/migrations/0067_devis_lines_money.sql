-- Issue 27: the devis lines the way artisans write them — sections, comments, ouvrages, remises per line and on the
-- whole document, options outside the total unless accepted — in the server's money rules, the same as
-- @atelier/domain's devisTotals / computeDocumentTotals (shared/domain/src/invoicing/devis-lines.ts, totals.ts):
--   * a line's `kind` 'text' or 'section' carries no amount; an item (or every item of a section) marked `option`
--     is outside the total unless `accepted`;
--   * a line's net = round(quantity × price) − its remise (percent half away from zero, or amount), never < 0;
--   * the document's remise globale (`discount` jsonb, null = none) comes off the total HT, spread over the VAT
--     rates in proportion to their bases (each share rounded, the remainder on the largest base), VAT on the
--     discounted bases;
--   * the shape of `lines` and `discount` is checked at every write (French message, nothing stored): remises
--     0–100 % / ≥ 0 €, texts capped, no nested JSON beyond a remise and an ouvrage's flat components.

alter table public.quotes add column if not exists discount jsonb;
alter table public.invoices add column if not exists discount jsonb;
alter table public.credit_notes add column if not exists discount jsonb;

-- Why a remise (line or document) is refused, or null.
create function public.discount_error(p_discount jsonb) returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v_value numeric;
begin
  if p_discount is null or jsonb_typeof(p_discount) = 'null' then
    return null;
  end if;
  if jsonb_typeof(p_discount) <> 'object' or jsonb_typeof(p_discount -> 'value') is distinct from 'number'
    or (p_discount ->> 'kind') is null or (p_discount ->> 'kind') not in ('percent', 'amount')
    or exists (select 1 from jsonb_object_keys(p_discount) k where k not in ('kind', 'value')) then
    return 'Remise illisible : un pourcentage ou un montant est attendu.';
  end if;
  v_value := (p_discount ->> 'value')::numeric;
  if v_value < 0 then
    return 'Une remise ne peut pas être négative.';
  end if;
  if p_discount ->> 'kind' = 'percent' and v_value > 100 then
    return 'Une remise en pourcentage ne peut pas dépasser 100 %.';
  end if;
  return null;
end;
$$;
grant execute on function public.discount_error(jsonb) to anon, authenticated, service_role;

-- Why a document's `lines` are refused at write, or null (domain's validateDevisLines for the shape; the VAT rules
-- are checked when an invoice is issued).
create function public.document_lines_error(p_lines jsonb) returns text
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v_line jsonb;
  v_ord integer := 0;
  v_key text;
  v_value jsonb;
  v_component jsonb;
  v_error text;
begin
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    return 'Lignes du document illisibles.';
  end if;
  if jsonb_array_length(p_lines) > 1000 then
    return 'Un document ne peut pas dépasser 1000 lignes.';
  end if;
  for v_line in select value from jsonb_array_elements(p_lines) loop
    v_ord := v_ord + 1;
    if jsonb_typeof(v_line) <> 'object' then
      return format('Ligne %s illisible.', v_ord);
    end if;
    for v_key, v_value in select key, value from jsonb_each(v_line) loop
      if v_key = 'discount' then
        v_error := public.discount_error(v_value);
        if v_error is not null then
          return format('%s : %s', coalesce(v_line ->> 'name', format('Ligne %s', v_ord)), v_error);
        end if;
      elsif v_key = 'components' then
        if jsonb_typeof(v_value) <> 'array' or jsonb_array_length(v_value) > 200 then
          return format('Ligne %s illisible : composants de l''ouvrage illisibles.', v_ord);
        end if;
        for v_component in select value from jsonb_array_elements(v_value) loop
          if jsonb_typeof(v_component) <> 'object'
            or exists (select 1 from jsonb_each(v_component) c where jsonb_typeof(c.value) in ('object', 'array'))
            or jsonb_typeof(v_component -> 'price') is distinct from 'number'
            or jsonb_typeof(v_component -> 'quantity') is distinct from 'number'
            or length(coalesce(v_component ->> 'name', '')) > 500 then
            return format('Ligne %s illisible : composants de l''ouvrage illisibles.', v_ord);
          end if;
          if (v_component ->> 'price')::numeric < 0 or (v_component ->> 'quantity')::numeric < 0 then
            return format('« %s » : la quantité et le prix d’un composant ne peuvent pas être négatifs.',
              v_component ->> 'name');
          end if;
        end loop;
      elsif jsonb_typeof(v_value) in ('object', 'array') then
        return format('Ligne %s illisible : champ « %s » inattendu.', v_ord, left(v_key, 50));
      end if;
    end loop;
    if length(coalesce(v_line ->> 'description', '')) > 2000 then
      return format('%s : La description ne peut pas dépasser 2000 caractères.', left(coalesce(v_line ->> 'name', ''), 100));
    end if;
    if length(coalesce(v_line ->> 'name', '')) > 500 then
      return format('Ligne %s : La désignation ne peut pas dépasser 500 caractères.', v_ord);
    end if;
    if (v_line ->> 'kind') is not null and (v_line ->> 'kind') not in ('item', 'text', 'section') then
      return format('Ligne %s illisible : type de ligne inconnu.', v_ord);
    end if;
    if coalesce(v_line ->> 'kind', 'item') = 'item' then
      if jsonb_typeof(v_line -> 'price') is distinct from 'number'
        or jsonb_typeof(v_line -> 'quantity') is distinct from 'number' then
        return format('Ligne %s illisible : prix et quantité sont requis.', v_ord);
      end if;
      if (v_line ->> 'price')::numeric < 0 then
        return format('%s : Le prix unitaire ne peut pas être négatif.', v_line ->> 'name');
      end if;
      if (v_line ->> 'quantity')::numeric < 0 then
        return format('%s : La quantité ne peut pas être négative.', v_line ->> 'name');
      end if;
    end if;
  end loop;
  return null;
end;
$$;
grant execute on function public.document_lines_error(jsonb) to anon, authenticated, service_role;

-- Every write of a document's lines or remise globale: refused with the French reason, nothing stored. Rows
-- written before are not re-checked when other columns change.
create function public.check_document_content() returns trigger
language plpgsql set search_path = '' as $$
declare
  v_error text;
begin
  if tg_op = 'UPDATE' and new.lines is not distinct from old.lines and new.discount is not distinct from old.discount then
    return new;
  end if;
  v_error := coalesce(public.document_lines_error(new.lines), public.discount_error(new.discount));
  if v_error is not null then
    raise exception '%', v_error using errcode = '22023', hint = 'document_content';
  end if;
  return new;
end;
$$;
revoke execute on function public.check_document_content() from public, anon, authenticated;
create trigger quotes_check_content before insert or update on public.quotes
  for each row execute function public.check_document_content();
create trigger invoices_check_content before insert or update on public.invoices
  for each row execute function public.check_document_content();

-- Each line in the total resolved: net in cents after its remise, rate, category (domain's toMoneyLines:
-- text / section lines and options not accepted are left out; `ord` numbers the lines in the total). Refuses
-- (22023, French) a line whose rate or category the regime does not allow (domain's validateLines).
create or replace function public.document_lines_money(p_lines jsonb, p_regime text, p_doc_rate numeric)
returns table (ord integer, name text, net_cents bigint, rate numeric, category text)
language plpgsql immutable set search_path = '' as $$
declare
  v_line jsonb;
  v_ord integer := 0;
  v_n integer := 0;
  v_rate numeric;
  v_category text;
  v_categories text[] := '{}';
  v_section jsonb;
  v_option boolean;
  v_accepted boolean;
  v_gross bigint;
  v_discount bigint;
  v_value numeric;
begin
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    raise exception 'Lignes du document illisibles.' using errcode = '22023';
  end if;
  for v_line in select value from jsonb_array_elements(p_lines) loop
    v_n := v_n + 1;
    if jsonb_typeof(v_line) <> 'object' then
      raise exception 'Ligne % illisible : prix et quantité sont requis.', v_n using errcode = '22023';
    end if;
    if v_line ->> 'kind' = 'section' then
      v_section := v_line;
      continue;
    end if;
    if v_line ->> 'kind' = 'text' then
      continue;
    end if;
    v_option := coalesce((v_line ->> 'option')::boolean, (v_section ->> 'option')::boolean, false);
    v_accepted := coalesce((v_line ->> 'accepted')::boolean,
      case when (v_line ->> 'option') is null then (v_section ->> 'accepted')::boolean end, false);
    if v_option and not v_accepted then
      continue;
    end if;
    v_ord := v_ord + 1;
    if jsonb_typeof(v_line -> 'price') is distinct from 'number'
      or jsonb_typeof(v_line -> 'quantity') is distinct from 'number' then
      raise exception 'Ligne % illisible : prix et quantité sont requis.', v_n using errcode = '22023';
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
    v_gross := public.money_div_round(
      round((v_line ->> 'price')::numeric * 100) * round((v_line ->> 'quantity')::numeric * 100), 100);
    v_discount := 0;
    if jsonb_typeof(v_line -> 'discount') = 'object' and v_gross > 0 then
      v_value := greatest(0, coalesce((v_line #>> '{discount,value}')::numeric, 0));
      if v_line #>> '{discount,kind}' = 'percent' then
        v_discount := public.money_div_round(v_gross * round(least(100, v_value) * 100), 10000);
      elsif v_line #>> '{discount,kind}' = 'amount' then
        v_discount := round(v_value * 100);
      end if;
      v_discount := least(v_discount, v_gross);
    end if;
    ord := v_ord;
    name := v_line ->> 'name';
    rate := v_rate;
    category := v_category;
    net_cents := v_gross - v_discount;
    return next;
  end loop;
  if 'autoliquidation' = any (v_categories) and exists (select 1 from unnest(v_categories) c where c <> 'autoliquidation') then
    raise exception 'L''autoliquidation s''applique à tout le document : toutes les lignes doivent être en autoliquidation.'
      using errcode = '22023';
  end if;
end;
$$;

-- The remise globale in cents on a total HT (domain's documentDiscountCents).
create function public.document_discount_cents(p_total bigint, p_discount jsonb) returns bigint
language sql immutable parallel safe set search_path = '' as $$
  select case
    when p_discount is null or jsonb_typeof(p_discount) <> 'object' or p_total = 0 then 0
    when p_discount ->> 'kind' = 'percent'
      then public.money_div_round(p_total * round((p_discount ->> 'value')::numeric * 100), 10000)
    when p_discount ->> 'kind' = 'amount'
      then (sign(p_total) * least(round(abs((p_discount ->> 'value')::numeric) * 100), abs(p_total)))::bigint
    else 0 end
$$;

-- Shares of a discount over amounts in proportion to them, the remainder on the largest (the first of the
-- largest in `ord` order) — domain's spreadDiscount. In: [{ord, amount}], out: {ord: share}.
create function public.spread_discount(p_amounts jsonb, p_discount bigint) returns jsonb
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v_total numeric;
  v_largest integer;
  v_out jsonb := '{}'::jsonb;
  v_sum bigint := 0;
  v_share bigint;
  v_row record;
begin
  select coalesce(sum((a ->> 'amount')::numeric), 0) into v_total from jsonb_array_elements(p_amounts) a;
  select (a ->> 'ord')::integer into v_largest from jsonb_array_elements(p_amounts) a
    order by abs((a ->> 'amount')::numeric) desc, (a ->> 'ord')::integer limit 1;
  for v_row in select (a ->> 'ord')::integer as ord, (a ->> 'amount')::numeric as amount
      from jsonb_array_elements(p_amounts) a loop
    if p_discount = 0 or v_total = 0 or v_row.ord = v_largest then
      v_share := 0;
    else
      v_share := public.money_div_round(p_discount * v_row.amount * sign(v_total), abs(v_total));
    end if;
    v_sum := v_sum + v_share;
    v_out := v_out || jsonb_build_object(v_row.ord::text, v_share);
  end loop;
  if v_largest is not null and p_discount <> 0 and v_total <> 0 then
    v_out := v_out || jsonb_build_object(v_largest::text, p_discount - v_sum);
  end if;
  return v_out;
end;
$$;

-- A VAT breakdown (vat_breakdown_of) after the remise globale: each rate's base lowered by its share (kept as
-- discount_cents, BT-92), VAT on the lowered base (domain's discountBreakdown). Unchanged without a remise.
create function public.discounted_breakdown(p_breakdown jsonb, p_discount jsonb) returns jsonb
language plpgsql immutable parallel safe set search_path = '' as $$
declare
  v_total bigint;
  v_shares jsonb;
begin
  if p_discount is null or jsonb_typeof(p_discount) <> 'object' then
    return p_breakdown;
  end if;
  select coalesce(sum((b ->> 'base_cents')::bigint), 0) into v_total from jsonb_array_elements(p_breakdown) b;
  v_shares := public.spread_discount(
    (select coalesce(jsonb_agg(jsonb_build_object('ord', i, 'amount', b -> 'base_cents') order by i), '[]'::jsonb)
      from jsonb_array_elements(p_breakdown) with ordinality as t(b, i)),
    public.document_discount_cents(v_total, p_discount));
  return (select coalesce(jsonb_agg(b || jsonb_build_object(
      'base_cents', (b ->> 'base_cents')::bigint - (v_shares ->> i::text)::bigint,
      'vat_cents', public.money_div_round(((b ->> 'base_cents')::bigint - (v_shares ->> i::text)::bigint)
        * round((b ->> 'rate')::numeric * 10), 1000),
      'discount_cents', (v_shares ->> i::text)::bigint) order by i), '[]'::jsonb)
    from jsonb_array_elements(p_breakdown) with ordinality as t(b, i));
end;
$$;

-- Totals of a document's lines and remise globale: { lines: [net…], rows, breakdown, line_total_cents,
-- discount_cents, total_ht_cents, tva_cents, total_ttc_cents }. Held against the domain's computeDocumentTotals.
drop function public.document_money(jsonb, text, numeric);
create function public.document_money(p_lines jsonb, p_regime text default 'assujetti', p_doc_rate numeric default 20,
  p_discount jsonb default null)
returns jsonb
language plpgsql immutable set search_path = '' as $$
declare
  v_rows jsonb;
  v_breakdown jsonb;
  v_lines_total bigint;
  v_ht bigint;
  v_tva bigint;
begin
  select coalesce(jsonb_agg(jsonb_build_object('net_cents', net_cents, 'rate', rate, 'category', category) order by ord),
      '[]'::jsonb)
    into v_rows
  from public.document_lines_money(p_lines, coalesce(p_regime, 'assujetti'), coalesce(p_doc_rate, 20));
  v_breakdown := public.vat_breakdown_of(v_rows);
  select coalesce(sum((b ->> 'base_cents')::bigint), 0) into v_lines_total from jsonb_array_elements(v_breakdown) b;
  v_breakdown := public.discounted_breakdown(v_breakdown, p_discount);
  select coalesce(sum((b ->> 'base_cents')::bigint), 0), coalesce(sum((b ->> 'vat_cents')::bigint), 0)
    into v_ht, v_tva from jsonb_array_elements(v_breakdown) b;
  return jsonb_build_object(
    'lines', (select coalesce(jsonb_agg((r ->> 'net_cents')::bigint), '[]'::jsonb) from jsonb_array_elements(v_rows) r),
    'rows', v_rows,
    'breakdown', v_breakdown,
    'line_total_cents', v_lines_total,
    'discount_cents', v_lines_total - v_ht,
    'total_ht_cents', v_ht,
    'tva_cents', v_tva,
    'total_ttc_cents', v_ht + v_tva);
end;
$$;
grant execute on function public.document_money(jsonb, text, numeric, jsonb) to anon, authenticated, service_role;

-- The lines in the total with the remise globale folded into their nets: each rate's share spread over its lines
-- in proportion to their nets, the remainder on the largest (domain's foldDocumentDiscount). What acomptes and
-- situations take their shares of, so that they add up to the discounted devis to the cent.
create function public.document_lines_net(p_lines jsonb, p_regime text, p_doc_rate numeric, p_discount jsonb)
returns table (ord integer, name text, net_cents bigint, rate numeric, category text)
language plpgsql immutable set search_path = '' as $$
declare
  v_rows jsonb;
  v_row jsonb;
  v_group jsonb;
  v_shares jsonb := '{}'::jsonb;
begin
  select coalesce(jsonb_agg(jsonb_build_object('ord', m.ord, 'name', m.name, 'net_cents', m.net_cents, 'rate', m.rate,
      'category', m.category) order by m.ord), '[]'::jsonb)
    into v_rows from public.document_lines_money(p_lines, p_regime, p_doc_rate) m;
  if p_discount is not null and jsonb_typeof(p_discount) = 'object' then
    for v_group in select value from jsonb_array_elements(
        public.discounted_breakdown(public.vat_breakdown_of(v_rows), p_discount)) loop
      v_shares := v_shares || public.spread_discount(
        (select coalesce(jsonb_agg(jsonb_build_object('ord', r -> 'ord', 'amount', r -> 'net_cents')
            order by (r ->> 'ord')::integer), '[]'::jsonb)
          from jsonb_array_elements(v_rows) r
          where r ->> 'category' = v_group ->> 'category' and (r ->> 'rate')::numeric = (v_group ->> 'rate')::numeric),
        (v_group ->> 'discount_cents')::bigint);
    end loop;
  end if;
  for v_row in select value from jsonb_array_elements(v_rows) loop
    ord := (v_row ->> 'ord')::integer;
    name := v_row ->> 'name';
    net_cents := (v_row ->> 'net_cents')::bigint - coalesce((v_shares ->> (v_row ->> 'ord'))::bigint, 0);
    rate := (v_row ->> 'rate')::numeric;
    category := v_row ->> 'category';
    return next;
  end loop;
end;
$$;

-- A situation's expected amounts (domain's planSituation over foldDocumentDiscount): as in 0060, on the lines in
-- the total with the devis' remise globale folded into their nets; the progress has one entry per line in the total.
drop function public.situation_money(jsonb, text, numeric, jsonb);
create function public.situation_money(p_quote_lines jsonb, p_regime text, p_doc_rate numeric, p_progress jsonb,
  p_discount jsonb default null)
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
    or jsonb_array_length(p_progress) <> (select count(*) from public.document_lines_money(p_quote_lines, p_regime, p_doc_rate)) then
    raise exception 'L''avancement doit être donné pour chaque ligne du devis.' using errcode = '22023';
  end if;
  for v_row in select * from public.document_lines_net(p_quote_lines, p_regime, p_doc_rate, p_discount) loop
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
grant execute on function public.situation_money(jsonb, text, numeric, jsonb, jsonb) to anon, authenticated, service_role;

-- issue_invoice(id): as in 0060, with the remise globale — the invoice's own in its money, the devis' in the
-- situations' expected amounts and in the acompte ceiling; an acompte or a situation carries none (its amounts
-- already are shares of the discounted devis), and a draft needs at least one line in the total.
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

  v_money := public.document_money(v_invoice.lines, v_regime, v_invoice.vat_rate, v_invoice.discount);
  v_breakdown := v_money -> 'breakdown';
  if jsonb_array_length(v_money -> 'lines') = 0 then
    raise exception 'Au moins une tâche est requise pour générer une facture' using errcode = '22023';
  end if;
  if v_invoice.kind in ('deposit', 'situation') and v_invoice.discount is not null
    and jsonb_typeof(v_invoice.discount) = 'object' then
    raise exception 'Une facture d''acompte ou de situation ne porte pas de remise globale : celle du devis est déjà répartie sur ses montants.'
      using errcode = '22023';
  end if;

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
    v_expected := public.situation_money(v_quote.lines, v_regime, v_quote.vat_rate, v_invoice.progress, v_quote.discount);
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
    v_quote_ttc := (public.document_money(v_quote.lines, v_regime, v_quote.vat_rate, v_quote.discount) ->> 'total_ttc_cents')::bigint;
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

-- issue_credit_note: as in 0060, and the avoir keeps its invoice's remise globale (its PDF and XML print it).
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
    total_ht_cents, tva_cents, total_ttc_cents, snapshot, invoice_kind, vat_regime, vat_breakdown, discount
  ) values (
    v_user, v_invoice.id, v_invoice.client_id, public.allocate_document_number(v_user, 'credit_note'), p_reason,
    (now() at time zone 'Europe/Paris')::date, v_invoice.project_title, v_invoice.lines, v_invoice.vat_rate,
    -v_invoice.total_ht_cents, -v_invoice.tva_cents, -v_invoice.total_ttc_cents,
    coalesce(v_invoice.snapshot, '{}'::jsonb) || jsonb_build_object(
      'invoiceNumber', v_invoice.number, 'invoiceDate', v_invoice.issue_date),
    v_invoice.kind, v_invoice.vat_regime,
    (select jsonb_agg(b || jsonb_build_object('base_cents', -(b ->> 'base_cents')::bigint,
        'vat_cents', -(b ->> 'vat_cents')::bigint))
      from jsonb_array_elements(coalesce(v_invoice.vat_breakdown, '[]'::jsonb)) b),
    v_invoice.discount
  )
  returning * into v_note;
  return row_to_json(v_note);
end;
$$;
revoke execute on function public.issue_credit_note(uuid, text) from public, anon;
grant execute on function public.issue_credit_note(uuid, text) to authenticated, service_role;
