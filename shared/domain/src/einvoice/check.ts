// Checks an EInvoice before writing it: the EN 16931 sums (BR-CO-10/13/14/15/16, BR-S-08, BR-AE-08, BR-E-08) and
// the identifiers the categories need (BR-AE-02, BR-E-02). The money model computes the figures; a mismatch here
// is a bug upstream, refused rather than written into a legal document.
import { EINVOICE_MESSAGES, EInvoiceError } from './messages.ts';
import type { EInvoice } from './model.ts';

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');

/** The problems of an invoice, in French; empty when it can be written. */
export function eInvoiceProblems(invoice: EInvoice): string[] {
  const problems: string[] = [];
  const t = invoice.totals;
  const mismatch = (what: string, expected: number, actual: number) => {
    if (expected !== actual)
      problems.push(EINVOICE_MESSAGES.inconsistent(`${what} ${euros(actual)} au lieu de ${euros(expected)}`));
  };
  if (!invoice.number.trim()) problems.push(EINVOICE_MESSAGES.missingField('le numéro'));
  if (invoice.lines.length === 0) problems.push(EINVOICE_MESSAGES.missingField('les lignes'));
  if (invoice.vatBreakdown.length === 0) problems.push(EINVOICE_MESSAGES.missingField('le détail de la TVA'));
  mismatch('total HT des lignes', sum(invoice.lines.map((l) => l.netAmountCents)), t.lineTotalCents);
  const allowances = invoice.allowances ?? [];
  mismatch('total des remises', sum(allowances.map((a) => a.amountCents)), t.allowanceTotalCents ?? 0);
  mismatch('base HT', t.lineTotalCents - (t.allowanceTotalCents ?? 0), t.taxBasisCents);
  mismatch('total TVA', sum(invoice.vatBreakdown.map((r) => r.vatCents)), t.vatCents);
  mismatch('total TTC', t.taxBasisCents + t.vatCents, t.grandTotalCents);
  mismatch('net à payer', t.grandTotalCents - t.prepaidCents, t.duePayableCents);
  const seen = new Set<string>();
  for (const row of invoice.vatBreakdown) {
    const key = `${row.vatCode}|${row.rate}`;
    if (seen.has(key)) problems.push(EINVOICE_MESSAGES.inconsistent(`taux ${row.rate} % présent deux fois`));
    seen.add(key);
    const lines = invoice.lines.filter((l) => l.vatCode === row.vatCode && l.vatRate === row.rate);
    const rowAllowances = allowances.filter((a) => a.vatCode === row.vatCode && a.rate === row.rate);
    mismatch(
      `base à ${row.rate} %`,
      sum(lines.map((l) => l.netAmountCents)) - sum(rowAllowances.map((a) => a.amountCents)),
      row.baseCents,
    );
    if (row.vatCode !== 'S' && row.vatCents !== 0) mismatch(`TVA de la catégorie ${row.vatCode}`, 0, row.vatCents);
  }
  for (const line of invoice.lines) {
    if (!seen.has(`${line.vatCode}|${line.vatRate}`)) {
      problems.push(EINVOICE_MESSAGES.inconsistent(`ligne ${line.id} à ${line.vatRate} % absente du détail de la TVA`));
    }
  }
  const codes = new Set(invoice.lines.map((l) => l.vatCode));
  const sellerTaxId = invoice.seller.vatId || invoice.seller.taxRegistrationId;
  if ((codes.has('AE') || codes.has('E') || codes.has('S')) && !sellerTaxId) {
    problems.push(EINVOICE_MESSAGES.sellerTaxIdRequired);
  }
  if (codes.has('AE') && !invoice.buyer.vatId && !invoice.buyer.siren)
    problems.push(EINVOICE_MESSAGES.buyerVatRequired);
  return problems;
}

export function assertWritable(invoice: EInvoice): void {
  const problems = eInvoiceProblems(invoice);
  if (problems.length > 0) throw new EInvoiceError(problems.join(' '));
}
