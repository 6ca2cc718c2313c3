// Benchmark (not a test): /clients with 500 clients and 3 000 documents (issue 8 budget: a search keystroke
// updates the list in ≤ 50 ms). Grouping the documents and building the search index run once per change of
// the local copy; each keystroke filters the precomputed index and re-renders the virtualised grid (flushSync,
// then a forced layout). In Chromium: `await window.__atelierClientBookBench()` (see src/expose/clients-page.tsx),
// run by scripts/bench/client-book.mjs.
import { UiProviders } from '@atelier/ui';
import { createElement } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';

import { ClientGrid } from '../client-grid';
import { filterClients } from '../model';
import { buildClientBook } from '../use-client-book';

const FIRST = ['Éloïse', 'Marc', 'Hélène', 'Jean', 'Zoé', 'Lucas', 'Chloé', 'Noël', 'Inès', 'Gaëtan'];
const LAST = ['Durand', 'Petit', 'Dubœuf', 'Martin', 'Lefèvre', 'Moreau', 'Girard', 'Bonnet', 'François', 'Mercier'];
const CITIES = ['Lyon', 'Paris', 'Amiens', 'Nantes', 'Besançon', 'Orléans', 'Sète', 'Nîmes'];

export interface ClientBookBenchOptions {
  clients?: number;
  quotes?: number;
  invoices?: number;
  creditNotes?: number;
}

/** Rows as the sync engine keeps them: `clients` clients, documents spread over them. */
export function clientBookDataset({
  clients = 500,
  quotes = 1500,
  invoices = 1200,
  creditNotes = 300,
}: ClientBookBenchOptions = {}) {
  const stamp = (i: number) => new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toISOString();
  const clientRows = Array.from({ length: clients }, (_, i) => ({
    id: `c${i}`,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    email: `client${i}@exemple.fr`,
    phone: `06 ${String(10 + (i % 90)).padStart(2, '0')} ${String(i % 100).padStart(2, '0')} 00 00`,
    address: `${i} rue des Lilas, ${String(10000 + i * 7).slice(0, 5)} ${CITIES[i % CITIES.length]}`,
    created_at: stamp(i),
    updated_at: stamp(i),
  }));
  const doc = (prefix: string, i: number, extra: Record<string, unknown>) => ({
    id: `${prefix}${i}`,
    client_id: `c${i % clients}`,
    number: `${prefix.toUpperCase()}${String(i + 1).padStart(4, '0')}`,
    project_title: `Travaux ${i}`,
    lines: [{ name: 'Peinture murs', unit: 'm2', price: 25.5, quantity: 10 }],
    vat_rate: 20,
    total_ht_cents: 25500,
    tva_cents: 5100,
    total_ttc_cents: 30600,
    created_at: stamp(i),
    updated_at: stamp(i),
    ...extra,
  });
  const rows: Record<string, unknown[]> = {
    clients: clientRows,
    quotes: Array.from({ length: quotes }, (_, i) => doc('de', i, {})),
    invoices: Array.from({ length: invoices }, (_, i) =>
      doc('fa', i, { status: 'issued', is_paid: i % 3 === 0, due_date: '2026-01-01', quote_id: `de${i}` }),
    ),
    credit_notes: Array.from({ length: creditNotes }, (_, i) => ({ ...doc('av', i, {}), invoice_id: `fa${i}` })),
    user_settings: [],
  };
  return { rows: (table: string) => rows[table] as never[], documents: quotes + invoices + creditNotes };
}

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return { median: +at(0.5).toFixed(2), p95: +at(0.95).toFixed(2), max: +(sorted.at(-1) ?? 0).toFixed(2) };
}

export async function runClientBookBench(options: ClientBookBenchOptions = {}) {
  const engine = clientBookDataset(options);
  const buildSamples: number[] = [];
  let book = buildClientBook(engine);
  for (let i = 0; i < 10; i++) {
    const t = performance.now();
    book = buildClientBook(engine);
    buildSamples.push(performance.now() - t);
  }

  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const render = (query: string) => {
    const shown = filterClients(book.clients, book.index, query);
    flushSync(() =>
      root.render(
        createElement(
          UiProviders,
          null,
          createElement(ClientGrid, {
            clients: shown,
            quotesByClient: book.quotesByClient,
            invoicesByClient: book.invoicesByClient,
            creditNotesByInvoice: book.creditNotesByInvoice,
            onEdit: () => undefined,
            onDelete: () => undefined,
          }),
        ),
      ),
    );
    void host.getBoundingClientRect().height; // forced layout
    return shown.length;
  };
  let t = performance.now();
  render('');
  const firstRenderMs = +(performance.now() - t).toFixed(2);
  await new Promise((resolve) => setTimeout(resolve, 50));
  const cardsRendered = host.querySelectorAll('[data-testid="client-card"]').length;

  // Keystrokes: typing then erasing queries (accents and case folded), each filter + commit + layout timed.
  const keystrokes: number[] = [];
  const filters: number[] = [];
  for (const word of ['eloise durand', 'LYON', '06 12', 'client42@', 'besancon', 'zzz']) {
    const typed = [...word].map((_, i) => word.slice(0, i + 1));
    for (const query of [...typed, ...typed.slice(0, -1).reverse(), '']) {
      t = performance.now();
      filterClients(book.clients, book.index, query);
      filters.push(performance.now() - t);
      t = performance.now();
      render(query);
      keystrokes.push(performance.now() - t);
    }
  }
  root.unmount();
  host.remove();
  const keystrokeMs = stats(keystrokes);
  return {
    clients: book.clients.length,
    documents: engine.documents,
    cardsRendered,
    firstRenderMs,
    buildIndexAndGroupsMs: stats(buildSamples),
    filterMs: stats(filters),
    keystrokeMs,
    keystrokes: keystrokes.length,
  };
}
