// public.sync_merge (migration 0070): field-level merge by hybrid logical clock for every synced table, visible
// conflicts, duplicated / out-of-order / skewed pushes, and an attacker's calls. Runs on PGlite, and on PostgreSQL
// with DATABASE_URL.
import fc from 'fast-check';

import type { RunningBackend } from '../src/server.ts';
import { anonClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let user: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  user = await signUpUser(backend, 'merge');
  other = await signUpUser(backend, 'merge-other');
  // Pro: the tests make more than the free plan's 10 clients.
  await backend.db.query(`insert into public.subscriptions (user_id, plan_id, status) values ($1, 'pro', 'active')`, [
    user.id,
  ]);
});
afterAll(async () => {
  await backend?.close();
});

/** A clock as the browser makes it: 15-digit ms, counter, node. */
const clock = (ms: number, node: string, counter = 0) =>
  `${String(ms).padStart(15, '0')}-${String(counter).padStart(6, '0')}-${node}`;

interface Push {
  fields: Record<string, unknown>;
  clocks: Record<string, string>;
  bases?: Record<string, string | null>;
}

async function merge(u: SignedInUser, table: string, id: string, push: Push) {
  return u.client.rpc('sync_merge', {
    p_table: table,
    p_id: id,
    p_fields: push.fields,
    p_clocks: push.clocks,
    p_bases: push.bases ?? {},
  });
}

async function mergeOk(u: SignedInUser, table: string, id: string, push: Push): Promise<Record<string, unknown>> {
  const { data, error } = await merge(u, table, id, push);
  if (error) throw new Error(`${error.code}: ${error.message}`);
  return data as Record<string, unknown>;
}

async function conflictsOf(u: SignedInUser, rowId: string) {
  const { data, error } = await u.client
    .from('sync_conflicts')
    .select('field, value, clock')
    .eq('row_id', rowId)
    .order('field');
  if (error) throw new Error(error.message);
  return data;
}

const T0 = 1_790_000_000_000;
/** The clock of every test client's creation: before any edit, skewed ones included. */
const SEED = clock(T0 - 172_800_000, 'seed');
let seq = 0;
const newClient = async (u: SignedInUser = user) => {
  const id = crypto.randomUUID();
  seq += 1;
  const fields = { name: 'Dupont', email: `dupont.${seq}.${Date.now()}@example.fr`, phone: '', address: '' };
  const clocks = Object.fromEntries(Object.keys(fields).map((k) => [k, SEED]));
  await mergeOk(u, 'clients', id, { fields, clocks });
  return id;
};

describe('sync_merge', () => {
  it('creates the row, then merges two devices’ edits of different fields whatever the order of arrival', async () => {
    const id = await newClient();
    const base = { phone: SEED, address: SEED };
    // B changed the address at 20:18:15, A the phone at 20:18:17; A arrives first.
    await mergeOk(user, 'clients', id, {
      fields: { phone: '06 00 00 00 02' },
      clocks: { phone: clock(T0 + 17_000, 'A') },
      bases: { phone: base.phone },
    });
    const row = await mergeOk(user, 'clients', id, {
      fields: { address: '3 rue des Lilas' },
      clocks: { address: clock(T0 + 15_000, 'B') },
      bases: { address: base.address },
    });
    expect(row).toMatchObject({ phone: '06 00 00 00 02', address: '3 rue des Lilas', name: 'Dupont' });
    expect(await conflictsOf(user, id)).toEqual([]);
  });

  it('the later change of one field wins by its clock, not by arrival; the loser is kept as a conflict', async () => {
    const id = await newClient();
    const seed = SEED;
    await mergeOk(user, 'clients', id, {
      fields: { phone: '06 00 00 00 02' },
      clocks: { phone: clock(T0 + 20_000, 'A') },
      bases: { phone: seed },
    });
    const row = await mergeOk(user, 'clients', id, {
      fields: { phone: '06 00 00 00 01' },
      clocks: { phone: clock(T0 + 10_000, 'B') },
      bases: { phone: seed },
    });
    expect(row.phone).toBe('06 00 00 00 02');
    expect(await conflictsOf(user, id)).toEqual([
      { field: 'phone', value: '06 00 00 00 01', clock: clock(T0 + 10_000, 'B') },
    ]);
    // The user keeps the other value: a change based on the current clock settles the conflict.
    const settled = await mergeOk(user, 'clients', id, {
      fields: { phone: '06 00 00 00 01' },
      clocks: { phone: clock(T0 + 30_000, 'A') },
      bases: { phone: clock(T0 + 20_000, 'A') },
    });
    expect(settled.phone).toBe('06 00 00 00 01');
    expect(await conflictsOf(user, id)).toEqual([]);
  });

  it('a duplicated push changes nothing; a stale push that the stored change was based on is no conflict', async () => {
    const id = await newClient();
    const seed = SEED;
    const a1 = { fields: { phone: '1' }, clocks: { phone: clock(T0 + 1_000, 'A') }, bases: { phone: seed } };
    const first = await mergeOk(user, 'clients', id, a1);
    const again = await mergeOk(user, 'clients', id, a1);
    expect(again.updated_at).toBe(first.updated_at);
    // B saw A's change and changed it again; A's answer was lost and A pushes once more.
    await mergeOk(user, 'clients', id, {
      fields: { phone: '2' },
      clocks: { phone: clock(T0 + 2_000, 'B') },
      bases: { phone: a1.clocks.phone },
    });
    const row = await mergeOk(user, 'clients', id, a1);
    expect(row.phone).toBe('2');
    expect(await conflictsOf(user, id)).toEqual([]);
  });

  it('merges any column of any synced table (quotes, draft invoices, settings); issued invoices stay immutable', async () => {
    const clientId = await newClient();
    const quoteId = crypto.randomUUID();
    const c = clock(T0 + 5, 'A');
    const quote = await mergeOk(user, 'quotes', quoteId, {
      fields: { client_id: clientId, project_title: 'Cuisine', lines: [{ description: 'x' }], vat_rate: 10 },
      clocks: { client_id: c, project_title: c, lines: c, vat_rate: c },
    });
    expect(quote).toMatchObject({ client_id: clientId, project_title: 'Cuisine', vat_rate: 10, user_id: user.id });
    const setting = await mergeOk(user, 'user_settings', 'tasks', {
      fields: { value: [{ name: 'Peinture' }] },
      clocks: { value: c },
    });
    expect(setting).toMatchObject({ key: 'tasks', value: [{ name: 'Peinture' }] });

    const invoiceId = crypto.randomUUID();
    await mergeOk(user, 'invoices', invoiceId, {
      fields: { client_id: clientId, lines: [{ description: 'Pose', quantity: 1, price: 0 }], status: 'issued' },
      clocks: { client_id: c, lines: c, status: c },
    });
    const { data: draft } = await user.client.from('invoices').select('status, number').eq('id', invoiceId).single();
    expect(draft).toEqual({ status: 'draft', number: null }); // status is the server's: issue_invoice() only
    const issued = await user.client.rpc('issue_invoice', { p_id: invoiceId });
    expect(issued.error).toBeNull();
    const refused = await merge(user, 'invoices', invoiceId, {
      fields: { project_title: 'changé' },
      clocks: { project_title: clock(Date.now() + 60_000, 'A') },
    });
    expect(refused.error?.message).toMatch(/facture émise ne peut pas être modifiée/);
    const paid = await mergeOk(user, 'invoices', invoiceId, {
      fields: { is_paid: true },
      clocks: { is_paid: clock(Date.now() + 60_000, 'A') },
    });
    expect(paid.is_paid).toBe(true);
  });

  it('a change made on the server (REST) is stamped, so an older offline edit does not overwrite it', async () => {
    const id = await newClient();
    const upd = await user.client.from('clients').update({ phone: 'serveur' }).eq('id', id).select('field_clock');
    expect(upd.error).toBeNull();
    const stamp = (upd.data![0]!.field_clock as Record<string, { c: string }>).phone!.c;
    expect(stamp).toMatch(/^\d{15}-000000-server$/);
    const row = await mergeOk(user, 'clients', id, {
      fields: { phone: 'ancien' },
      clocks: { phone: clock(T0 + 1, 'A') },
      bases: { phone: SEED },
    });
    expect(row.phone).toBe('serveur');
  });

  it('an e-mail already used by another client is refused in French; changing the e-mail keeps the same client', async () => {
    const a = await newClient();
    const b = await newClient();
    const { data } = await user.client.from('clients').select('email').eq('id', a).single();
    const clash = await merge(user, 'clients', b, {
      fields: { email: data!.email },
      clocks: { email: clock(T0 + 50, 'A') },
    });
    expect(clash.error).toMatchObject({ code: '23505', message: 'Un autre client utilise déjà cette adresse e-mail.' });
    const moved = await mergeOk(user, 'clients', b, {
      fields: { email: 'nouvelle@example.fr' },
      clocks: { email: clock(T0 + 60, 'A') },
    });
    expect(moved).toMatchObject({ id: b, email: 'nouvelle@example.fr' });
  });

  it('attacker: anonymous, another user’s row, unknown table, missing clock, oversized value', async () => {
    const id = await newClient();
    const push = { fields: { phone: 'pirate' }, clocks: { phone: clock(Date.now() + 1e9, 'X') } };
    const anon = await anonClient(backend).rpc('sync_merge', {
      p_table: 'clients',
      p_id: id,
      p_fields: push.fields,
      p_clocks: push.clocks,
    });
    expect(anon.error).not.toBeNull();
    const stolen = await merge(other, 'clients', id, push);
    expect(stolen.error).not.toBeNull(); // not found for them: an insert with the same id, refused
    const { data: still } = await user.client.from('clients').select('phone').eq('id', id).single();
    expect(still!.phone).toBe('');
    const otherSees = await other.client.from('sync_conflicts').select('id').eq('row_id', id);
    expect(otherSees.data).toEqual([]);

    expect((await merge(user, 'auth.users', id, push)).error?.code).toBe('22023');
    expect((await merge(user, 'profiles', id, push)).error?.code).toBe('22023');
    expect((await merge(user, 'clients', id, { fields: { phone: 'x' }, clocks: {} })).error?.code).toBe('22023');
    const huge = await merge(user, 'clients', id, {
      fields: { name: 'x'.repeat(5_000) },
      clocks: { name: clock(Date.now(), 'A') },
    });
    expect(huge.error?.code).toBe('23514');
    // A column that is not the table's is ignored, never interpolated.
    const odd = await mergeOk(user, 'clients', id, {
      fields: { 'phone = 1; drop table public.clients; --': 'x', user_id: other.id },
      clocks: { 'phone = 1; drop table public.clients; --': clock(Date.now(), 'A'), user_id: clock(Date.now(), 'A') },
    });
    expect(odd.user_id).toBe(user.id);
  });

  it('attacker: a malformed clock (« zzz » would sort after every clock) is refused', async () => {
    const id = await newClient();
    for (const bad of ['zzz', `${clock(Date.now(), 'A')}x-y`, '999999999999999-000000-', '1-000000-A']) {
      const res = await merge(user, 'clients', id, { fields: { phone: 'pirate' }, clocks: { phone: bad } });
      expect(res.error?.code).toBe('22023');
    }
    const { data } = await user.client.from('clients').select('phone').eq('id', id).single();
    expect(data!.phone).toBe('');
  });

  it('a clock from the future (a fast device, or a forged one) is brought back to the server’s time: a later real edit still wins', async () => {
    const id = await newClient();
    const future = await mergeOk(user, 'clients', id, {
      fields: { phone: '06 future' },
      clocks: { phone: clock(Date.now() + 3_600_000 * 24 * 365, 'F') },
      bases: { phone: SEED },
    });
    const kept = (future.field_clock as Record<string, { c: string }>).phone!.c;
    expect(Number(kept.slice(0, 15))).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(kept.endsWith('-F')).toBe(true);
    await new Promise((r) => setTimeout(r, 20));
    const later = await mergeOk(user, 'clients', id, {
      fields: { phone: '06 later' },
      clocks: { phone: clock(Date.now(), 'B') },
      bases: { phone: kept },
    });
    expect(later.phone).toBe('06 later');
    expect(await conflictsOf(user, id)).toEqual([]);
  });
});

describe('sync_merge converges (property-based)', () => {
  type Edit = { device: string; field: 'name' | 'phone' | 'address'; value: string; ms: number };
  const fields = ['name', 'phone', 'address'] as const;

  /** Each device's edits in its order, with base = the previous clock the device had for that field. */
  function pushesOf(edits: Edit[]): Array<Push & { device: string }> {
    const seen = new Map<string, string>();
    const counters = new Map<string, number>();
    return edits.map((e, i) => {
      const n = (counters.get(e.device) ?? 0) + 1;
      counters.set(e.device, n);
      const c = clock(T0 + e.ms, e.device, n * 100 + i);
      const key = `${e.device}:${e.field}`;
      const push = {
        device: e.device,
        fields: { [e.field]: e.value },
        clocks: { [e.field]: c },
        bases: { [e.field]: seen.get(key) ?? SEED },
      };
      seen.set(key, c);
      return push;
    });
  }

  const editArb = fc.record({
    device: fc.constantFrom('A', 'B', 'C'),
    field: fc.constantFrom(...fields),
    value: fc.string({ minLength: 1, maxLength: 8 }),
    // Skewed clocks: offsets over a whole day either way.
    ms: fc.integer({ min: -86_400_000, max: 86_400_000 }),
  });

  it('any interleaving, with duplicates, gives the same row and the same conflicts', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(editArb, { minLength: 1, maxLength: 6 }),
        fc.infiniteStream(fc.nat()),
        fc.array(fc.nat(), { maxLength: 3 }),
        async (edits, randomness, duplicates) => {
          const pushes = pushesOf(edits);
          // A random interleaving that keeps each device's own order (its outbox), plus re-sent pushes.
          const queues = new Map<string, typeof pushes>();
          for (const p of pushes) queues.set(p.device, [...(queues.get(p.device) ?? []), p]);
          const order: typeof pushes = [];
          const rand = randomness[Symbol.iterator]();
          while ([...queues.values()].some((q) => q.length)) {
            const live = [...queues.values()].filter((q) => q.length);
            order.push(live[rand.next().value % live.length]!.shift()!);
          }
          // A push is sent again (its answer lost) any time after it was first sent.
          for (const d of duplicates) {
            const again = pushes[d % pushes.length]!;
            const first = order.indexOf(again);
            order.splice(first + 1 + (d % (order.length - first)), 0, again);
          }

          const a = await newClient();
          const b = await newClient();
          for (const p of pushes) await mergeOk(user, 'clients', a, p); // the order the edits were made
          for (const p of order) await mergeOk(user, 'clients', b, p);
          const rowA = (await user.client.from('clients').select('name, phone, address').eq('id', a).single()).data!;
          const rowB = (await user.client.from('clients').select('name, phone, address').eq('id', b).single()).data!;
          expect(rowB).toEqual(rowA);
          // Each field holds the value of its greatest clock.
          for (const f of fields) {
            const mine = pushes.filter((p) => f in p.fields);
            if (!mine.length) continue;
            const winner = mine.reduce((x, y) => (y.clocks[f]! > x.clocks[f]! ? y : x));
            expect(rowB[f]).toBe(winner.fields[f]);
          }
          expect(await conflictsOf(user, b)).toEqual(await conflictsOf(user, a));
        },
      ),
      { numRuns: 25, seed: 32 },
    );
  }, 120_000);
});
