-- apply_billing_sync as in 0100 (decision 0110), with fewer statements per webhook event:
--  * the customer → user mapping is not re-inserted when the expectation just verified it;
--  * the provider row is compared first and upserted only when it changed (a no-op upsert still locks the row);
--  * creating and resetting the quota row is one statement;
--  * when the caller's expectation held and the local record was not written, the state answered is that
--    expectation (it is what the database holds) instead of being read again.
create or replace function public.apply_billing_sync(
  p_user_id uuid,
  p_event_id text default null,
  p_event_type text default null,
  p_event_created bigint default null,
  p_customer_id text default null,
  p_subscription jsonb default null,
  p_local jsonb default null,
  p_reset_quotas boolean default false,
  p_create_quotas boolean default true,
  p_expected jsonb default null
) returns json
language plpgsql security definer set search_path = '' as $$
declare
  v_owner uuid;
  v_local jsonb;
begin
  if p_expected is not null then
    -- The rows the expectation is about stay as checked until commit.
    select c.user_id into v_owner from public.stripe_customers c where c.customer_id = p_customer_id for share;
    select to_jsonb(s) into v_local from public.subscriptions s where s.user_id = p_user_id for update;
    if p_user_id is null
       or p_expected ->> 'user_id' is distinct from p_user_id::text
       or v_owner is distinct from p_user_id
       or v_local is distinct from nullif(p_expected -> 'local', 'null'::jsonb)
       or exists (select 1 from public.user_quotas q where q.user_id = p_user_id)
          is distinct from coalesce((p_expected ->> 'has_quotas')::boolean, false)
    then
      return json_build_object('applied', false, 'duplicate', false, 'stale', true);
    end if;
  end if;

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

  if p_customer_id is not null and p_expected is null then
    insert into public.stripe_customers (user_id, customer_id) values (p_user_id, p_customer_id)
    on conflict do nothing;
  end if;

  if p_subscription is not null and p_customer_id is not null and not exists (
    select 1 from public.stripe_subscriptions s
     where s.customer_id = p_customer_id and s.deleted_at is null and s.user_id = p_user_id
       and (s.subscription_id, s.price_id, s.current_period_start, s.current_period_end, s.cancel_at,
            s.cancel_at_period_end, s.payment_method_brand, s.payment_method_last4, s.status::text, s.unit_amount,
            s.currency, s.price_interval, s.price_interval_count)
           is not distinct from
           (p_subscription ->> 'subscription_id', p_subscription ->> 'price_id',
            (p_subscription ->> 'current_period_start')::bigint, (p_subscription ->> 'current_period_end')::bigint,
            (p_subscription ->> 'cancel_at')::bigint, coalesce((p_subscription ->> 'cancel_at_period_end')::boolean, false),
            p_subscription ->> 'payment_method_brand', p_subscription ->> 'payment_method_last4',
            p_subscription ->> 'status', (p_subscription ->> 'unit_amount')::bigint, lower(p_subscription ->> 'currency'),
            p_subscription ->> 'price_interval', (p_subscription ->> 'price_interval_count')::integer)
  ) then
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
      deleted_at = null
    where (s.subscription_id, s.price_id, s.current_period_start, s.current_period_end, s.cancel_at,
           s.cancel_at_period_end, s.payment_method_brand, s.payment_method_last4, s.status, s.unit_amount,
           s.currency, s.price_interval, s.price_interval_count, s.deleted_at)
          is distinct from
          (excluded.subscription_id, excluded.price_id, excluded.current_period_start, excluded.current_period_end,
           excluded.cancel_at, excluded.cancel_at_period_end, excluded.payment_method_brand,
           excluded.payment_method_last4, excluded.status, excluded.unit_amount, excluded.currency,
           excluded.price_interval, excluded.price_interval_count, null::timestamptz);
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

  if p_reset_quotas then
    insert into public.user_quotas as q (user_id) values (p_user_id)
    on conflict (user_id) do update set quotes_used = 0, last_reset = now();
  elsif p_create_quotas then
    insert into public.user_quotas (user_id) values (p_user_id) on conflict (user_id) do nothing;
  end if;

  if p_expected is not null and p_local is null then
    return json_build_object('applied', true, 'duplicate', false, 'state', jsonb_set(p_expected, '{has_quotas}',
      to_jsonb(coalesce((p_expected ->> 'has_quotas')::boolean, false) or p_reset_quotas or p_create_quotas)));
  end if;
  return json_build_object(
    'applied', true,
    'duplicate', false,
    'state', json_build_object(
      'user_id', (select c.user_id from public.stripe_customers c where c.customer_id = p_customer_id),
      'local', (select row_to_json(s) from public.subscriptions s where s.user_id = p_user_id),
      'has_quotas', exists (select 1 from public.user_quotas q where q.user_id = p_user_id)
    )
  );
end;
$$;
