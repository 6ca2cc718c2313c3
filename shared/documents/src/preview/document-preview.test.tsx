import { render, screen, within } from '@testing-library/react';

import { buildInvoiceLayout, buildQuoteLayout } from '../layout';
import { SAMPLE_CLIENT, SAMPLE_COMPANY, customization, sampleInvoice, sampleQuote } from '../testing/fixtures';
import { DocumentPreview } from './document-preview';

describe('DocumentPreview', () => {
  it('shows the same blocks, lines and totals as the layout the PDF is drawn from', () => {
    const layout = buildQuoteLayout({
      quote: sampleQuote(3, 'DE1234'),
      client: SAMPLE_CLIENT,
      company: SAMPLE_COMPANY,
      customization: customization({ tableStyle: 'striped' }),
    });
    render(<DocumentPreview layout={layout} />);
    const preview = screen.getByTestId('document-preview');
    expect(within(preview).getByRole('heading', { name: 'DEVIS' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('N° : DE1234');
    const company = screen.getByRole('region', { name: 'Émetteur' });
    expect(company).toHaveTextContent('Rénovations Lefèvre & Fils');
    expect(company).toHaveTextContent('SIRET : 55208131700046');
    expect(screen.getByRole('region', { name: 'Client' })).toHaveTextContent('Hélène Dubœuf');
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('data-table-style', 'striped');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent('Peinture murs et plafonds (2 couches)1 m224,50 €24,50 €');
    expect(preview).toHaveTextContent('Total TTC237,84 €');
    expect(screen.getByRole('region', { name: 'Coordonnées bancaires' })).toHaveTextContent('IBAN : FR76');
    expect(preview).toHaveTextContent('Bon pour Accord');
    expect(preview).toHaveTextContent("Devis valable 30 jours à compter de la date d'émission.");
    expect(screen.getByRole('img', { name: 'Logo' })).toHaveAttribute('src', SAMPLE_COMPANY.logo);
  });

  it('renders the invoice settings: custom header, payment status, footer chain', () => {
    const c = customization();
    c.invoice = { ...c.invoice, customHeader: 'Artisan RGE', customFooter: '' };
    const layout = buildInvoiceLayout({
      invoice: sampleInvoice(1, 'FA4321'),
      quoteNumber: 'DE0001',
      client: SAMPLE_CLIENT,
      company: { ...SAMPLE_COMPANY, footer: '' },
      customization: c,
    });
    render(<DocumentPreview layout={layout} />);
    const preview = screen.getByTestId('document-preview');
    expect(preview).toHaveTextContent('Artisan RGE');
    // Issue 28: no payment status printed on an invoice, and one payment term.
    expect(preview).not.toHaveTextContent('Statut');
    expect(preview).toHaveTextContent('Référence devis : DE0001');
    expect(screen.getByRole('region', { name: 'Conditions de paiement' })).toHaveTextContent(
      'Paiement à 30 jours, au plus tard le',
    );
    expect(preview).toHaveTextContent('Merci de votre confiance.');
  });
});
