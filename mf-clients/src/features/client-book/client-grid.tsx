// The client list (one client per row: wide on a desktop, a card on a phone), virtualised against the window scroll
// (@tanstack/react-virtual): 500 clients render only the few rows on screen, so a keystroke re-renders a handful.
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { ReceivableFigures } from '@atelier/domain';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';

import type { Row } from '../documents/rows';

import { figuresOf } from './business';
import { ClientCard } from './client-card';
import type { ClientRow } from './model';

// The business view is a list: one client per row (its figures and documents need the width).
const MIN_CARD_WIDTH = 100_000;
const GAP = 16;
const ESTIMATED_ROW_HEIGHT = 320;
const NONE: readonly Row[] = [];

export interface ClientGridProps {
  clients: readonly ClientRow[];
  figures: ReadonlyMap<string, ReceivableFigures>;
  quotesByClient: ReadonlyMap<string, readonly Row[]>;
  invoicesByClient: ReadonlyMap<string, readonly Row[]>;
  creditNotesByInvoice: ReadonlyMap<string, readonly Row[]>;
  onEdit: (client: ClientRow) => void;
  onDelete: (client: ClientRow) => void;
}

function useColumns(ref: React.RefObject<HTMLDivElement | null>): number {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setColumns(Math.max(1, Math.floor((element.clientWidth + GAP) / (MIN_CARD_WIDTH + GAP))));
    measure();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

export function ClientGrid({
  clients,
  figures,
  quotesByClient,
  invoicesByClient,
  creditNotesByInvoice,
  onEdit,
  onDelete,
}: ClientGridProps) {
  const container = useRef<HTMLDivElement>(null);
  const columns = useColumns(container);
  const rows = useMemo(() => {
    const out: ClientRow[][] = [];
    for (let i = 0; i < clients.length; i += columns) out.push(clients.slice(i, i + columns));
    return out;
  }, [clients, columns]);

  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(container.current ? container.current.getBoundingClientRect().top + window.scrollY : 0);
  }, []);

  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    // Every card of a grid row stretches to the row's height: any of them measures the row (plus the gap).
    // No layout (jsdom, a hidden page): keep the estimate rather than collapsing every row to 0.
    measureElement: (element) => {
      const height = element.getBoundingClientRect().height;
      return height ? height + GAP : ESTIMATED_ROW_HEIGHT;
    },
    overscan: 1,
    scrollMargin,
    // The first paint has no layout yet: show the first rows rather than nothing.
    initialRect: { width: 1024, height: 1200 },
  });

  // One grid holding the visible rows' cards keyed by client: a card still visible after a keystroke is kept
  // (memo), not remounted; padding stands for the rows above and below.
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const paddingTop = items.length ? items[0]!.start - margin : 0;
  const paddingBottom = items.length ? Math.max(0, virtualizer.getTotalSize() - (items.at(-1)!.end - margin)) : 0;

  return (
    <div
      ref={container}
      data-testid="client-grid"
      style={{
        display: 'grid',
        gap: GAP,
        gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
        paddingTop,
        paddingBottom,
      }}
    >
      {items.flatMap((item) =>
        rows[item.index]!.map((client) => (
          <ClientCard
            key={client.id}
            client={client}
            figures={figuresOf(figures, client.id)}
            quotes={quotesByClient.get(client.id) ?? NONE}
            invoices={invoicesByClient.get(client.id) ?? NONE}
            creditNotesByInvoice={creditNotesByInvoice}
            onEdit={onEdit}
            onDelete={onDelete}
            rowIndex={item.index}
            measureRef={virtualizer.measureElement}
          />
        )),
      )}
    </div>
  );
}
