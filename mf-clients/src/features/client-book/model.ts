// Client book model: accent- and case-insensitive search, the edit form's rules (SPEC.md §5), payment status.
import * as z from 'zod/mini';

import { CLIENTS_MESSAGES as M } from '../../messages';

export interface ClientRow {
  id: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  created_at?: string;
  archived_at?: string | null;
}

export const clientFormSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, M.nameRequired)),
  email: z.string().check(z.trim(), z.email(M.emailInvalid)),
  phone: z.string().check(z.trim(), z.minLength(1, M.phoneRequired)),
  address: z.string().check(z.trim(), z.minLength(1, M.addressRequired)),
});
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

export function filterClients<T extends ClientRow>(clients: T[], index: Map<string, string>, query: string): T[] {
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
