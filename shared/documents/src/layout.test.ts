import { DEFAULT_CUSTOMIZATION, REDUCED_RATE_CERTIFICATION } from '@atelier/domain';

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
    // Only the legal mentions: the nature of the operation (décret 2022-1299) is always printed.
    expect(layout.sections).toEqual([
      { title: 'Mentions légales', lines: ["Nature de l'opération : Prestations de services"] },
    ]);
  });

  const threeRates = [
    {
      name: 'Carrelage',
      unit: 'm2',
      price: 30,
      quantity: 65,
      vatRate: 5.5,
      vatCategory: 'reduced_renovation' as const,
    },
    {
      name: 'Plomberie',
      unit: 'forfait',
      price: 828.5,
      quantity: 1,
      vatRate: 10,
      vatCategory: 'reduced_renovation' as const,
    },
    { name: 'Fourniture', unit: 'forfait', price: 319.5, quantity: 1, vatRate: 20, vatCategory: 'standard' as const },
  ];

  it('prints the VAT of each rate with its base, and the client certification above the signature (issue 28)', () => {
    const layout = buildQuoteLayout({
      quote: { ...sampleQuote(1), tasks: threeRates, vatRegime: 'assujetti' },
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: DEFAULT_CUSTOMIZATION,
    });
    expect(layout.totals.map((t) => `${t.label} ${t.value}`)).toEqual([
      'Total HT 3 098,00 €',
      'TVA (20 %) sur 319,50 € HT 63,90 €',
      'TVA (10 %) sur 828,50 € HT 82,85 €',
      'TVA (5,5 %) sur 1 950,00 € HT 107,25 €',
      'Total TVA 254,00 €',
      'Total TTC 3 352,00 €',
    ]);
    const last = layout.sections.at(-1)!;
    expect(last.title).toBe('Attestation du client (taux réduit de TVA)');
    expect(last.lines[0]).toBe(REDUCED_RATE_CERTIFICATION);
    expect(last.lines).toHaveLength(2); // 5,5 %: the energy-renovation sentence too
  });

  it('a franchise-en-base devis prints no VAT and says 293 B, whatever its rate', () => {
    const layout = buildQuoteLayout({
      quote: { ...sampleQuote(2), tvaRate: 20 },
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, vatRegime: 'franchise' },
      customization: DEFAULT_CUSTOMIZATION,
    });
    expect(layout.totals.map((t) => t.label)).toEqual(['Total HT', 'Net à payer']);
    expect(layout.sections.flatMap((s) => s.lines)).toContain('TVA non applicable, art. 293 B du CGI');
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
    expect(layout.sections[0]!.lines[0]).toBe('Paiement à réception de facture');
    expect(layout.sections[0]!.lines.join(' ')).not.toMatch(/jours/);
    expect(layout.signature).toBeNull();
  });

  it('an acompte: its heading, « 30 % du devis DE0001 », the devis rates', () => {
    const layout = buildInvoiceLayout({
      invoice: {
        ...sampleInvoice(1, 'FA0002'),
        kind: 'deposit',
        depositPercent: 30,
        tasks: [{ name: 'Acompte', unit: 'forfait', price: 600, quantity: 1, vatRate: 20, vatCategory: 'standard' }],
      },
      quoteNumber: 'DE0001',
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    expect(layout.heading).toBe("FACTURE D'ACOMPTE");
    expect(layout.meta[0]).toEqual({ label: 'Objet', value: "Facture d'acompte n° FA0002 — 30 % du devis DE0001" });
    expect(layout.totals.at(-1)).toMatchObject({ label: 'Total TTC', value: '720,00 €' });
  });

  it('the final invoice lists the deposits received and the net to pay; a situation withholds the retenue', () => {
    const final = buildInvoiceLayout({
      invoice: {
        ...sampleInvoice(1, 'FA0003'),
        tasks: [{ name: 'Travaux', unit: 'forfait', price: 2000, quantity: 1, vatRate: 20, vatCategory: 'standard' }],
        prepaidCents: 72000,
        deductions: [{ number: 'FA0002', issue_date: '2026-11-02', total_ttc_cents: 72000 }],
      },
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    expect(final.totals.slice(-3).map((t) => `${t.label} ${t.value}`)).toEqual([
      'Total TTC 2 400,00 €',
      'Déjà réglé : acompte FA0002 du 02/11/2026 -720,00 €',
      'Net à payer 1 680,00 €',
    ]);
    const situation = buildInvoiceLayout({
      invoice: {
        ...sampleInvoice(1, 'FA0004'),
        kind: 'situation',
        situationNumber: 2,
        progress: [
          { previous: 30, current: 70, quote_net_cents: 200000, cumulative_cents: 140000, previous_cents: 60000 },
        ],
        retenuePercent: 5,
        tasks: [{ name: 'Travaux', unit: 'forfait', price: 800, quantity: 1, vatRate: 20, vatCategory: 'standard' }],
      },
      quoteNumber: 'DE0001',
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization(),
    });
    expect(situation.meta[0]!.value).toBe('Facture de situation n° 2 — devis DE0001');
    expect(situation.columns.map((c) => c.label)).toEqual([
      'Description',
      'Montant devis HT',
      'Cumul %',
      'Cumul HT',
      'Précédent HT',
      'Cette situation HT',
    ]);
    expect(situation.rows[0]).toEqual(['Travaux', '2 000,00 €', '70 %', '1 400,00 €', '600,00 €', '800,00 €']);
    expect(situation.totals.slice(-2).map((t) => `${t.label} ${t.value}`)).toEqual([
      'Retenue de garantie -48,00 €',
      'Net à payer 912,00 €',
    ]);
    expect(situation.sections.flatMap((s) => s.lines).join(' ')).toMatch(/Retenue de garantie de 5 % du TTC/);
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
