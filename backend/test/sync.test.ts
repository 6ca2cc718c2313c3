// The browser's sync engine (@atelier/storage) against the real backend through supabase-js: a client created
// offline is pushed once after reconnecting (also after a "reload"), a second device pulls the same book, clients
// with the same email merge, settings travel, and the free plan's 11th client comes back as a French refusal.
import { memoryKeyValue, SyncEngine, type SyncRemote } from '../../shared/storage/src/sync/sync-engine.ts';
import { supabaseRemote, type SupabaseLike } from '../../shared/storage/src/sync/remote.ts';
import type { RunningBackend } from '../src/server.ts';
import { signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let user: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  user = await signUpUser(backend, 'sync');
});
afterAll(async () => {
  await backend?.close();
});

function remoteOf(u: SignedInUser, online: { value: boolean }): SyncRemote {
  const real = supabaseRemote(u.client as unknown as SupabaseLike, u.id);
  const guard = <T>(fn: () => Promise<T>) => (online.value ? fn() : Promise.reject(new Error('Failed to fetch')));
  return {
    pull: (since) => guard(() => real.pull(since)),
    upsert: (table, row) => guard(() => real.upsert(table, row)),
    remove: (table, id) => guard(() => real.remove(table, id)),
  };
}

it('offline client → pushed once after reconnecting and reloading; a second device sees it', async () => {
  const online = { value: false };
  const local = new Map<string, unknown>();
  const device = new SyncEngine({ userId: user.id, kv: memoryKeyValue(local), remote: remoteOf(user, online) });
  await device.write('clients', {
    id: crypto.randomUUID(),
    name: 'Chantier Dupont',
    email: 'dupont@example.fr',
    phone: '06 01 02 03 04',
    address: '3 rue des Lilas 69001 Lyon',
  });
  await device.write('user_settings', { id: 'tasks', value: [{ name: 'Peinture', unit: 'm2', price: 25 }] });
  await device.sync();
  expect(device.status().pending).toBe(2);

  online.value = true;
  const reloaded = new SyncEngine({ userId: user.id, kv: memoryKeyValue(local), remote: remoteOf(user, online) });
  await reloaded.sync();
  await reloaded.sync();
  expect(reloaded.status()).toMatchObject({ pending: 0, error: null });
  const onServer = await user.client.from('clients').select('email').eq('user_id', user.id);
  expect(onServer.data).toEqual([{ email: 'dupont@example.fr' }]);

  const second = new SyncEngine({ userId: user.id, kv: memoryKeyValue(), remote: remoteOf(user, online) });
  await second.sync();
  expect(second.rows('clients').map((c) => c.name)).toEqual(['Chantier Dupont']);
  expect(second.row('user_settings', 'tasks')?.value).toEqual([{ name: 'Peinture', unit: 'm2', price: 25 }]);

  // Same email from another device: merged into the one server row, the local id follows the server's.
  const otherId = crypto.randomUUID();
  await second.write('clients', {
    id: otherId,
    name: 'Dupont (modifié)',
    email: 'dupont@example.fr',
    phone: '',
    address: '',
  });
  await second.sync();
  expect(second.rows('clients').map((c) => c.name)).toEqual(['Dupont (modifié)']);
  await reloaded.sync();
  expect(reloaded.rows('clients').map((c) => c.name)).toEqual(['Dupont (modifié)']);
});

it('the 11th client on the free plan is refused with the server’s French message', async () => {
  const free = await signUpUser(backend, 'free');
  const online = { value: true };
  const engine = new SyncEngine({ userId: free.id, kv: memoryKeyValue(), remote: remoteOf(free, online) });
  for (let i = 1; i <= 11; i += 1) {
    await engine.write('clients', {
      id: crypto.randomUUID(),
      name: `C${i}`,
      email: `c${i}@example.fr`,
      phone: '',
      address: '',
    });
  }
  await engine.sync();
  expect(engine.status().pending).toBe(0);
  expect(engine.status().rejected.map((r) => r.message)).toEqual([
    'Vous avez atteint la limite de 10 clients du plan gratuit. Passez à un plan supérieur pour enregistrer des clients illimités.',
  ]);
});
