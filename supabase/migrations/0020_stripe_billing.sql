-- Billing: the payment provider's customers and subscriptions (Stripe, mirrored by the webhook and the
-- sync-subscriptions function), the ids of processed webhook events, and the two service-role RPCs the functions
-- use to read a customer's context and to apply one synchronisation atomically.
-- Users read their own rows; only the service role writes (a user cannot grant themselves a paid plan).

create type public.stripe_subscription_status as enum (
  'not_started', 'incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'
);

create table public.stripe_customers (
  id bigint generated always as identity primary key,
  user_id uuid not null unique references auth.users (id) on delete cascade,
  customer_id text not null unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
alter table public.stripe_customers enable row level security;

create policy "stripe_customers: owner reads" on public.stripe_customers
  for select to authenticated using ((select auth.uid()) = user_id and deleted_at is null);

create trigger stripe_customers_touch_updated_at before update on public.stripe_customers
  for each row execute function public.touch_updated_at();

comment on table public.stripe_customers is 'Stripe customer of a user (one per user); written by the service role only.';


-- One row per customer (the subscription that counts: the active one, else the latest). Period fields are unix
-- seconds, taken from the subscription item (Stripe API 2025-03-31.basil and later have none on the subscription).
create table public.stripe_subscriptions (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  customer_id text not null unique references public.stripe_customers (customer_id) on delete cascade,
  subscription_id text,
  price_id text,
  current_period_start bigint,
  current_period_end bigint,
  cancel_at bigint,
  cancel_at_period_end boolean not null default false,
  payment_method_brand text,
  payment_method_last4 text,
  status public.stripe_subscription_status not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz
);
alter table public.stripe_subscriptions enable row level security;

create index stripe_subscriptions_user_id on public.stripe_subscriptions (user_id);

create policy "stripe_subscriptions: owner reads" on public.stripe_subscriptions
  for select to authenticated using ((select auth.uid()) = user_id and deleted_at is null);

create trigger stripe_subscriptions_touch_updated_at before update on public.stripe_subscriptions
  for each row execute function public.touch_updated_at();

comment on table public.stripe_subscriptions is 'Stripe subscription of a customer, as last read from the Stripe API; service role writes.';


-- Webhook events already applied: a replayed event (Stripe retries, duplicates) is acknowledged and ignored.
create table public.stripe_webhook_events (
  id text primary key,
  type text not null,
  created bigint,
  processed_at timestamptz not null default now()
);
alter table public.stripe_webhook_events enable row level security;
-- No policy: nobody but the service role (which bypasses RLS) reads or writes it.
revoke all on public.stripe_webhook_events from anon, authenticated;

comment on table public.stripe_webhook_events is 'Ids of processed Stripe webhook events (replay protection).';


-- The user's view of their subscription, as in the Stripe template (security invoker: RLS of the tables applies).
create view public.stripe_user_subscriptions with (security_invoker = true) as
  select c.customer_id, s.subscription_id, s.status as subscription_status, s.price_id, s.current_period_start,
         s.current_period_end, s.cancel_at, s.cancel_at_period_end, s.payment_method_brand, s.payment_method_last4
    from public.stripe_customers c
    left join public.stripe_subscriptions s on s.customer_id = c.customer_id and s.deleted_at is null
   where c.user_id = (select auth.uid()) and c.deleted_at is null;

grant select on public.stripe_user_subscriptions to authenticated;


-- Everything the status rules need about a user, found by Stripe customer id or by user id (service role).
create function public.billing_sync_context(
  p_customer_id text default null, p_user_id uuid default null, p_event_id text default null
)
returns json
language sql stable security definer set search_path = '' as $$
  with target as (
    select coalesce(
      p_user_id,
      (select c.user_id from public.stripe_customers c where c.customer_id = p_customer_id)
    ) as user_id
  )
  select json_build_object(
    'user_id', t.user_id,
    'customer_id', coalesce(
      (select c.customer_id from public.stripe_customers c where c.user_id = t.user_id and c.deleted_at is null),
      p_customer_id),
    'local', (select row_to_json(s) from public.subscriptions s where s.user_id = t.user_id),
    'provider', (select row_to_json(p) from public.stripe_subscriptions p
                  where p.user_id = t.user_id and p.deleted_at is null),
    'has_quotas', exists (select 1 from public.user_quotas q where q.user_id = t.user_id),
    'event_seen', exists (select 1 from public.stripe_webhook_events e where e.id = p_event_id)
  )
  from target t
$$;

-- Applies one synchronisation in one transaction: records the webhook event (a replay returns duplicate and
-- changes nothing), the customer mapping, the provider subscription, the local record computed by the status
-- rules (@atelier/domain resolveSubscriptionStatus), and the quota row / reset.
create function public.apply_billing_sync(
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
      cancel_at_period_end, payment_method_brand, payment_method_last4, status
    ) values (
      p_user_id, p_customer_id, p_subscription ->> 'subscription_id', p_subscription ->> 'price_id',
      (p_subscription ->> 'current_period_start')::bigint, (p_subscription ->> 'current_period_end')::bigint,
      (p_subscription ->> 'cancel_at')::bigint, coalesce((p_subscription ->> 'cancel_at_period_end')::boolean, false),
      p_subscription ->> 'payment_method_brand', p_subscription ->> 'payment_method_last4',
      (p_subscription ->> 'status')::public.stripe_subscription_status
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

revoke execute on function public.billing_sync_context(text, uuid, text) from public, anon, authenticated;
revoke execute on function public.apply_billing_sync(uuid, text, text, bigint, text, jsonb, jsonb, boolean, boolean)
  from public, anon, authenticated;
grant execute on function public.billing_sync_context(text, uuid, text) to service_role;
grant execute on function public.apply_billing_sync(uuid, text, text, bigint, text, jsonb, jsonb, boolean, boolean)
  to service_role;
