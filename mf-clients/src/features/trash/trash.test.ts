import { memoryKeyValue, SyncEngine, type SyncRemote, type SyncRow } from '@atelier/storage';

import { deleteConfirmation, moveToTrash, purgeDate, restoreFromTrash } from './trash';

const row = (patch: Partial<SyncRow>): SyncRow => ({ id: 'x', updated_at: '', ...patch });

it('says what happens to the documents: numbered ones are kept, drafts go after 30 days', () => {
  expect(deleteConfirmation('Dupont', [row({ number: 'DE0001' }), row({ number: null })], [])).toBe(
    'Supprimer le client « Dupont » ? Il a des documents numérotés (DE0001) : il sera archivé dans la Corbeille, et ses devis et factures restent conservés, consultables et imprimables. Vous pourrez le restaurer.',
  );
  expect(deleteConfirmation('Dupont', [row({ number: null })], [row({ status: 'draft' })])).toMatch(
    /Corbeille avec ses brouillons pendant 30 jours/,
  );
  expect(purgeDate('2026-11-01T10:00:00Z', false)).toBe('01/12/2026');
  expect(purgeDate('2026-11-01T10:00:00Z', true)).toBeNull();
});

it('moves a client to the Corbeille and back through the outbox', async () => {
  const remote: SyncRemote = {
    pull: async () => ({ now: new Date().toISOString(), rows: {}, deleted: [] }),
    upsert: async () => null,
    remove: async () => {},
  };
  const engine = new SyncEngine({ userId: 'u', kv: memoryKeyValue(), remote });
  await engine.write('clients', { id: 'c', name: 'Dupont', archived_at: null });
  await moveToTrash(engine, 'c', new Date('2026-11-02T08:00:00Z'));
  expect(engine.row('clients', 'c')?.archived_at).toBe('2026-11-02T08:00:00.000Z');
  await restoreFromTrash(engine, 'c');
  expect(engine.row('clients', 'c')?.archived_at).toBeNull();
});
