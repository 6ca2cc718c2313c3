// The browser's sync engine (@atelier/storage) against the real backend through supabase-js: a client created
// offline is pushed once after reconnecting (also after a "reload"), a second device pulls the same book, a client
// is its id (an e-mail used by another client is refused in French), settings travel, edits merge field by field
// whatever the order devices come back online, a field changed on both is a visible conflict, and the free plan's
// 11th client comes back as a French refusal and is taken out of the local copy.
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
    merge: (table, id, change) => guard(() => real.merge!(table, id, change)),
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

  // Another client with the same e-mail: refused in French, taken out of that device's copy.
  const otherId = crypto.randomUUID();
  await second.write('clients', {
    id: otherId,
    name: 'Dupont (modifié)',
    email: 'dupont@example.fr',
    phone: '',
    address: '',
  });
  await second.sync();
  expect(second.status().rejected.at(-1)).toMatchObject({
    message: 'Un autre client utilise déjà cette adresse e-mail.',
    hint: 'client_email_taken',
  });
  expect(second.rows('clients').map((c) => c.name)).toEqual(['Chantier Dupont']);

  // Changing the e-mail keeps the same client (its id), on every device.
  const id = second.rows('clients')[0]!.id;
  await second.write('clients', { ...second.row('clients', id)!, email: 'nouveau@example.fr' });
  await second.sync();
  await reloaded.sync();
  expect(reloaded.rows('clients').map((c) => [c.id, c.email])).toEqual([[id, 'nouveau@example.fr']]);
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
  expect(engine.status().rejected.map((r) => [r.message, r.hint, r.row?.name])).toEqual([
    [
      'Vous avez atteint la limite de 10 clients du plan gratuit. Passez à un plan supérieur pour enregistrer des clients illimités.',
      'client_limit',
      'C11',
    ],
  ]);
  // Nothing refused looks saved: the 11th is gone from this device, and from a reload of it.
  expect(engine.rows('clients')).toHaveLength(10);
  expect(engine.rows('clients').some((c) => c.name === 'C11')).toBe(false);
  const other = new SyncEngine({ userId: free.id, kv: memoryKeyValue(), remote: remoteOf(free, online) });
  await other.sync();
  expect(other.rows('clients')).toHaveLength(10);
});

describe('two devices of one user, both offline', () => {
  async function twoDevices() {
    const u = await signUpUser(backend, 'devices');
    const online = { a: { value: true }, b: { value: true } };
    // A's clock is an hour fast: the offset measured at each pull puts its changes back in the server's time.
    const skewed = () => new Date(Date.now() + 3_600_000);
    const a = new SyncEngine({ userId: u.id, kv: memoryKeyValue(), remote: remoteOf(u, online.a), now: skewed });
    const b = new SyncEngine({ userId: u.id, kv: memoryKeyValue(), remote: remoteOf(u, online.b) });
    const id = crypto.randomUUID();
    await a.write('clients', { id, name: 'Martin', email: 'martin@example.fr', phone: '06 00 00 00 00', address: '' });
    await a.sync();
    await b.sync();
    online.a.value = false;
    online.b.value = false;
    return { u, a, b, id, online };
  }

  for (const firstBack of ['A', 'B'] as const) {
    it(`different fields edited on each → both kept everywhere (${firstBack} back online first)`, async () => {
      const { a, b, id, online } = await twoDevices();
      await b.write('clients', { ...b.row('clients', id)!, address: '3 rue des Lilas' });
      await new Promise((r) => setTimeout(r, 20));
      await a.write('clients', { ...a.row('clients', id)!, phone: '06 00 00 00 02' });
      const order = firstBack === 'A' ? [a, b] : [b, a];
      for (const device of order) {
        online[device === a ? 'a' : 'b'].value = true;
        await device.sync();
      }
      await a.sync();
      await b.sync();
      for (const device of [a, b]) {
        expect(device.row('clients', id)).toMatchObject({ phone: '06 00 00 00 02', address: '3 rue des Lilas' });
        expect(device.conflicts('clients', id)).toEqual([]);
      }
    });
  }

  it(
    'the same field edited on both → the later kept (A’s fast clock corrected), the other a conflict on both devices until settled',
    async () => {
      const { a, b, id, online } = await twoDevices();
      await a.write('clients', { ...a.row('clients', id)!, phone: '06 00 00 00 01' });
      // Well above the error of the offset each device measures at its pull (at most one round trip, which a loaded
      // CI machine stretched past 400 ms): the later edit must be later by more than that.
      await new Promise((r) => setTimeout(r, 2000));
      await b.write('clients', { ...b.row('clients', id)!, phone: '06 00 00 00 02' });
      online.b.value = true;
      await b.sync(); // the later change arrives first
      online.a.value = true;
      await a.sync();
      await b.sync();
      for (const device of [a, b]) {
        expect(device.row('clients', id)?.phone).toBe('06 00 00 00 02');
        expect(device.conflicts('clients', id)).toMatchObject([{ field: 'phone', value: '06 00 00 00 01' }]);
      }
      // « garder celle-ci » on A: the conflict's value is written again, from the current version.
      await a.write('clients', { ...a.row('clients', id)!, phone: '06 00 00 00 01' });
      expect(a.conflicts('clients', id)).toEqual([]);
      await a.sync();
      await b.sync();
      for (const device of [a, b]) {
        expect(device.row('clients', id)?.phone).toBe('06 00 00 00 01');
        expect(device.conflicts('clients', id)).toEqual([]);
      }
    },
  );
});
