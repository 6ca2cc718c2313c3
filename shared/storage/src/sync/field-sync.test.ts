// The engine's field-level side against a remote with merge() (the real one is public.sync_merge, tested in
// backend/test/sync-merge.test.ts and sync.test.ts): only changed fields travel, one entry per row in its first
// place, a refused change is undone locally, a conflict is settled by a forced write of the field.
import { parseClock } from './hlc';
import {
  memoryKeyValue,
  PermanentSyncError,
  SyncEngine,
  type FieldChange,
  type SyncRemote,
  type SyncRow,
  type SyncTable,
} from './sync-engine';

function mergingServer() {
  const rows = new Map<string, SyncRow>();
  const sent: Array<{ table: SyncTable; id: string; change: FieldChange }> = [];
  const state = { refuse: null as null | { message: string; hint?: string } };
  let time = 2_000_000_000_000;
  const remote: SyncRemote = {
    async pull() {
      const out: Record<string, SyncRow[]> = {};
      for (const [key, row] of rows) (out[key.split(':')[0]!] ??= []).push(row);
      return { now: new Date(time).toISOString(), rows: out, deleted: [], conflicts: [] };
    },
    async upsert() {
      throw new Error('merge expected');
    },
    async merge(table, id, change) {
      sent.push({ table, id, change });
      if (state.refuse) throw new PermanentSyncError(state.refuse.message, state.refuse.hint);
      time += 1000;
      const key = `${table}:${id}`;
      const before = rows.get(key) ?? ({ id } as SyncRow);
      const stamps = Object.keys(change.fields).map((k) => [k, { c: change.clocks[k], b: change.bases[k] ?? null }]);
      const field_clock = { ...(before.field_clock as object), ...Object.fromEntries(stamps) };
      const row = { ...before, ...change.fields, field_clock, updated_at: new Date(time).toISOString() };
      rows.set(key, row as SyncRow);
      return row as SyncRow;
    },
    async remove() {},
  };
  return { remote, rows, sent, state };
}

let n = 0;
const newId = () => `op-${++n}`;

it('sends only the changed fields with their clock and base, in the first place of the row’s entry', async () => {
  const server = mergingServer();
  const engine = new SyncEngine({ userId: 'u', kv: memoryKeyValue(), remote: server.remote, newId });
  await engine.write('clients', { id: 'c', name: 'Dupont', email: 'd@x.fr', phone: '' });
  await engine.write('quotes', { id: 'q', client_id: 'c', project_title: 'Cuisine' });
  await engine.write('clients', { ...engine.row('clients', 'c')!, phone: '06' });
  await engine.sync();
  expect(server.sent.map((s) => [s.table, Object.keys(s.change.fields).sort()])).toEqual([
    ['clients', ['email', 'name', 'phone']],
    ['quotes', ['client_id', 'project_title']],
  ]);
  await engine.write('clients', { ...engine.row('clients', 'c')!, phone: '07' });
  expect(engine.row('clients', 'c')?.phone).toBe('07');
  await engine.sync();
  const last = server.sent.at(-1)!.change;
  expect(last.fields).toEqual({ phone: '07' });
  expect(last.bases.phone).toBe(server.sent[0]!.change.clocks.phone);
  expect(parseClock(last.clocks.phone!)!.ms).toBeGreaterThanOrEqual(parseClock(last.bases.phone!)!.ms);
  expect(last.clocks.phone! > last.bases.phone!).toBe(true);
  // A write that changes nothing queues nothing.
  await engine.write('clients', { ...engine.row('clients', 'c')! });
  expect(engine.status().pending).toBe(0);
});

it('a refused new row disappears; a refused change of a kept row puts the previous values back', async () => {
  const server = mergingServer();
  const engine = new SyncEngine({ userId: 'u', kv: memoryKeyValue(), remote: server.remote, newId });
  await engine.write('clients', { id: 'ok', name: 'Kept', phone: '01' });
  await engine.sync();
  server.state.refuse = { message: 'Vous avez atteint la limite de 10 clients du plan gratuit.', hint: 'client_limit' };
  await engine.write('clients', { id: 'new', name: 'Eleventh' });
  await engine.write('clients', { ...engine.row('clients', 'ok')!, phone: '02' });
  await engine.sync();
  expect(engine.row('clients', 'new')).toBeUndefined();
  expect(engine.row('clients', 'ok')).toMatchObject({ name: 'Kept', phone: '01' });
  expect(engine.status().rejected.map((r) => [r.entry.id, r.hint, r.row?.name])).toEqual([
    ['new', 'client_limit', 'Eleventh'],
    ['ok', 'client_limit', 'Kept'],
  ]);
  expect(engine.status().pending).toBe(0);
});

it('settling a conflict writes the chosen value again, even when it is the current one', async () => {
  const server = mergingServer();
  const engine = new SyncEngine({ userId: 'u', kv: memoryKeyValue(), remote: server.remote, newId });
  await engine.write('clients', { id: 'c', name: 'Dupont', phone: '02' });
  await engine.sync();
  const conflict = { id: 'k', table: 'clients' as const, row_id: 'c', field: 'phone', value: '01', clock: 'x' };
  await engine.resolveConflict(conflict, 'current');
  expect(server.sent.length).toBe(1);
  await engine.sync();
  expect(server.sent.at(-1)!.change.fields).toEqual({ phone: '02' });
  await engine.resolveConflict(conflict, 'other');
  expect(engine.row('clients', 'c')?.phone).toBe('01');
  await engine.sync();
  expect(server.rows.get('clients:c')?.phone).toBe('01');
});
