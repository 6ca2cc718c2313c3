// Saving a devis into the client book on the server (SPEC.md §4 « Saving »), through the sync engine: the client
// is created or merged with the one of the same email (non-empty fields win), the quote row replaces the one with
// the same id. Shared by mf-quotes (home page) and mf-clients (the client card) through @atelier/storage.
import type { Client, Invoice, Quote } from '@atelier/domain';
import { Observable } from 'rxjs';

import type { StoredValue } from '../stored-value';

import {
  documentRowId,
  isUuid,
  normaliseEmail,
  quoteToRow,
  rowToInvoice,
  rowToQuote,
  type ClientRowFields,
} from './document-rows';
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
    .map((row) => rowToQuote(row));
}

/**
 * The client book as the legacy Client[] shape (non-archived clients, oldest first), with their quotes and
 * invoices unless `documents` is false (contacts only: cheap with thousands of documents).
 */
export function clientBookOf(engine: SyncEngine, { documents = true }: { documents?: boolean } = {}): Client[] {
  if (!documents) {
    return activeClients(engine).map((c) => ({ ...contactOf(c), quotes: [], invoices: [] }));
  }
  const quotes = new Map<string, Quote[]>();
  const quoteIds = new Map<string, string>();
  for (const row of engine.rows('quotes')) {
    const quote = rowToQuote(row);
    quoteIds.set(row.id, quote.id);
    const key = String(row.client_id ?? '');
    quotes.set(key, [...(quotes.get(key) ?? []), quote]);
  }
  const invoices = new Map<string, Invoice[]>();
  for (const row of engine.rows('invoices')) {
    const key = String(row.client_id ?? '');
    invoices.set(key, [...(invoices.get(key) ?? []), rowToInvoice(row, { quoteIdOf: (id) => quoteIds.get(id) ?? id })]);
  }
  const byDate = (a: { date: string }, b: { date: string }) => a.date.localeCompare(b.date);
  return activeClients(engine).map((c) => ({
    ...contactOf(c),
    quotes: (quotes.get(c.id) ?? []).sort(byDate),
    invoices: (invoices.get(c.id) ?? []).sort(byDate),
  }));
}

function activeClients(engine: SyncEngine): SyncRow[] {
  return engine
    .rows('clients')
    .filter((c) => !c.archived_at)
    .sort((a, b) => String(a.created_at ?? a.updated_at).localeCompare(String(b.created_at ?? b.updated_at)));
}

function contactOf(c: SyncRow): ClientRowFields {
  return {
    name: String(c.name ?? ''),
    email: String(c.email ?? ''),
    phone: String(c.phone ?? ''),
    address: String(c.address ?? ''),
  };
}

/**
 * The user's client book on the server seen through the StoredValue<Client[]> API of the legacy `clients` key
 * (the home page's client picker and « saveClient » keep working unchanged). Contacts only: `quotes` and
 * `invoices` are empty (the picker needs none of them, and mapping thousands of documents on every sync would
 * cost the home page; use clientBookOf(engine) for them). set() writes the clients whose contact changed (created or
 * merged by email) and every quote in the new value (a quote replaces the one with the same id) and pushes them;
 * removals are ignored (deleting is the client book page's job, with its rules).
 */
const books = new WeakMap<SyncEngine, StoredValue<Client[]>>();

export function engineClientBook(engine: SyncEngine): StoredValue<Client[]> {
  let book = books.get(engine);
  if (!book) books.set(engine, (book = createEngineClientBook(engine)));
  return book;
}

function createEngineClientBook(engine: SyncEngine): StoredValue<Client[]> {
  let cachedVersion = -1;
  let cached: Client[] = [];
  let version = 0;
  engine.changes$().subscribe((v) => (version = v));
  const get = () => {
    if (cachedVersion !== version) {
      cached = clientBookOf(engine, { documents: false });
      cachedVersion = version;
    }
    return cached;
  };
  const subscribe = (listener: (value: Client[]) => void) => {
    let last: Client[] | undefined;
    const sub = engine.changes$().subscribe(() => {
      const value = get();
      if (value !== last) listener((last = value));
    });
    return () => sub.unsubscribe();
  };
  return {
    key: 'clients',
    get,
    snapshot: get,
    set(next) {
      const prev = get();
      const value = typeof next === 'function' ? next(prev) : next;
      void (async () => {
        for (const client of value) {
          const before = prev.find((c) => normaliseEmail(c.email) === normaliseEmail(client.email));
          const contactChanged =
            !before ||
            before.name !== client.name ||
            before.phone !== client.phone ||
            before.address !== client.address;
          const newQuotes = client.quotes.filter((q) => !before?.quotes.includes(q));
          if (!contactChanged && !newQuotes.length) continue;
          const row = await upsertClientRow(engine, client);
          for (const quote of newQuotes) {
            const quoteRow = quoteToRow(quote, { userId: engine.userId, clientId: row.id });
            const previous = engine.row('quotes', quoteRow.id);
            await engine.write('quotes', { ...quoteRow, created_at: previous?.created_at ?? new Date().toISOString() });
          }
        }
        await engine.sync();
      })();
      return { ok: true };
    },
    observe: () =>
      new Observable<Client[]>((subscriber) => {
        subscriber.next(get());
        return subscribe((value) => subscriber.next(value));
      }),
    subscribe,
  };
}
