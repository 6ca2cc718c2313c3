-- Issues 26 item 2 + 27 item 4: the client's signing page shows the devis as its PDF does (sections, remises, the
-- remise globale, options « non inclus ») and the client may accept options when signing.
--   * open_document_link also returns the devis' remise globale (`discount`) and, once decided, the options the
--     client accepted (`accepted_options`);
--   * decide_quote takes the accepted option indexes (p_options, a JSON array of line indexes). Only indexes of the
--     devis' option choices are allowed — an item marked option outside an option section, or a section marked
--     option, not already accepted (the domain's devisOptionChoices) — each once; anything else is refused
--     (hint options_invalid) and nothing is stored. The chosen lines get `accepted: true` (a chosen section: also
--     its items carrying their own option flag), the quote's totals are recomputed by document_money, and the
--     acceptance keeps the list [{index, name}] as evidence. A refusal takes no option.
alter table public.quote_acceptances add column if not exists accepted_options jsonb not null default '[]'::jsonb
  check (jsonb_typeof(accepted_options) = 'array' and jsonb_array_length(accepted_options) <= 1000);

-- The indexes (0-based) of the option choices of a devis' lines (domain: devisOptionChoices).
create function public.quote_option_choices(p_lines jsonb) returns int[]
language plpgsql immutable set search_path = '' as $$
declare
  v_line jsonb;
  v_index int := -1;
  v_section_option boolean := false;
  v_out int[] := '{}';
begin
  if p_lines is null or jsonb_typeof(p_lines) <> 'array' then
    return v_out;
  end if;
  for v_line in select value from jsonb_array_elements(p_lines) loop
    v_index := v_index + 1;
    if jsonb_typeof(v_line) <> 'object' then continue; end if;
    if v_line ->> 'kind' = 'section' then
      v_section_option := (v_line -> 'option') = 'true'::jsonb;
      if v_section_option and (v_line -> 'accepted') is distinct from 'true'::jsonb then
        v_out := v_out || v_index;
      end if;
      continue;
    end if;
    if v_line ->> 'kind' = 'text' or v_section_option then continue; end if;
    if (v_line -> 'option') = 'true'::jsonb and (v_line -> 'accepted') is distinct from 'true'::jsonb then
      v_out := v_out || v_index;
    end if;
  end loop;
  return v_out;
end;
$$;
revoke execute on function public.quote_option_choices(jsonb) from public, anon;
grant execute on function public.quote_option_choices(jsonb) to authenticated, service_role;

create or replace function public.open_document_link(p_token text, p_mark_viewed boolean default true) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_link public.document_links;
  v_doc json;
  v_decision json;
begin
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    return json_build_object('state', 'unknown');
  end if;
  select * into v_link from public.document_links
   where token_hash = encode(sha256(convert_to(p_token, 'UTF8')), 'hex');
  if not found then return json_build_object('state', 'unknown'); end if;
  if v_link.revoked_at is not null then return json_build_object('state', 'revoked'); end if;
  if v_link.expires_at <= now()
     and not exists (select 1 from public.quote_acceptances a where a.link_id = v_link.id) then
    return json_build_object('state', 'expired');
  end if;
  if v_link.document_table = 'quotes' then
    select json_build_object('number', q.number, 'date', q.date, 'project_title', q.project_title,
             'lines', q.lines, 'discount', q.discount, 'vat_rate', q.vat_rate, 'vat_regime', q.vat_regime,
             'total_ht_cents', q.total_ht_cents, 'tva_cents', q.tva_cents, 'total_ttc_cents', q.total_ttc_cents,
             'vat_breakdown', q.vat_breakdown, 'company', q.snapshot -> 'company', 'client_name', c.name)
      into v_doc
      from public.quotes q left join public.clients c on c.id = q.client_id
     where q.id = v_link.document_id and q.user_id = v_link.user_id;
    select json_build_object('decision', a.decision, 'signer_name', a.signer_name, 'decided_at', a.decided_at,
             'pdf_sha256', a.pdf_sha256, 'refusal_reason', a.refusal_reason, 'accepted_options', a.accepted_options)
      into v_decision from public.quote_acceptances a where a.quote_id = v_link.document_id;
  else
    select json_build_object('number', i.number, 'kind', i.kind, 'issue_date', i.issue_date, 'due_date', i.due_date,
             'project_title', i.project_title, 'total_ht_cents', i.total_ht_cents, 'tva_cents', i.tva_cents,
             'total_ttc_cents', i.total_ttc_cents, 'net_due_cents', coalesce(i.net_due_cents, i.total_ttc_cents),
             'prepaid_cents', i.prepaid_cents, 'retenue_cents', i.retenue_cents,
             'is_paid', i.is_paid, 'payment_date', i.payment_date,
             'cancelled', exists (select 1 from public.credit_notes n where n.invoice_id = i.id),
             'company', i.snapshot -> 'company', 'client_name', c.name)
      into v_doc
      from public.invoices i left join public.clients c on c.id = i.client_id
     where i.id = v_link.document_id and i.user_id = v_link.user_id and i.status = 'issued';
  end if;
  if v_doc is null then return json_build_object('state', 'unknown'); end if;
  if p_mark_viewed and v_link.viewed_at is null then
    update public.document_links set viewed_at = now() where id = v_link.id;
  end if;
  return json_build_object('state', 'ok', 'link_id', v_link.id, 'user_id', v_link.user_id,
    'purpose', v_link.purpose, 'document_id', v_link.document_id, 'pdf_path', v_link.pdf_path,
    'pdf_sha256', v_link.pdf_sha256, 'expires_at', v_link.expires_at, 'document', v_doc, 'decision', v_decision);
end;
$$;
revoke execute on function public.open_document_link(text, boolean) from public, anon, authenticated;
grant execute on function public.open_document_link(text, boolean) to service_role;

drop function public.decide_quote(text, text, text, text, text, text, text, text);
create function public.decide_quote(p_token text, p_decision text, p_name text, p_signature text,
                                    p_pdf_sha256 text, p_ip text, p_user_agent text, p_reason text,
                                    p_options jsonb default '[]'::jsonb)
returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_link public.document_links;
  v_quote public.quotes;
  v_choices int[];
  v_chosen int[] := '{}';
  v_item jsonb;
  v_index int;
  v_lines jsonb;
  v_line jsonb;
  v_pos int := -1;
  v_in_chosen_section boolean := false;
  v_money jsonb;
  v_accepted jsonb := '[]'::jsonb;
begin
  select * into v_link from public.document_links
   where token_hash = encode(sha256(convert_to(coalesce(p_token, ''), 'UTF8')), 'hex')
   for update;
  if not found or v_link.purpose <> 'sign_quote' or v_link.revoked_at is not null or v_link.expires_at <= now() then
    raise exception 'Ce lien n’est pas valide ou a expiré.' using errcode = 'P0001', hint = 'link_invalid';
  end if;
  if exists (select 1 from public.quote_acceptances a where a.quote_id = v_link.document_id) then
    raise exception 'Ce devis a déjà reçu une réponse.' using errcode = 'P0001', hint = 'quote_decided';
  end if;
  if lower(coalesce(p_pdf_sha256, '')) <> v_link.pdf_sha256 then
    raise exception 'Le devis a changé depuis son ouverture : rechargez la page.'
      using errcode = 'P0001', hint = 'pdf_changed';
  end if;
  select * into v_quote from public.quotes q
   where q.id = v_link.document_id and q.user_id = v_link.user_id for update;
  if not found then
    raise exception 'Ce lien n’est pas valide ou a expiré.' using errcode = 'P0001', hint = 'link_invalid';
  end if;

  -- The options: a JSON array of distinct integers, each an option choice of this devis; none for a refusal.
  p_options := coalesce(p_options, '[]'::jsonb);
  if jsonb_typeof(p_options) <> 'array' or jsonb_array_length(p_options) > 1000
     or (p_decision <> 'accepted' and jsonb_array_length(p_options) > 0) then
    raise exception 'Options invalides : rechargez la page.' using errcode = 'P0001', hint = 'options_invalid';
  end if;
  v_choices := public.quote_option_choices(v_quote.lines);
  for v_item in select value from jsonb_array_elements(p_options) loop
    if jsonb_typeof(v_item) <> 'number' or (v_item #>> '{}') !~ '^[0-9]{1,6}$' then
      raise exception 'Options invalides : rechargez la page.' using errcode = 'P0001', hint = 'options_invalid';
    end if;
    v_index := (v_item #>> '{}')::int;
    if not (v_index = any (v_choices)) or v_index = any (v_chosen) then
      raise exception 'Options invalides : rechargez la page.' using errcode = 'P0001', hint = 'options_invalid';
    end if;
    v_chosen := v_chosen || v_index;
  end loop;

  if cardinality(v_chosen) > 0 then
    -- The chosen lines accepted (a chosen section: with its items that carry their own option flag).
    v_lines := '[]'::jsonb;
    for v_line in select value from jsonb_array_elements(v_quote.lines) loop
      v_pos := v_pos + 1;
      if v_line ->> 'kind' = 'section' then
        v_in_chosen_section := v_pos = any (v_chosen);
        if v_in_chosen_section then v_line := v_line || '{"accepted": true}'::jsonb; end if;
      elsif v_pos = any (v_chosen)
         or (v_in_chosen_section and v_line ->> 'kind' is distinct from 'text' and (v_line -> 'option') = 'true'::jsonb) then
        v_line := v_line || '{"accepted": true}'::jsonb;
      end if;
      if v_pos = any (v_chosen) then
        v_accepted := v_accepted || jsonb_build_array(jsonb_build_object('index', v_pos, 'name', v_line ->> 'name'));
      end if;
      v_lines := v_lines || jsonb_build_array(v_line);
    end loop;
    v_money := public.document_money(v_lines,
      public.document_vat_regime(v_quote.vat_regime, v_quote.snapshot, v_quote.vat_rate),
      v_quote.vat_rate, v_quote.discount);
    update public.quotes
       set lines = v_lines,
           total_ht_cents = (v_money ->> 'total_ht_cents')::bigint,
           tva_cents = (v_money ->> 'tva_cents')::bigint,
           total_ttc_cents = (v_money ->> 'total_ttc_cents')::bigint,
           vat_breakdown = v_money -> 'breakdown'
     where id = v_quote.id;
  end if;

  insert into public.quote_acceptances (quote_id, user_id, link_id, decision, signer_name, signature_png,
                                        pdf_sha256, signer_ip, user_agent, refusal_reason, accepted_options)
    values (v_link.document_id, v_link.user_id, v_link.id, p_decision,
            case when p_decision = 'accepted' then nullif(trim(p_name), '') end,
            case when p_decision = 'accepted' then p_signature end,
            v_link.pdf_sha256, left(p_ip, 100), left(p_user_agent, 500),
            case when p_decision = 'refused' then nullif(trim(p_reason), '') end,
            v_accepted);
  return json_build_object(
    'quote_id', v_link.document_id, 'user_id', v_link.user_id, 'decision', p_decision,
    'accepted_options', v_accepted,
    'artisan_email', (select u.email from auth.users u where u.id = v_link.user_id),
    'settings', (select s.value from public.user_settings s where s.user_id = v_link.user_id and s.key = 'mailSettings'),
    'number', v_quote.number,
    'client_name', (select c.name from public.clients c where c.id = v_quote.client_id));
end;
$$;
revoke execute on function public.decide_quote(text, text, text, text, text, text, text, text, jsonb)
  from public, anon, authenticated;
grant execute on function public.decide_quote(text, text, text, text, text, text, text, text, jsonb) to service_role;
