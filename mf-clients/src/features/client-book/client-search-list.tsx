// The search field and the client list under it (/clients). The query lives here, not in the page: a key typed
// re-renders the field and the list only, never the page around them (business bar, trash, received invoices,
// modals, the document actions' context). The page passes what sits around the field and above the list as
// elements built once per page render, which React does not render again when only the query changed. The list is
// rendered in the same pass as the field: deferring it (useDeferredValue) put it a frame later (decision 0170).
import { Field, Input } from '@atelier/ui';
import { memo, useMemo, useState, type ReactNode } from 'react';

import { CLIENTS_MESSAGES as M } from '../../messages';

import { ClientGrid, type ClientGridProps } from './client-grid';
import { filterClients, type ClientRow } from './model';

const Grid = memo(ClientGrid);

export interface ClientSearchListProps extends Omit<ClientGridProps, 'clients'> {
  /** The book filtered and sorted by the business view; the query narrows it. */
  clients: readonly ClientRow[];
  /** Each client's search key (model.ts searchIndex), built once per change of the local copy. */
  index: ReadonlyMap<string, string>;
  /** Shown instead of the list when the book itself is empty or failed to load (no query can change that); null:
   * the list. */
  empty: ReactNode;
  /** A business filter is on: « no client matches the filters » when nothing is shown without a query. */
  filtersActive: boolean;
  /** Beside the field (add, export) and between the field and the list (the business bar). */
  toolbar: ReactNode;
  header: ReactNode;
}

export function ClientSearchList({
  clients,
  index,
  empty,
  filtersActive,
  toolbar,
  header,
  ...grid
}: ClientSearchListProps) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterClients(clients, index, query), [clients, index, query]);
  return (
    <>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', alignItems: 'end', marginBottom: 16 }}>
        <Field label={M.search} htmlFor="client-search">
          <Input
            id="client-search"
            type="search"
            value={query}
            placeholder={M.searchPlaceholder}
            onChange={(event) => setQuery(event.target.value)}
          />
        </Field>
        {toolbar}
      </div>
      {header}
      {/* data-query: the query the list below is rendered for (the benches wait for it). */}
      <div data-testid="client-list" data-query={query}>
        {empty ??
          (shown.length ? (
            <Grid clients={shown} {...grid} />
          ) : (
            <p>{filtersActive && !query.trim() ? M.noFilterMatch : M.noMatch}</p>
          ))}
      </div>
    </>
  );
}
