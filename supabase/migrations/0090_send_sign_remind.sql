-- Issue 26: documents sent from the app (document_sends), public links for a client to sign a devis or see an
-- invoice (document_links: random token shown once, only its SHA-256 stored), the client's decision on a devis
-- (quote_acceptances) and late-payment reminders (invoice_reminders, one row per invoice and step).
-- Users only READ these tables (RLS); every write goes through the functions below, which check ownership, the
-- client's address, the daily limit and the token, so the Edge Functions cannot be turned into an open relay.

-- The user's mail templates and reminder schedule (@atelier/domain mailSettingsSchema).
alter table public.user_settings drop constraint if exists user_settings_key_check;
alter table public.user_settings add constraint user_settings_key_check
  check (key in ('tasks', 'companyInfo', 'quoteCustomization', 'mailSettings'));

-- ---------------------------------------------------------------------------------------------------------------
create table public.document_sends (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  document_table text not null check (document_table in ('quotes', 'invoices', 'credit_notes')),
  document_id uuid not null,
  to_email text not null check (char_length(to_email) <= 320),
  kind text not null default 'document' check (kind in ('document', 'reminder')),
  reminder_step int check (reminder_step between 1 and 3),
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  error text check (char_length(error) <= 500),
  created_at timestamptz not null default now(),
  finished_at timestamptz
);
create index document_sends_user_created_idx on public.document_sends (user_id, created_at);
create index document_sends_document_idx on public.document_sends (document_id);
alter table public.document_sends enable row level security;
create policy "document_sends: owner reads" on public.document_sends
  for select to authenticated using ((select auth.uid()) = user_id);

create table public.document_links (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_hash text not null unique check (token_hash ~ '^[0-9a-f]{64}$'),
  purpose text not null check (purpose in ('sign_quote', 'view_invoice')),
  document_table text not null check (document_table in ('quotes', 'invoices')),
  document_id uuid not null,
  -- The exact PDF the client sees (and accepts): archived in the `documents` bucket, with its SHA-256.
  pdf_path text not null check (char_length(pdf_path) <= 300),
  pdf_sha256 text not null check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  viewed_at timestamptz,
  created_at timestamptz not null default now(),
  check ((purpose = 'sign_quote') = (document_table = 'quotes'))
);
create index document_links_document_idx on public.document_links (document_id);
alter table public.document_links enable row level security;
create policy "document_links: owner reads" on public.document_links
  for select to authenticated using ((select auth.uid()) = user_id);

create table public.quote_acceptances (
  quote_id uuid primary key references public.quotes (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  link_id uuid not null references public.document_links (id) on delete cascade,
  decision text not null check (decision in ('accepted', 'refused')),
  signer_name text check (char_length(signer_name) between 1 and 120),
  signature_png text check (char_length(signature_png) <= 300000 and signature_png ~ '^data:image/png;base64,'),
  pdf_sha256 text not null check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  signer_ip text check (char_length(signer_ip) <= 100),
  user_agent text check (char_length(user_agent) <= 500),
  refusal_reason text check (char_length(refusal_reason) <= 1000),
  decided_at timestamptz not null default now(),
  signed_pdf_path text,
  check (decision = 'refused' or (signer_name is not null and signature_png is not null))
);
create index quote_acceptances_user_idx on public.quote_acceptances (user_id);
alter table public.quote_acceptances enable row level security;
create policy "quote_acceptances: owner reads" on public.quote_acceptances
  for select to authenticated using ((select auth.uid()) = user_id);

create table public.invoice_reminders (
  invoice_id uuid not null references public.invoices (id) on delete cascade,
  step int not null check (step between 1 and 3),
  user_id uuid not null references auth.users (id) on delete cascade,
  send_id uuid not null references public.document_sends (id) on delete cascade,
  claimed_at timestamptz not null default now(),
  primary key (invoice_id, step)
);
alter table public.invoice_reminders enable row level security;
create policy "invoice_reminders: owner reads" on public.invoice_reminders
  for select to authenticated using ((select auth.uid()) = user_id);

-- ---------------------------------------------------------------------------------------------------------------
-- The document of a user, with its client's address (null when not theirs / not sendable).
create function public.sendable_document(p_user uuid, p_table text, p_id uuid)
returns table (client_email text, doc_date timestamptz, invoice_status text)
language sql stable security definer set search_path = '' as $$
  select lower(trim(c.email)), q.date, null::text
    from public.quotes q join public.clients c on c.id = q.client_id and c.user_id = q.user_id
   where p_table = 'quotes' and q.id = p_id and q.user_id = p_user and q.number is not null
  union all
  select lower(trim(c.email)), i.issue_date::timestamptz, i.status
    from public.invoices i join public.clients c on c.id = i.client_id and c.user_id = i.user_id
   where p_table = 'invoices' and i.id = p_id and i.user_id = p_user and i.status = 'issued'
  union all
  select lower(trim(c.email)), n.issue_date::timestamptz, null
    from public.credit_notes n join public.clients c on c.id = n.client_id and c.user_id = n.user_id
   where p_table = 'credit_notes' and n.id = p_id and n.user_id = p_user
$$;
revoke execute on function public.sendable_document(uuid, text, uuid) from public, anon, authenticated;

-- Counts today's sends (UTC) under a per-user lock so that two sends at once cannot both take the last place.
create function public.take_send_slot(p_user uuid) returns void
language plpgsql security definer set search_path = '' as $$
declare
  v_limit constant int := 50; -- MAIL_LIMITS.dailySends in @atelier/domain
begin
  perform pg_advisory_xact_lock(hashtextextended('document_sends:' || p_user::text, 0));
  if (select count(*) from public.document_sends s
       where s.user_id = p_user and s.created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc')
     >= v_limit then
    raise exception 'Limite de 50 envois par jour atteinte : réessayez demain.'
      using errcode = 'P0001', hint = 'send_daily_limit';
  end if;
end;
$$;
revoke execute on function public.take_send_slot(uuid) from public, anon, authenticated;

-- The owner starts a send: only to the document's client's address, within the daily limit. Returns the send id.
create function public.begin_document_send(p_table text, p_id uuid, p_to text) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_email text;
  v_id uuid;
begin
  if v_user is null then
    raise exception 'Connectez-vous pour envoyer un document.' using errcode = '42501';
  end if;
  select d.client_email into v_email from public.sendable_document(v_user, p_table, p_id) d;
  if v_email is null then
    raise exception 'Document introuvable ou pas encore émis.' using errcode = 'P0001', hint = 'send_not_found';
  end if;
  if v_email !~ '^[^@\s]+@[^@\s]+\.[^@\s]+$' then
    raise exception 'Le client n’a pas d’adresse email valide : complétez sa fiche.'
      using errcode = 'P0001', hint = 'send_no_email';
  end if;
  if lower(trim(coalesce(p_to, ''))) <> v_email then
    raise exception 'Un document ne s’envoie qu’à l’adresse email de son client.'
      using errcode = 'P0001', hint = 'send_foreign_address';
  end if;
  perform public.take_send_slot(v_user);
  insert into public.document_sends (user_id, document_table, document_id, to_email)
    values (v_user, p_table, p_id, v_email) returning id into v_id;
  return v_id;
end;
$$;
revoke execute on function public.begin_document_send(text, uuid, text) from public, anon;
grant execute on function public.begin_document_send(text, uuid, text) to authenticated;

-- The result of a send (once: a pending send only). The owner's, or the scheduler's (service role).
create function public.finish_document_send(p_send_id uuid, p_ok boolean, p_error text default null) returns void
language plpgsql security definer set search_path = '' as $$
begin
  update public.document_sends s
     set status = case when p_ok then 'sent' else 'failed' end,
         error = case when p_ok then null else left(coalesce(p_error, 'échec'), 500) end,
         finished_at = now()
   where s.id = p_send_id and s.status = 'pending'
     and (s.user_id = auth.uid() or auth.role() = 'service_role');
end;
$$;
revoke execute on function public.finish_document_send(uuid, boolean, text) from public, anon;
grant execute on function public.finish_document_send(uuid, boolean, text) to authenticated, service_role;

-- A public link to a document: 256 random bits made here, returned ONCE, only its SHA-256 kept. Earlier live
-- links to sign the same devis are revoked (the client signs the PDF of the latest send only); an invoice's links
-- stay valid side by side (its archived PDF never changes).
create function public.create_document_link(p_table text, p_id uuid, p_pdf_path text, p_pdf_sha256 text,
                                            p_user uuid default null) returns json
language plpgsql security definer set search_path = '' as $$
declare
  -- p_user is for the reminder scheduler (service role) only; a user always acts as themself.
  v_user uuid := coalesce(auth.uid(), case when auth.role() = 'service_role' then p_user end);
  v_date timestamptz;
  v_expires timestamptz;
  v_token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  v_purpose text := case p_table when 'quotes' then 'sign_quote' else 'view_invoice' end;
begin
  if v_user is null or p_table not in ('quotes', 'invoices') then
    raise exception 'Lien impossible pour ce document.' using errcode = '42501';
  end if;
  select d.doc_date into v_date from public.sendable_document(v_user, p_table, p_id) d;
  if v_date is null then
    raise exception 'Document introuvable ou pas encore émis.' using errcode = 'P0001', hint = 'send_not_found';
  end if;
  if p_pdf_path is null or split_part(p_pdf_path, '/', 1) <> v_user::text then
    raise exception 'PDF du document introuvable.' using errcode = 'P0001';
  end if;
  -- gen_random_uuid() is v4 (122 random bits); two of them, hashed, give a 256-bit token.
  v_token := encode(sha256(convert_to(v_token || clock_timestamp()::text, 'UTF8')), 'hex');
  v_expires := case when p_table = 'quotes' then v_date + interval '30 days' else now() + interval '180 days' end;
  if v_expires <= now() then
    raise exception 'Ce devis n’est plus valable (30 jours) : faites-en un nouveau.'
      using errcode = 'P0001', hint = 'quote_expired';
  end if;
  update public.document_links set revoked_at = now()
   where user_id = v_user and document_id = p_id and purpose = 'sign_quote' and v_purpose = 'sign_quote'
     and revoked_at is null;
  insert into public.document_links (user_id, token_hash, purpose, document_table, document_id, pdf_path,
                                     pdf_sha256, expires_at)
    values (v_user, encode(sha256(convert_to(v_token, 'UTF8')), 'hex'), v_purpose, p_table, p_id, p_pdf_path,
            lower(p_pdf_sha256), v_expires);
  return json_build_object('token', v_token, 'expires_at', v_expires, 'purpose', v_purpose);
end;
$$;
revoke execute on function public.create_document_link(text, uuid, text, text, uuid) from public, anon;
grant execute on function public.create_document_link(text, uuid, text, text, uuid) to authenticated, service_role;

create function public.revoke_document_links(p_id uuid) returns int
language sql security definer set search_path = '' as $$
  with revoked as (
    update public.document_links set revoked_at = now()
     where user_id = auth.uid() and document_id = p_id and revoked_at is null returning 1)
  select count(*)::int from revoked
$$;
revoke execute on function public.revoke_document_links(uuid) from public, anon;
grant execute on function public.revoke_document_links(uuid) to authenticated;

-- ---------------------------------------------------------------------------------------------------------------
-- What a token opens (service role only: the public-document function, which adds the caller's IP). Returns
-- {state: 'ok'|'unknown'|'expired'|'revoked', …}; with 'ok' the link, that one document and its decision.
create function public.open_document_link(p_token text, p_mark_viewed boolean default true) returns json
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

-- The client's decision on a devis (service role: the public-document function). Once only; on the exact PDF
-- the link shows (its SHA-256), within the validity.
create function public.decide_quote(p_token text, p_decision text, p_name text, p_signature text,
                                    p_pdf_sha256 text, p_ip text, p_user_agent text, p_reason text) returns json
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
  return json_build_object('quote_id', v_link.document_id, 'user_id', v_link.user_id, 'decision', p_decision);
end;
$$;
revoke execute on function public.decide_quote(text, text, text, text, text, text, text, text)
  from public, anon, authenticated;
grant execute on function public.decide_quote(text, text, text, text, text, text, text, text) to service_role;

create function public.set_signed_quote_pdf(p_quote_id uuid, p_path text) returns void
language sql security definer set search_path = '' as $$
  update public.quote_acceptances set signed_pdf_path = p_path
   where quote_id = p_quote_id and signed_pdf_path is null and decision = 'accepted'
$$;
revoke execute on function public.set_signed_quote_pdf(uuid, text) from public, anon, authenticated;
grant execute on function public.set_signed_quote_pdf(uuid, text) to service_role;

-- ---------------------------------------------------------------------------------------------------------------
-- Reminders (service role: the send-reminders function, run by the scheduler). Late issued invoices, unpaid, not
-- cancelled, with their client's address, the user's mail settings and the steps already claimed.
create function public.reminder_candidates(p_today date) returns json
language sql stable security definer set search_path = '' as $$
  select coalesce(json_agg(json_build_object(
           'id', i.id, 'user_id', i.user_id, 'number', i.number, 'kind', i.kind, 'due_date', i.due_date,
           'total_ttc_cents', i.total_ttc_cents, 'net_due_cents', coalesce(i.net_due_cents, i.total_ttc_cents),
           'pdf_path', i.pdf_path, 'company', i.snapshot -> 'company',
           'client_name', c.name, 'client_email', lower(trim(c.email)),
           'settings', (select s.value from public.user_settings s where s.user_id = i.user_id and s.key = 'mailSettings'),
           'steps', (select coalesce(json_agg(r.step), '[]'::json) from public.invoice_reminders r where r.invoice_id = i.id)
         ) order by i.due_date), '[]'::json)
    from public.invoices i join public.clients c on c.id = i.client_id and c.user_id = i.user_id
   where i.status = 'issued' and not i.is_paid and i.due_date is not null and i.due_date < p_today
     and not exists (select 1 from public.credit_notes n where n.invoice_id = i.id)
$$;
revoke execute on function public.reminder_candidates(date) from public, anon, authenticated;
grant execute on function public.reminder_candidates(date) to service_role;

-- Claims step p_step of an invoice's reminders and records its send in ONE transaction: the (invoice, step) row
-- is unique, so a second scheduler run (or a restart) finds it taken and sends nothing. The invoice row is
-- locked and re-read: a payment recorded meanwhile stops the reminder. Returns the send id, or null.
create function public.claim_reminder(p_invoice_id uuid, p_step int) returns uuid
language plpgsql security definer set search_path = '' as $$
declare
  v_inv record;
  v_send uuid;
begin
  select i.user_id, i.is_paid, i.status, lower(trim(c.email)) as email into v_inv
    from public.invoices i join public.clients c on c.id = i.client_id and c.user_id = i.user_id
   where i.id = p_invoice_id for update of i;
  if not found or v_inv.is_paid or v_inv.status <> 'issued'
     or exists (select 1 from public.credit_notes n where n.invoice_id = p_invoice_id)
     or exists (select 1 from public.invoice_reminders r where r.invoice_id = p_invoice_id and r.step >= p_step) then
    return null;
  end if;
  begin
    perform public.take_send_slot(v_inv.user_id);
  exception when sqlstate 'P0001' then
    return null; -- over the daily limit: tried again on the next run
  end;
  insert into public.document_sends (user_id, document_table, document_id, to_email, kind, reminder_step)
    values (v_inv.user_id, 'invoices', p_invoice_id, v_inv.email, 'reminder', p_step) returning id into v_send;
  insert into public.invoice_reminders (invoice_id, step, user_id, send_id)
    values (p_invoice_id, p_step, v_inv.user_id, v_send);
  return v_send;
end;
$$;
revoke execute on function public.claim_reminder(uuid, int) from public, anon, authenticated;
grant execute on function public.claim_reminder(uuid, int) to service_role;
