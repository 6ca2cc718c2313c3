// The mandatory mentions of a French invoice (reference §3.3), read back from the PDF text.
import { invoiceDocumentInput, takeSnapshot } from '../snapshot';
import { readPdfPages } from '../testing/pdf-text';
import { SAMPLE_CLIENT, SAMPLE_COMPANY, customization, sampleInvoice, sampleQuote } from '../testing/fixtures';
import { useFontsFromDisk } from '../testing/node-fonts';
import { renderInvoicePdf, renderQuotePdf } from './render';

jest.setTimeout(30_000);
beforeAll(useFontsFromDisk);

function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

async function invoiceText(...args: Parameters<typeof renderInvoicePdf>): Promise<string> {
  const { bytes } = await renderInvoicePdf(...args);
  return (await readPdfPages(bytes)).map(flat).join(' ');
}

const INSURED = {
  ...SAMPLE_COMPANY,
  insurance: {
    name: 'Assurance décennale',
    insurer: 'MAAF Assurances',
    address: 'Chaban de Chauray\n79036 Niort Cedex 9',
    coverage: 'France métropolitaine',
  },
};

describe('invoice mandatory mentions', () => {
  it('prints seller identity, client, issue/work/due dates, penalties, 40 €, no escompte and the insurance', async () => {
    const text = await invoiceText({
      invoice: { ...sampleInvoice(3, 'FA0012'), serviceDate: '2026-11-14', dueDate: '2026-12-06' },
      client: SAMPLE_CLIENT,
      company: INSURED,
      customization: customization(),
    });
    // Seller: name, address, SIRET, VAT number; client: name and address
    for (const s of [
      'Rénovations Lefèvre & Fils',
      '12 rue de la Gare',
      '69003 Lyon',
      'SIRET : 55208131700046',
      'N° TVA : FR03552081317',
      'Hélène Dubœuf',
      '8 boulevard du Port, 80000 Amiens',
    ]) {
      expect(text).toContain(s);
    }
    expect(text).toContain('N° : FA0012');
    expect(text).toContain("Date d'émission : 21/11/2026");
    expect(text).toContain('Date des travaux : 14/11/2026');
    // The server's due date wins over issue date + deadline
    expect(text).toContain("Date d'échéance : 06/12/2026");
    expect(text).toContain("trois fois le taux d'intérêt légal");
    expect(text).toContain('indemnité forfaitaire pour frais de recouvrement de 40 €');
    expect(text).toContain("Pas d'escompte pour paiement anticipé.");
    expect(text).toContain(
      'Assurance décennale : MAAF Assurances, Chaban de Chauray, 79036 Niort Cedex 9 – couverture géographique : France métropolitaine',
    );
    // The company charges VAT: VAT line, no 293 B
    expect(text).toMatch(/TVA \(10 %\) 19,82 €/);
    expect(text).not.toContain('293 B');
  });

  it('says « TVA non applicable, art. 293 B du CGI » and prints no VAT line under the franchise en base', async () => {
    const text = await invoiceText({
      invoice: sampleInvoice(3),
      client: SAMPLE_CLIENT,
      // Issue 28: the regime is the explicit setting of /company, not guessed from an empty VAT number.
      company: { ...SAMPLE_COMPANY, tva: '', vatRegime: 'franchise' },
      customization: customization(),
    });
    expect(text).toContain('TVA non applicable, art. 293 B du CGI');
    expect(text).not.toMatch(/TVA \(/);
    expect(text).not.toContain('Total TTC');
    expect(text).toMatch(/Total HT 198,20 €/);
    expect(text).toMatch(/Net à payer 198,20 €/);
    expect(text).not.toContain('Assurance');
  });

  it('keeps the penalty and 40 € mentions when the customised late-payment text omits them', async () => {
    const base = customization();
    const text = await invoiceText({
      invoice: sampleInvoice(1),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: {
        ...base,
        invoice: {
          ...base.invoice,
          paymentText: 'Virement sous 15 jours',
          latePaymentText: 'Merci de régler à temps.',
        },
      },
    });
    expect(text).toContain('Virement sous 15 jours');
    expect(text).toContain('Merci de régler à temps.');
    expect(text).toContain("trois fois le taux d'intérêt légal");
    expect(text).toContain('Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €.');

    const empty = await invoiceText({
      invoice: sampleInvoice(1),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: { ...base, invoice: { ...base.invoice, latePaymentText: '' } },
    });
    expect(empty).toContain('indemnité forfaitaire pour frais de recouvrement de 40 €');
  });

  it('a stored invoice carries its service and due dates into the PDF', async () => {
    const input = invoiceDocumentInput(
      {
        id: 'inv-1',
        number: 'FA0013',
        quoteId: 'q-1',
        date: '2026-11-21',
        total: 0,
        totalHT: 0,
        tva: 0,
        tvaRate: 20,
        pdfData: '',
        tasks: [{ name: 'Pose', unit: 'h', price: 40, quantity: 2 }],
        isPaid: false,
        serviceDate: '2026-11-02',
        dueDate: '2026-12-21',
        snapshot: takeSnapshot({ client: SAMPLE_CLIENT, company: SAMPLE_COMPANY, customization: customization() }),
      },
      { quoteNumber: 'DE0042' },
    )!;
    const text = await invoiceText(input);
    expect(text).toContain('Date des travaux : 02/11/2026');
    expect(text).toContain("Date d'échéance : 21/12/2026");
    expect(text).toContain('Référence devis : DE0042');
  });
});

describe('devis mentions', () => {
  it('prints the insurance mention on a devis too (arrêté du 24 janvier 2017, loi 96-603)', async () => {
    const { bytes } = await renderQuotePdf({
      quote: sampleQuote(1),
      client: SAMPLE_CLIENT,
      company: INSURED,
      customization: customization(),
    });
    const text = (await readPdfPages(bytes)).map(flat).join(' ');
    expect(text).toContain('Assurance décennale : MAAF Assurances');
    expect(text).toContain('couverture géographique : France métropolitaine');
  });
});
