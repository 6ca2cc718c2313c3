import { DEFAULT_CUSTOMIZATION } from '@atelier/domain';

import { buildInvoiceLayout, buildQuoteLayout, invoiceFooter } from './layout';
import { SAMPLE_CLIENT, SAMPLE_COMPANY, customization, sampleInvoice, sampleQuote } from './testing/fixtures';

describe('buildQuoteLayout', () => {
  it('follows the spec constants: margin 15, table 8/7, fonts 9/8, columns 40/20/20/20, break at −50', () => {
    const layout = buildQuoteLayout({
      quote: sampleQuote(2),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: DEFAULT_CUSTOMIZATION,
    });
    expect(layout.geometry).toEqual({
      marginMm: 15,
      tableHeaderHeightMm: 8,
      rowHeightMm: 7,
      tableHeaderFontSize: 9,
      tableBodyFontSize: 8,
      pageBreakOffsetMm: 50,
    });
    expect(layout.columns.map((c) => [c.label, c.widthPct])).toEqual([
      ['Description', 40],
      ['Quantité', 20],
      ['Prix unitaire HT', 20],
      ['Total HT', 20],
    ]);
    expect(layout.logo).toEqual({ dataUrl: SAMPLE_COMPANY.logo, widthMm: 30 });
    expect(layout.signature).toMatchObject({ title: 'Bon pour Accord', widthMm: 80, heightMm: 40 });
    expect(layout.fileName).toBe('devis-DE0042.pdf');
    expect(layout.footer).toBe("Devis valable 30 jours à compter de la date d'émission.");
  });

  it('computes rows and totals in cents', () => {
    const quote = {
      ...sampleQuote(0),
      tvaRate: 5.5,
      tasks: [
        { name: 'Isolation combles', unit: 'm2', price: 19.99, quantity: 3 },
        { name: 'Forfait', unit: '', price: 0.1, quantity: 1 },
      ],
    };
    const layout = buildQuoteLayout({
      quote,
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: DEFAULT_CUSTOMIZATION,
    });
    expect(layout.rows).toEqual([
      ['Isolation combles', '3 m2', '19,99 €', '59,97 €'],
      ['Forfait', '1', '0,10 €', '0,10 €'],
    ]);
    expect(layout.totals).toEqual([
      { label: 'Total HT', value: '60,07 €', emphasis: false },
      { label: 'TVA (5,5 %)', value: '3,30 €', emphasis: false },
      { label: 'Total TTC', value: '63,37 €', emphasis: true },
    ]);
  });

  it('honours logo size, positions, colours, table style, header/footer toggles and additional text', () => {
    const c = customization({
      tableStyle: 'bordered',
      showHeader: false,
      showFooter: false,
      additionalText: 'Acompte de 30 % à la commande.',
      colors: { primary: '#ff0000', secondary: 'not-a-colour', accent: '#0f0' },
    });
    c.layout = { ...c.layout, logoSize: 'large', companyInfoPosition: 'right', clientInfoPosition: 'left' };
    const layout = buildQuoteLayout({
      quote: sampleQuote(1),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: c,
    });
    expect(layout.logo).toBeNull();
    expect(layout.footer).toBeNull();
    expect(layout.company.side).toBe('right');
    expect(layout.client.side).toBe('left');
    expect(layout.style.tableStyle).toBe('bordered');
    expect(layout.style.colors).toEqual({ primary: '#ff0000', secondary: '#2d3748', accent: '#0f0' });
    expect(layout.additionalText).toBe('Acompte de 30 % à la commande.');

    const shown = buildQuoteLayout({
      quote: sampleQuote(1),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: { ...c, showHeader: true },
    });
    expect(shown.logo?.widthMm).toBe(40);
  });

  it('lists company and client details, « Non spécifié » for a nameless client, no empty lines', () => {
    const layout = buildQuoteLayout({
      quote: sampleQuote(1),
      client: { name: '', email: '', phone: '', address: '' },
      company: { ...SAMPLE_COMPANY, website: '', tva: '' },
      customization: DEFAULT_CUSTOMIZATION,
    });
    expect(layout.client.lines).toEqual(['Non spécifié']);
    expect(layout.company.lines).toEqual([
      'Rénovations Lefèvre & Fils',
      '12 rue de la Gare',
      '69003 Lyon',
      'Tél. : 04 78 12 34 56',
      'Email : contact@renovations-lefevre.fr',
      'SIRET : 55208131700046',
    ]);
  });

  it('has no bank section when the company has no bank details', () => {
    const layout = buildQuoteLayout({
      quote: sampleQuote(1),
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, rib: { bank: '', iban: '', bic: '' } },
      customization: DEFAULT_CUSTOMIZATION,
    });
    expect(layout.sections).toEqual([]);
  });
});

describe('buildInvoiceLayout', () => {
  it('uses margins 20 and the FA number, due date from the payment deadline', () => {
    const c = customization();
    c.invoice = { ...c.invoice, paymentDeadline: 0 };
    const layout = buildInvoiceLayout({
      invoice: sampleInvoice(1, 'FA0012'),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: c,
    });
    expect(layout.geometry.marginMm).toBe(20);
    expect(layout.fileName).toBe('facture-FA0012.pdf');
    expect(layout.meta).toContainEqual({ label: "Date d'échéance", value: '21/11/2026' });
    expect(layout.sections[0]!.lines).toContain('Échéance : à réception (21/11/2026)');
    expect(layout.signature).toBeNull();
  });

  it('prints the quote reference only when enabled and known', () => {
    const input = {
      invoice: sampleInvoice(1),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    };
    expect(buildInvoiceLayout(input).meta.map((m) => m.label)).not.toContain('Référence devis');
    expect(buildInvoiceLayout({ ...input, quoteNumber: 'DE0003' }).meta).toContainEqual({
      label: 'Référence devis',
      value: 'DE0003',
    });
  });

  it('chains the footer: custom → company → « Merci de votre confiance. »', () => {
    const c = customization();
    expect(invoiceFooter({ ...c, invoice: { ...c.invoice, customFooter: 'Mon pied' } }, SAMPLE_COMPANY)).toBe(
      'Mon pied',
    );
    expect(invoiceFooter(c, SAMPLE_COMPANY)).toBe(SAMPLE_COMPANY.footer);
    expect(invoiceFooter(c, { ...SAMPLE_COMPANY, footer: '  ' })).toBe('Merci de votre confiance.');
  });

  it('shows the custom header only with the header', () => {
    const c = customization();
    c.invoice = { ...c.invoice, customHeader: 'Qualibat RGE' };
    const input = { invoice: sampleInvoice(1), client: SAMPLE_CLIENT, company: SAMPLE_COMPANY };
    expect(buildInvoiceLayout({ ...input, customization: c }).customHeader).toBe('Qualibat RGE');
    expect(buildInvoiceLayout({ ...input, customization: { ...c, showHeader: false } }).customHeader).toBeNull();
  });
});
