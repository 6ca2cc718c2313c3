// The « Corbeille »: archived clients with their documents (numbered devis and invoices stay listed and printable)
// and « Restaurer ». On opening /clients, the server deletes what has been there for 30 days without numbered
// documents (purge_client_trash), then the local copy follows with a sync.
import { getSupabase } from '@atelier/platform';
import type { SyncEngine, SyncRow } from '@atelier/storage';
import { Button, Card } from '@atelier/ui';
import { useEffect, useMemo, useState } from 'react';

import { DocList } from '../documents/doc-list';
import { InvoiceItem } from '../documents/invoice-item';
import { QuoteItem } from '../documents/quote-item';
import type { Row } from '../documents/rows';

import { TRASH_MESSAGES as M } from './messages';
import { numberedDocuments, purgeDate, restoreFromTrash } from './trash';

const NONE: readonly Row[] = [];
let purged = false;

export interface TrashSectionProps {
  engine: SyncEngine | null;
  /** Bumped on every change of the local copy (the page's book). */
  clients: readonly SyncRow[];
  quotesByClient: ReadonlyMap<string, readonly Row[]>;
  invoicesByClient: ReadonlyMap<string, readonly Row[]>;
  creditNotesByInvoice: ReadonlyMap<string, readonly Row[]>;
  onError: (text: string) => void;
}

export function TrashSection({
  engine,
  clients,
  quotesByClient,
  invoicesByClient,
  creditNotesByInvoice,
  onError,
}: TrashSectionProps) {
  const [open, setOpen] = useState(false);
  const archived = useMemo(
    () =>
      clients.filter((c) => c.archived_at).sort((a, b) => String(b.archived_at).localeCompare(String(a.archived_at))),
    [clients],
  );

  useEffect(() => {
    if (!engine || purged) return;
    purged = true;
    void Promise.resolve(getSupabase().rpc('purge_client_trash')).then(
      ({ data }) => (Number(data) > 0 ? engine.sync() : undefined),
      () => undefined, // offline: next time
    );
  }, [engine]);

  if (!archived.length) return null;
  return (
    <section aria-label={M.trashTitle} style={{ marginTop: 24 }}>
      <Button $variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? M.hideTrash : M.trash(archived.length)}
      </Button>
      {open
        ? archived.map((client) => {
            const quotes = quotesByClient.get(client.id) ?? NONE;
            const invoices = invoicesByClient.get(client.id) ?? NONE;
            const numbered = numberedDocuments(quotes, invoices).length > 0;
            const until = purgeDate(String(client.archived_at), numbered);
            const name = String(client.name ?? '');
            return (
              <Card key={client.id} data-testid="trash-card" style={{ marginTop: 12 }}>
                <h3 style={{ margin: 0 }}>{name}</h3>
                <p>{until ? M.purgedOn(until) : M.keptDocuments}</p>
                {quotes.length ? (
                  <DocList>
                    {quotes.map((q) => (
                      <QuoteItem key={q.id} quote={q} />
                    ))}
                  </DocList>
                ) : null}
                {invoices.length ? (
                  <DocList>
                    {invoices.map((i) => (
                      <InvoiceItem key={i.id} invoice={i} creditNotes={creditNotesByInvoice.get(i.id) ?? NONE} />
                    ))}
                  </DocList>
                ) : null}
                <Button
                  aria-label={M.restoreLabel(name)}
                  onClick={() =>
                    engine &&
                    void restoreFromTrash(engine, client.id).then(
                      () => engine.sync(),
                      () => onError(M.restoreError),
                    )
                  }
                >
                  {M.restore}
                </Button>
              </Card>
            );
          })
        : null}
    </section>
  );
}
