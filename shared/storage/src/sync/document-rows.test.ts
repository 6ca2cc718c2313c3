import { DEFAULT_CUSTOMIZATION, type Invoice, type Quote } from '@atelier/domain';

import { PermanentSyncError, SyncEngine, memoryKeyValue, type SyncRemote, type SyncRow } from './sync-engine';
import {
  clientBookOf,
  engineClientBook,
  findQuoteRow,
  pushSavedQuote,
  quotesOfClient,
  saveQuoteToBook,
} from './client-book';
import { documentRowId, invoiceToRow, isUuid, quoteToRow, rowToInvoice, rowToQuote, stableUuid } from './document-rows';

const USER = '11111111-1111-4111-8111-111111111111';

const quote: Quote = {
  id: 'quote-1712000000000',
  number: 'DE0003',
  date: '2024-04-01T10:00:00.000Z',
  tasks: [{ name: 'Peinture', unit: 'm2', price: 12.5, quantity: 3 }],
  totalHT: 37.5,
  tva: 7.5,
  total: 45,
  tvaRate: 20,
  pdfData: 'data:application/pdf;base64,AAAA',
  projectTitle: 'Salon',
  snapshot: {
    company: {
      name: 'Dupont',
      address: '',
      phone: '',
      email: '',
      website: '',
      siret: '',
      tva: '',
      rib: { bank: '', iban: '', bic: '' },
      logo: '',
      footer: '',
    },
    customization: DEFAULT_CUSTOMIZATION,
    client: { name: 'Mme Durand', email: 'durand@example.fr', phone: '', address: '' },
  },
};

describe('document rows', () => {
  it('derives a stable uuid per user for legacy ids and keeps uuids as they are', () => {
    expect(isUuid(stableUuid('a'))).toBe(true);
    expect(stableUuid('a')).toBe(stableUuid('a'));
    expect(stableUuid('a')).not.toBe(stableUuid('b'));
    expect(documentRowId(USER, quote.id)).toBe(documentRowId(USER, quote.id));
    expect(documentRowId('other', quote.id)).not.toBe(documentRowId(USER, quote.id));
    const uuid = '22222222-2222-4222-8222-222222222222';
    expect(documentRowId(USER, uuid)).toBe(uuid);
  });

  it('maps a quote to its row (cents, legacy id, no data URL) and back', () => {
    const row = quoteToRow(quote, { userId: USER, clientId: 'c1' });
    expect(row).toMatchObject({
      client_id: 'c1',
      legacy_id: 'quote-1712000000000',
      number: 'DE0003',
      project_title: 'Salon',
      vat_rate: 20,
      total_ht_cents: 3750,
      tva_cents: 750,
      total_ttc_cents: 4500,
    });
    expect(JSON.stringify(row)).not.toContain('base64');
    // Issue 28: every line is written with its rate and category, the regime and the VAT breakdown with it.
    expect(row).toMatchObject({
      vat_regime: 'assujetti',
      vat_breakdown: [{ category: 'standard', code: 'S', rate: 20, base_cents: 3750, vat_cents: 750 }],
    });
    expect(rowToQuote(row)).toEqual({
      ...quote,
      pdfData: '',
      vatRegime: 'assujetti',
      tasks: quote.tasks.map((t) => ({ ...t, vatRate: 20, vatCategory: 'standard' })),
    });
  });

  it('computes the totals of a row from its lines with the money model, never from the totals given', () => {
    const row = quoteToRow(
      {
        ...quote,
        total: 1,
        totalHT: 1,
        tva: 0,
        tasks: [
          { name: 'Carrelage', unit: 'm2', price: 30, quantity: 65, vatRate: 5.5, vatCategory: 'reduced_renovation' },
          { name: 'Plomberie', unit: 'forfait', price: 828.5, quantity: 1, vatRate: 10 },
          { name: 'Fourniture', unit: 'forfait', price: 319.5, quantity: 1, vatRate: 20 },
        ],
      },
      { userId: USER, clientId: 'c1' },
    );
    expect(row).toMatchObject({ total_ht_cents: 309800, tva_cents: 25400, total_ttc_cents: 335200, vat_rate: 20 });
    expect((row.vat_breakdown as Array<{ rate: number; vat_cents: number }>).map((r) => [r.rate, r.vat_cents])).toEqual([
      [20, 6390],
      [10, 8285],
      [5.5, 10725],
    ]);
  });

  it('writes a franchise company devis without VAT (293 B), whatever its legacy rate', () => {
    const franchise = {
      ...quote,
      snapshot: { ...quote.snapshot!, company: { ...quote.snapshot!.company, vatRegime: 'franchise' as const } },
    };
    const row = quoteToRow(franchise, { userId: USER, clientId: 'c1' });
    expect(row).toMatchObject({ vat_regime: 'franchise', tva_cents: 0, total_ttc_cents: 3750, vat_rate: 0 });
    expect((row.lines as Array<{ vatCategory: string }>)[0]!.vatCategory).toBe('franchise');
  });

  it('reads a server row with numeric strings and a damaged snapshot', () => {
    const back = rowToQuote({
      id: '22222222-2222-4222-8222-222222222222',
      legacy_id: null,
      number: null,
      date: '2025-01-02T00:00:00+00:00',
      lines: [{ name: 'x', unit: 'h', price: 40, quantity: 2 }, { bad: true }],
      vat_rate: '10',
      total_ht_cents: '8000',
      tva_cents: 800,
      total_ttc_cents: 8800,
      snapshot: { nope: 1 },
    });
    expect(back).toEqual({
      id: '22222222-2222-4222-8222-222222222222',
      date: '2025-01-02T00:00:00.000Z',
      tasks: [{ name: 'x', unit: 'h', price: 40, quantity: 2 }],
      totalHT: 80,
      tva: 8,
      total: 88,
      tvaRate: 10,
      pdfData: '',
    });
  });

  it('maps a numbered legacy invoice to an issued row with calendar dates', () => {
    const invoice: Invoice = {
      id: 'invoice-1',
      number: 'FA0007',
      quoteId: quote.id,
      date: '2024-04-02T23:30:00.000Z',
      total: 45,
      totalHT: 37.5,
      tva: 7.5,
      tvaRate: 20,
      pdfData: '',
      tasks: quote.tasks,
      isPaid: true,
      paymentDate: '2024-04-10',
    };
    const row = invoiceToRow(invoice, { userId: USER, clientId: 'c1', quoteId: 'q1', quoteNumber: 'DE0003' });
    expect(row).toMatchObject({
      status: 'issued',
      number: 'FA0007',
      issue_date: '2024-04-03',
      service_date: '2024-04-03',
      payment_date: '2024-04-10',
      total_ttc_cents: 4500,
      legacy_id: 'invoice-1',
    });
    expect(rowToInvoice(row, { quoteIdOf: () => quote.id })).toMatchObject({
      id: 'invoice-1',
      number: 'FA0007',
      quoteId: quote.id,
      isPaid: true,
      total: 45,
    });
  });
});

/** A server that merges clients by email (spec §7 upsert on email,user_id) and refuses an 11th client. */
function bookServer(limit = 10) {
  const tables = { clients: new Map<string, SyncRow>(), quotes: new Map<string, SyncRow>() };
  let clock = 1_000;
  const remote: SyncRemote = {
    async pull() {
      return {
        now: new Date(clock).toISOString(),
        rows: { clients: [...tables.clients.values()], quotes: [...tables.quotes.values()] },
        deleted: [],
      };
    },
    async upsert(table, row) {
      clock += 1;
      const updated_at = new Date(clock).toISOString();
      if (table === 'clients') {
        const same = [...tables.clients.values()].find((c) => c.email === row.email);
        if (!same && tables.clients.size >= limit) {
          throw new PermanentSyncError('Vous avez atteint la limite de 10 clients du plan gratuit.');
        }
        const saved = { ...row, id: same?.id ?? `server-${tables.clients.size + 1}`, updated_at };
        tables.clients.set(saved.id, saved);
        return saved;
      }
      if (table === 'quotes') {
        if (!tables.clients.has(String(row.client_id))) throw new PermanentSyncError('foreign key');
        const saved = { ...row, updated_at };
        tables.quotes.set(row.id, saved);
        return saved;
      }
      return null;
    },
    async remove() {},
  };
  return { remote, tables };
}

describe('saveQuoteToBook', () => {
  const client = { name: 'Mme Durand', email: 'durand@example.fr', phone: '06 00 00 00 00', address: '' };

  it('merges the client by email, replaces the quote with the same id and pushes both', async () => {
    const server = bookServer();
    const engine = new SyncEngine({ userId: USER, kv: memoryKeyValue(), remote: server.remote });
    const first = await saveQuoteToBook(engine, client, quote);
    expect(await pushSavedQuote(engine, first)).toBeNull();
    const again = await saveQuoteToBook(
      engine,
      { ...client, email: ' DURAND@example.fr ', address: '1 rue' },
      {
        ...quote,
        total: 50,
      },
    );
    expect(await pushSavedQuote(engine, again)).toBeNull();
    expect(server.tables.clients.size).toBe(1);
    expect(server.tables.quotes.size).toBe(1);
    const [serverClient] = [...server.tables.clients.values()];
    expect(serverClient).toMatchObject({ email: 'durand@example.fr', address: '1 rue', phone: '06 00 00 00 00' });
    expect(engine.rows('clients')).toHaveLength(1);
    // The totals come from the lines (issue 28), not from the `total` the quote object carried.
    expect(quotesOfClient(engine, serverClient!.id).map((q) => q.total)).toEqual([45]);
    expect(findQuoteRow(engine, quote.id)?.total_ttc_cents).toBe(4500);
  });

  it('reports the server refusal of an 11th client and forgets the refused rows', async () => {
    const server = bookServer(1);
    const engine = new SyncEngine({ userId: USER, kv: memoryKeyValue(), remote: server.remote });
    await pushSavedQuote(engine, await saveQuoteToBook(engine, client, quote));
    const refused = await saveQuoteToBook(engine, { ...client, email: 'autre@example.fr' }, { ...quote, id: 'q2' });
    expect(await pushSavedQuote(engine, refused)).toBe('Vous avez atteint la limite de 10 clients du plan gratuit.');
    expect(engine.rows('clients')).toHaveLength(1);
    expect(engine.rows('quotes')).toHaveLength(1);
    expect(engine.status().pending).toBe(0);
  });
});

describe('engineClientBook', () => {
  it('shows the contacts and writes new clients and quotes given through set()', async () => {
    const server = bookServer();
    const engine = new SyncEngine({ userId: USER, kv: memoryKeyValue(), remote: server.remote });
    await engine.load();
    const book = engineClientBook(engine);
    expect(book.get()).toEqual([]);
    const seen: number[] = [];
    const unsubscribe = book.subscribe((clients) => seen.push(clients.length));
    book.set((prev) => [
      ...prev,
      { name: 'Mme Durand', email: 'durand@example.fr', phone: '', address: '', quotes: [quote], invoices: [] },
    ]);
    await new Promise((r) => setTimeout(r, 20));
    expect(book.get()).toEqual([
      { name: 'Mme Durand', email: 'durand@example.fr', phone: '', address: '', quotes: [], invoices: [] },
    ]);
    expect(seen.at(-1)).toBe(1);
    expect(server.tables.quotes.size).toBe(1);
    expect(clientBookOf(engine)[0]?.quotes.map((q) => q.id)).toEqual([quote.id]);
    unsubscribe();
  });
});
