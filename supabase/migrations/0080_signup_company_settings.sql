-- Issue 29.3: the company details given at sign-up are the user's company settings (user_settings 'companyInfo')
-- from the start, so the first devis is not refused for a missing company name while /company only showed them
-- pre-filled and unsaved. What the user already saved wins: only empty fields are filled from the sign-up.

-- The companyInfo fields the sign-up collects (same names as @atelier/domain's companyInfoSchema).
create function public.signup_company_info(meta jsonb, account_email text) returns jsonb
language sql immutable set search_path = '' as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'name', nullif(btrim(left(meta ->> 'company_name', 200)), ''),
    'address', nullif(btrim(left(meta ->> 'address', 500)), ''),
    'phone', nullif(btrim(left(meta ->> 'phone', 50)), ''),
    'email', nullif(btrim(left(account_email, 255)), ''),
    'siret', nullif(btrim(left(meta ->> 'siret', 50)), '')
  ))
$$;

-- `saved` with its empty or missing fields filled from `signup` (a saved non-empty value is never replaced).
create function public.merge_company_info(saved jsonb, signup jsonb) returns jsonb
language sql immutable set search_path = '' as $$
  select signup || coalesce((
    select jsonb_object_agg(e.key, e.value)
    from jsonb_each(coalesce(saved, '{}'::jsonb)) e
    where e.value is distinct from '""'::jsonb and e.value is distinct from 'null'::jsonb
  ), '{}'::jsonb)
$$;

create function public.seed_company_settings(p_user_id uuid, p_signup jsonb) returns void
language plpgsql security definer set search_path = '' as $$
begin
  if p_signup = '{}'::jsonb then
    return;
  end if;
  insert into public.user_settings as s (user_id, key, value)
  values (p_user_id, 'companyInfo', p_signup)
  on conflict (user_id, key) do update
    set value = public.merge_company_info(s.value, excluded.value)
    where public.merge_company_info(s.value, excluded.value) is distinct from s.value;
end;
$$;
revoke execute on function public.seed_company_settings(uuid, jsonb) from public, anon, authenticated;

create function public.handle_new_user_company() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  perform public.seed_company_settings(
    new.id, public.signup_company_info(coalesce(new.raw_user_meta_data, '{}'::jsonb), new.email));
  return new;
end;
$$;
revoke execute on function public.handle_new_user_company() from public, anon, authenticated;

create trigger on_auth_user_created_company after insert on auth.users
  for each row execute function public.handle_new_user_company();

-- Accounts made before this migration: their sign-up details fill what their saved settings leave empty.
select public.seed_company_settings(u.id, public.signup_company_info(
  jsonb_build_object('company_name', p.company_name, 'address', p.address, 'phone', p.phone, 'siret', p.siret),
  u.email))
from auth.users u
join public.profiles p on p.id = u.id;
