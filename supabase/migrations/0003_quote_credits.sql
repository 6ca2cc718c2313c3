-- Subscriptions (the local record of a user's plan), document numbering and the quote-credit RPC.

create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null unique references auth.users (id) on delete cascade,
  stripe_customer_id text,
  stripe_subscription_id text,
  plan_id text not null default 'free' check (plan_id in ('free', 'pro', 'enterprise')),
  -- 'active' / 'inactive' in the product; Stripe's own statuses are accepted as they come from webhooks.
  status text not null default 'inactive' check (status in (
    'active', 'inactive', 'trialing', 'past_due', 'canceled', 'incomplete', 'incomplete_expired', 'unpaid', 'paused'
  )),
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at timestamptz,
  cancel_at_period_end boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table public.subscriptions enable row level security;

-- Users read their own record; only the service role (functions, webhooks) writes, so a user cannot grant
-- themselves a paid plan.
create policy "subscriptions: owner reads" on public.subscriptions
  for select to authenticated using ((select auth.uid()) = user_id);

create trigger subscriptions_touch_updated_at before update on public.subscriptions
  for each row execute function public.touch_updated_at();

comment on table public.subscriptions is 'Local record of the plan; upserted by user_id from Stripe data by the service role.';


-- Gapless per-user numbering (French invoices must be numbered without gaps): one counter per user and kind,
-- incremented under a row lock by the functions below.
create table public.document_counters (
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null check (kind in ('quote', 'invoice')),
  last_number integer not null default 0 check (last_number >= 0),
  primary key (user_id, kind)
);
alter table public.document_counters enable row level security;

create policy "document_counters: owner reads" on public.document_counters
  for select to authenticated using ((select auth.uid()) = user_id);

comment on table public.document_counters is 'Last number issued per user and kind (quote → DE0001…, invoice → FA0001…).';


-- The plan that counts for quotas: the subscription's plan while it is active (or trialing), else free.
create function public.current_plan(p_user_id uuid) returns text
language sql stable security definer set search_path = '' as $$
  select coalesce(
    (select s.plan_id from public.subscriptions s
      where s.user_id = p_user_id and s.status in ('active', 'trialing')),
    'free'
  )
$$;

-- Allocates the next number of a kind for a user. Internal: callers check who the user is.
create function public.allocate_document_number(p_user_id uuid, p_kind text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_prefix text;
  v_number integer;
begin
  v_prefix := case p_kind when 'quote' then 'DE' when 'invoice' then 'FA' end;
  if v_prefix is null then
    raise exception 'unknown document kind: %', p_kind using errcode = '22023';
  end if;

  insert into public.document_counters as c (user_id, kind, last_number)
  values (p_user_id, p_kind, 1)
  on conflict (user_id, kind) do update set last_number = c.last_number + 1
  returning c.last_number into v_number;

  -- Four digits (DE0001); numbers past 9999 keep all their digits rather than being truncated.
  return v_prefix || case when v_number < 10000 then lpad(v_number::text, 4, '0') else v_number::text end;
end;
$$;

revoke execute on function public.allocate_document_number(uuid, text) from public, anon, authenticated;
revoke execute on function public.current_plan(uuid) from public, anon, authenticated;


-- Counts one quote against the caller's monthly quota and, when allowed, gives it the next quote number.
-- Atomic: the quota row is locked for the transaction, so concurrent calls cannot both take the last credit.
-- Usage restarts at zero when last_reset falls in an earlier calendar month (Paris time).
create function public.consume_quote_credit() returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
  v_plan text;
  v_limit integer;
  v_used integer;
  v_last_reset timestamptz;
  v_number text;
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;

  v_plan := public.current_plan(v_user);
  v_limit := case v_plan when 'free' then 3 else null end;  -- null = unlimited (PLANS in @atelier/domain)

  insert into public.user_quotas (user_id) values (v_user) on conflict (user_id) do nothing;
  select q.quotes_used, q.last_reset into v_used, v_last_reset
    from public.user_quotas q where q.user_id = v_user for update;

  if date_trunc('month', v_last_reset at time zone 'Europe/Paris') < date_trunc('month', now() at time zone 'Europe/Paris') then
    v_used := 0;
    update public.user_quotas set quotes_used = 0, last_reset = now() where user_id = v_user;
  end if;

  if v_limit is not null and v_used >= v_limit then
    return json_build_object('allowed', false, 'plan', v_plan, 'quotes_used', v_used, 'remaining', 0, 'number', null);
  end if;

  v_used := v_used + 1;
  update public.user_quotas set quotes_used = v_used where user_id = v_user;
  v_number := public.allocate_document_number(v_user, 'quote');

  return json_build_object(
    'allowed', true,
    'plan', v_plan,
    'quotes_used', v_used,
    'remaining', case when v_limit is null then null else greatest(v_limit - v_used, 0) end,
    'number', v_number
  );
end;
$$;

revoke execute on function public.consume_quote_credit() from public, anon;
grant execute on function public.consume_quote_credit() to authenticated, service_role;


-- Next number for a document that is not quota-counted: next_document_number('invoice') → 'FA0001'.
create function public.next_document_number(kind text) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid := auth.uid();
begin
  if v_user is null then
    raise exception 'not authenticated' using errcode = '42501';
  end if;
  -- Quote numbers come only with a quote credit (consume_quote_credit), so only invoices are numbered here.
  if kind is distinct from 'invoice' then
    raise exception 'unknown document kind: %', kind using errcode = '22023';
  end if;
  return public.allocate_document_number(v_user, kind);
end;
$$;

revoke execute on function public.next_document_number(text) from public, anon;
grant execute on function public.next_document_number(text) to authenticated, service_role;
