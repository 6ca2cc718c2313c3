-- Issue 29.9: the administrator's SIRET column shows the SIRET the user keeps on /company (user_settings
-- 'companyInfo'), which is what their documents print; the sign-up profile's value only when /company has none.
-- Same columns, same order as 0030's view (create or replace view keeps admin_clients_view and the functions).
create or replace view private.admin_users as
  select u.id as user_id,
         u.email::text as user_email,
         u.created_at as user_created_at,
         u.last_sign_in_at,
         (u.email_confirmed_at is not null) as email_confirmed,
         p.first_name,
         p.last_name,
         p.company_name,
         p.phone as user_phone,
         p.address,
         coalesce(nullif(btrim(c.value ->> 'siret'), ''), p.siret) as siret,
         case when s.status in ('active', 'trialing') then s.plan_id else 'free' end as plan_id,
         coalesce(s.status, 'inactive') as subscription_status,
         case
           when q.last_reset >= (select date_trunc('month', now() at time zone 'Europe/Paris') at time zone 'Europe/Paris')
           then q.quotes_used
           else 0
         end as quotes_used_this_month
    from auth.users u
    left join public.profiles p on p.id = u.id
    left join public.subscriptions s on s.user_id = u.id
    left join public.user_quotas q on q.user_id = u.id
    left join public.user_settings c on c.user_id = u.id and c.key = 'companyInfo';

revoke all on private.admin_users from public, anon, authenticated;
