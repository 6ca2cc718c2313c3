// The client book the search bench shows: `clients` clients with quotes, invoices and avoirs spread over them,
// as the sync engine keeps its rows (no backend needed).

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
