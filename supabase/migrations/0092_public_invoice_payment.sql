-- Issue 26 item 4: the client's invoice page shows what is paid and still due. open_document_link (0090) also
-- returns the invoice's deposits deducted (prepaid_cents) and its retenue de garantie (retenue_cents), so the
-- public-document function computes paid / due with @atelier/domain's invoicePayment. Nothing else changes: same
-- token checks (unknown, revoked, expired), same whitelist, still service role only.
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
             'lines', q.lines, 'vat_rate', q.vat_rate, 'vat_regime', q.vat_regime,
             'total_ht_cents', q.total_ht_cents, 'tva_cents', q.tva_cents, 'total_ttc_cents', q.total_ttc_cents,
             'vat_breakdown', q.vat_breakdown, 'company', q.snapshot -> 'company', 'client_name', c.name)
      into v_doc
      from public.quotes q left join public.clients c on c.id = q.client_id
     where q.id = v_link.document_id and q.user_id = v_link.user_id;
    select json_build_object('decision', a.decision, 'signer_name', a.signer_name, 'decided_at', a.decided_at,
             'pdf_sha256', a.pdf_sha256, 'refusal_reason', a.refusal_reason)
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
