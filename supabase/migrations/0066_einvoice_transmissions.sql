-- Issue 28 item 8: what was handed to the plateforme agréée (POST /functions/v1/facturx/send), when, and the PA's
-- receipt: one row per issued invoice / avoir (a document is transmitted once). Written only by the facturx
-- function with the service role AFTER the PA accepted the file (a user cannot claim a transmission); the owner
-- reads its rows (« Transmise à la plateforme le … »).
create table public.einvoice_transmissions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  document_table text not null check (document_table in ('invoices', 'credit_notes')),
  document_id uuid not null,
  number text not null check (char_length(number) between 1 and 64),
  type_code text not null check (type_code ~ '^[0-9]{3}$'),
  -- The archived Factur-X that was sent, and its SHA-256.
  pdf_path text not null check (char_length(pdf_path) <= 300),
  pdf_sha256 text not null check (pdf_sha256 ~ '^[0-9a-f]{64}$'),
  pdf_bytes integer not null check (pdf_bytes > 0),
  plateforme text not null check (char_length(plateforme) between 1 and 40),
  receipt_id text not null check (char_length(receipt_id) between 1 and 200),
  receipt_status text not null check (char_length(receipt_status) between 1 and 60),
  sent_at timestamptz not null default now(),
  unique (document_table, document_id)
);
create index einvoice_transmissions_user_idx on public.einvoice_transmissions (user_id, sent_at desc);
alter table public.einvoice_transmissions enable row level security;
create policy "einvoice_transmissions: owner reads" on public.einvoice_transmissions
  for select to authenticated using ((select auth.uid()) = user_id);

revoke all on public.einvoice_transmissions from anon, authenticated;
grant select on public.einvoice_transmissions to authenticated;
grant select, insert on public.einvoice_transmissions to service_role;
