import type { SyncRejection } from '@atelier/storage';

import { refusalText } from './refusal';

const rejection = (patch: Partial<SyncRejection>): SyncRejection => ({
  entry: { opId: 'o', table: 'clients', kind: 'upsert', id: 'c1' },
  message: 'Vous avez atteint la limite de 10 clients du plan gratuit. Passez à un plan supérieur.',
  ...patch,
});

it('names the refused row and says why in a few words', () => {
  expect(refusalText(rejection({ hint: 'client_limit', row: { id: 'c1', updated_at: '', name: 'Dupont' } }))).toBe(
    'Client « Dupont » non enregistré : limite de 10 clients du plan gratuit',
  );
  expect(refusalText(rejection({ hint: 'client_limit' }))).toBe(
    'Client non enregistré : limite de 10 clients du plan gratuit',
  );
});

it('falls back to the server’s own message for a reason without a short form', () => {
  const invoice = rejection({
    entry: { opId: 'o', table: 'invoices', kind: 'upsert', id: 'i1' },
    row: { id: 'i1', updated_at: '', number: 'FA0001' },
    message: 'Une facture émise ne peut pas être modifiée : seuls le paiement et sa date peuvent changer.',
  });
  expect(refusalText(invoice)).toBe(
    'Facture FA0001 non enregistrée : Une facture émise ne peut pas être modifiée : seuls le paiement et sa date peuvent changer',
  );
});
