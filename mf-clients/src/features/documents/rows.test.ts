import { archivePath, draftInvoiceFromInvoice, draftInvoiceFromQuote, groupBy, invoiceStatus } from './rows';

const quote = {
  id: 'q1',
  client_id: 'c1',
  number: 'DE0007',
  date: '2026-11-02T10:00:00.000Z',
  project_title: 'Salle de bain',
  lines: [{ name: 'Peinture', unit: 'm2', price: 25.5, quantity: 12 }, { bogus: true }],
  vat_rate: 10,
  total_ht_cents: 30600,
  tva_cents: 3060,
  total_ttc_cents: '33660',
  snapshot: null,
  pdf_path: 'x',
};

it('copies a quote into a draft invoice: client, lines, VAT, totals, snapshot, number; payment only when paid', () => {
  const now = new Date('2026-11-23T23:30:00Z'); // already the 24th in Paris
  const unpaid = draftInvoiceFromQuote(quote, 'i1', { isPaid: false, paymentDate: '2026-11-01' }, now);
  expect(unpaid).toMatchObject({
    id: 'i1',
    status: 'draft',
    client_id: 'c1',
    quote_id: 'q1',
    quote_number: 'DE0007',
    lines: quote.lines,
    vat_rate: 10,
    total_ttc_cents: '33660',
    service_date: '2026-11-24',
    is_paid: false,
    payment_date: null,
  });
  expect(unpaid).not.toHaveProperty('pdf_path');
  expect(unpaid).not.toHaveProperty('number');
  expect(draftInvoiceFromQuote(quote, 'i1', { isPaid: true, paymentDate: '2026-11-20' }, now).payment_date).toBe(
    '2026-11-20',
  );
});

it('a company without a VAT number issues its invoice at 0 % (TTC = HT), as its PDF says « 293 B »', () => {
  const company = { name: 'Atelier Durand', tva: '' };
  const exempt = draftInvoiceFromQuote({ ...quote, snapshot: { company } }, 'i2', { isPaid: false });
  expect(exempt).toMatchObject({ vat_rate: 0, tva_cents: 0, total_ht_cents: 30600, total_ttc_cents: 30600 });
  const charging = draftInvoiceFromQuote(
    { ...quote, snapshot: { company: { ...company, tva: 'FR12345678901' } } },
    'i3',
    {
      isPaid: false,
    },
  );
  expect(charging).toMatchObject({ vat_rate: 10, tva_cents: 3060, total_ttc_cents: '33660' });
});

it('« Corriger » pre-fills a new unpaid draft from the invoice, without its number, dates or PDF', () => {
  const issued = {
    ...quote,
    id: 'i1',
    status: 'issued',
    number: 'FA0003',
    issue_date: '2026-11-02',
    due_date: '2026-12-02',
    quote_id: 'q1',
    quote_number: 'DE0007',
    is_paid: true,
    payment_date: '2026-11-05',
  };
  const draft = draftInvoiceFromInvoice(issued, 'i2');
  expect(draft).toMatchObject({
    id: 'i2',
    status: 'draft',
    quote_number: 'DE0007',
    is_paid: false,
    lines: quote.lines,
  });
  for (const gone of ['number', 'issue_date', 'due_date', 'pdf_path']) expect(draft).not.toHaveProperty(gone);
});

it('gives the status at a glance', () => {
  const issued = { id: 'i', status: 'issued', due_date: '2026-11-10' };
  expect(invoiceStatus({ id: 'd', status: 'draft' }, false)).toBe('draft');
  expect(invoiceStatus(issued, true, '2026-11-01')).toBe('cancelled');
  expect(invoiceStatus({ ...issued, is_paid: true }, false, '2026-12-01')).toBe('paid');
  expect(invoiceStatus(issued, false, '2026-11-10')).toBe('pending');
  expect(invoiceStatus(issued, false, '2026-11-11')).toBe('late');
});

it('groups rows once by a column, newest first, and names archive paths per user folder', () => {
  const map = groupBy(
    [
      { id: 'a', client_id: 'c1', created_at: '2026-01-01' },
      { id: 'b', client_id: 'c2', created_at: '2026-01-02' },
      { id: 'c', client_id: 'c1', created_at: '2026-01-03' },
    ],
    'client_id',
  );
  expect(map.get('c1')!.map((r) => r.id)).toEqual(['c', 'a']);
  expect(map.get('c2')!.map((r) => r.id)).toEqual(['b']);
  expect(archivePath('u1', 'facture-FA0001.pdf')).toBe('u1/facture-FA0001.pdf');
});
