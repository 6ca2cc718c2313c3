import {
  memoryKeyValue,
  PermanentSyncError,
  SyncEngine,
  type PullResult,
  type SyncRemote,
  type SyncRow,
  type SyncTable,
} from './sync-engine';

/** A server in memory: rows with their updated_at, tombstones, and a switch to lose answers or be offline. */
function fakeServer() {
  const rows = new Map<string, SyncRow & { table: SyncTable }>();
  const deleted: Array<{ table: SyncTable; id: string; at: number }> = [];
  let clock = 1_000_000;
  const state = { offline: false, loseAnswer: false, upserts: 0 };
  const remote: SyncRemote = {
    async pull(since): Promise<PullResult> {
      if (state.offline) throw new Error('Failed to fetch');
      const after = since ? Date.parse(since) : -Infinity;
      const out: PullResult['rows'] = {};
      for (const row of rows.values()) {
        if (Date.parse(row.updated_at) <= after) continue;
        const { table, ...rest } = row;
        (out[table] ??= []).push(rest as SyncRow);
      }
      return {
        now: new Date(clock).toISOString(),
        rows: out,
        deleted: deleted.filter((d) => d.at > after).map(({ table, id }) => ({ table, id })),
      };
    },
    async upsert(table, row) {
      if (state.offline) throw new Error('Failed to fetch');
      if (row.name === 'refused') throw new PermanentSyncError('Vous avez atteint la limite de 10 clients');
      state.upserts += 1;
      clock += 1000;
      const saved = { ...row, table, updated_at: new Date(clock).toISOString() };
      rows.set(`${table}:${row.id}`, saved);
      if (state.loseAnswer) {
        state.loseAnswer = false;
        throw new Error('network lost after commit');
      }
      const { table: _t, ...rest } = saved;
      return rest as SyncRow;
    },
    async remove(table, id) {
      if (state.offline) throw new Error('Failed to fetch');
      clock += 1000;
      rows.delete(`${table}:${id}`);
      deleted.push({ table, id, at: clock });
    },
  };
  return {
    remote,
    rows,
    state,
    tick: (ms: number) => (clock += ms),
    serverWrite: (table: SyncTable, row: SyncRow) => {
      clock += 1000;
      rows.set(`${table}:${row.id}`, { ...row, table, updated_at: new Date(clock).toISOString() });
    },
  };
}

let ids = 0;
const newId = () => `op-${++ids}`;

/** An engine on `server` whose pulls ask only for what changed since the last one (no overlap). */
const pullingEngine = (server: ReturnType<typeof fakeServer>) =>
  new SyncEngine({ userId: 'u1', kv: memoryKeyValue(), remote: server.remote, newId, pullOverlapMs: 0 });

describe('SyncEngine', () => {
  it('pushes a change made offline exactly once, across a reload, even when an answer is lost', async () => {
    const server = fakeServer();
    const data = new Map<string, unknown>();
    server.state.offline = true;
    const first = new SyncEngine({ userId: 'u1', kv: memoryKeyValue(data), remote: server.remote, newId });
    await first.write('clients', { id: 'c1', name: 'Dupont', email: 'd@x.fr' });
    await first.sync();
    expect(first.status().pending).toBe(1);
    expect(first.status().error).toBe('Failed to fetch');

    // Reload: a new engine over the same local store still has the row and its outbox.
    server.state.offline = false;
    server.state.loseAnswer = true;
    const second = new SyncEngine({ userId: 'u1', kv: memoryKeyValue(data), remote: server.remote, newId });
    await second.load();
    expect(second.rows('clients').map((r) => r.name)).toEqual(['Dupont']);
    await second.sync(); // the server commits, the answer is lost: the entry stays queued
    expect(second.status().pending).toBe(1);
    await second.sync();
    expect(second.status().pending).toBe(0);
    expect([...server.rows.keys()]).toEqual(['clients:c1']);
    await second.sync();
    expect([...server.rows.keys()]).toEqual(['clients:c1']);
  });

  it('stores a written row and its outbox entry together (no row without its queued push after a reload)', async () => {
    const server = fakeServer();
    const data = new Map<string, unknown>();
    const plain = memoryKeyValue(data);
    const batches: string[][] = [];
    const kv = {
      ...plain,
      // One transaction: all of it or none of it.
      setMany: async (list: Array<[string, unknown]>) => {
        batches.push(list.map(([key]) => key));
        for (const [key, value] of list) await plain.set(key, value);
      },
    };
    const engine = new SyncEngine({ userId: 'u1', kv, remote: server.remote, newId });
    await engine.write('clients', { id: 'c1', name: 'Dupont' });
    const batch = batches.find((keys) => keys.some((key) => key.includes('c1')));
    expect(batch).toBeDefined();
    expect(batch!.some((key) => key.includes('outbox'))).toBe(true);
    // After a reload the queued push is there with the row.
    const reloaded = new SyncEngine({ userId: 'u1', kv: memoryKeyValue(data), remote: server.remote, newId });
    await reloaded.sync();
    expect(server.rows.get('clients:c1')?.name).toBe('Dupont');
  });

  it('pulls rows changed since the last sync and deletions', async () => {
    const server = fakeServer();
    const engine = pullingEngine(server);
    server.serverWrite('clients', { id: 'a', name: 'A', updated_at: '' });
    await engine.sync();
    expect(engine.rows('clients').map((r) => r.id)).toEqual(['a']);
    server.serverWrite('clients', { id: 'b', name: 'B', updated_at: '' });
    await server.remote.remove('clients', 'a');
    await engine.sync();
    expect(engine.rows('clients').map((r) => r.id)).toEqual(['b']);
    expect(engine.status().lastSync).not.toBeNull();
  });

  it('a sync asked for while one is under way runs again after it, once for all callers, and sees a later change', async () => {
    const server = fakeServer();
    const engine = pullingEngine(server);
    const pull = server.remote.pull.bind(server.remote);
    let pulls = 0;
    const later: Promise<void>[] = [];
    server.remote.pull = async (since) => {
      const result = await pull(since);
      pulls += 1;
      if (pulls === 1) {
        // The run under way has read the server; an invoice is marked paid there (an RPC), then its caller syncs.
        server.serverWrite('invoices', { id: 'i1', is_paid: true, updated_at: '' });
        later.push(engine.sync(), engine.sync());
      }
      return result;
    };
    await engine.sync();
    expect(later[1]).toBe(later[0]);
    await later[0];
    expect(engine.row('invoices', 'i1')).toMatchObject({ is_paid: true });
    expect(pulls).toBe(2);
  });

  it('last write wins by updated_at for clients; the server wins for issued invoices', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({
      userId: 'u1',
      kv: memoryKeyValue(),
      remote: server.remote,
      newId,
      now: () => new Date(5_000_000_000_000),
    });
    server.serverWrite('clients', { id: 'c', name: 'Server', updated_at: '' });
    server.serverWrite('invoices', { id: 'i', status: 'issued', number: 'FA0001', updated_at: '' });
    server.state.offline = true;
    await engine.sync();
    server.state.offline = false;
    await engine.load();
    // A local edit newer than the server's row is kept and pushed.
    await engine.write('clients', { id: 'c', name: 'Local' });
    await engine.sync();
    expect(engine.row('clients', 'c')?.name).toBe('Local');
    expect(server.rows.get('clients:c')?.name).toBe('Local');
    expect(engine.row('invoices', 'i')).toMatchObject({ number: 'FA0001' });
    await expect(engine.write('invoices', { id: 'i', status: 'issued', number: 'FA0099' })).rejects.toThrow(
      'Un document émis ne peut pas être modifié.',
    );
  });

  it('drops an entry the server refuses for good and reports its message', async () => {
    const server = fakeServer();
    const engine = new SyncEngine({ userId: 'u1', kv: memoryKeyValue(), remote: server.remote, newId });
    await engine.write('clients', { id: 'x', name: 'refused', email: 'r@x.fr' });
    await engine.write('clients', { id: 'y', name: 'Accepted', email: 'a@x.fr' });
    await engine.sync();
    expect(engine.status().pending).toBe(0);
    expect(engine.status().rejected.map((r) => r.message)).toEqual(['Vous avez atteint la limite de 10 clients']);
    expect([...server.rows.keys()]).toEqual(['clients:y']);
  });

  it('keeps one local store per user and clears it on demand', async () => {
    const server = fakeServer();
    const stores = new Map<string, Map<string, unknown>>();
    const kvFor = (user: string) => memoryKeyValue(stores.get(user) ?? stores.set(user, new Map()).get(user));
    server.state.offline = true;
    const alice = new SyncEngine({ userId: 'alice', kv: kvFor('alice'), remote: server.remote, newId });
    await alice.write('clients', { id: 'c', name: 'Client of Alice' });
    const bob = new SyncEngine({ userId: 'bob', kv: kvFor('bob'), remote: server.remote, newId });
    await bob.load();
    expect(bob.rows('clients')).toEqual([]);
    await alice.clear();
    expect(stores.get('alice')?.size).toBe(0);
  });
});
