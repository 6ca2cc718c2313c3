// A saved devis opened for editing (/?devis=<quote id>, the client card's « modifier »): its row in the user's
// client book (sync engine) becomes the draft, keeping its id so regenerating replaces it (SPEC.md §4 Saving).
import { findQuoteRow, rowToQuote, type SyncEngine, type SyncRow } from '@atelier/storage';

import { EMPTY_CLIENT, type QuoteDraft } from './quote-draft';

export const DEVIS_PARAM = 'devis';

export function draftFromSavedQuote(quoteRow: SyncRow, clientRow: SyncRow | undefined): QuoteDraft {
  const quote = rowToQuote(quoteRow);
  const snapshotClient = quote.snapshot?.client;
  const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
  return {
    quoteId: quote.id,
    title: quote.projectTitle ?? '',
    client: {
      ...EMPTY_CLIENT,
      name: text(clientRow?.name, snapshotClient?.name ?? ''),
      email: text(clientRow?.email, snapshotClient?.email ?? ''),
      phone: text(clientRow?.phone, snapshotClient?.phone ?? ''),
      address: text(clientRow?.address, snapshotClient?.address ?? ''),
    },
    lines: quote.tasks.map((line, i) => ({ ...line, id: `line-${i + 1}` })),
    vatRate: quote.tvaRate,
    nextLineId: quote.tasks.length + 1,
    // Issue 27: the remise globale comes back with the devis (its lines carry their own fields).
    ...(quote.discount ? { discount: quote.discount } : {}),
  };
}

/** The saved devis `quoteId` as a draft, after the local copy is read (and synced once if it is not there). */
export async function loadSavedQuote(
  engine: SyncEngine,
  quoteId: string,
): Promise<{ draft: QuoteDraft; number: string } | null> {
  await engine.load();
  let row = findQuoteRow(engine, quoteId);
  if (!row) {
    await engine.sync();
    row = findQuoteRow(engine, quoteId);
  }
  if (!row) return null;
  const client = row.client_id ? engine.row('clients', String(row.client_id)) : undefined;
  return { draft: draftFromSavedQuote(row, client), number: String(row.number ?? '') };
}
