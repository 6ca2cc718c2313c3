// The client book of the signed-in user from its sync engine: clients newest first, their search index and
// their documents grouped once per change of the local copy (never per keystroke), then filtered and sorted by
// the business view. The search query narrows `arranged` where it is typed (client-search-list.tsx), so that a
// keystroke never re-renders the page that holds the book.
import { computeReceivables, type Receivables } from '@atelier/domain';
import { getSupabase, useAuth } from '@atelier/platform';
import { calendarToday, userSyncEngine, type SyncEngine, type SyncRow } from '@atelier/storage';
import { useEffect, useMemo, useState } from 'react';

import { groupBy, type Row } from '../documents/rows';
import { followMerges, mergeTargets } from '../merge/merge';

import { filterByFigures, sortByFigures, type BusinessFilter, type BusinessSort } from './business';
import { activeClients, searchIndex, type ClientRow } from './model';

export type ClientItem = ClientRow & SyncRow;

export interface ClientBook {
  clients: ClientItem[];
  quotesByClient: Map<string, Row[]>;
  invoicesByClient: Map<string, Row[]>;
  creditNotesByInvoice: Map<string, Row[]>;
  /** The business view's figures (issue 29.10), per client and in total. */
  receivables: Receivables;
}

export interface BookView {
  filters: ReadonlySet<BusinessFilter>;
  sort: BusinessSort;
}

export function useEngine(): SyncEngine | null {
  const auth = useAuth();
  const userId = auth.user?.id;
  return useMemo(() => (userId ? userSyncEngine(userId, getSupabase) : null), [userId]);
}

/** Builds the book from the engine's rows (exported for the search benchmark). */
export function buildClientBook(engine: Pick<SyncEngine, 'rows'>): ClientBook & { index: Map<string, string> } {
  const all = engine.rows('clients');
  const clients = activeClients(all as ClientItem[]);
  // Issued invoices of a merged client stay on it (immutable): listed under the client it was merged into.
  const merged = mergeTargets(all);
  const quotes = followMerges(engine.rows('quotes'), merged);
  const invoices = followMerges(engine.rows('invoices'), merged);
  const creditNotes = engine.rows('credit_notes');
  return {
    clients,
    index: new Map(clients.map((c) => [c.id, searchIndex(c)])),
    quotesByClient: groupBy(quotes, 'client_id'),
    invoicesByClient: groupBy(invoices, 'client_id'),
    creditNotesByInvoice: groupBy(creditNotes, 'invoice_id'),
    receivables: computeReceivables({ quotes, invoices, creditNotes }, calendarToday()),
  };
}

const NO_RECEIVABLES = computeReceivables({ quotes: [], invoices: [], creditNotes: [] }, '1970-01-01');

export function useClientBook(engine: SyncEngine | null, view: BookView) {
  const [version, setVersion] = useState(0);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    if (!engine) return undefined;
    let alive = true;
    engine.load().then(
      () => alive && setLoaded(true),
      () => alive && setLoaded(true),
    );
    const sub = engine.changes$().subscribe(() => setVersion((v) => v + 1));
    return () => {
      alive = false;
      sub.unsubscribe();
    };
  }, [engine]);

  const book = useMemo<ClientBook & { index: Map<string, string> }>(
    () =>
      engine
        ? buildClientBook(engine)
        : {
            clients: [],
            index: new Map(),
            quotesByClient: new Map(),
            invoicesByClient: new Map(),
            creditNotesByInvoice: new Map(),
            receivables: NO_RECEIVABLES,
          },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [engine, version],
  );
  const { filters, sort } = view;
  // Filters and sort change with the figures (per change of the copy), never per keystroke.
  const arranged = useMemo(
    () =>
      sortByFigures(filterByFigures(book.clients, book.receivables.byClient, filters), book.receivables.byClient, sort),
    [book, filters, sort],
  );
  return { ...book, arranged, loaded, status: engine?.status() };
}
