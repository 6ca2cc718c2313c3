import { creditNoteDocumentInput, regenerateCreditNotePdf, takeSnapshot, type CreditNoteRow } from '../snapshot';
import { readPdfPages } from '../testing/pdf-text';
import { SAMPLE_CLIENT, SAMPLE_COMPANY, customization, sampleLines } from '../testing/fixtures';
import { useFontsFromDisk } from '../testing/node-fonts';
import { renderCreditNotePdf } from './render';

jest.setTimeout(30_000);
beforeAll(useFontsFromDisk);

function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** A row as `issue_credit_note()` writes it (migration 0010): invoice snapshot + invoiceNumber/invoiceDate. */
function creditNoteRow(overrides: Partial<CreditNoteRow> = {}): CreditNoteRow {
  return {
    id: '5a0c7c3e-0000-4000-8000-000000000001',
    number: 'AV0003',
    reason: 'cancel',
    issue_date: '2026-11-23',
    project_title: 'Rénovation salle de bain',
    lines: sampleLines(3),
    vat_rate: 10,
    // bigint columns may come back as strings
    total_ht_cents: '-19820',
    tva_cents: -1982,
    total_ttc_cents: -21802,
    snapshot: {
      ...takeSnapshot({ client: SAMPLE_CLIENT, company: SAMPLE_COMPANY, customization: customization() }),
      invoiceNumber: 'FA0007',
      invoiceDate: '2026-11-21',
    },
    ...overrides,
  };
}

describe('creditNoteDocumentInput', () => {
  it('reads a credit_notes row: number, dates, invoice reference, reason, lines and negative totals', () => {
    const input = creditNoteDocumentInput(creditNoteRow())!;
    expect(input.creditNote).toMatchObject({
      number: 'AV0003',
      date: '2026-11-23',
      reason: 'cancel',
      invoiceNumber: 'FA0007',
      invoiceDate: '2026-11-21',
      tvaRate: 10,
      totals: { totalHTCents: -19820, tvaCents: -1982, totalTTCCents: -21802 },
    });
    expect(input.creditNote.tasks).toHaveLength(3);
    expect(input.company.name).toBe(SAMPLE_COMPANY.name);
    expect(input.client.name).toBe(SAMPLE_CLIENT.name);
  });

  it('uses the fallback without a snapshot, and null without either', () => {
    const row = creditNoteRow({ snapshot: null });
    expect(creditNoteDocumentInput(row)).toBeNull();
    const input = creditNoteDocumentInput(row, {
      invoiceNumber: 'FA0009',
      fallback: { client: SAMPLE_CLIENT, company: SAMPLE_COMPANY, customization: customization() },
    })!;
    expect(input.creditNote.invoiceNumber).toBe('FA0009');
    expect(input.creditNote.reason).toBe('cancel');
  });
});

describe('renderCreditNotePdf', () => {
  it('prints an avoir AV… referencing the invoice, with negative totals, as avoir-{number}.pdf', async () => {
    const result = await renderCreditNotePdf(creditNoteDocumentInput(creditNoteRow())!);
    expect(result.fileName).toBe('avoir-AV0003.pdf');
    expect(result.warnings).toEqual([]);
    const pages = (await readPdfPages(result.bytes)).map(flat);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toContain('AVOIR');
    expect(text).toContain('N° : AV0003');
    expect(text).toContain("Date d'émission : 23/11/2026");
    expect(text).toContain("Facture d'origine : FA0007 du 21/11/2026");
    expect(text).toContain('Motif : Annulation de la facture');
    expect(text).toContain('Cet avoir annule la facture n° FA0007 du 21/11/2026.');
    expect(text).toContain('Rénovations Lefèvre & Fils');
    expect(text).toContain('SIRET : 55208131700046');
    expect(text).toContain('Hélène Dubœuf');
    expect(text).toContain('Peinture murs et plafonds (2 couches)');
    expect(text).toContain('-24,50 €');
    expect(text).toMatch(/Total HT -198,20 €/);
    expect(text).toMatch(/TVA \(10 %\) -19,82 €/);
    expect(text).toMatch(/Total TTC -218,02 €/);
    expect(text).toContain('Page 1/1');
  });

  it('says when the avoir corrects the invoice', async () => {
    const { bytes } = await renderCreditNotePdf(creditNoteDocumentInput(creditNoteRow({ reason: 'correct' }))!);
    const text = flat((await readPdfPages(bytes))[0]!);
    expect(text).toContain('Motif : Correction de la facture');
    expect(text).toContain('remplacée par une facture rectificative');
  });

  it('computes negative totals from the lines when none are given, and regenerates from a row', async () => {
    const input = creditNoteDocumentInput(creditNoteRow())!;
    const { bytes } = await renderCreditNotePdf({
      ...input,
      creditNote: { ...input.creditNote, totals: undefined },
    });
    expect(flat((await readPdfPages(bytes))[0]!)).toMatch(/Total TTC -218,02 €/);
    const again = await regenerateCreditNotePdf(creditNoteRow());
    expect(again?.fileName).toBe('avoir-AV0003.pdf');
    expect(await regenerateCreditNotePdf(creditNoteRow({ snapshot: undefined }))).toBeNull();
  });
});
