// A document whose snapshot is damaged or missing (real @atelier/documents renderers): no crash, no PDF printed
// from damaged data, a French message instead; the row itself is left as it is.
import { SyncEngine, memoryKeyValue } from '@atelier/storage';

import { CLIENTS_MESSAGES as M } from '../../messages';

import { DocumentError, invoicePdf, quotePdf, type DocumentsSupabase } from './actions';

const services = {
  userId: 'u1',
  engine: new SyncEngine({
    userId: 'u1',
    kv: memoryKeyValue(),
    remote: {
      pull: async () => ({ now: '', rows: {}, deleted: [] }),
      upsert: async (_t, row) => row,
      remove: async () => {},
    },
  }),
  supabase: {} as DocumentsSupabase,
  online: () => false,
};

const row = {
  id: 'd1',
  number: 'DE0001',
  status: 'draft',
  lines: [{ name: 'Peinture', unit: 'm2', price: 10, quantity: 2 }],
  vat_rate: 20,
  total_ht_cents: 2000,
  tva_cents: 400,
  total_ttc_cents: 2400,
};

it.each<[string, unknown]>([
  ['missing', null],
  ['not an object', 'garbage'],
  ['without its company', { client: { name: 'Mme Durand', email: '' } }],
  ['with a client of the wrong type', { company: {}, customization: {}, client: 42 }],
])('snapshot %s: « PDF non disponible » in French, the row unchanged', async (_, snapshot) => {
  const quote = { ...row, snapshot };
  const kept = JSON.stringify(quote);
  await expect(quotePdf(services, quote)).rejects.toEqual(new DocumentError(M.quotePdfUnavailable));
  await expect(invoicePdf(services, quote)).rejects.toEqual(new DocumentError(M.invoicePdfUnavailable));
  expect(JSON.stringify(quote)).toBe(kept);
});
