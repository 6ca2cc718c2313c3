// « Supprimer » a client: always into the Corbeille (archived_at), restorable. A client with numbered documents
// stays archived for good (its DE…/FA… must be kept); one without is deleted 30 days later by the server
// (purge_client_trash, migration 0071), with its drafts.
import type { SyncEngine } from '@atelier/storage';

import { TRASH_MESSAGES as M } from './messages';

export const TRASH_DAYS = 30;

/** A document row as the client book holds it. */
type DocumentRow = Readonly<Record<string, unknown>>;

/** The numbers of a client's numbered devis and issued invoices (DE0001, FA0002…). */
export function numberedDocuments(quotes: readonly DocumentRow[], invoices: readonly DocumentRow[]): string[] {
  return [
    ...quotes.filter((q) => q.number).map((q) => String(q.number)),
    ...invoices.filter((i) => i.status === 'issued' && i.number).map((i) => String(i.number)),
  ];
}

/** The confirmation text: says what happens to the client's documents. */
export function deleteConfirmation(
  name: string,
  quotes: readonly DocumentRow[],
  invoices: readonly DocumentRow[],
): string {
  const numbers = numberedDocuments(quotes, invoices);
  return numbers.length ? M.confirmKeepsDocuments(name, numbers.join(', ')) : M.confirmDrafts(name);
}

export async function moveToTrash(engine: SyncEngine, id: string, now = new Date()): Promise<void> {
  const row = engine.row('clients', id);
  if (!row || row.archived_at) return;
  await engine.write('clients', { ...row, archived_at: now.toISOString() });
}

export async function restoreFromTrash(engine: SyncEngine, id: string): Promise<void> {
  const row = engine.row('clients', id);
  if (!row || !row.archived_at) return;
  await engine.write('clients', { ...row, archived_at: null });
}

/** The day a client without numbered documents leaves the Corbeille for good (dd/mm/yyyy); null if kept. */
export function purgeDate(archivedAt: string, numbered: boolean): string | null {
  if (numbered) return null;
  const day = new Date(Date.parse(archivedAt) + TRASH_DAYS * 86_400_000);
  return day.toLocaleDateString('fr-FR', { timeZone: 'Europe/Paris' });
}
