-- Issue 25 §5: an owner deletes their own draft invoice. The immutability triggers call public.user_exists(),
-- which is revoked from `authenticated` (it reads auth.users); run as the caller, the trigger failed with 403
-- « permission denied for function user_exists » even for a draft. The triggers now run as their owner
-- (security definer, search_path fixed to '' as before), so a draft goes and an issued invoice or an avoir keeps
-- its French refusal.
alter function public.protect_issued_invoice() security definer;
alter function public.protect_issued_invoice() set search_path = '';
alter function public.protect_credit_note() security definer;
alter function public.protect_credit_note() set search_path = '';
revoke execute on function public.protect_issued_invoice() from public, anon, authenticated;
revoke execute on function public.protect_credit_note() from public, anon, authenticated;
