// Issue 27: the PDF of a devis and of its invoice with sections, subtotals, descriptions, a comment, a detailed
// ouvrage, line remises, the remise globale and options, read back as text (pdf.js) — figures by hand in
// ../testing/devis-lines-fixture.ts.
import { invoiceLinesFromDevis } from '@atelier/domain';

import { DEVIS_LINES } from '../testing/devis-lines-fixture';
import { SAMPLE_CLIENT, SAMPLE_COMPANY, customization } from '../testing/fixtures';
import { useFontsFromDisk } from '../testing/node-fonts';
import { readPdfPages } from '../testing/pdf-text';
import { renderCreditNotePdf, renderInvoicePdf, renderQuotePdf } from './render';

jest.setTimeout(30_000);
beforeAll(useFontsFromDisk);

const flat = (text: string) => text.replace(/\s+/g, ' ');
const FIVE = { kind: 'percent', value: 5 } as const;

async function quoteText(): Promise<string> {
  const result = await renderQuotePdf({
    quote: {
      number: 'DE0027',
      date: '2026-11-21T10:00:00.000Z',
      tasks: DEVIS_LINES,
      tvaRate: 20,
      vatRegime: 'assujetti',
      discount: FIVE,
    },
    client: SAMPLE_CLIENT,
    company: SAMPLE_COMPANY,
    customization: customization(),
  });
  expect(result.warnings).toEqual([]);
  return flat((await readPdfPages(result.bytes)).join(' '));
}

const inOrder = (text: string, parts: string[]) => {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    if (at < 0) throw new Error(`« ${part} » missing after position ${from} in: ${text}`);
    from = at + part.length;
  }
};

describe('devis PDF with sections, ouvrage, remises and options', () => {
  it('prints sections with subtotals, descriptions, the comment, the detailed ouvrage and line remises', async () => {
    const text = await quoteText();
    inOrder(text, [
      'Salle de bain',
      'Carrelage',
      'Remise 10 % : -52,50 €',
      '472,50 €',
      'Pose droite, joints gris',
      'Chauffe-eau',
      'Atlantic 200 L',
      'Groupe de sécurité inclus',
      '- Chauffe-eau 200 L : 1 u × 612,40 €',
      '- Raccord : 3 u × 4,15 €',
      '- Pose : 2,5 h × 45,50 €',
      'Remise : -39,39 €',
      '810,00 €',
      'Sous-total Salle de bain',
      '1 282,50 €',
      'Cuisine',
      'Peinture',
      '99,99 €',
      'Isolation',
      'Remise 15 % : -11,33 €',
      '64,20 €',
      'Sous-total Cuisine',
      '164,19 €',
    ]);
  });

  it('prints HT before and after the remise globale, VAT on the discounted bases, then the options', async () => {
    const text = await quoteText();
    inOrder(text, [
      'Total HT avant remise',
      '1 446,69 €',
      'Remise globale 5 %',
      '-72,33 €',
      'Total HT après remise',
      '1 374,36 €',
      'TVA (20 %) sur 94,99 € HT',
      '19,00 €',
      'TVA (10 %) sur 1 218,38 € HT',
      '121,84 €',
      'TVA (5,5 %) sur 60,99 € HT',
      '3,35 €',
      'Total TVA',
      '144,19 €',
      'Total TTC',
      '1 518,55 €',
      'Options (non incluses dans le total)',
      'Robinet thermostatique : 1 u × 250,00 € = 250,00 € HT — non inclus',
      'Terrasse — Dalles : 2 m2 × 100,00 € = 200,00 € HT — non inclus',
    ]);
    // The options are not in the table: the robinet appears once (in the options list).
    expect(text.split('Robinet thermostatique').length).toBe(2);
    expect(text).not.toContain('Sous-total Terrasse');
  });
});

describe('invoice and avoir PDF from the devis', () => {
  it('the invoice keeps every line and amount; an accepted option is an ordinary line', async () => {
    const signed = DEVIS_LINES.map((l) => (l.name === 'Robinet thermostatique' ? { ...l, accepted: true } : l));
    const result = await renderInvoicePdf({
      invoice: {
        number: 'FA0027',
        date: '2026-11-21T10:00:00.000Z',
        tasks: invoiceLinesFromDevis(signed),
        tvaRate: 20,
        vatRegime: 'assujetti',
        isPaid: false,
        discount: FIVE,
      },
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    const text = flat((await readPdfPages(result.bytes)).join(' '));
    // Cuisine: 99,99 + 250,00 + 64,20 = 414,19 ; HT avant remise 1 696,69 ; 5 % = 84,83 (84,8345).
    inOrder(text, [
      'Sous-total Salle de bain',
      '1 282,50 €',
      'Robinet thermostatique',
      '250,00 €',
      'Sous-total Cuisine',
      '414,19 €',
      'Total HT avant remise',
      '1 696,69 €',
      'Remise globale 5 %',
      '-84,83 €',
      'Total HT après remise',
      '1 611,86 €',
    ]);
    expect(text).not.toContain('Options (non incluses dans le total)');
    expect(text).not.toContain('Dalles');
  });

  it('the avoir prints the lines and the remise globale negative', async () => {
    const result = await renderCreditNotePdf({
      creditNote: {
        number: 'AV0027',
        date: '2026-11-22',
        reason: 'cancel',
        invoiceNumber: 'FA0027',
        tasks: invoiceLinesFromDevis(DEVIS_LINES),
        tvaRate: 20,
        vatRegime: 'assujetti',
        discount: FIVE,
      },
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    const text = flat((await readPdfPages(result.bytes)).join(' '));
    inOrder(text, ['Sous-total Salle de bain', '-1 282,50 €', 'Total HT avant remise', '-1 446,69 €']);
    inOrder(text, [
      'Remise globale 5 %',
      '72,33 €',
      'Total HT après remise',
      '-1 374,36 €',
      'Total TTC',
      '-1 518,55 €',
    ]);
  });
});
