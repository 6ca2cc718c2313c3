-- The reminder scheduler's candidates, bounded (0090 listed every unpaid late invoice of every user on each run):
--   * an invoice whose last step (3) is recorded is done;
--   * a user who reached the daily send limit (take_send_slot, MAIL_LIMITS.dailySends) waits for tomorrow;
--   * at most 500 invoices per run, the most recently due first: the scheduler runs again and takes the rest.
-- A user with thousands of late invoices (an import) therefore costs one bounded query per run instead of a claim
-- round trip per invoice, and cannot delay other users' reminders.
create or replace function public.reminder_candidates(p_today date) returns json
language sql stable security definer set search_path = '' as $$
  select coalesce(json_agg(json_build_object(
           'id', x.id, 'user_id', x.user_id, 'number', x.number, 'kind', x.kind, 'due_date', x.due_date,
           'total_ttc_cents', x.total_ttc_cents, 'net_due_cents', x.net_due_cents,
           'pdf_path', x.pdf_path, 'company', x.company,
           'client_name', x.client_name, 'client_email', x.client_email,
           'settings', (select s.value from public.user_settings s where s.user_id = x.user_id and s.key = 'mailSettings'),
           'steps', (select coalesce(json_agg(r.step), '[]'::json) from public.invoice_reminders r where r.invoice_id = x.id)
         ) order by x.due_date), '[]'::json)
    from (
      select i.id, i.user_id, i.number, i.kind, i.due_date, i.total_ttc_cents,
             coalesce(i.net_due_cents, i.total_ttc_cents) as net_due_cents, i.pdf_path,
             i.snapshot -> 'company' as company, c.name as client_name, lower(trim(c.email)) as client_email
        from public.invoices i join public.clients c on c.id = i.client_id and c.user_id = i.user_id
       where i.status = 'issued' and not i.is_paid and i.due_date is not null and i.due_date < p_today
         and not exists (select 1 from public.credit_notes n where n.invoice_id = i.id)
         and not exists (select 1 from public.invoice_reminders r where r.invoice_id = i.id and r.step >= 3)
         and i.user_id not in (
               select s.user_id from public.document_sends s
                where s.created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc'
                group by s.user_id having count(*) >= 50)
       order by i.due_date desc
       limit 500
    ) x
$$;
revoke execute on function public.reminder_candidates(date) from public, anon, authenticated;
grant execute on function public.reminder_candidates(date) to service_role;
