-- Issue 26: after a client accepts or refuses a devis online, the public-document function mails the artisan
-- (unless their mailSettings say notifyDecisions = false). decide_quote now also returns where to write: the
-- artisan's account e-mail, their mail settings, the devis number and the client's name. Service role only, as
-- before.
create or replace function public.decide_quote(p_token text, p_decision text, p_name text, p_signature text,
                                               p_pdf_sha256 text, p_ip text, p_user_agent text, p_reason text)
returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_link public.document_links;
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
  insert into public.quote_acceptances (quote_id, user_id, link_id, decision, signer_name, signature_png,
                                        pdf_sha256, signer_ip, user_agent, refusal_reason)
    values (v_link.document_id, v_link.user_id, v_link.id, p_decision,
            case when p_decision = 'accepted' then nullif(trim(p_name), '') end,
            case when p_decision = 'accepted' then p_signature end,
            v_link.pdf_sha256, left(p_ip, 100), left(p_user_agent, 500),
            case when p_decision = 'refused' then nullif(trim(p_reason), '') end);
  return json_build_object(
    'quote_id', v_link.document_id, 'user_id', v_link.user_id, 'decision', p_decision,
    'artisan_email', (select u.email from auth.users u where u.id = v_link.user_id),
    'settings', (select s.value from public.user_settings s where s.user_id = v_link.user_id and s.key = 'mailSettings'),
    'number', (select q.number from public.quotes q where q.id = v_link.document_id),
    'client_name', (select c.name from public.quotes q join public.clients c on c.id = q.client_id
                     where q.id = v_link.document_id));
end;
$$;
revoke execute on function public.decide_quote(text, text, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.decide_quote(text, text, text, text, text, text, text, text) to service_role;
