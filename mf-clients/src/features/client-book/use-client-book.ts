// The client book of the signed-in user from its sync engine: clients newest first, their search index and
// their documents grouped once per change of the local copy (never per keystroke), then filtered by the query.
import { getSupabase, useAuth } from '@atelier/platform';
import { userSyncEngine, type SyncEngine, type SyncRow } from '@atelier/storage';
import { useEffect, useMemo, useState } from 'react';

import { groupBy, type Row } from '../documents/rows';
import { followMerges, mergeTargets } from '../merge/merge';

import { activeClients, filterClients, searchIndex, type ClientRow } from './model';

export type ClientItem = ClientRow & SyncRow;

export interface ClientBook {
  clients: ClientItem[];
  quotesByClient: Map<string, Row[]>;
  invoicesByClient: Map<string, Row[]>;
  creditNotesByInvoice: Map<string, Row[]>;
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
  return {
    clients,
    index: new Map(clients.map((c) => [c.id, searchIndex(c)])),
    quotesByClient: groupBy(followMerges(engine.rows('quotes'), merged), 'client_id'),
    invoicesByClient: groupBy(followMerges(engine.rows('invoices'), merged), 'client_id'),
    creditNotesByInvoice: groupBy(engine.rows('credit_notes'), 'invoice_id'),
  };
}

export function useClientBook(engine: SyncEngine | null, query: string) {
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
          },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [engine, version],
  );
  const shown = useMemo(() => filterClients(book.clients, book.index, query), [book, query]);
  return { ...book, shown, loaded, status: engine?.status() };
}
