// The document actions against a fake server: the engine's outbox for drafts, issue_invoice / issue_credit_note
// for numbers, the documents bucket for archived PDFs, and French messages when something is refused.
import { INVOICING_MESSAGES } from '@atelier/domain';
import { SyncEngine, memoryKeyValue, type SyncRemote, type SyncRow } from '@atelier/storage';

import { CLIENTS_MESSAGES as M } from '../../messages';

import { draftDepositFromQuote } from './progress-rows';

import {
  DocumentError,
  generateFromQuote,
  generateInvoice,
  invoicePdf,
  issueCreditNote,
  quotePdf,
  setPaid,
  type DocumentsSupabase,
} from './actions';

/** What the PDF renderers were handed (document, options), newest last. */
const mockRendered: [unknown, unknown][] = [];

jest.mock('@atelier/documents', () => ({
  regenerateQuotePdf: async (quote: unknown, options: unknown) => {
    mockRendered.push([quote, options]);
    return { bytes: new Uint8Array([1]), fileName: 'x.pdf', warnings: [] };
  },
  regenerateInvoicePdf: async (invoice: { number?: string }, options: unknown) => {
    mockRendered.push([invoice, options]);
    return { bytes: new TextEncoder().encode(`invoice ${invoice.number}`), fileName: 'x.pdf', warnings: [] };
  },
  regenerateCreditNotePdf: async (note: { number: string }) => ({
    bytes: new TextEncoder().encode(`avoir ${note.number}`),
    fileName: 'x.pdf',
    warnings: [],
  }),
}));

const USER = 'u1';
const QUOTE = {
  id: 'q1',
  client_id: 'c1',
  number: 'DE0001',
  lines: [{ name: 'Peinture', unit: 'm2', price: 10, quantity: 2 }],
  vat_rate: 20,
  total_ht_cents: 2000,
  tva_cents: 400,
  total_ttc_cents: 2400,
  snapshot: null,
};

// Every test runs within one millisecond of Date.now(), the case that made a test here fail now and then (see
// serverTime): deterministic instead of depending on the machine's speed.
const FIXED_NOW = Date.now();
beforeEach(() => jest.spyOn(Date, 'now').mockReturnValue(FIXED_NOW));
afterEach(() => jest.restoreAllMocks());

function setup(options: { online?: boolean; uploadError?: string } = {}) {
  // The server's clock never gives the same instant twice, like PostgreSQL's now() (microseconds): two changes in the
  // same millisecond of Date.now() had the same updated_at, and the engine kept its copy, taking the second change
  // for one it already had (marking paid failed now and then when it came within the archived PDF's millisecond).
  let lastStamp = 0;
  const serverTime = (aheadMs = 0) => {
    lastStamp = Math.max(lastStamp + 1, Date.now() + aheadMs);
    return new Date(lastStamp).toISOString();
  };
  const server = { invoices: new Map<string, SyncRow>(), notes: new Map<string, SyncRow>() };
  const calls: string[] = [];
  const files = new Map<string, Blob>();
  const remote: SyncRemote = {
    pull: async () => ({
      now: new Date().toISOString(),
      rows: { invoices: [...server.invoices.values()], credit_notes: [...server.notes.values()] },
      deleted: [],
    }),
    upsert: async (table, row) => {
      if (!options.online && options.online !== undefined) throw new Error('Failed to fetch');
      calls.push(`upsert ${table}`);
      if (table === 'invoices') server.invoices.set(row.id, { ...row });
      return row;
    },
    remove: async () => undefined,
  };
  const engine = new SyncEngine({ userId: USER, kv: memoryKeyValue(), remote });
  let invoiceNo = 0;
  let noteNo = 0;
  const supabase: DocumentsSupabase = {
    async rpc(fn, args) {
      calls.push(fn);
      if (fn === 'issue_invoice') {
        const row = server.invoices.get(String(args.p_id));
        if (!row) return { data: null, error: { message: 'Facture non trouvée', code: 'P0002' } };
        const issued = {
          ...row,
          status: 'issued',
          number: `FA000${++invoiceNo}`,
          issue_date: '2026-11-23',
          due_date: '2026-12-23',
          updated_at: serverTime(),
        };
        server.invoices.set(issued.id, issued);
        return { data: issued, error: null };
      }
      const note = {
        id: `n${++noteNo}`,
        invoice_id: args.p_invoice_id,
        number: `AV000${noteNo}`,
        reason: args.p_reason,
        total_ttc_cents: -2400,
        updated_at: serverTime(),
      } as SyncRow;
      server.notes.set(note.id, note);
      return { data: note, error: null };
    },
    from: (table) => ({
      update: (values) => ({
        eq: (_column, id) => ({
          select: () => ({
            single: async () => {
              calls.push(`update ${table} ${Object.keys(values).sort().join(',')}`);
              const map = table === 'invoices' ? server.invoices : server.notes;
              const row = { ...map.get(id)!, ...values, updated_at: serverTime(1000) };
              map.set(id, row as SyncRow);
              return { data: row, error: null };
            },
          }),
        }),
      }),
    }),
    storage: {
      from: () => ({
        upload: async (path, body) => {
          calls.push(`upload ${path}`);
          if (options.uploadError) return { data: null, error: { message: options.uploadError, statusCode: '413' } };
          files.set(path, body);
          return { data: { path }, error: null };
        },
        download: async (path) => {
          calls.push(`download ${path}`);
          const blob = files.get(path);
          return blob ? { data: blob, error: null } : { data: null, error: { message: 'Object not found' } };
        },
      }),
    },
  };
  let n = 0;
  const services = {
    userId: USER,
    engine,
    supabase,
    online: () => options.online !== false,
    newId: () => `i${++n}`,
  };
  return { services, server, calls, engine, files };
}

it('generates an invoice: draft pushed through the outbox, numbered by the server, PDF archived in the user folder', async () => {
  const { services, calls, engine, server } = setup();
  const issued = await generateInvoice(services, QUOTE, { isPaid: false });
  expect(issued.row.number).toBe('FA0001');
  expect(issued.warning).toBeNull();
  expect(new TextDecoder().decode(issued.file.bytes)).toBe('invoice FA0001');
  expect(issued.file.fileName).toBe('facture-FA0001.pdf');
  expect(calls).toEqual([
    'upsert invoices',
    'issue_invoice',
    'upload u1/facture-FA0001.pdf',
    'update invoices pdf_path',
  ]);
  expect(server.invoices.get('i1')).toMatchObject({
    quote_id: 'q1',
    quote_number: 'DE0001',
    pdf_path: 'u1/facture-FA0001.pdf',
  });
  // The local copy now holds the server's issued row.
  expect(engine.row('invoices', 'i1')).toMatchObject({ status: 'issued', number: 'FA0001' });
});

it('refuses to invoice a devis made under another VAT regime than the company has now: nothing written', async () => {
  const { services, engine, calls } = setup();
  const franchiseNow = { ...services, company: () => ({ vatRegime: 'franchise' as const }) };
  await expect(generateInvoice(franchiseNow, QUOTE, { isPaid: false })).rejects.toThrow(
    new DocumentError(INVOICING_MESSAGES.regimeChanged),
  );
  expect(engine.row('invoices', 'i1')).toBeUndefined();
  expect(calls).toEqual([]);
});

it('an acompte: planned by the money model, pushed as a draft with its kind, then issued in the FA series', async () => {
  const { services, engine, calls } = setup();
  const issued = await generateFromQuote(services, QUOTE, (id, invoices) =>
    draftDepositFromQuote(QUOTE, id, { percent: 30 }, invoices),
  );
  expect(issued.row).toMatchObject({ number: 'FA0001', kind: 'deposit', deposit_percent: 30, total_ttc_cents: 720 });
  expect(engine.row('invoices', 'i1')).toMatchObject({ status: 'issued', kind: 'deposit' });
  expect(calls.slice(0, 2)).toEqual(['upsert invoices', 'issue_invoice']);
  // More than the devis: refused before anything is written.
  await expect(
    generateFromQuote(services, QUOTE, (id, invoices) =>
      draftDepositFromQuote(QUOTE, id, { amountCents: 999999 }, invoices),
    ),
  ).rejects.toThrow(DocumentError);
  expect(calls.filter((c) => c === 'upsert invoices')).toHaveLength(1);
});

it('with the facturx function: the rendered PDF is sent to it, and the archived Factur-X is the file given', async () => {
  const { services, calls, files, server } = setup();
  const sent: Array<Record<string, unknown>> = [];
  const withFacturX = {
    ...services,
    supabase: {
      ...services.supabase,
      functions: {
        invoke: async (name: string, { body }: { body: Record<string, unknown> }) => {
          calls.push(name);
          sent.push(body);
          const path = `u1/facture-${String(server.invoices.get(String(body.documentId))!.number)}.pdf`;
          const bytes = new TextEncoder().encode('%PDF-1.7 factur-x');
          files.set(path, { arrayBuffer: async () => bytes.buffer } as unknown as Blob);
          return { data: { path }, error: null };
        },
      },
    },
  };
  const issued = await generateInvoice(withFacturX, QUOTE, { isPaid: false });
  expect(sent[0]).toMatchObject({ documentId: 'i1', table: 'invoices' });
  expect(atob(String(sent[0]!.pdf))).toBe('invoice FA0001');
  expect(new TextDecoder().decode(issued.file.bytes)).toBe('%PDF-1.7 factur-x');
  // No second archive of the visual PDF.
  expect(calls).toEqual(['upsert invoices', 'issue_invoice', 'facturx', 'download u1/facture-FA0001.pdf']);
});

it('offline: the draft is kept locally (and queued), the user is told the number needs the network', async () => {
  const { services, engine, calls } = setup({ online: false });
  await expect(generateInvoice(services, QUOTE, { isPaid: true, paymentDate: '2026-11-20' })).rejects.toThrow(
    new DocumentError(M.needsNetwork),
  );
  expect(engine.row('invoices', 'i1')).toMatchObject({ status: 'draft', is_paid: true, payment_date: '2026-11-20' });
  expect(engine.status().pending).toBe(1);
  expect(calls).toEqual([]);
});

it('a storage refusal (plan limit) leaves the invoice issued and says why its PDF is not archived', async () => {
  const { services, calls } = setup({
    uploadError: 'Espace de stockage insuffisant : votre plan est limité à 100 Mo.',
  });
  const issued = await generateInvoice(services, QUOTE, { isPaid: false });
  expect(issued.row.number).toBe('FA0001');
  expect(issued.warning).toBe(
    M.archiveFailed('FA0001', 'Espace de stockage insuffisant : votre plan est limité à 100 Mo.'),
  );
  expect(calls).not.toContain('update invoices pdf_path');
});

it('downloads the archived PDF when there is one; marks paid changing only is_paid and payment_date', async () => {
  const { services, calls, engine } = setup();
  await generateInvoice(services, QUOTE, { isPaid: false });
  const row = engine.row('invoices', 'i1')!;
  const file = await invoicePdf(services, row);
  expect(calls).toContain('download u1/facture-FA0001.pdf');
  expect(new TextDecoder().decode(file.bytes)).toBe('invoice FA0001');

  await setPaid(services, row, true, '2026-11-24');
  expect(calls.at(-1)).toBe('update invoices is_paid,payment_date');
  expect(engine.row('invoices', 'i1')).toMatchObject({ is_paid: true, payment_date: '2026-11-24' });
});

it('Annuler issues an avoir with its archived PDF; Corriger also opens a new draft pre-filled', async () => {
  const { services, calls, engine } = setup();
  await generateInvoice(services, QUOTE, { isPaid: false });
  const invoice = engine.row('invoices', 'i1')!;
  const cancelled = await issueCreditNote(services, invoice, 'correct');
  expect(cancelled.row.number).toBe('AV0001');
  expect(cancelled.file.fileName).toBe('avoir-AV0001.pdf');
  expect(calls).toContain('upload u1/avoir-AV0001.pdf');
  expect(calls).toContain('update credit_notes pdf_path');
  expect(cancelled.draft).toMatchObject({ id: 'i2', status: 'draft', quote_id: 'q1', lines: QUOTE.lines });
  expect(engine.rows('credit_notes')).toHaveLength(1);
});

it('hands the renderers the documents as stored: row ids, calendar dates, service and due dates', async () => {
  const { services, engine } = setup();
  const lines = { tasks: QUOTE.lines, totalHT: 20, tva: 4, total: 24, tvaRate: 20, pdfData: '' };
  const quote = { ...QUOTE, legacy_id: 'quote-1712000000000', date: '2026-11-02T10:00:00+00:00' };
  expect((await quotePdf(services, quote)).fileName).toBe('devis-DE0001.pdf');
  expect(mockRendered.at(-1)).toEqual([
    {
      id: 'q1',
      number: 'DE0001',
      date: '2026-11-02T10:00:00+00:00',
      ...lines,
    },
    { loadLogo: undefined },
  ]);

  await generateInvoice(services, QUOTE, { isPaid: true, paymentDate: '2026-11-20' });
  const serviceDate = engine.row('invoices', 'i1')!.service_date;
  expect(mockRendered.at(-1)).toEqual([
    {
      id: 'i1',
      number: 'FA0001',
      serviceDate,
      dueDate: '2026-12-23',
      quoteId: 'q1',
      date: '2026-11-23',
      ...lines,
      // Issue 28: the invoice carries the devis' lines with their rate and category, under the devis' regime.
      tasks: lines.tasks.map((t) => ({ ...t, vatRate: 20, vatCategory: 'standard' })),
      vatRegime: 'assujetti',
      isPaid: true,
      paymentDate: '2026-11-20',
    },
    { loadLogo: undefined, quoteNumber: 'DE0001' },
  ]);
});
