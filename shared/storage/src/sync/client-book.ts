// Saving a devis into the client book on the server (SPEC.md §4 « Saving »), through the sync engine: the client
// is created or merged with the one of the same email (non-empty fields win), the quote row replaces the one with
// the same id. Shared by mf-quotes (home page) and mf-clients (the client card) through @atelier/storage.
import type { Quote } from '@atelier/domain';

import { documentRowId, isUuid, normaliseEmail, quoteToRow, rowToQuote, type ClientRowFields } from './document-rows';
import type { SyncEngine, SyncRow } from './sync-engine';

/** The client row with this email (case and surrounding spaces ignored), archived ones included. */
export function findClientByEmail(engine: SyncEngine, email: string): SyncRow | undefined {
  const wanted = normaliseEmail(email);
  return engine.rows('clients').find((c) => normaliseEmail(String(c.email ?? '')) === wanted);
}

/** The quote row of a domain quote id (its row id or its legacy id). */
export function findQuoteRow(engine: SyncEngine, quoteId: string): SyncRow | undefined {
  const direct = engine.row('quotes', quoteId) ?? engine.row('quotes', documentRowId(engine.userId, quoteId));
  if (direct) return direct;
  if (isUuid(quoteId)) return undefined;
  return engine.rows('quotes').find((q) => q.legacy_id === quoteId);
}

/** Writes the client (created, or merged into the one with the same email) and returns its row. */
export async function upsertClientRow(
  engine: SyncEngine,
  incoming: ClientRowFields,
  newId: () => string = () => globalThis.crypto.randomUUID(),
): Promise<SyncRow> {
  const existing = findClientByEmail(engine, incoming.email);
  const pick = (next: string, prev: unknown) => (next.trim() ? next.trim() : String(prev ?? ''));
  if (existing) {
    const merged = {
      ...existing,
      name: pick(incoming.name, existing.name),
      phone: pick(incoming.phone, existing.phone),
      address: pick(incoming.address, existing.address),
      archived_at: null,
    };
    const unchanged =
      merged.name === existing.name &&
      merged.phone === existing.phone &&
      merged.address === existing.address &&
      !existing.archived_at;
    return unchanged ? existing : engine.write('clients', merged);
  }
  return engine.write('clients', {
    id: newId(),
    name: incoming.name.trim(),
    email: incoming.email.trim(),
    phone: incoming.phone.trim(),
    address: incoming.address.trim(),
    created_at: new Date().toISOString(),
    archived_at: null,
  });
}

export interface SavedQuote {
  client: SyncRow;
  quote: SyncRow;
}

/** Saves the quote into the client's list on the server (queued in the outbox; pushed by the next sync). */
export async function saveQuoteToBook(engine: SyncEngine, client: ClientRowFields, quote: Quote): Promise<SavedQuote> {
  await engine.load();
  const clientRow = await upsertClientRow(engine, client);
  const row = quoteToRow(quote, { userId: engine.userId, clientId: clientRow.id });
  const previous = engine.row('quotes', row.id);
  const saved = await engine.write('quotes', {
    ...row,
    ...(previous?.created_at ? { created_at: previous.created_at } : { created_at: new Date().toISOString() }),
  });
  return { client: clientRow, quote: saved };
}

/**
 * Pushes what saveQuoteToBook queued and tells whether the server refused it for good (e.g. the free plan's
 * 11th client): the refused rows are removed from the local copy and the server's French message returned.
 * Offline (or a server error that a retry may fix), the save stays queued and null is returned.
 */
export async function pushSavedQuote(engine: SyncEngine, saved: SavedQuote): Promise<string | null> {
  const before = engine.status().rejected.length;
  await engine.sync();
  const refused = engine
    .status()
    .rejected.slice(before)
    .filter(
      (r) =>
        (r.entry.table === 'clients' && r.entry.id === saved.client.id) ||
        (r.entry.table === 'quotes' && r.entry.id === saved.quote.id),
    );
  if (!refused.length) return null;
  const clientRefused = refused.find((r) => r.entry.table === 'clients');
  // A refused client takes its quote with it (the quote row cannot reference a client the server does not have).
  if (clientRefused) await engine.discard('clients', saved.client.id);
  await engine.discard('quotes', saved.quote.id);
  return (clientRefused ?? refused[0])!.message;
}

/** The saved quotes of a client row, as domain quotes (newest first). */
export function quotesOfClient(engine: SyncEngine, clientId: string): Quote[] {
  return engine
    .rows('quotes')
    .filter((q) => q.client_id === clientId)
    .sort((a, b) => String(b.date ?? '').localeCompare(String(a.date ?? '')))
    .map(rowToQuote);
}
