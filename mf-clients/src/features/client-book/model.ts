// Client book model: accent- and case-insensitive search, the edit form's rules (SPEC.md §5), payment status.
import { INVOICING_MESSAGES, normaliseSiren, normaliseVatNumber } from '@atelier/domain';
import * as z from 'zod/mini';

import { CLIENTS_MESSAGES as M } from '../../messages';

export interface ClientRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  siren?: string | null;
  vat_number?: string | null;
  site_address?: string | null;
  created_at?: string;
  archived_at?: string | null;
}

export const clientFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, M.nameRequired)),
  email: z.string().check(z.trim(), z.email(M.emailInvalid)),
  phone: z.string().check(z.trim(), z.minLength(1, M.phoneRequired)),
  address: z.string().check(z.trim(), z.minLength(1, M.addressRequired)),
  /** A business client's SIREN (Luhn key checked by the domain), VAT number, and the site address (issue 28). */
  siren: z.optional(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || normaliseSiren(v) !== null, INVOICING_MESSAGES.sirenInvalid),
    ),
  ),
  vat_number: z.optional(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || normaliseVatNumber(v) !== null, INVOICING_MESSAGES.vatNumberInvalid),
    ),
  ),
  site_address: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

/** The columns a client form writes: blank identifiers are null (the SQL checks take 9 digits or nothing). */
export function clientColumns(form: ClientForm): ClientForm & Record<string, unknown> {
  const siren = form.siren ? normaliseSiren(form.siren) : null;
  const vat = form.vat_number ? normaliseVatNumber(form.vat_number) : null;
  return {
    ...form,
    siren: siren as unknown as string,
    vat_number: vat as unknown as string,
    site_address: (form.site_address?.trim() || null) as unknown as string,
  };
}
export type ClientForm = z.infer<typeof clientFormSchema>;

/** Lower case without accents: « Éloïse » matches « eloise ». */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

export function searchIndex(client: ClientRow): string {
  return fold([client.name, client.email, client.phone, client.phone.replace(/\s+/g, ''), client.address].join('\n'));
}

export function filterClients<T extends ClientRow>(
  clients: readonly T[],
  index: ReadonlyMap<string, string>,
  query: string,
): readonly T[] {
  const q = fold(query.trim());
  if (!q) return clients;
  return clients.filter((c) => (index.get(c.id) ?? searchIndex(c)).includes(q));
}

/** Active clients, newest first (spec §7: ordered by created_at desc). */
export function activeClients<T extends ClientRow & { updated_at?: string }>(rows: readonly T[]): T[] {
  return rows
    .filter((c) => !c.archived_at)
    .sort((a, b) => String(b.created_at ?? b.updated_at).localeCompare(String(a.created_at ?? a.updated_at)));
}

export type PaymentStatus = 'paid' | 'pending' | 'late';
export function paymentStatus(
  invoice: { is_paid?: unknown; due_date?: unknown },
  today = new Date().toISOString().slice(0, 10),
): PaymentStatus {
  if (invoice.is_paid) return 'paid';
  return typeof invoice.due_date === 'string' && invoice.due_date < today ? 'late' : 'pending';
}
