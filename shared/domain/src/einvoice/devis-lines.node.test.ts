// Issue 27: an invoice made from a devis with sections, a comment, an ouvrage, line remises (BG-27), a remise
// globale spread per rate (BG-20) and options, as the server stores it once issued (lines, document_money's rows,
// vat_breakdown with discount_cents), written as Factur-X CII and UBL and validated offline: XSD (CII) and the
// official EN 16931 schematron, 0 fatal and no warning. Its avoir (381) too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { validateEInvoices } from '../../../../scripts/lib/validate-einvoice.cjs';
import {
  breakdownColumn,
  computeDocumentTotals,
  invoiceLinesFromDevis,
  toMoneyLines,
  type Discount,
  type StoredLine,
} from '../invoicing';
import { lineNetCents } from '../invoicing/totals';
import { buildCiiXml } from './cii.ts';
import { issuedDocumentToEInvoice, type IssuedDocumentRow } from './from-row.ts';
import { buildUblXml } from './ubl.ts';

const ASSUJETTI = { regime: 'assujetti' as const, documentRate: 20 };
const blank = { unit: '', price: 0, quantity: 0 };
const FIVE: Discount = { kind: 'percent', value: 5 };

const DEVIS: StoredLine[] = [
  { kind: 'section', name: 'Salle de bain', ...blank },
  { name: 'Carrelage', unit: 'm2', quantity: 12.5, price: 42, vatRate: 10, discount: { kind: 'percent', value: 10 } },
  { kind: 'text', name: 'Pose droite, joints gris', ...blank },
  {
    name: 'Chauffe-eau',
    unit: 'u',
    quantity: 1,
    price: 849.39,
    vatRate: 10,
    description: 'Atlantic 200 L',
    components: [{ kind: 'fourniture', name: 'Chauffe-eau 200 L', unit: 'u', quantity: 1, price: 738.6 }],
    coefficient: 1.15,
    discount: { kind: 'amount', value: 39.39 },
  },
  { kind: 'section', name: 'Cuisine', ...blank },
  { name: 'Peinture', unit: 'm2', quantity: 3, price: 33.33, vatRate: 20 },
  { name: 'Robinet thermostatique', unit: 'u', quantity: 1, price: 250, vatRate: 20, option: true },
  {
    name: 'Isolation',
    unit: 'm2',
    quantity: 7.5,
    price: 10.07,
    vatRate: 5.5,
    discount: { kind: 'percent', value: 15 },
  },
];

/** The row issue_invoice leaves (figures of the money model, which the SQL holds equal: backend tests). */
function issuedRow(table: 'invoices' | 'credit_notes'): {
  row: IssuedDocumentRow;
  lineMoney: { net_cents: number; rate: number; category: string }[];
} {
  const lines = invoiceLinesFromDevis(DEVIS);
  const money = toMoneyLines(lines, ASSUJETTI);
  const totals = computeDocumentTotals(money, { documentDiscount: FIVE });
  const sign = table === 'credit_notes' ? -1 : 1;
  return {
    row: {
      table,
      kind: 'invoice',
      number: table === 'invoices' ? 'FA0027' : 'AV0027',
      issue_date: '2026-11-27',
      due_date: table === 'invoices' ? '2026-12-27' : null,
      quote_number: 'DE0027',
      lines: lines.map((l) => ({ ...l, kind: l.kind ?? 'item' })) as IssuedDocumentRow['lines'],
      vat_breakdown: breakdownColumn(totals.breakdown).map((r) => ({
        ...r,
        base_cents: sign * r.base_cents,
        vat_cents: sign * r.vat_cents,
      })),
      total_ht_cents: sign * totals.totalHTCents,
      tva_cents: sign * totals.totalVatCents,
      total_ttc_cents: sign * totals.totalTTCCents,
      snapshot: {
        company: {
          name: 'Durand Rénovation',
          siret: '73282932000074',
          tva: 'FR44732829320',
          address: '12 rue des Artisans\n69003 Lyon',
          rib: { iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
        },
        client: { name: 'SCI Les Tilleuls', address: '4 place Bellecour\n69002 Lyon', email: 'sci@example.fr' },
        invoiceNumber: 'FA0027',
        invoiceDate: '2026-11-27',
      },
    },
    lineMoney: money.map((m) => ({ net_cents: sign * lineNetCents(m), rate: m.vatRate, category: m.vatCategory })),
  };
}

describe('Factur-X of a devis with remises, sections and options', () => {
  it('emits the priced lines only, line allowances, the remise globale per rate and the totals', () => {
    const { row, lineMoney } = issuedRow('invoices');
    const invoice = issuedDocumentToEInvoice(row, null, lineMoney);
    expect(invoice.lines.map((l) => [l.name, l.netAmountCents, l.allowance?.amountCents])).toEqual([
      ['Carrelage', 47250, 5250],
      ['Chauffe-eau', 81000, 3939],
      ['Peinture', 9999, undefined],
      ['Isolation', 6420, 1133],
    ]);
    expect(invoice.allowances).toEqual([
      { vatCode: 'S', rate: 20, amountCents: 500, reason: 'Remise globale' },
      { vatCode: 'S', rate: 10, amountCents: 6412, reason: 'Remise globale' },
      { vatCode: 'S', rate: 5.5, amountCents: 321, reason: 'Remise globale' },
    ]);
    expect(invoice.totals).toMatchObject({
      lineTotalCents: 144669,
      allowanceTotalCents: 7233,
      taxBasisCents: 137436,
      vatCents: 14419,
      grandTotalCents: 151855,
    });
    const cii = buildCiiXml(invoice);
    expect(cii).toContain('<ram:AllowanceTotalAmount>72.33</ram:AllowanceTotalAmount>');
    expect(cii).not.toContain('Pose droite');
    expect(cii).not.toContain('Robinet');
    expect(buildUblXml(invoice)).toContain(
      '<cbc:AllowanceTotalAmount currencyID="EUR">72.33</cbc:AllowanceTotalAmount>',
    );
  });

  it('the invoice and its avoir pass the XSD and the EN 16931 schematron (CII and UBL)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'einvoice-27-'));
    try {
      const files: string[] = [];
      for (const table of ['invoices', 'credit_notes'] as const) {
        const { row, lineMoney } = issuedRow(table);
        const invoice = issuedDocumentToEInvoice(row, null, lineMoney);
        for (const [syntax, build] of [
          ['cii', buildCiiXml],
          ['ubl', buildUblXml],
        ] as const) {
          const file = path.join(dir, `${table}.${syntax}.xml`);
          writeFileSync(file, build(invoice));
          files.push(file);
        }
      }
      const results = validateEInvoices(files);
      expect(results.map((r) => ({ file: path.basename(r.file), errors: r.errors, warnings: r.warnings }))).toEqual(
        files.map((f) => ({ file: path.basename(f), errors: [], warnings: [] })),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});
