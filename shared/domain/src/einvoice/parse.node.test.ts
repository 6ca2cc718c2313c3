// Receiving (issue 28 item 8): CII and UBL files — ours and the official EN 16931 examples made by others — read
// into supplier, number, dates, totals and VAT; a Factur-X PDF's attached XML read the same way; malformed or
// unknown files refused with a French message.
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { PDFDocument } from 'pdf-lib';

import { buildCiiXml } from './cii.ts';
import { EInvoiceError } from './messages.ts';
import { amountToCents, parseEInvoiceXml } from './parse.ts';
import { attachFacturX, readReceivedFile } from './pdf/index.ts';
import { receivedInvoicePath } from './receive.ts';
import { caseA, caseFCreditNote, GOLDEN_CASES } from './testing/fixtures.ts';
import { buildUblXml } from './ubl.ts';

const EXAMPLES = path.join(__dirname, '../../../einvoice/vendor/en16931-1.3.16/examples');
const example = (name: string) => readFileSync(path.join(EXAMPLES, name), 'utf8');
const utf8 = (text: string) => new TextEncoder().encode(text);

describe('parseEInvoiceXml', () => {
  it.each(Object.keys(GOLDEN_CASES))('reads back %s from CII and from UBL with the same figures', (name) => {
    const source = GOLDEN_CASES[name]!;
    for (const xml of [buildCiiXml(source), buildUblXml(source)]) {
      const read = parseEInvoiceXml(xml);
      expect(read).toMatchObject({
        typeCode: source.typeCode,
        isCreditNote: source.typeCode === '381',
        number: source.number,
        issueDate: source.issueDate,
        currency: 'EUR',
        supplier: { name: source.seller.name, siren: source.seller.siren ?? null, vatId: source.seller.vatId ?? null },
        buyer: { name: source.buyer.name },
        totals: {
          htCents: source.totals.taxBasisCents,
          vatCents: source.totals.vatCents,
          ttcCents: source.totals.grandTotalCents,
          prepaidCents: source.totals.prepaidCents,
          dueCents: source.totals.duePayableCents,
        },
        vatBreakdown: source.vatBreakdown.map((r) => ({
          code: r.vatCode,
          rate: r.rate,
          baseCents: r.baseCents,
          vatCents: r.vatCents,
        })),
        lineCount: source.lines.length,
        warnings: [],
      });
    }
  });

  it('reads the official EN 16931 examples made by other software (CII, UBL invoice, UBL credit note)', () => {
    expect(parseEInvoiceXml(example('CII_example1.xml'))).toMatchObject({
      syntax: 'CII',
      number: '12115118',
      issueDate: '2015-01-09',
      dueDate: '2015-01-09',
      supplier: { name: 'De Koksmaat' },
      totals: { htCents: 22960, vatCents: 2073, ttcCents: 25033, prepaidCents: 0, dueCents: 25033 },
      vatBreakdown: [
        { code: 'S', rate: 6, baseCents: 18323, vatCents: 1099 },
        { code: 'S', rate: 21, baseCents: 4637, vatCents: 974 },
      ],
      warnings: [],
    });
    expect(parseEInvoiceXml(example('ubl-tc434-example1.xml'))).toMatchObject({
      syntax: 'UBL',
      number: '12115118',
      supplier: { name: 'De Koksmaat' },
      buyer: { name: 'ODIN 59' },
      totals: { htCents: 22960, vatCents: 2073, ttcCents: 25033, dueCents: 25033 },
      warnings: [],
    });
    expect(parseEInvoiceXml(example('ubl-tc434-creditnote1.xml'))).toMatchObject({
      syntax: 'UBL',
      typeCode: '381',
      isCreditNote: true,
      number: '018304 / 28865',
      issueDate: '2019-09-23',
      supplier: { name: 'My Supplier Company' },
      totals: { htCents: 10011, vatCents: 0, ttcCents: 10011, dueCents: 10011 },
      vatBreakdown: [{ code: 'E', rate: 0, baseCents: 10011, vatCents: 0 }],
    });
  });

  it('flags sums that disagree, without refusing the file', () => {
    const xml = buildCiiXml(caseA).replace('<ram:DuePayableAmount>2352.00<', '<ram:DuePayableAmount>2000.00<');
    expect(parseEInvoiceXml(xml).warnings).toEqual(['Le net à payer ne correspond pas au TTC moins les acomptes.']);
  });

  it('refuses malformed, unknown, entity-laden or empty input in French', () => {
    const fails = (xml: string) => {
      try {
        parseEInvoiceXml(xml);
      } catch (error) {
        expect(error).toBeInstanceOf(EInvoiceError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(fails('')).toBe('Le fichier est vide.');
    expect(fails('<rsm:CrossIndustryInvoice><oops></rsm:CrossIndustryInvoice>')).toBe(
      'Ce fichier n’est pas une facture électronique lisible (XML mal formé).',
    );
    expect(fails('{"invoice": 1}')).toBe('Ce fichier n’est pas une facture électronique lisible (XML mal formé).');
    expect(fails('<?xml version="1.0"?><Order><ID>1</ID></Order>')).toBe(
      'Format de facture non reconnu : seules les factures Factur-X, CII et UBL sont acceptées.',
    );
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;">]><Invoice>&lol2;</Invoice>';
    expect(fails(bomb)).toBe('Ce fichier n’est pas une facture électronique lisible (XML mal formé).');
    const badAmount = buildCiiXml(caseA).replace('<ram:GrandTotalAmount>3352.00<', '<ram:GrandTotalAmount>3 352,00<');
    expect(fails(badAmount)).toBe('Facture électronique illisible : montant « 3 352,00 » illisible (BT-112).');
    expect(fails(buildCiiXml(caseA).replace('<ram:ID>F2026-0042</ram:ID>', '<ram:ID></ram:ID>'))).toBe(
      'Facture électronique illisible : numéro de facture absent.',
    );
  });

  it('turns decimal amounts into cents exactly', () => {
    expect(amountToCents('229.6', 'x')).toBe(22960);
    expect(amountToCents('0.005', 'x')).toBe(1);
    expect(amountToCents('-12.345', 'x')).toBe(-1235);
    expect(amountToCents('1000', 'x')).toBe(100000);
  });
});

describe('readReceivedFile', () => {
  async function blankPdf(): Promise<Uint8Array> {
    const doc = await PDFDocument.create();
    doc.addPage();
    return doc.save();
  }

  it('reads the factur-x.xml of a received PDF, or a CII / UBL file, and names its archive path', async () => {
    const xml = buildCiiXml(caseA);
    const pdf = await attachFacturX(await blankPdf(), xml, {
      title: 'F',
      author: 'S',
      date: new Date('2026-11-26T12:00:00Z'),
    });
    const fromPdf = await readReceivedFile(pdf);
    expect(fromPdf.format).toBe('pdf');
    expect(fromPdf.xml).toBe(xml);
    expect(fromPdf.invoice.totals.ttcCents).toBe(335200);
    expect(receivedInvoicePath('u1', fromPdf)).toBe('u1/recues/2026/732829320_F2026-0042.pdf');

    const fromUbl = await readReceivedFile(utf8(buildUblXml(caseFCreditNote)));
    expect(fromUbl).toMatchObject({ format: 'xml', invoice: { syntax: 'UBL', isCreditNote: true, number: 'AV0003' } });
    expect(receivedInvoicePath('u1', fromUbl)).toBe('u1/recues/2026/732829320_AV0003.xml');
    const foreign = await readReceivedFile(utf8(example('ubl-tc434-creditnote1.xml')));
    expect(receivedInvoicePath('u1', foreign)).toBe('u1/recues/2019/BE0000000196_018304-28865.xml');
  });

  it('refuses a PDF without e-invoice, a broken PDF, a binary file and an empty one, in French', async () => {
    await expect(readReceivedFile(await blankPdf())).rejects.toThrow(
      'Ce PDF ne contient pas de facture électronique Factur-X (pièce jointe factur-x.xml absente).',
    );
    await expect(readReceivedFile(utf8('%PDF-1.7\ngarbage'))).rejects.toThrow('Ce fichier n’est pas un PDF lisible.');
    await expect(readReceivedFile(new Uint8Array([0xff, 0xfe, 0x00, 0x80]))).rejects.toThrow(EInvoiceError);
    await expect(readReceivedFile(new Uint8Array())).rejects.toThrow('Le fichier est vide.');
  });
});
