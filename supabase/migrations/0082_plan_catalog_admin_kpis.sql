-- Issue 29.9 / 28.2 (decision record 0052): one plan catalogue table that SQL reads (quota limit, admin revenue
-- fallback), the provider's real price stored with each subscription, and admin KPIs computed from real rows.

-- 1. The plan catalogue. Mirrors PLANS in @atelier/domain (shared/domain/src/plans.ts); the unit test
--    shared/domain/src/plan-catalog-sql.test.ts fails when the two drift. -1 = unlimited.
create table if not exists public.plan_catalog (
  plan_id text primary key check (plan_id in ('free', 'pro', 'enterprise')),
  name text not null,
  price_cents integer not null check (price_cents >= 0),
  currency text not null default 'eur',
  quotes_per_month integer not null check (quotes_per_month >= -1),
  clients integer not null check (clients >= -1),
  storage_mb integer not null check (storage_mb >= -1)
);
alter table public.plan_catalog enable row level security;
create policy "plan_catalog: everyone reads" on public.plan_catalog for select to anon, authenticated using (true);
revoke insert, update, delete on public.plan_catalog from anon, authenticated;
grant select on public.plan_catalog to anon, authenticated;

insert into public.plan_catalog (plan_id, name, price_cents, quotes_per_month, clients, storage_mb) values
  ('free', 'Gratuit', 0, 3, 10, 100),
  ('pro', 'Pro', 2999, -1, -1, 1024),
  ('enterprise', 'Enterprise', 5499, -1, -1, 10240)
on conflict (plan_id) do nothing;

-- 2. The price the provider bills, as the webhook / sync reads it from the subscription item.
alter table public.stripe_subscriptions add column if not exists unit_amount bigint check (unit_amount >= 0);
alter table public.stripe_subscriptions add column if not exists currency text;
alter table public.stripe_subscriptions add column if not exists price_interval text
  check (price_interval in ('day', 'week', 'month', 'year'));
alter table public.stripe_subscriptions add column if not exists price_interval_count integer
  check (price_interval_count > 0);

-- The stored price as a monthly amount in cents (null when unknown).
create or replace function public.monthly_amount_cents(p_amount bigint, p_interval text, p_count integer)
returns bigint language sql immutable set search_path = '' as $$
  select case
    when p_amount is null or p_interval is null then null
    else round(p_amount::numeric * case p_interval
        when 'month' then 1 when 'year' then 1.0 / 12 when 'week' then 52.0 / 12 when 'day' then 365.0 / 12
      end / greatest(coalesce(p_count, 1), 1))::bigint
  end
$$;

-- apply_billing_sync as in 0020, now also storing the price (unit_amount, currency, interval) the sync read.
create or replace function public.apply_billing_sync(
  p_user_id uuid,
  p_event_id text default null,
  p_event_type text default null,
  p_event_created bigint default null,
  p_customer_id text default null,
  p_subscription jsonb default null,
  p_local jsonb default null,
  p_reset_quotas boolean default false,
  p_create_quotas boolean default true
) returns json
language plpgsql security definer set search_path = '' as $$
begin
  if p_event_id is not null then
    insert into public.stripe_webhook_events (id, type, created)
    values (p_event_id, coalesce(p_event_type, 'unknown'), p_event_created)
    on conflict (id) do nothing;
    if not found then
      return json_build_object('applied', false, 'duplicate', true);
    end if;
  end if;
  -- No user (a customer from elsewhere) or a user deleted meanwhile: the event is acknowledged, nothing else.
  if p_user_id is null or not exists (select 1 from auth.users u where u.id = p_user_id) then
    return json_build_object('applied', false, 'duplicate', false);
  end if;

  if p_customer_id is not null then
    insert into public.stripe_customers (user_id, customer_id) values (p_user_id, p_customer_id)
    on conflict do nothing;
  end if;

  if p_subscription is not null and p_customer_id is not null then
    insert into public.stripe_subscriptions as s (
      user_id, customer_id, subscription_id, price_id, current_period_start, current_period_end, cancel_at,
      cancel_at_period_end, payment_method_brand, payment_method_last4, status, unit_amount, currency, price_interval,
      price_interval_count
    ) values (
      p_user_id, p_customer_id, p_subscription ->> 'subscription_id', p_subscription ->> 'price_id',
      (p_subscription ->> 'current_period_start')::bigint, (p_subscription ->> 'current_period_end')::bigint,
      (p_subscription ->> 'cancel_at')::bigint, coalesce((p_subscription ->> 'cancel_at_period_end')::boolean, false),
      p_subscription ->> 'payment_method_brand', p_subscription ->> 'payment_method_last4',
      (p_subscription ->> 'status')::public.stripe_subscription_status,
      (p_subscription ->> 'unit_amount')::bigint, lower(p_subscription ->> 'currency'),
      p_subscription ->> 'price_interval', (p_subscription ->> 'price_interval_count')::integer
    )
    on conflict (customer_id) do update set
      subscription_id = excluded.subscription_id,
      price_id = excluded.price_id,
      current_period_start = excluded.current_period_start,
      current_period_end = excluded.current_period_end,
      cancel_at = excluded.cancel_at,
      cancel_at_period_end = excluded.cancel_at_period_end,
      payment_method_brand = excluded.payment_method_brand,
      payment_method_last4 = excluded.payment_method_last4,
      status = excluded.status,
      unit_amount = excluded.unit_amount,
      currency = excluded.currency,
      price_interval = excluded.price_interval,
      price_interval_count = excluded.price_interval_count,
      deleted_at = null;
  end if;

  if p_local is not null then
    insert into public.subscriptions as s (
      user_id, stripe_customer_id, stripe_subscription_id, plan_id, status, current_period_start,
      current_period_end, cancel_at, cancel_at_period_end
    ) values (
      p_user_id, p_local ->> 'stripe_customer_id', p_local ->> 'stripe_subscription_id',
      coalesce(p_local ->> 'plan_id', 'free'), coalesce(p_local ->> 'status', 'inactive'),
      (p_local ->> 'current_period_start')::timestamptz, (p_local ->> 'current_period_end')::timestamptz,
      (p_local ->> 'cancel_at')::timestamptz, coalesce((p_local ->> 'cancel_at_period_end')::boolean, false)
    )
    on conflict (user_id) do update set
      stripe_customer_id = excluded.stripe_customer_id,
      stripe_subscription_id = excluded.stripe_subscription_id,
      plan_id = excluded.plan_id,
      status = excluded.status,
      current_period_start = excluded.current_period_start,
      current_period_end = excluded.current_period_end,
      cancel_at = excluded.cancel_at,
      cancel_at_period_end = excluded.cancel_at_period_end;
  end if;

  if p_create_quotas or p_reset_quotas then
    insert into public.user_quotas (user_id) values (p_user_id) on conflict (user_id) do nothing;
  end if;
  if p_reset_quotas then
    update public.user_quotas set quotes_used = 0, last_reset = now() where user_id = p_user_id;
  end if;

  return json_build_object('applied', true, 'duplicate', false);
end;
$$;

-- lock_quote_quota as in 0040, the plan's limit now read from plan_catalog instead of a literal 3.
create or replace function public.lock_quote_quota(p_user_id uuid, out plan text, out quota_limit integer,
  out used integer, out held integer)
language plpgsql security definer set search_path = '' as $$
declare
  v_last_reset timestamptz;
begin
  plan := public.current_plan(p_user_id);
  -- The limit from the one plan catalogue (null = unlimited).
  select nullif(c.quotes_per_month, -1) into quota_limit from public.plan_catalog c where c.plan_id = plan;

  insert into public.user_quotas (user_id) values (p_user_id) on conflict (user_id) do nothing;
  select q.quotes_used, q.last_reset into used, v_last_reset
    from public.user_quotas q where q.user_id = p_user_id for update;

  if date_trunc('month', v_last_reset at time zone 'Europe/Paris') < date_trunc('month', now() at time zone 'Europe/Paris') then
    used := 0;
    update public.user_quotas set quotes_used = 0, last_reset = now() where user_id = p_user_id;
  end if;

  select count(*)::integer into held from public.quote_number_reservations r
    where r.user_id = p_user_id and r.state = 'held' and r.month = public.quota_month();
end;
$$;

-- 3. Figures at the top of /admin. Users per plan as before (private.admin_users). Revenue: each paid
--    subscription's monthly amount from the price the provider bills (stripe_subscriptions.unit_amount over its
--    interval), the catalogue price when none was stored yet (a sync older than this migration, or no provider):
--      active   → counted in mrr_cents;
--      past_due → counted in mrr_cents (still subscribed while the provider retries) and shown in past_due_mrr_cents;
--      trialing → not revenue yet: trialing count and trialing_mrr_cents (what it becomes when the trial ends);
--      canceled, unpaid, incomplete*, paused, inactive → nothing (canceled counted).
--    Devis créés ce mois-ci: numbered devis rows (public.quotes) dated in the current month (Paris), not the
--    user_quotas counter, which a plan change resets mid-month (apply_billing_sync p_reset_quotas).
create or replace function public.admin_dashboard() returns json
language plpgsql stable security definer set search_path = '' as $$
declare
  v_month_start timestamptz := date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris';
  v_users record;
  v_money record;
  v_quotes bigint;
begin
  if not public.is_admin() then
    raise exception 'administrator only' using errcode = '42501';
  end if;

  select count(*) as users,
         count(*) filter (where a.plan_id = 'free') as free,
         count(*) filter (where a.plan_id = 'pro') as pro,
         count(*) filter (where a.plan_id = 'enterprise') as enterprise
    into v_users
    from private.admin_users a;

  select coalesce(sum(m.monthly) filter (where m.status in ('active', 'past_due')), 0) as mrr,
         coalesce(sum(m.monthly) filter (where m.status = 'past_due'), 0) as past_due_mrr,
         coalesce(sum(m.monthly) filter (where m.status = 'trialing'), 0) as trialing_mrr,
         count(*) filter (where m.status = 'trialing') as trialing,
         count(*) filter (where m.status = 'past_due') as past_due,
         count(*) filter (where m.status = 'canceled') as canceled
    into v_money
    from (
      select s.status,
             coalesce(public.monthly_amount_cents(ss.unit_amount, ss.price_interval, ss.price_interval_count),
                      c.price_cents) as monthly
        from public.subscriptions s
        join public.plan_catalog c on c.plan_id = s.plan_id
        left join public.stripe_subscriptions ss
          on ss.customer_id = s.stripe_customer_id and ss.deleted_at is null
       where s.plan_id <> 'free'
    ) m;

  select count(*) into v_quotes
    from public.quotes q
   where q.number is not null and q.date >= v_month_start;

  return json_build_object(
    'users', v_users.users,
    'free', v_users.free,
    'pro', v_users.pro,
    'enterprise', v_users.enterprise,
    'mrr_cents', v_money.mrr,
    'past_due_mrr_cents', v_money.past_due_mrr,
    'trialing_mrr_cents', v_money.trialing_mrr,
    'trialing', v_money.trialing,
    'past_due', v_money.past_due,
    'canceled', v_money.canceled,
    'quotes_this_month', v_quotes
  );
end;
$$;
