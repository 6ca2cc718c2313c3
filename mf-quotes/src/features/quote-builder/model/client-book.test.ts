import type { Client, Quote } from '@atelier/domain';

import { saveQuoteToClient, upsertClient } from './client-book';

const quote = (id: string, date = '2026-01-01T00:00:00.000Z'): Quote => ({
  id,
  date,
  tasks: [],
  total: 120,
  totalHT: 100,
  tva: 20,
  tvaRate: 20,
  pdfData: '',
});
const dupont: Client = {
  name: 'Jean Dupont',
  email: 'jean@dupont.fr',
  phone: '0612345678',
  address: '1 rue A',
  quotes: [quote('q1')],
  invoices: [],
};

describe('client book', () => {
  it('appends a new client', () => {
    const book = upsertClient([dupont], { name: 'Marie', email: 'marie@x.fr', phone: '', address: '' });
    expect(book).toHaveLength(2);
    expect(book[1]).toEqual({ name: 'Marie', email: 'marie@x.fr', phone: '', address: '', quotes: [], invoices: [] });
  });

  it('merges clients with the same email (case-insensitive), non-empty fields winning, quotes kept', () => {
    const book = upsertClient([dupont], {
      name: 'J. Dupont',
      email: ' JEAN@dupont.fr ',
      phone: '',
      address: '2 rue B',
    });
    expect(book).toEqual([{ ...dupont, name: 'J. Dupont', address: '2 rue B' }]);
  });

  it('saves a quote: appended when new, replaced when the id exists', () => {
    let book = saveQuoteToClient(
      [dupont],
      { name: 'Jean Dupont', email: 'jean@dupont.fr', phone: '', address: '' },
      quote('q2'),
    );
    expect(book[0]?.quotes.map((q) => q.id)).toEqual(['q1', 'q2']);
    const updated = { ...quote('q1', '2026-11-21T10:00:00.000Z'), total: 240 };
    book = saveQuoteToClient(book, { name: 'Jean Dupont', email: 'jean@dupont.fr', phone: '', address: '' }, updated);
    expect(book[0]?.quotes.map((q) => [q.id, q.total, q.date])).toEqual([
      ['q1', 240, '2026-11-21T10:00:00.000Z'],
      ['q2', 120, '2026-01-01T00:00:00.000Z'],
    ]);
  });

  it('creates the client when saving a quote for an unknown email', () => {
    const book = saveQuoteToClient([], { name: 'Paul', email: 'paul@x.fr', phone: '', address: '' }, quote('q9'));
    expect(book).toEqual([
      { name: 'Paul', email: 'paul@x.fr', phone: '', address: '', quotes: [quote('q9')], invoices: [] },
    ]);
  });
});
