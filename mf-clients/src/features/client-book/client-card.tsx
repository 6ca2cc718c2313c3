// A client in the business view (spec §2, issue 29.10): a row of the list on a desktop (identity, figures,
// actions; then its devis and invoices side by side), a card on a phone (≤ 600 px, everything stacked). Overdue
// clients are highlighted with their days late. Client actions name the client (« Modifier le client Dupont »).
import type { ReceivableFigures } from '@atelier/domain';
import { currentSyncEngine } from '@atelier/storage';
import { Button, Card } from '@atelier/ui';
import { memo } from 'react';
import styled from 'styled-components';

import { CLIENTS_MESSAGES as M } from '../../messages';
import { DIALOG_MESSAGES as D } from '../dialogs/messages';
import { DocList } from '../documents/doc-list';
import { InvoiceItem } from '../documents/invoice-item';
import { QuoteItem } from '../documents/quote-item';
import type { Row } from '../documents/rows';
import { MergeButton } from '../merge/merge-button';
import { ConflictNotes } from '../sync-feedback/conflict-notes';

import { ClientFigures } from './client-figures';
import type { ClientRow } from './model';

export interface ClientCardProps {
  client: ClientRow;
  figures: ReceivableFigures;
  quotes: readonly Row[];
  invoices: readonly Row[];
  creditNotesByInvoice: ReadonlyMap<string, readonly Row[]>;
  onEdit: (client: ClientRow) => void;
  onDelete: (client: ClientRow) => void;
  /** Virtualised list: the card's row, and the virtualiser's measuring ref. */
  rowIndex?: number;
  measureRef?: (element: HTMLElement | null) => void;
}

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(12rem, 1fr) minmax(0, 2.4fr);
  gap: 0.75rem 1.25rem;
  .client-actions {
    grid-column: 1 / -1;
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
  }
  .documents {
    grid-column: 1 / -1;
    display: grid;
    grid-template-columns: 1fr 1fr;
    gap: 0 1.25rem;
  }
  h3 {
    margin: 0.25rem 0;
  }
  @media (max-width: 600px) {
    grid-template-columns: 1fr;
    .documents {
      grid-template-columns: 1fr;
    }
  }
`;

export const ClientCard = memo(function ClientCard({
  client,
  figures,
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
  const late = figures.overdueCents > 0;
  return (
    <Card
      data-testid="client-card"
      data-index={rowIndex}
      data-overdue={late || undefined}
      ref={measureRef}
      style={{ margin: 0, ...(late ? { borderLeft: '6px solid #c53030' } : {}) }}
    >
      <Layout>
        <div>
          <h2 style={{ margin: 0 }}>{client.name}</h2>
          {late ? (
            <p className="status-late" style={{ color: '#c53030', fontWeight: 600, margin: '0.25rem 0' }}>
              {M.daysLate(figures.maxDaysLate)}
            </p>
          ) : null}
          <p style={{ margin: '0.25rem 0' }}>
            <a href={`mailto:${client.email}`}>{client.email}</a>
            <br />
            <a href={`tel:${client.phone.replace(/\s+/g, '')}`}>{client.phone}</a>
            <br />
            {client.address}
          </p>
          <ConflictNotes engine={engine} table="clients" id={client.id} />
        </div>
        <ClientFigures figures={figures} label={M.figuresOf(client.name)} />
        <div className="client-actions">
          <Button $variant="secondary" aria-label={D.editClient(client.name)} onClick={() => onEdit(client)}>
            {M.edit}
          </Button>
          <MergeButton engine={engine} client={client} />
          <Button $variant="danger" aria-label={D.deleteClient(client.name)} onClick={() => onDelete(client)}>
            {M.delete}
          </Button>
        </div>
        <div className="documents">
          <section>
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
          </section>
          <section>
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
          </section>
        </div>
      </Layout>
    </Card>
  );
});

const NONE: readonly Row[] = [];
