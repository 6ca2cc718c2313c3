-- Issue 27: document_lines_money (0067) refused a line without price or quantity where 0060 let it through with
-- no amount (rows written by older clients and tests hold such lines). Such a line now counts as 0 (nothing to
-- invoice); a price or quantity that is present must still be a number and not negative.
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
    if (v_line ? 'price' and jsonb_typeof(v_line -> 'price') <> 'number')
      or (v_line ? 'quantity' and jsonb_typeof(v_line -> 'quantity') <> 'number') then
      raise exception 'Ligne % illisible : le prix et la quantité doivent être des nombres.', v_n using errcode = '22023';
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
    v_gross := public.money_div_round(round(coalesce((v_line ->> 'price')::numeric, 0) * 100)
      * round(coalesce((v_line ->> 'quantity')::numeric, 0) * 100), 100);
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
