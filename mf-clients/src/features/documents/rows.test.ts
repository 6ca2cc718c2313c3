import { INVOICING_MESSAGES } from '@atelier/domain';

import {
  archivePath,
  draftInvoiceFromInvoice,
  draftInvoiceFromQuote,
  groupBy,
  invoiceFromQuoteError,
  invoiceStatus,
  withClientIdentifiers,
} from './rows';

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

it('copies a quote into a draft invoice: client, lines with their rates, totals of the money model, snapshot, number', () => {
  const now = new Date('2026-11-23T23:30:00Z'); // already the 24th in Paris
  const unpaid = draftInvoiceFromQuote(quote, 'i1', { isPaid: false, paymentDate: '2026-11-01' }, now);
  expect(unpaid).toMatchObject({
    id: 'i1',
    status: 'draft',
    client_id: 'c1',
    quote_id: 'q1',
    quote_number: 'DE0007',
    // The unreadable line is left out; the legacy line gets the devis' rate and its category written.
    lines: [
      { name: 'Peinture', unit: 'm2', price: 25.5, quantity: 12, vatRate: 10, vatCategory: 'reduced_renovation' },
    ],
    vat_rate: 10,
    vat_regime: 'assujetti',
    total_ht_cents: 30600,
    tva_cents: 3060,
    total_ttc_cents: 33660,
    vat_breakdown: [{ category: 'reduced_renovation', code: 'S', rate: 10, base_cents: 30600, vat_cents: 3060 }],
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

it('a devis at 10 % becomes an invoice at 10 %, even for a company without a VAT number (issue 28)', () => {
  const company = { name: 'Atelier Durand', tva: '' };
  const invoice = draftInvoiceFromQuote({ ...quote, snapshot: { company } }, 'i2', { isPaid: false });
  expect(invoice).toMatchObject({ vat_rate: 10, tva_cents: 3060, total_ht_cents: 30600, total_ttc_cents: 33660 });
  expect(invoiceFromQuoteError({ ...quote, snapshot: { company } }, 'assujetti')).toBeNull();
  // The company moved to the franchise since the devis: refused, with the French explanation.
  expect(invoiceFromQuoteError({ ...quote, snapshot: { company } }, 'franchise')).toBe(
    INVOICING_MESSAGES.regimeChanged,
  );
});

it('keeps every line of a multi-rate devis with its rate, and VAT summed per rate', () => {
  const lines = [
    { name: 'Carrelage', unit: 'm2', price: 30, quantity: 65, vatRate: 5.5, vatCategory: 'reduced_renovation' },
    { name: 'Plomberie', unit: 'forfait', price: 828.5, quantity: 1, vatRate: 10, vatCategory: 'reduced_renovation' },
    { name: 'Fourniture', unit: 'forfait', price: 319.5, quantity: 1, vatRate: 20, vatCategory: 'standard' },
  ];
  const invoice = draftInvoiceFromQuote({ ...quote, lines, vat_regime: 'assujetti' }, 'i4', { isPaid: false });
  expect(invoice.lines).toEqual(lines);
  expect(invoice).toMatchObject({ total_ht_cents: 309800, tva_cents: 25400, total_ttc_cents: 335200 });
});

it('a franchise devis (stored regime) becomes a franchise invoice: no VAT', () => {
  const invoice = draftInvoiceFromQuote({ ...quote, vat_regime: 'franchise', vat_rate: 0 }, 'i5', { isPaid: false });
  expect(invoice).toMatchObject({ vat_regime: 'franchise', vat_rate: 0, tva_cents: 0, total_ttc_cents: 30600 });
  expect(invoiceFromQuoteError({ ...quote, vat_regime: 'franchise' }, 'assujetti')).toBe(
    INVOICING_MESSAGES.regimeChanged,
  );
});

it('completes the invoice snapshot with the client row SIREN, VAT number and site address', () => {
  const draft = { id: 'i', snapshot: { client: { name: 'SARL Bâtir', email: 'a@b.fr' } } };
  expect(
    withClientIdentifiers(draft, { id: 'c', siren: '732829320', vat_number: 'FR44732829320', site_address: '2 rue X' }),
  ).toEqual({
    id: 'i',
    site_address: '2 rue X',
    snapshot: {
      client: {
        name: 'SARL Bâtir',
        email: 'a@b.fr',
        siren: '732829320',
        vatNumber: 'FR44732829320',
        siteAddress: '2 rue X',
      },
    },
  });
  expect(withClientIdentifiers(draft, { id: 'c', siren: null })).toBe(draft);
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
    lines: [
      { name: 'Peinture', unit: 'm2', price: 25.5, quantity: 12, vatRate: 10, vatCategory: 'reduced_renovation' },
    ],
    total_ttc_cents: 33660,
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
