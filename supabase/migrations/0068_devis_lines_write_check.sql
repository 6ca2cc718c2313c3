-- Issue 27: the write check of 0067 refused a stored line without price or quantity; drafts synced field by field
-- (sync_merge) may hold such lines until they are complete, and issue_invoice refuses them anyway
-- (document_lines_money: « prix et quantité sont requis »). A price or quantity that is present must still be a
-- number, and not negative.
create or replace function public.document_lines_error(p_lines jsonb) returns text
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
      if (v_line ? 'price' and jsonb_typeof(v_line -> 'price') <> 'number')
        or (v_line ? 'quantity' and jsonb_typeof(v_line -> 'quantity') <> 'number') then
        return format('Ligne %s illisible : le prix et la quantité doivent être des nombres.', v_ord);
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
