// A client's card (spec §2): name, mailto and tel links, address, its quotes and its invoices (with avoirs).
import { currentSyncEngine } from '@atelier/storage';
import { Button, Card } from '@atelier/ui';
import { memo } from 'react';

import { CLIENTS_MESSAGES as M } from '../../messages';
import { DocList } from '../documents/doc-list';
import { InvoiceItem } from '../documents/invoice-item';
import { QuoteItem } from '../documents/quote-item';
import type { Row } from '../documents/rows';
import { MergeButton } from '../merge/merge-button';
import { ConflictNotes } from '../sync-feedback/conflict-notes';

import type { ClientRow } from './model';

export interface ClientCardProps {
  client: ClientRow;
  quotes: readonly Row[];
  invoices: readonly Row[];
  creditNotesByInvoice: ReadonlyMap<string, readonly Row[]>;
  onEdit: (client: ClientRow) => void;
  onDelete: (client: ClientRow) => void;
  /** Virtualised grid: the card's row, and the virtualiser's measuring ref. */
  rowIndex?: number;
  measureRef?: (element: HTMLElement | null) => void;
}

const NONE: readonly Row[] = [];

export const ClientCard = memo(function ClientCard({
  client,
  quotes,
  invoices,
  creditNotesByInvoice,
  onEdit,
  onDelete,
  rowIndex,
  measureRef,
}: ClientCardProps) {
  // The page's engine (no auth subscription per card: a search keystroke mounts cards by the dozen).
  const engine = currentSyncEngine();
  return (
    <Card data-testid="client-card" data-index={rowIndex} ref={measureRef} style={{ margin: 0 }}>
      <h2 style={{ margin: 0 }}>{client.name}</h2>
      <p>
        <a href={`mailto:${client.email}`}>{client.email}</a>
        <br />
        <a href={`tel:${client.phone.replace(/\s+/g, '')}`}>{client.phone}</a>
        <br />
        {client.address}
      </p>
      <ConflictNotes engine={engine} table="clients" id={client.id} />
      <h3>{M.quotes}</h3>
      {quotes.length ? (
        <DocList>
          {quotes.map((q) => (
            <QuoteItem key={q.id} quote={q} />
          ))}
        </DocList>
      ) : (
        <p>{M.noQuotes}</p>
      )}
      <h3>{M.invoices}</h3>
      {invoices.length ? (
        <DocList>
          {invoices.map((i) => (
            <InvoiceItem key={i.id} invoice={i} creditNotes={creditNotesByInvoice.get(i.id) ?? NONE} />
          ))}
        </DocList>
      ) : (
        <p>{M.noInvoices}</p>
      )}
      <div style={{ display: 'flex', gap: 8 }}>
        <Button $variant="secondary" onClick={() => onEdit(client)}>
          {M.edit}
        </Button>
        <MergeButton engine={engine} client={client} />
        <Button $variant="danger" onClick={() => onDelete(client)}>
          {M.delete}
        </Button>
      </div>
    </Card>
  );
});
