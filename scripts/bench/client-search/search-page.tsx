// The /clients search as the page has it — useClientBook (with the business view's figures) over an engine
// holding the dataset's rows, and the page's own ClientSearchList (the search field and the virtualised
// ClientGrid) — mounted on its own for scripts/bench/client-search.mjs, which types keys into the
// input. Bundled by scripts/lib/bench-page.mjs.
import { UiProviders } from '@atelier/ui';
import { createRoot } from 'react-dom/client';

import { ClientSearchList } from '../../../mf-clients/src/features/client-book/client-search-list';
import { useClientBook } from '../../../mf-clients/src/features/client-book/use-client-book';
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

const VIEW = { filters: new Set<never>(), sort: 'date' as const };
const NOTHING = () => undefined;

function SearchPage({ engine }: { engine: Engine }) {
  const book = useClientBook(engine, VIEW);
  return (
    <ClientSearchList
      clients={book.arranged}
      index={book.index}
      empty={null}
      filtersActive={false}
      toolbar={null}
      header={null}
      figures={book.receivables.byClient}
      quotesByClient={book.quotesByClient}
      invoicesByClient={book.invoicesByClient}
      creditNotesByInvoice={book.creditNotesByInvoice}
      onEdit={NOTHING}
      onDelete={NOTHING}
    />
  );
}

(window as unknown as { __bench: (options: ClientBookBenchOptions) => void }).__bench = (options) => {
  createRoot(document.getElementById('root')!).render(
    <UiProviders>
      <SearchPage engine={benchEngine(options)} />
    </UiProviders>,
  );
};
