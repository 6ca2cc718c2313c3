import { computeReceivables, daysPastDue, invoiceDueDate, invoiceReceivable, type ReceivableFigures } from './receivables';

const TODAY = '2026-11-27';
type Doc = { id: string; [column: string]: unknown };

/**
 * 50 stored documents: 10 clients (k = 0…9) with 5 each.
 *  D1 devis DE…, TTC 150 000 + 100k cents, invoiced by D3 and D4;
 *  D2 devis, TTC 30 000 + k (unnumbered for k = 9);
 *  D3 acompte on D1: 45 000, paid;
 *  D4 final invoice on D1: TTC = D1, deducting D3 (prepaid 45 000), retenue 5 000 from k = 5, issued 2026-10-15,
 *     due 2026-11-14 (k % 3 = 0), 2026-12-14 (k % 3 = 1) or unset (k % 3 = 2: issue + 30 days = 2026-11-14);
 *     paid for k = 0, 1; cancelled by an avoir for k = 2, 3;
 *  D5 k = 0, 1: unnumbered devis; k = 2, 3: the avoir of D4; k = 4…6: a draft invoice; k = 7…9: a situation on
 *     D2, TTC 10 000 + k, due 2026-11-20, unpaid.
 */
function seed(): { quotes: Doc[]; invoices: Doc[]; creditNotes: Doc[] } {
  const quotes: Doc[] = [];
  const invoices: Doc[] = [];
  const creditNotes: Doc[] = [];
  for (let k = 0; k < 10; k++) {
    const client = `c${k}`;
    const q1 = 150_000 + 100 * k;
    quotes.push({ id: `q1-${k}`, client_id: client, number: `DE${k}1`, total_ttc_cents: q1, date: '2026-08-01T10:00:00Z' });
    quotes.push({
      id: `q2-${k}`,
      client_id: client,
      number: k === 9 ? null : `DE${k}2`,
      total_ttc_cents: 30_000 + k,
      date: '2026-08-02T10:00:00Z',
    });
    invoices.push({
      id: `i3-${k}`,
      client_id: client,
      quote_id: `q1-${k}`,
      status: 'issued',
      kind: 'deposit',
      total_ttc_cents: 45_000,
      prepaid_cents: 0,
      retenue_cents: 0,
      net_due_cents: 45_000,
      issue_date: '2026-09-01',
      due_date: '2026-09-15',
      is_paid: true,
    });
    const retenue = k >= 5 ? 5_000 : 0;
    invoices.push({
      id: `i4-${k}`,
      client_id: client,
      quote_id: `q1-${k}`,
      status: 'issued',
      kind: 'invoice',
      total_ttc_cents: q1,
      prepaid_cents: 45_000,
      retenue_cents: retenue,
      net_due_cents: q1 - 45_000 - retenue,
      issue_date: '2026-10-15',
      due_date: k % 3 === 0 ? '2026-11-14' : k % 3 === 1 ? '2026-12-14' : null,
      is_paid: k <= 1,
    });
    if (k <= 1) {
      quotes.push({ id: `q5-${k}`, client_id: client, number: null, total_ttc_cents: 5_555 });
    } else if (k <= 3) {
      creditNotes.push({ id: `a5-${k}`, client_id: client, invoice_id: `i4-${k}`, total_ttc_cents: -q1 });
    } else if (k <= 6) {
      invoices.push({ id: `d5-${k}`, client_id: client, status: 'draft', total_ttc_cents: 99_999, is_paid: false });
    } else {
      invoices.push({
        id: `s5-${k}`,
        client_id: client,
        quote_id: `q2-${k}`,
        status: 'issued',
        kind: 'situation',
        total_ttc_cents: 10_000 + k,
        prepaid_cents: 0,
        retenue_cents: 0,
        net_due_cents: 10_000 + k,
        issue_date: '2026-11-05',
        due_date: '2026-11-20',
        is_paid: false,
      });
    }
  }
  return { quotes, invoices, creditNotes };
}

it('seeds 50 documents', () => {
  const docs = seed();
  expect(docs.quotes.length + docs.invoices.length + docs.creditNotes.length).toBe(50);
});

it('sums the whole book to the cent', () => {
  const { total } = computeReceivables(seed(), TODAY);
  expect(total).toEqual<ReceivableFigures>({
    // D1 ×10: 1 500 000 + 100 × 45; D2 ×9 (k = 0…8): 270 000 + 36
    quotes: 19,
    quotedCents: 1_504_500 + 270_036,
    // D2 of k = 0…6 (k = 7, 8 have a situation; k = 9 has no number): 210 000 + 21
    pendingQuotes: 7,
    pendingQuotesCents: 210_021,
    // acomptes 450 000 + finals not cancelled (k ≠ 2, 3) 1 204 000 − 8 × 45 000 + situations 30 024
    invoicedCents: 450_000 + 844_000 + 30_024,
    // acomptes 450 000 + finals k = 0, 1: 105 000 + 105 100
    paidCents: 660_100,
    // finals k = 4 (105 400) and 5…9 (100 500 … 100 900) + situations 30 024
    unpaidCents: 608_900 + 30_024,
    // finals k = 5, 6, 8, 9 (due 2026-11-14) + situations (due 2026-11-20)
    overdueCents: 402_800 + 30_024,
    overdueInvoices: 7,
    maxDaysLate: 13,
    retainedCents: 25_000,
    lastActivity: '2026-11-05',
  });
  // Every invoiced cent is paid, still due, or held as retenue.
  expect(total.paidCents + total.unpaidCents + total.retainedCents).toBe(total.invoicedCents);
});

it('gives each client its own figures, and the totals are their sum', () => {
  const { byClient, total } = computeReceivables(seed(), TODAY);
  expect(byClient.get('c9')).toMatchObject({
    quotes: 1,
    quotedCents: 150_900,
    pendingQuotes: 0,
    invoicedCents: 45_000 + 105_900 + 10_009,
    paidCents: 45_000,
    unpaidCents: 100_900 + 10_009,
    overdueCents: 110_909,
    overdueInvoices: 2,
    maxDaysLate: 13,
    retainedCents: 5_000,
  });
  // Cancelled by an avoir: owes nothing, its acompte stays paid.
  expect(byClient.get('c2')).toMatchObject({
    quotes: 2,
    quotedCents: 180_202,
    pendingQuotes: 1,
    pendingQuotesCents: 30_002,
    invoicedCents: 45_000,
    paidCents: 45_000,
    unpaidCents: 0,
    overdueCents: 0,
    lastActivity: '2026-10-15',
  });
  // Due on 2026-12-14: unpaid, not late; its draft counts for nothing.
  expect(byClient.get('c4')).toMatchObject({ unpaidCents: 105_400, overdueCents: 0, maxDaysLate: 0 });
  const keys = ['quotedCents', 'invoicedCents', 'paidCents', 'unpaidCents', 'overdueCents'] as const;
  for (const key of keys) {
    expect([...byClient.values()].reduce((sum, f) => sum + f[key], 0)).toBe(total[key]);
  }
});

it('gives each issued invoice its standing and days late', () => {
  const { invoices } = computeReceivables(seed(), TODAY);
  expect(invoices.get('i4-2')).toMatchObject({ standing: 'cancelled', outstandingCents: 0 });
  expect(invoices.get('i4-0')).toMatchObject({ standing: 'paid', outstandingCents: 0, daysLate: 0 });
  expect(invoices.get('i4-5')).toMatchObject({ standing: 'overdue', dueDate: '2026-11-14', daysLate: 13 });
  expect(invoices.get('i4-7')).toMatchObject({ standing: 'unpaid', dueDate: '2026-12-14', daysLate: 0 });
  expect(invoices.get('s5-8')).toMatchObject({ standing: 'overdue', outstandingCents: 10_008, daysLate: 7 });
  expect(invoices.has('d5-4')).toBe(false);
});

it('is not late on its due date, one day late the day after', () => {
  const invoice = { id: 'x', status: 'issued', total_ttc_cents: 1_000, net_due_cents: 1_000, due_date: '2026-02-28' };
  expect(invoiceReceivable(invoice, [], '2026-02-28')).toMatchObject({ standing: 'unpaid', daysLate: 0 });
  expect(invoiceReceivable(invoice, [], '2026-03-01')).toMatchObject({ standing: 'overdue', daysLate: 1 });
  expect(daysPastDue('2026-03-28', '2026-03-30')).toBe(2); // across the DST change
});

it('takes the due date stored, else the issue date plus 30 days; an older row without net due uses its totals', () => {
  expect(invoiceDueDate({ id: 'a', issue_date: '2026-01-31' })).toBe('2026-03-02');
  expect(invoiceDueDate({ id: 'a', issue_date: '2026-01-31', due_date: '2026-02-10' })).toBe('2026-02-10');
  const legacy = { id: 'l', status: 'issued', total_ttc_cents: '12000', prepaid_cents: 2_000, due_date: '2026-12-31' };
  expect(invoiceReceivable(legacy, [], TODAY)).toMatchObject({ outstandingCents: 10_000, billedCents: 10_000 });
});

it('deducts a partial avoir from what is invoiced and due', () => {
  const invoice = { id: 'p', status: 'issued', total_ttc_cents: 10_000, net_due_cents: 10_000, due_date: '2026-12-31' };
  expect(invoiceReceivable(invoice, [{ id: 'av', total_ttc_cents: -2_500 }], TODAY)).toMatchObject({
    standing: 'unpaid',
    billedCents: 7_500,
    outstandingCents: 7_500,
  });
});
