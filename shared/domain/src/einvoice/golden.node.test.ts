// Golden Factur-X CII and UBL files of issue 28's acceptance cases, validated offline with the vendored Factur-X
// 1.07.3 XSD (xmllint, CII) and the official EN 16931 CII / UBL schematron (Saxon-HE): 0 fatal.
// UPDATE_GOLDEN=1 rewrites the golden files.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { validateEInvoices } from '../../../../scripts/lib/validate-einvoice.cjs';
import { buildCiiXml } from './cii.ts';
import { amount, decimal, escapeXml } from './format.ts';
import { buildUblXml } from './ubl.ts';
import { EInvoiceError } from './messages.ts';
import {
  caseA,
  caseBDeposit,
  caseBFinal,
  caseCSituations,
  caseDAutoliquidation,
  caseEFranchise,
  caseFCreditNote,
  GOLDEN_CASES,
} from './testing/fixtures.ts';
import { frenchUnitCode } from './units.ts';

const GOLDEN = path.join(__dirname, 'golden');
const goldenFile = (name: string, syntax: 'cii' | 'ubl' = 'cii') => path.join(GOLDEN, `${name}.${syntax}.xml`);
const BUILD = { cii: buildCiiXml, ubl: buildUblXml };

/** The text of the first element `tag` after `after` (enough for these flat, generated files). */
function text(xml: string, tag: string, after = ''): string | undefined {
  const from = after ? xml.indexOf(after) : 0;
  return new RegExp(`<${tag}(?: [^>]*)?>([^<]*)</${tag}>`).exec(xml.slice(Math.max(0, from)))?.[1];
}

describe('golden files', () => {
  const cases = Object.keys(GOLDEN_CASES).flatMap((name) => [
    [name, 'cii'],
    [name, 'ubl'],
  ]) as [string, 'cii' | 'ubl'][];

  it.each(cases)('%s (%s) is byte-identical to its golden file', (name, syntax) => {
    const xml = BUILD[syntax](GOLDEN_CASES[name]!);
    const file = goldenFile(name, syntax);
    if (process.env.UPDATE_GOLDEN || (!process.env.CI && !existsSync(file))) writeFileSync(file, xml);
    expect(xml).toBe(readFileSync(file, 'utf8'));
  });

  it('every golden file passes its XSD (CII) and the EN 16931 schematron with 0 fatal and no warning', () => {
    const files = cases.map(([name, syntax]) => goldenFile(name, syntax));
    const results = validateEInvoices(files);
    expect(results.map((r) => ({ file: path.basename(r.file), errors: r.errors, warnings: r.warnings }))).toEqual(
      files.map((f) => ({ file: path.basename(f), errors: [], warnings: [] })),
    );
    expect(results.map((r) => r.syntax)).toEqual(cases.map(([, syntax]) => syntax));
  }, 240_000);

  it('the validator fails a file with a wrong total, a VAT off by more than the schematron tolerates, or a stray element', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'cii-bad-'));
    try {
      const good = buildCiiXml(caseA);
      const write = (name: string, xml: string) => {
        const file = path.join(dir, name);
        writeFileSync(file, xml);
        return file;
      };
      // BR-CO-17 / BR-S-09: VAT 17,10 € at 20 % on 85,50 €. One cent off is tolerated (the tolerance is
      // strictly under 1,00 €: BR-S-09 fails at exactly 1,00 €), so the 20 % row is moved by 1,00 € and by 0,01 €
      // with BT-110 / BT-112 / BT-115 moved alike.
      const shiftVat = (cents: number) =>
        good
          .replace('<ram:CalculatedAmount>17.10<', `<ram:CalculatedAmount>${amount(1710 + cents)}<`)
          .replace('currencyID="EUR">254.00<', `currencyID="EUR">${amount(25400 + cents)}<`)
          .replace('<ram:GrandTotalAmount>3352.00<', `<ram:GrandTotalAmount>${amount(335200 + cents)}<`)
          .replace('<ram:DuePayableAmount>2352.00<', `<ram:DuePayableAmount>${amount(235200 + cents)}<`);
      const files = [
        write('due.xml', good.replace('<ram:DuePayableAmount>2352.00<', '<ram:DuePayableAmount>2353.00<')),
        write('vat-1-euro.xml', shiftVat(100)),
        write('vat-1-cent.xml', shiftVat(1)),
        write(
          'xsd.xml',
          good.replace('<ram:TypeCode>380</ram:TypeCode>', '<ram:Foo>1</ram:Foo><ram:TypeCode>380</ram:TypeCode>'),
        ),
      ];
      const [due, euro, cent, xsd] = validateEInvoices(files);
      expect(due!.errors.join('\n')).toMatch(/BR-CO-16 \(fatal\)/);
      expect(euro!.errors.join('\n')).toMatch(/BR-S-09 \(fatal\)/);
      expect(cent!.errors).toEqual([]);
      expect(xsd!.errors.join('\n')).toMatch(/xsd: .*Foo.*not expected/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('buildCiiXml content', () => {
  it('(a) gives HT 3 098,00, VAT per rate, TTC 3 352,00, deposit 1 000,00 and 2 352,00 due, with SIREN and site', () => {
    const xml = buildCiiXml(caseA);
    expect(text(xml, 'ram:ID')).toBe('urn:cen.eu:en16931:2017');
    expect(text(xml, 'ram:TaxBasisTotalAmount')).toBe('3098.00');
    expect(text(xml, 'ram:TaxTotalAmount')).toBe('254.00');
    expect(text(xml, 'ram:GrandTotalAmount')).toBe('3352.00');
    expect(text(xml, 'ram:TotalPrepaidAmount')).toBe('1000.00');
    expect(text(xml, 'ram:DuePayableAmount')).toBe('2352.00');
    const rows = [
      ...xml.matchAll(/<ram:CalculatedAmount>([^<]+)<\/ram:CalculatedAmount>.*?<ram:RateApplicablePercent>([^<]+)</g),
    ];
    expect(rows.map((m) => [m[2], m[1]])).toEqual([
      ['20', '17.10'],
      ['10', '158.25'],
      ['5.5', '78.65'],
    ]);
    expect(xml).toContain('<ram:ID schemeID="0002">552100554</ram:ID>');
    expect(xml).toContain('<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:PostcodeCode>69007</ram:PostcodeCode>');
    expect(xml).toContain('<ram:BilledQuantity unitCode="MTK">65</ram:BilledQuantity>');
    expect(xml).toContain('<ram:Description>SARL au capital de 10 000 € — RCS Lyon 732 829 320</ram:Description>');
    expect(xml).toContain('<ram:SubjectCode>PMT</ram:SubjectCode>');
    expect(xml).toContain('<ram:IBANID>FR7630006000011234567890189</ram:IBANID>');
    expect(xml).toContain('<ram:Name>SCI Les Tilleuls &amp; Fils</ram:Name>');
  });

  it('(d) autoliquidation: category AE at 0 with « Autoliquidation » and VATEX-EU-AE, the buyer VAT number required', () => {
    const xml = buildCiiXml(caseDAutoliquidation);
    expect(xml).toContain('<ram:ExemptionReason>Autoliquidation</ram:ExemptionReason>');
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-EU-AE</ram:ExemptionReasonCode>');
    const noBuyerId = {
      ...caseDAutoliquidation,
      buyer: { ...caseDAutoliquidation.buyer, vatId: undefined, siren: undefined },
    };
    expect(() => buildCiiXml(noBuyerId)).toThrow(EInvoiceError);
    expect(() => buildCiiXml(noBuyerId)).toThrow(/numéro de TVA intracommunautaire du client/);
  });

  it('(b) a 386 deposit of 3 300,00 € TTC, then the final invoice referencing it and deducting it (BT-113)', () => {
    const deposit = buildCiiXml(caseBDeposit);
    expect(text(deposit, 'ram:TypeCode')).toBe('386');
    expect(text(deposit, 'ram:GrandTotalAmount')).toBe('3300.00');
    const final = buildCiiXml(caseBFinal);
    expect(text(final, 'ram:TypeCode')).toBe('380');
    expect(text(final, 'ram:GrandTotalAmount')).toBe('11000.00');
    expect(text(final, 'ram:TotalPrepaidAmount')).toBe('3300.00');
    expect(text(final, 'ram:DuePayableAmount')).toBe('7700.00');
    expect(text(final, 'ram:IssuerAssignedID', '<ram:InvoiceReferencedDocument>')).toBe('FA0050');
  });

  it('(c) situations 30 / 70 / 100 % add up to the devis to the cent; the 5 % retenue is stated in BT-20', () => {
    const xmls = caseCSituations.map(buildCiiXml);
    const ttc = xmls.map((x) => text(x, 'ram:GrandTotalAmount'));
    expect(ttc).toEqual(['1951.85', '2602.45', '1951.85']);
    // Devis: 4 567,89 + 1 234,56 HT, VAT 456,79 + 246,91 → 6 506,15 TTC.
    expect(caseCSituations.reduce((s, c) => s + c.totals.grandTotalCents, 0)).toBe(650615);
    expect(caseCSituations.reduce((s, c) => s + c.totals.vatCents, 0)).toBe(45679 + 24691);
    const terms = xmls.map((x) => text(x, 'ram:Description', '<ram:SpecifiedTradePaymentTerms>'));
    expect(terms[0]).toContain('Retenue de garantie de 5 % (loi 71-584) : 97,59\u00A0€ retenus');
    expect(terms[0]).toContain('net à payer 1\u202F854,26\u00A0€');
    expect(terms[1]).toContain('130,12\u00A0€ retenus');
    expect(terms[1]).toContain('net à payer 2\u202F472,33\u00A0€');
    // The retenue does not reduce BT-115 (BR-CO-16: BT-115 = BT-112 − BT-113).
    expect(xmls.map((x) => text(x, 'ram:DuePayableAmount'))).toEqual(ttc);
  });

  it('(e) franchise en base: category E, VAT 0 everywhere, « TVA non applicable, art. 293 B du CGI »', () => {
    const xml = buildCiiXml(caseEFranchise);
    expect(text(xml, 'ram:TaxTotalAmount')).toBe('0.00');
    expect(xml).not.toMatch(/<ram:CategoryCode>S</);
    expect(xml).toContain('<ram:ExemptionReason>TVA non applicable, art. 293 B du CGI</ram:ExemptionReason>');
    expect(xml).toContain('<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>');
    expect(xml).toContain('<ram:ID schemeID="FC">443061841</ram:ID>');
    expect(text(xml, 'ram:GrandTotalAmount')).toBe('486.00');
  });

  it('(f) an avoir is a 381 referencing its invoice, with positive amounts', () => {
    const xml = buildCiiXml(caseFCreditNote);
    expect(text(xml, 'ram:TypeCode')).toBe('381');
    expect(text(xml, 'ram:IssuerAssignedID', '<ram:InvoiceReferencedDocument>')).toBe('F2026-0042');
    expect(text(xml, 'ram:GrandTotalAmount')).toBe('3352.00');
  });

  it('refuses figures that disagree instead of writing them', () => {
    const wrong = { ...caseA, totals: { ...caseA.totals, duePayableCents: 235201 } };
    expect(() => buildCiiXml(wrong)).toThrow(
      'Les montants de la facture électronique ne concordent pas : net à payer 2352,01 au lieu de 2352,00.',
    );
    const wrongBase = { ...caseA, vatBreakdown: caseA.vatBreakdown.map((r) => ({ ...r, baseCents: r.baseCents + 1 })) };
    expect(() => buildCiiXml(wrongBase)).toThrow(/base à 20 %/);
  });
});

describe('formatting', () => {
  it('writes amounts from integer cents, quantities and rates without float noise, and escapes text', () => {
    expect(amount(0)).toBe('0.00');
    expect(amount(5)).toBe('0.05');
    expect(amount(-123456)).toBe('-1234.56');
    expect(() => amount(1.5)).toThrow(RangeError);
    expect(decimal(0.1 + 0.2)).toBe('0.3');
    expect(decimal(5.5)).toBe('5.5');
    expect(decimal(2.125)).toBe('2.125');
    expect(escapeXml('a<b & "c" \u0007d')).toBe('a&lt;b &amp; &quot;c&quot; d');
  });

  it('maps French units to UN/ECE rec 20', () => {
    expect(
      ['m2', 'm²', 'ml', 'm3', 'h', 'jour', 'kg', 'unité', 'forfait', 'Pièce', 'bidule'].map(frenchUnitCode),
    ).toEqual(['MTK', 'MTK', 'MTR', 'MTQ', 'HUR', 'DAY', 'KGM', 'C62', 'C62', 'H87', 'C62']);
  });
});
