// The /clients search as the page has it — the same search field (@atelier/ui Field + Input), useClientBook (with
// the business view's figures) over
// an engine holding the dataset's rows, and the virtualised ClientGrid — mounted on its own for
// scripts/bench/client-search.mjs, which types keys into the input. Bundled by scripts/lib/bench-page.mjs.
import { Field, Input, UiProviders } from '@atelier/ui';
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';

import { ClientGrid } from '../../../mf-clients/src/features/client-book/client-grid';
import { useClientBook } from '../../../mf-clients/src/features/client-book/use-client-book';
import { CLIENTS_MESSAGES as M } from '../../../mf-clients/src/messages';
import { clientBookDataset, type ClientBookBenchOptions } from './dataset';

type Engine = Parameters<typeof useClientBook>[0];

function benchEngine(options: ClientBookBenchOptions): Engine {
  const data = clientBookDataset(options);
  return {
    rows: data.rows,
    load: async () => undefined,
    changes$: () => ({ subscribe: () => ({ unsubscribe: () => undefined }) }),
    status: () => ({ pending: 0, syncing: false, lastSync: new Date().toISOString(), error: null }),
  } as unknown as Engine;
}

function SearchPage({ engine }: { engine: Engine }) {
  const [query, setQuery] = useState('');
  const view = useMemo(() => ({ query, filters: new Set<never>(), sort: 'date' as const }), [query]);
  const book = useClientBook(engine, view);
  return (
    <>
      <Field label={M.search} htmlFor="client-search">
        <Input
          id="client-search"
          type="search"
          value={query}
          placeholder={M.searchPlaceholder}
          onChange={(event) => setQuery(event.target.value)}
        />
      </Field>
      <p data-testid="shown-count">{book.shown.length}</p>
      {book.shown.length ? (
        <ClientGrid
          clients={book.shown}
          figures={book.receivables.byClient}
          quotesByClient={book.quotesByClient}
          invoicesByClient={book.invoicesByClient}
          creditNotesByInvoice={book.creditNotesByInvoice}
          onEdit={() => undefined}
          onDelete={() => undefined}
        />
      ) : (
        <p>{M.noMatch}</p>
      )}
    </>
  );
}

(window as unknown as { __bench: (options: ClientBookBenchOptions) => void }).__bench = (options) => {
  createRoot(document.getElementById('root')!).render(
    <UiProviders>
      <SearchPage engine={benchEngine(options)} />
    </UiProviders>,
  );
};
