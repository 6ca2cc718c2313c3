import { taskCatalogueSchema, type Task } from '@atelier/domain';
import { firstValueFrom, filter } from 'rxjs';

import { storageIssues$ } from '../stored-value';
import { SyncEngine, memoryKeyValue, type SyncRemote, type SyncRow } from './sync-engine';
import {
  activateUserSettings,
  createUserStoredValue,
  lockUserSettings,
  resetUserSettingsForTests,
  userSettingKey,
} from './user-settings';

/** One server for several browsers: user_settings rows per user, last write wins. */
function settingsServer() {
  const rows = new Map<string, SyncRow>();
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const remoteFor = (user: string): SyncRemote => ({
    async pull() {
      const mine = [...rows.entries()].filter(([k]) => k.startsWith(`${user}:`)).map(([, r]) => r);
      return { now: new Date(clock).toISOString(), rows: { user_settings: mine }, deleted: [] };
    },
    async upsert(_table, row) {
      clock += 1000;
      const saved = { ...row, updated_at: new Date(clock).toISOString() };
      rows.set(`${user}:${row.id}`, saved);
      return saved;
    },
    async remove() {},
  });
  return { rows, remoteFor };
}

const store = createUserStoredValue<Task[]>('tasks', taskCatalogueSchema, [], { label: 'tâches' });
const TASK: Task = { name: 'Peinture', unit: 'm2', price: 12 };

async function settle(engine: SyncEngine) {
  await engine.sync();
  await new Promise((r) => setTimeout(r, 0));
}

afterEach(() => {
  resetUserSettingsForTests();
  localStorage.clear();
});

describe('per-user settings', () => {
  it('keeps a copy per user, pushes writes and gives them to a second browser', async () => {
    const server = settingsServer();
    const alice = new SyncEngine({ userId: 'alice', kv: memoryKeyValue(), remote: server.remoteFor('alice') });
    activateUserSettings('alice', alice);
    expect(store.get()).toEqual([]);
    expect(store.set([TASK])).toEqual({ ok: true });
    expect(localStorage.getItem(userSettingKey('tasks', 'alice'))).toBe(JSON.stringify([TASK]));
    expect(localStorage.getItem('tasks')).toBeNull();
    await new Promise((r) => setTimeout(r, 0));
    await settle(alice);
    expect(server.rows.get('alice:tasks')?.value).toEqual([TASK]);

    // Sign-out: nothing readable; Bob (same browser) starts empty.
    lockUserSettings();
    expect(store.get()).toEqual([]);
    const bob = new SyncEngine({ userId: 'bob', kv: memoryKeyValue(), remote: server.remoteFor('bob') });
    activateUserSettings('bob', bob);
    await settle(bob);
    expect(store.get()).toEqual([]);

    // Alice on a cleared browser: the server's copy comes back.
    localStorage.clear();
    const seen: Task[][] = [];
    const sub = store.observe().subscribe((v) => seen.push(v));
    const again = new SyncEngine({ userId: 'alice', kv: memoryKeyValue(), remote: server.remoteFor('alice') });
    activateUserSettings('alice', again);
    await settle(again);
    expect(store.get()).toEqual([TASK]);
    expect(seen.at(-1)).toEqual([TASK]);
    sub.unsubscribe();
  });

  it('sends a local change the engine never recorded (page closed right after it) instead of losing it', async () => {
    const server = settingsServer();
    const kept = new Map<string, unknown>(); // IndexedDB: survives the reload
    const alice = new SyncEngine({ userId: 'alice', kv: memoryKeyValue(kept), remote: server.remoteFor('alice') });
    activateUserSettings('alice', alice);
    const GRAVATS: Task = { name: 'Évacuation gravats', unit: 'benne', price: 180 };
    store.set([TASK, GRAVATS]);
    await new Promise((r) => setTimeout(r, 0));
    await settle(alice);
    expect(server.rows.get('alice:tasks')?.value).toEqual([TASK, GRAVATS]);
    // The user deletes a task and the page reloads before the engine has stored the write: only the synchronous
    // local copy has it.
    localStorage.setItem(userSettingKey('tasks', 'alice'), JSON.stringify([TASK]));
    lockUserSettings();
    const again = new SyncEngine({ userId: 'alice', kv: memoryKeyValue(kept), remote: server.remoteFor('alice') });
    activateUserSettings('alice', again);
    await settle(again);
    await new Promise((r) => setTimeout(r, 0));
    await settle(again);
    expect(store.get()).toEqual([TASK]);
    expect(server.rows.get('alice:tasks')?.value).toEqual([TASK]);
  });

  it('on a reload, a server copy in jsonb key order is the same catalogue: nothing is sent again', async () => {
    const server = settingsServer();
    const kept = new Map<string, unknown>();
    const alice = new SyncEngine({ userId: 'alice', kv: memoryKeyValue(kept), remote: server.remoteFor('alice') });
    activateUserSettings('alice', alice);
    const catalogue: Task[] = Array.from({ length: 5000 }, (_, i) => ({
      name: `Article ${i}`,
      unit: 'm2',
      price: i / 100,
      id: `t${i}`,
      category: `Lot ${i % 12}`,
      vatRate: 20,
    }));
    store.set(catalogue);
    await new Promise((r) => setTimeout(r, 0));
    await settle(alice);
    const saved = server.rows.get('alice:tasks')!;
    // jsonb gives the keys back shorter first.
    const reordered = (saved.value as Task[]).map(({ name, unit, price, id, category, vatRate }) => ({
      id,
      name,
      unit,
      price,
      vatRate,
      category,
    }));
    server.rows.set('alice:tasks', { ...saved, value: reordered });
    lockUserSettings();
    const remote = server.remoteFor('alice');
    const upsert = jest.spyOn(remote, 'upsert');
    const again = new SyncEngine({ userId: 'alice', kv: memoryKeyValue(kept), remote });
    activateUserSettings('alice', again);
    await settle(again);
    await new Promise((r) => setTimeout(r, 0));
    await settle(again);
    expect(upsert).not.toHaveBeenCalled();
    expect(server.rows.get('alice:tasks')!.updated_at).toBe(saved.updated_at);
    expect(store.get()).toHaveLength(5000);
  });

  it('imports the legacy plain key once into the account, merged by name, then moves it aside', async () => {
    const server = settingsServer();
    server.rows.set('carol:tasks', { id: 'tasks', key: 'tasks', value: [TASK], updated_at: '2025-01-01T00:00:00Z' });
    const legacy: Task[] = [
      { ...TASK, price: 99 },
      { name: 'Enduit', unit: 'm2', price: 8 },
    ];
    localStorage.setItem('tasks', JSON.stringify(legacy));
    const engine = new SyncEngine({ userId: 'carol', kv: memoryKeyValue(), remote: server.remoteFor('carol') });
    const imported: string[][] = [];
    activateUserSettings('carol', engine, (r) => imported.push(r.imported));
    // Shown at once, before the server answered.
    expect(store.get()).toEqual(legacy);
    await settle(engine);
    await settle(engine);
    expect(store.get()).toEqual([TASK, legacy[1]]);
    expect(server.rows.get('carol:tasks')?.value).toEqual([TASK, legacy[1]]);
    expect(localStorage.getItem('tasks')).toBeNull();
    expect(localStorage.getItem('tasks.imported-carol')).toBe(JSON.stringify(legacy));
    expect(imported).toEqual([['tasks']]);
  });

  it('sets a corrupt server value aside and keeps the local copy', async () => {
    const server = settingsServer();
    server.rows.set('dan:tasks', {
      id: 'tasks',
      key: 'tasks',
      value: { nope: true },
      updated_at: '2025-01-01T00:00:00Z',
    });
    localStorage.setItem(userSettingKey('tasks', 'dan'), JSON.stringify([TASK]));
    const issue = firstValueFrom(storageIssues$.pipe(filter((i) => i.backupKey.startsWith('tasks.dan.corrupt-'))));
    const engine = new SyncEngine({ userId: 'dan', kv: memoryKeyValue(), remote: server.remoteFor('dan') });
    activateUserSettings('dan', engine);
    await settle(engine);
    expect(store.get()).toEqual([TASK]);
    const reported = await issue;
    expect(reported.key).toBe('tasks');
    expect(JSON.parse(localStorage.getItem(reported.backupKey)!)).toEqual({ nope: true });
  });
});
