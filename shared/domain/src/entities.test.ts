import { DEFAULT_CUSTOMIZATION, clientBookSchema, companyInfoSchema, invoiceSchema, quoteSchema } from './entities';

const legacyQuote = {
  id: 'quote-1700000000000',
  date: '2026-01-10T09:00:00.000Z',
  tasks: [{ name: 'Peinture', unit: 'm2', price: 12.5, quantity: 2 }],
  total: 30,
  totalHT: 25,
  tva: 5,
  tvaRate: 20,
  pdfData: 'data:application/pdf;base64,JVBERi0=',
};

const snapshot = {
  company: companyInfoSchema.parse({ name: 'Atelier Martin', siret: '55208131700046' }),
  customization: DEFAULT_CUSTOMIZATION,
  client: {
    name: 'Jean Dupont',
    email: 'jean@dupont.fr',
    phone: '06 12 34 56 78',
    address: '1 rue Haute, 75001 Paris',
  },
};

describe('document snapshots', () => {
  it('a quote from the original product (no number, no snapshot) still parses', () => {
    const quote = quoteSchema.parse(legacyQuote);
    expect(quote.snapshot).toBeUndefined();
    expect(quote.number).toBeUndefined();
    expect(quote.pdfData).toBe(legacyQuote.pdfData);
  });

  it('a quote and an invoice keep the snapshot they were issued with', () => {
    const quote = quoteSchema.parse({ ...legacyQuote, number: 'DE0001', snapshot });
    expect(quote.snapshot).toEqual(snapshot);
    const invoice = invoiceSchema.parse({ ...legacyQuote, id: 'invoice-1', quoteId: legacyQuote.id, snapshot });
    expect(invoice.snapshot?.company.siret).toBe('55208131700046');
    expect(invoice.snapshot?.client.email).toBe('jean@dupont.fr');
  });

  it('client phone/address default to empty in a snapshot', () => {
    const quote = quoteSchema.parse({
      ...legacyQuote,
      snapshot: { ...snapshot, client: { name: 'A', email: 'a@b.fr' } },
    });
    expect(quote.snapshot?.client).toEqual({ name: 'A', email: 'a@b.fr', phone: '', address: '' });
  });

  it('a damaged snapshot is dropped, the client book stays readable', () => {
    const book = clientBookSchema.parse([
      {
        name: 'Jean Dupont',
        email: 'jean@dupont.fr',
        quotes: [{ ...legacyQuote, snapshot: { company: 'oops', customization: null } }],
      },
    ]);
    expect(book[0]?.quotes[0]?.snapshot).toBeUndefined();
    expect(book[0]?.quotes[0]?.total).toBe(30);
  });
});
