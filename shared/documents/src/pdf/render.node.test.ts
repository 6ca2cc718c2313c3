import { pdfContentStreams, readPdfPages } from '../testing/pdf-text';
import {
  SAMPLE_CLIENT,
  SAMPLE_COMPANY,
  customization,
  sampleInvoice,
  sampleLines,
  sampleQuote,
} from '../testing/fixtures';
import { useFontsFromDisk } from '../testing/node-fonts';
import { setUnicodeFontSource } from './fonts/unicode-font';
import { renderInvoicePdf, renderQuotePdf } from './render';

jest.setTimeout(30_000);
beforeAll(useFontsFromDisk);

/** pdf.js extraction may join or split runs differently; compare on collapsed whitespace. */
function flat(text: string): string {
  return text.replace(/\s+/g, ' ');
}

describe('renderQuotePdf', () => {
  it('prints the quote with company, client, lines, totals, bank details and mentions', async () => {
    const result = await renderQuotePdf({
      quote: sampleQuote(3, 'DE0042'),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    expect(result.fileName).toBe('devis-DE0042.pdf');
    expect(result.warnings).toEqual([]);
    expect(Buffer.from(result.bytes.slice(0, 5)).toString()).toBe('%PDF-');

    const pages = await readPdfPages(result.bytes);
    expect(pages).toHaveLength(1);
    const text = flat(pages[0]!);
    // Heading, number, date, validity
    expect(text).toContain('DEVIS');
    expect(text).toContain('N° : DE0042');
    expect(text).toContain('Date : 21/11/2026');
    expect(text).toContain('Validité : 30 jours');
    // Company block with accents and every identity field
    expect(text).toContain('Rénovations Lefèvre & Fils');
    expect(text).toContain('12 rue de la Gare');
    expect(text).toContain('69003 Lyon');
    expect(text).toContain('Tél. : 04 78 12 34 56');
    expect(text).toContain('Email : contact@renovations-lefevre.fr');
    expect(text).toContain('Site web : https://renovations-lefevre.fr');
    expect(text).toContain('SIRET : 55208131700046');
    expect(text).toContain('N° TVA : FR03552081317');
    // Client block (œ is WinAnsi and must survive)
    expect(text).toContain('Hélène Dubœuf');
    expect(text).toContain('8 boulevard du Port, 80000 Amiens');
    expect(text).toContain('helene.duboeuf@exemple.fr');
    expect(text).toContain('Projet : Rénovation salle de bain');
    // Table header and lines: quantity with unit, unit price, line total, 2 decimals and €
    for (const label of ['Description', 'Quantité', 'Prix unitaire HT', 'Total HT']) expect(text).toContain(label);
    expect(text).toContain('Peinture murs et plafonds (2 couches)');
    expect(text).toContain('1 m2');
    expect(text).toContain('24,50 €');
    expect(text).toContain('Dépose carrelage existant');
    expect(text).toContain('2 m2');
    expect(text).toContain('36,00 €');
    expect(text).toContain('Pose carrelage grès cérame');
    expect(text).toContain('137,70 €');
    // Totals: 24.50 + 36.00 + 137.70 = 198.20 HT, TVA 20 % 39.64, TTC 237.84
    expect(text).toMatch(/Total HT 198,20 €/);
    expect(text).toMatch(/TVA \(20 %\) 39,64 €/);
    expect(text).toMatch(/Total TTC 237,84 €/);
    // Bank details, signature box, footer
    expect(text).toContain('Coordonnées bancaires');
    expect(text).toContain('Banque : Crédit Agricole Centre-Est');
    expect(text).toContain('IBAN : FR76 3000 6000 0112 3456 7890 189');
    expect(text).toContain('BIC : AGRIFRPP');
    expect(text).toContain('Bon pour Accord');
    expect(text).toContain("Devis reçu avant l'exécution des travaux.");
    expect(text).toContain("Devis valable 30 jours à compter de la date d'émission.");
    expect(text).toContain('Page 1/1');
  });

  it('formats thousands with a plain space (no narrow no-break space garbage)', async () => {
    const quote = {
      ...sampleQuote(1),
      tasks: [{ name: 'Ravalement façade', unit: 'forfait', price: 1234.56, quantity: 1 }],
    };
    const { bytes } = await renderQuotePdf({
      quote,
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    const text = flat((await readPdfPages(bytes))[0]!);
    expect(text).toContain('Ravalement façade');
    expect(text).toContain('1 234,56 €');
    expect(text).toMatch(/Total TTC 1 481,47 €/);
    expect(text).not.toMatch(/[\u202F\u00A0]/);
  });

  it('keeps accented and typographic French characters readable', async () => {
    const quote = {
      ...sampleQuote(1),
      projectTitle: 'Cœur de l’œuvre « été » – à Noël… ça coûte “cher”',
      tasks: [{ name: 'Élagage à la main — œillets', unit: 'h', price: 10, quantity: 1 }],
    };
    const { bytes } = await renderQuotePdf({
      quote,
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization({ additionalText: 'Accès chantier ≥ 8 h → prévoir clé' }),
    });
    const text = flat((await readPdfPages(bytes))[0]!);
    expect(text).toContain('Cœur de l’œuvre « été » – à Noël… ça coûte “cher”');
    expect(text).toContain('Élagage à la main — œillets');
    // The embedded Unicode font draws what WinAnsi cannot.
    expect(text).toContain('Accès chantier ≥ 8 h → prévoir clé');
  });

  it('prints « œuvre », « € », typographic quotes and emoji as typed (Unicode font, ToUnicode map)', async () => {
    const name = 'Main d’œuvre « spéciale » ☀ ⚡ ✔ ❤ ★ ☺ — 12 € “net”';
    const { bytes } = await renderQuotePdf({
      quote: { ...sampleQuote(1), tasks: [{ name, unit: 'h', price: 10, quantity: 1 }] },
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, name: 'Société Œuvre & Fils' },
      customization: customization(),
    });
    const text = flat((await readPdfPages(bytes))[0]!);
    expect(text).toContain(name);
    expect(text).toContain('Société Œuvre & Fils');
    // The font is embedded as a subset, not the whole 750 KB file.
    expect(Buffer.from(bytes).toString('latin1')).toMatch(/FontFile2/);
    expect(bytes.length).toBeLessThan(120_000);
  });

  it('keeps a 30-line quote without logo under 200 KB', async () => {
    const quote = { ...sampleQuote(1), tasks: sampleLines(30) };
    const { bytes } = await renderQuotePdf({
      quote,
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, logo: '' },
      customization: customization(),
    });
    expect(bytes.length).toBeLessThanOrEqual(200 * 1024);
  });

  it('falls back to the standard fonts and WinAnsi spellings when the font cannot be loaded', async () => {
    setUnicodeFontSource(
      async () => ({ sans: { regular: 'missing', bold: 'missing' } }),
      async () => {
        throw new Error('offline');
      },
    );
    try {
      const { bytes } = await renderQuotePdf({
        quote: sampleQuote(1),
        client: SAMPLE_CLIENT,
        company: SAMPLE_COMPANY,
        customization: customization({ additionalText: 'Accès chantier ≥ 8 h → prévoir clé' }),
      });
      expect(flat((await readPdfPages(bytes))[0]!)).toContain('Accès chantier >= 8 h -> prévoir clé');
    } finally {
      useFontsFromDisk();
    }
  });

  it('breaks a 60-line quote over several pages, repeating the table header', async () => {
    const quote = { ...sampleQuote(60), tasks: sampleLines(60) };
    const { bytes } = await renderQuotePdf({
      quote,
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    const pages = (await readPdfPages(bytes)).map(flat);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1}/${pages.length}`);
      expect(page).toContain("Devis valable 30 jours à compter de la date d'émission.");
    });
    // Every page that holds lines starts them under the four column labels.
    const withLines = pages.filter((p) => /lot \d+/.test(p));
    expect(withLines.length).toBeGreaterThan(1);
    for (const page of withLines) {
      expect(page).toMatch(/Description Quantité Prix unitaire HT Total HT/);
    }
    // All 60 lines are printed exactly once, in order.
    const all = pages.join(' ');
    const lots = [...all.matchAll(/lot (\d+)/g)].map((m) => Number(m[1]));
    expect(lots).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // Totals, bank and signature come after the last line.
    const last = pages[pages.length - 1]!;
    expect(all.indexOf('Total TTC')).toBeGreaterThan(all.indexOf('lot 60'));
    expect(last).toContain('Bon pour Accord');
  });

  it('skips a logo that cannot be loaded and reports it as a warning', async () => {
    const company = { ...SAMPLE_COMPANY, logo: 'data:image/png;base64,bm90IGFuIGltYWdl' };
    const result = await renderQuotePdf({
      quote: sampleQuote(2),
      client: SAMPLE_CLIENT,
      company,
      customization: customization(),
    });
    expect(result.warnings).toEqual(["Erreur de chargement de l'image"]);
    const text = flat((await readPdfPages(result.bytes))[0]!);
    expect(text).toContain('Rénovations Lefèvre & Fils');

    // A real PNG header followed by a truncated body: the size reads fine, decoding fails.
    const truncated = await renderQuotePdf({
      quote: sampleQuote(2),
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, logo: SAMPLE_COMPANY.logo.slice(0, 'data:image/png;base64,'.length + 120) },
      customization: customization(),
    });
    expect(truncated.warnings).toEqual(["Erreur de chargement de l'image"]);
    expect(flat((await readPdfPages(truncated.bytes))[0]!)).toContain('DEVIS');

    const notAnImage = await renderQuotePdf({
      quote: sampleQuote(2),
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, logo: 'https://example.com/logo.png' },
      customization: customization(),
    });
    expect(notAnImage.warnings).toEqual(["Erreur de chargement de l'image"]);
  });

  it('embeds a valid logo and scales it with the logo size', async () => {
    const sizes = await Promise.all(
      (['small', 'large'] as const).map(async (logoSize) => {
        const base = customization();
        const result = await renderQuotePdf({
          quote: sampleQuote(2),
          client: SAMPLE_CLIENT,
          company: SAMPLE_COMPANY,
          customization: { ...base, layout: { ...base.layout, logoSize } },
        });
        expect(result.warnings).toEqual([]);
        expect(Buffer.from(result.bytes).toString('latin1')).toContain('/Subtype /Image');
        // The image is placed by a "w 0 0 h x y cm" matrix in points: read its width.
        const content = pdfContentStreams(result.bytes).join('\n');
        const match = content.match(/([\d.]+) 0\.? 0\.? ([\d.]+) [\d.]+ [\d.]+ cm\s*\/I\d+ Do/);
        return match ? Number(match[1]) : NaN;
      }),
    );
    // small = 20 mm, large = 40 mm (1 mm = 2.8346 pt)
    expect(sizes[0]).toBeCloseTo(20 * 2.8346, 0);
    expect(sizes[1]).toBeCloseTo(40 * 2.8346, 0);
  });

  it('omits the footer when showFooter is off and the logo when showHeader is off', async () => {
    const result = await renderQuotePdf({
      quote: sampleQuote(2),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization({ showFooter: false, showHeader: false }),
    });
    const text = flat((await readPdfPages(result.bytes))[0]!);
    expect(text).not.toContain('Devis valable 30 jours');
    expect(text).toContain('DEVIS');
    expect(Buffer.from(result.bytes).toString('latin1')).not.toContain('/Subtype /Image');
  });
});

describe('customisation in the PDF', () => {
  async function content(overrides: Parameters<typeof customization>[0]) {
    const { bytes } = await renderQuotePdf({
      quote: sampleQuote(3),
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, logo: '' },
      customization: customization(overrides),
    });
    return pdfContentStreams(bytes).join('\n');
  }
  const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;

  it('draws the table style: striped rows filled, bordered cells stroked', async () => {
    const simple = await content({ tableStyle: 'simple' });
    const striped = await content({ tableStyle: 'striped' });
    const bordered = await content({ tableStyle: 'bordered' });
    const fills = (t: string) => count(t, / re\s+f\b/g);
    const strokes = (t: string) => count(t, / re\s+S\b/g);
    // simple: header band + Total TTC band; striped: + the 2nd row; only the signature box is stroked.
    expect(fills(simple)).toBe(2);
    expect(fills(striped)).toBe(3);
    expect(strokes(simple)).toBe(1);
    // bordered: 4 header cells + 4 cells × 3 rows + the signature box.
    expect(strokes(bordered)).toBe(17);
  });

  it('uses the chosen colours', async () => {
    const text = await content({ colors: { primary: '#aa3300', secondary: '#2d3748', accent: '#4299e1' } });
    expect(text).toContain('0.667 0.2 0. rg'); // heading and table header in the primary colour
    expect(text).not.toContain('0.102 0.212 0.365 rg'); // the default primary #1a365d is gone
    expect(await content({})).toContain('0.102 0.212 0.365 rg');
  });
});

describe('renderInvoicePdf', () => {
  it('prints number, dates, payment conditions, late-payment penalties and the company footer', async () => {
    const result = await renderInvoicePdf({
      invoice: sampleInvoice(3, 'FA0007'),
      quoteNumber: 'DE0042',
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    expect(result.fileName).toBe('facture-FA0007.pdf');
    const pages = (await readPdfPages(result.bytes)).map(flat);
    expect(pages).toHaveLength(1);
    const text = pages[0]!;
    expect(text).toContain('FACTURE');
    expect(text).toContain('N° : FA0007');
    expect(text).toContain("Date d'émission : 21/11/2026");
    // Default deadline: 30 days after issue
    expect(text).toContain("Date d'échéance : 21/12/2026");
    // One payment term (paymentTerms): never « Paiement à réception » beside « 30 jours » (issue 28).
    expect(text).toContain('Paiement à 30 jours, au plus tard le 21/12/2026');
    expect(text).not.toContain('Paiement à réception');
    expect(text).toContain('Référence devis : DE0042');
    // No payment status on an issued invoice: it lives in the app (issue 28).
    expect(text).not.toContain('Statut');
    expect(text).not.toContain('Date de paiement');
    expect(text).toContain("Nature de l'opération : Prestations de services");
    expect(text).toContain("trois fois le taux d'intérêt légal");
    expect(text).toContain('40 €');
    expect(text).toContain("Pas d'escompte pour paiement anticipé.");
    // 10 % VAT on 198.20 = 19.82 → 218.02
    expect(text).toMatch(/TVA \(10 %\) 19,82 €/);
    expect(text).toMatch(/Total TTC 218,02 €/);
    expect(text).toContain('SIRET : 55208131700046');
    // Footer chain: no custom footer → company footer
    expect(text).toContain('SARL au capital de 10 000 € – RCS Lyon 552 081 317');
    expect(text).not.toContain('Merci de votre confiance.');
    expect(text).toContain('Page 1/1');
  });

  it('never prints the payment status or date (issue 28), honours deadline, custom header and custom footer', async () => {
    const base = customization();
    const result = await renderInvoicePdf({
      invoice: { ...sampleInvoice(2, 'FA0008'), isPaid: true, paymentDate: '2026-11-25T12:00:00.000Z' },
      quoteNumber: 'DE0042',
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: {
        ...base,
        invoice: {
          ...base.invoice,
          paymentDeadline: 45,
          customHeader: 'Entreprise certifiée RGE',
          customFooter: 'Assurance décennale AXA – France entière',
        },
      },
    });
    const text = flat((await readPdfPages(result.bytes))[0]!);
    expect(text).not.toContain('Statut');
    expect(text).not.toContain('Date de paiement');
    expect(text).toContain("Date d'échéance : 05/01/2027");
    expect(text).toContain('Paiement à 45 jours, au plus tard le 05/01/2027');
    expect(text).toContain('Entreprise certifiée RGE');
    expect(text).toContain('Assurance décennale AXA – France entière');
    expect(text).not.toContain('SARL au capital');
  });

  it('falls back to « Merci de votre confiance. » and hides the optional lines when disabled', async () => {
    const base = customization();
    const result = await renderInvoicePdf({
      invoice: { ...sampleInvoice(2), isPaid: true, paymentDate: '2026-11-25T12:00:00.000Z' },
      quoteNumber: 'DE0042',
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, footer: '' },
      customization: {
        ...base,
        invoice: { ...base.invoice, showQuoteReference: false, showPaymentStatus: false, showPaymentDate: false },
      },
    });
    const text = flat((await readPdfPages(result.bytes))[0]!);
    expect(text).toContain('Merci de votre confiance.');
    expect(text).not.toContain('Référence devis');
    expect(text).not.toContain('Statut');
    expect(text).not.toContain('Date de paiement');
  });

  it('numbers every page of a long invoice', async () => {
    const result = await renderInvoicePdf({
      invoice: sampleInvoice(80),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization({ tableStyle: 'striped' }),
    });
    const pages = (await readPdfPages(result.bytes)).map(flat);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, i) => expect(page).toContain(`Page ${i + 1}/${pages.length}`));
    const lots = [...pages.join(' ').matchAll(/lot (\d+)/g)].map((m) => Number(m[1]));
    expect(lots).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
  });
});
