import { clientColumns, clientFormSchema, filterClients, fold, paymentStatus, type ClientRow } from './model';

const clients: ClientRow[] = [
  {
    id: '1',
    name: 'Éloïse Durand',
    email: 'eloise@example.fr',
    phone: '06 12 34 56 78',
    address: '3 rue des Lilas Lyon',
  },
  { id: '2', name: 'Marc Petit', email: 'marc@example.fr', phone: '07 00 00 00 00', address: '1 place Bellecour' },
];

it('searches name, email, phone and address ignoring case and accents', () => {
  const index = new Map<string, string>();
  expect(fold('ÉLOÏSE')).toBe('eloise');
  expect(filterClients(clients, index, 'eloise').map((c) => c.id)).toEqual(['1']);
  expect(filterClients(clients, index, 'BELLECOUR').map((c) => c.id)).toEqual(['2']);
  expect(filterClients(clients, index, '0612345678').map((c) => c.id)).toEqual(['1']);
  expect(filterClients(clients, index, 'MARC@').map((c) => c.id)).toEqual(['2']);
  expect(filterClients(clients, index, '  ')).toHaveLength(2);
});

it('requires every field of the edit form and a valid email', () => {
  const result = clientFormSchema.safeParse({ name: ' ', email: 'pas-un-email', phone: '', address: '' });
  expect(result.success).toBe(false);
  expect(result.error?.issues.map((i) => i.message)).toEqual([
    'Le nom est requis',
    'Email invalide',
    'Le téléphone est requis',
    'L’adresse est requise',
  ]);
});

it('checks a business client SIREN (Luhn) and VAT number with the domain; blanks are stored as null', () => {
  const base = { name: 'SARL Bâtir', email: 'a@b.fr', phone: '01', address: '1 rue' };
  const bad = clientFormSchema.safeParse({ ...base, siren: '732 829 321', vat_number: 'FR45732829320' });
  expect(bad.error?.issues.map((i) => i.message)).toEqual([
    "Le numéro SIREN n'est pas valide (9 chiffres, clé de contrôle incorrecte).",
    "Le numéro de TVA intracommunautaire n'est pas valide (FR + 2 caractères + SIREN).",
  ]);
  const ok = clientFormSchema.parse({ ...base, siren: '732 829 320', vat_number: 'fr44 732829320', site_address: '' });
  expect(clientColumns(ok)).toMatchObject({ siren: '732829320', vat_number: 'FR44732829320', site_address: null });
});

it('gives the payment status at a glance', () => {
  expect(paymentStatus({ is_paid: true, due_date: '2020-01-01' })).toBe('paid');
  expect(paymentStatus({ is_paid: false, due_date: '2026-01-01' }, '2026-02-01')).toBe('late');
  expect(paymentStatus({ is_paid: false, due_date: '2026-03-01' }, '2026-02-01')).toBe('pending');
});
