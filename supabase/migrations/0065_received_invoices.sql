-- Issue 28 item 8: « Factures reçues ». A supplier's Factur-X PDF, CII or UBL file, read and validated in the
-- browser (@atelier/domain readReceivedFile), archived in the owner's `documents` folder under
-- `<user>/recues/<year>/<supplier>_<number>.<pdf|xml>` (receivedInvoicePath, never upserted), and recorded here with
-- what the list shows. Owner-only RLS; a row can only point at an archived object of its owner, in its owner's
-- `recues/` folder; the same file twice is refused (unique path); a record is immutable (no update policy).
create table public.received_invoices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  storage_path text not null unique check (
    char_length(storage_path) <= 300
    and storage_path ~ '^[0-9a-f-]{36}/recues/[0-9a-z-]{4,9}/[A-Za-z0-9-]+_[A-Za-z0-9-]+\.(pdf|xml)$'
    and split_part(storage_path, '/', 1) = user_id::text
  ),
  format text not null check (format in ('pdf', 'xml')),
  syntax text not null check (syntax in ('CII', 'UBL')),
  -- 20 MB: MAX_RECEIVED_FILE_BYTES in @atelier/domain.
  file_size integer not null check (file_size between 1 and 20971520),
  type_code text not null check (type_code ~ '^[0-9]{3}$'),
  is_credit_note boolean not null default false,
  number text not null check (char_length(number) between 1 and 200),
  issue_date date,
  due_date date,
  currency text not null default 'EUR' check (currency ~ '^[A-Z]{3}$'),
  supplier_name text not null check (char_length(supplier_name) between 1 and 300),
  supplier_siren text check (char_length(supplier_siren) <= 40),
  supplier_vat_id text check (char_length(supplier_vat_id) <= 40),
  ht_cents bigint not null,
  vat_cents bigint not null,
  ttc_cents bigint not null,
  due_cents bigint not null,
  -- [{ code, rate, baseCents, vatCents }] as read from the file.
  vat_breakdown jsonb not null default '[]' check (
    jsonb_typeof(vat_breakdown) = 'array' and jsonb_array_length(vat_breakdown) <= 50
    and pg_column_size(vat_breakdown) <= 16384
  ),
  -- Inconsistencies found in the file (French), shown beside it.
  warnings jsonb not null default '[]' check (
    jsonb_typeof(warnings) = 'array' and jsonb_array_length(warnings) <= 50 and pg_column_size(warnings) <= 16384
  ),
  received_at timestamptz not null default now()
);
create index received_invoices_user_idx on public.received_invoices (user_id, received_at desc);
alter table public.received_invoices enable row level security;

create policy "received_invoices: owner reads" on public.received_invoices
  for select to authenticated using ((select auth.uid()) = user_id);
-- The archived file must exist, be the caller's, and be the size recorded.
create policy "received_invoices: owner records an archived file" on public.received_invoices
  for insert to authenticated
  with check (
    (select auth.uid()) = user_id
    and exists (
      select 1 from storage.objects o
      where o.bucket_id = 'documents' and o.name = storage_path and o.owner = (select auth.uid())
        and coalesce((o.metadata ->> 'size')::bigint, -1) = file_size
    )
  );
create policy "received_invoices: owner deletes" on public.received_invoices
  for delete to authenticated using ((select auth.uid()) = user_id);

grant select, insert, delete on public.received_invoices to authenticated;
revoke all on public.received_invoices from anon;
