// Reading server rows back into domain documents (rowToQuote / rowToInvoice), both readings: 'legacy' (the home
// page's client book, checkpoints) and 'stored' (/clients' PDFs: row id, dates as the server keeps them).
import { DEFAULT_CUSTOMIZATION, type Invoice, type Quote } from '@atelier/domain';

import { calendarToday, rowLines, rowText, rowToInvoice, rowToQuote, type RowReading } from './document-rows';

const ROW_ID = '22222222-2222-4222-8222-222222222222';
const QUOTE_ROW_ID = '33333333-3333-4333-8333-333333333333';

const company = {
  name: 'Atelier Durand',
  address: '1 rue des Lilas',
  phone: '',
  email: '',
  website: '',
  siret: '',
  tva: 'FR12345678901',
  rib: { bank: '', iban: '', bic: '' },
  logo: '',
  footer: '',
};
const customization = DEFAULT_CUSTOMIZATION;
const client = { name: 'Mme Durand', email: 'durand@example.fr', phone: '', address: '' };

const quoteRow = {
  id: ROW_ID,
  legacy_id: 'quote-1712000000000',
  client_id: 'c1',
  number: 'DE0007',
  date: '2026-11-02T10:00:00+00:00',
  created_at: '2026-11-01T08:00:00+00:00',
  project_title: 'Salle de bain',
  lines: [{ name: 'Peinture', unit: 'm2', price: 25.5, quantity: 12 }, { bogus: true }],
  vat_rate: '10',
  total_ht_cents: 30600,
  tva_cents: '3060',
  total_ttc_cents: 33660,
  pdf_path: 'u/devis.pdf',
};

const invoiceRow = {
  id: ROW_ID,
  legacy_id: 'invoice-1',
  client_id: 'c1',
  quote_id: QUOTE_ROW_ID,
  quote_number: 'DE0007',
  status: 'issued',
  number: 'FA0003',
  issue_date: '2026-11-02',
  service_date: '2026-10-28',
  due_date: '2026-12-02',
  project_title: 'Salle de bain',
  lines: [{ name: 'Peinture', unit: 'm2', price: 25.5, quantity: 12 }],
  vat_rate: 10,
  total_ht_cents: 30600,
  tva_cents: 3060,
  total_ttc_cents: 33660,
  is_paid: true,
  payment_date: '2026-11-05',
};

const task = { name: 'Peinture', unit: 'm2', price: 25.5, quantity: 12 };
const empty = { tasks: [], totalHT: 0, tva: 0, total: 0, tvaRate: 20, pdfData: '' };
const amounts = { totalHT: 306, tva: 30.6, total: 336.6, tvaRate: 10, pdfData: '' };

describe('rowToQuote', () => {
  it.each<[string, Record<string, unknown>, RowReading, Quote]>([
    [
      'stored: the row id and the date as the server keeps it',
      quoteRow,
      'stored',
      {
        id: ROW_ID,
        number: 'DE0007',
        date: '2026-11-02T10:00:00+00:00',
        tasks: [task],
        ...amounts,
        projectTitle: 'Salle de bain',
      },
    ],
    [
      'legacy: the legacy id and an ISO date-time',
      quoteRow,
      'legacy',
      {
        id: 'quote-1712000000000',
        number: 'DE0007',
        date: '2026-11-02T10:00:00.000Z',
        tasks: [task],
        ...amounts,
        projectTitle: 'Salle de bain',
      },
    ],
    [
      'stored, no date: its creation date; no number, title, VAT rate: left out / 20 %',
      { id: ROW_ID, created_at: '2026-11-01T08:00:00+00:00', number: '', lines: 'not a list', vat_rate: 'x' },
      'stored',
      {
        id: ROW_ID,
        date: '2026-11-01T08:00:00+00:00',
        ...empty,
      },
    ],
    [
      'legacy, no date: its creation date as ISO',
      { id: ROW_ID, legacy_id: '', created_at: '2026-11-01T08:00:00+00:00' },
      'legacy',
      {
        id: ROW_ID,
        date: '2026-11-01T08:00:00.000Z',
        ...empty,
      },
    ],
  ])('%s', (_, row, reading, expected) => {
    expect(rowToQuote(row, reading)).toEqual(expected);
  });

  it('legacy is the default reading (the home page editor and client book)', () => {
    expect(rowToQuote(quoteRow)).toEqual(rowToQuote(quoteRow, 'legacy'));
  });
});

describe('rowToInvoice', () => {
  const issued = {
    number: 'FA0003',
    serviceDate: '2026-10-28',
    dueDate: '2026-12-02',
    tasks: [task],
    ...amounts,
    isPaid: true,
    paymentDate: '2026-11-05',
    projectTitle: 'Salle de bain',
  };
  it.each<[string, Record<string, unknown>, Parameters<typeof rowToInvoice>[1], Invoice]>([
    [
      'stored: row id, its quote row id, calendar days as stored (issue, service, due dates)',
      invoiceRow,
      { reading: 'stored' },
      { id: ROW_ID, quoteId: QUOTE_ROW_ID, date: '2026-11-02', ...issued },
    ],
    [
      'legacy: legacy id, the quote id the browser knew, the issue date as ISO',
      invoiceRow,
      { quoteIdOf: (id) => (id === QUOTE_ROW_ID ? 'quote-1712000000000' : id) },
      { id: 'invoice-1', quoteId: 'quote-1712000000000', date: '2026-11-02T00:00:00.000Z', ...issued },
    ],
    [
      'stored draft: dated by its service date, no number, unpaid',
      {
        ...invoiceRow,
        status: 'draft',
        number: null,
        issue_date: null,
        due_date: null,
        is_paid: false,
        payment_date: null,
        quote_id: null,
      },
      { reading: 'stored' },
      {
        id: ROW_ID,
        quoteId: '',
        date: '2026-10-28',
        serviceDate: '2026-10-28',
        tasks: [task],
        ...amounts,
        isPaid: false,
        projectTitle: 'Salle de bain',
      },
    ],
  ])('%s', (_, row, options, expected) => {
    expect(rowToInvoice(row, options)).toEqual(expected);
  });

  it('a stored row with no date at all is dated today (French calendar day)', () => {
    expect(rowToInvoice({ id: ROW_ID }, { reading: 'stored' }).date).toBe(calendarToday());
  });
});

describe('corrupt or missing snapshot fields', () => {
  const snapshot = { company, customization, client };
  const damaged: [string, unknown][] = [
    ['not an object', 'garbage'],
    ['an array', [1, 2]],
    ['no company', { customization, client }],
    ['no client', { company, customization }],
    ['company name not a string', { ...snapshot, company: { ...company, name: 42 } }],
    ['client email not a string', { ...snapshot, client: { ...client, email: null } }],
    ['customization of the wrong type', { ...snapshot, customization: 'bleu' }],
  ];

  it('reads a complete snapshot', () => {
    expect(rowToQuote({ ...quoteRow, snapshot }, 'stored').snapshot).toMatchObject({
      company: { name: 'Atelier Durand' },
    });
    expect(rowToInvoice({ ...invoiceRow, snapshot }, { reading: 'stored' }).snapshot).toMatchObject({ client });
  });

  it.each(damaged)(
    '%s: the document is read without it (its PDF is then unavailable), the row is kept as is',
    (_, value) => {
      for (const reading of ['stored', 'legacy'] as const) {
        const row = { ...quoteRow, snapshot: value };
        const kept = JSON.stringify(row);
        const quote = rowToQuote(row, reading);
        expect(quote).not.toHaveProperty('snapshot');
        expect(quote.number).toBe('DE0007');
        expect(quote.tasks).toEqual([task]);
        expect(rowToInvoice({ ...invoiceRow, snapshot: value }, { reading })).not.toHaveProperty('snapshot');
        expect(JSON.stringify(row)).toBe(kept);
      }
    },
  );
});

describe('column helpers', () => {
  it.each<[unknown, string | undefined]>([
    ['DE0001', 'DE0001'],
    ['', undefined],
    [null, undefined],
    [12, undefined],
  ])('rowText(%p) is %p', (value, expected) => {
    expect(rowText(value)).toBe(expected);
  });

  it('keeps only the valid lines', () => {
    expect(rowLines([task, { name: 'x' }, null, 'y'])).toEqual([task]);
    expect(rowLines({ 0: task })).toEqual([]);
  });

  it('today is the French calendar day', () => {
    expect(calendarToday(new Date('2026-11-23T23:30:00Z'))).toBe('2026-11-24');
  });
});
