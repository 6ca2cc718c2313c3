// Offline devis numbers (issue 14, migration 0040): numbers reserved per device, counted in the quota while held,
// confirmed on reconnect, released when unused — no duplicates; and (migration 0083, decision 0053) usable on the
// day they were reserved for, carried over while nothing was numbered above them, so dates never go backwards.
import type { RunningBackend } from '../src/server.ts';
import { raw, serviceClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend?.close();
});

interface SyncResult {
  plan: string;
  quotes_used: number;
  remaining: number | null;
  held: { number: string; month: string; day: string }[];
  confirmed: string[];
  conflicts: string[];
}

const PHONE = 'device-phone-0001';
const LAPTOP = 'device-laptop-0002';

async function sync(user: SignedInUser, device: string, used: { number: string; used_at?: string }[] = [], keep = 2) {
  const res = await user.client.rpc('sync_quote_reservations', { p_device_id: device, p_used: used, p_keep: keep });
  expect(res.error).toBeNull();
  return res.data as SyncResult;
}

const numbers = (r: SyncResult) => r.held.map((h) => h.number);
const parisDay = (date = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' })
    .format(date)
    .slice(0, 10);
const thisMonth = () => parisDay().slice(0, 7);
/** An earlier day of this month when there is one (else the 1st: the tests then also move the month). */
const earlierDay = () => {
  const today = parisDay();
  return today.endsWith('-01') ? today : `${today.slice(0, 8)}01`;
};

async function consume(user: SignedInUser) {
  return (await user.client.rpc('consume_quote_credit')).data as {
    allowed: boolean;
    quotes_used: number;
    remaining: number | null;
    number: string | null;
  };
}

async function setPlan(user: SignedInUser, plan: 'pro' | 'enterprise') {
  await serviceClient(backend).from('subscriptions').insert({ user_id: user.id, plan_id: plan, status: 'active' });
}

describe('sync_quote_reservations', () => {
  it('reserves a block per device within the free quota; held numbers count in the quota until confirmed', async () => {
    const user = await signUpUser(backend, 'reserve');
    const phone = await sync(user, PHONE);
    expect(phone).toMatchObject({ plan: 'free', quotes_used: 0, remaining: 1, confirmed: [], conflicts: [] });
    expect(phone.held).toEqual([
      { number: 'DE0001', month: thisMonth(), day: parisDay() },
      { number: 'DE0002', month: thisMonth(), day: parisDay() },
    ]);
    // Idempotent: a second sync keeps the same block.
    expect(numbers(await sync(user, PHONE))).toEqual(['DE0001', 'DE0002']);
    // Another device only gets what is left of the quota (3 a month on free).
    const laptop = await sync(user, LAPTOP);
    expect(numbers(laptop)).toEqual(['DE0003']);
    expect(laptop.remaining).toBe(0);
    // Online, the quota is taken: held numbers count.
    expect(await consume(user)).toMatchObject({ allowed: false, number: null, quotes_used: 0 });

    // The phone used DE0002 offline, then syncs: counted, topped up only within the quota (nothing left).
    const back = await sync(user, PHONE, [{ number: 'DE0002', used_at: new Date().toISOString() }]);
    expect(back).toMatchObject({ quotes_used: 1, remaining: 0, confirmed: ['DE0002'], conflicts: [] });
    expect(numbers(back)).toEqual(['DE0001']);
    // A retried sync does not count it twice.
    expect(await sync(user, PHONE, [{ number: 'DE0002' }])).toMatchObject({ quotes_used: 1, confirmed: ['DE0002'] });
    // A number this device never held is a conflict, not counted.
    expect(await sync(user, PHONE, [{ number: 'DE0003' }, { number: 'DE0099' }])).toMatchObject({
      quotes_used: 1,
      conflicts: ['DE0003', 'DE0099'],
    });
    const used = await user.client.from('user_quotas').select('quotes_used').single();
    expect(used.data).toEqual({ quotes_used: 1 });
    const rows = await user.client.from('quote_number_reservations').select('number, state, device_id').order('number');
    expect(rows.data).toEqual([
      { number: 'DE0001', state: 'held', device_id: PHONE },
      { number: 'DE0002', state: 'used', device_id: PHONE },
      { number: 'DE0003', state: 'held', device_id: LAPTOP },
    ]);
  });

  it('releases unused reservations of an earlier month; reserved for an earlier day, they are not used again', async () => {
    const user = await signUpUser(backend, 'release');
    await setPlan(user, 'pro');
    expect(numbers(await sync(user, PHONE, [], 3))).toEqual(['DE0001', 'DE0002', 'DE0003']);
    expect((await consume(user)).number).toBe('DE0004');
    // The month changes: the reservations now belong to last month.
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const monthStart = lastMonth.toISOString().slice(0, 8) + '01';
    const moved = await serviceClient(backend)
      .from('quote_number_reservations')
      .update({ month: monthStart, day: monthStart })
      .eq('user_id', user.id);
    expect(moved.error).toBeNull();
    // The phone used DE0002 before the month ended; DE0001 and DE0003 were not used: released.
    const back = await sync(user, PHONE, [{ number: 'DE0002' }], 1);
    expect(back.confirmed).toEqual(['DE0002']);
    // DE0004 was numbered after them: a devis numbered DE0001 or DE0003 today would be dated after DE0004's.
    // They are never used (a gap, allowed for devis); new numbers instead.
    expect(numbers(back)).toEqual(['DE0005']);
    expect((await consume(user)).number).toBe('DE0006');
    const rows = await user.client.from('quote_number_reservations').select('number, state').order('number');
    expect(rows.data).toEqual([
      { number: 'DE0001', state: 'released' },
      { number: 'DE0002', state: 'used' },
      { number: 'DE0003', state: 'released' },
      { number: 'DE0005', state: 'held' },
    ]);
  });

  it('releases the reservations of a device that never came back once the following month is over', async () => {
    const user = await signUpUser(backend, 'gone');
    await setPlan(user, 'pro');
    expect(numbers(await sync(user, 'device-lost-0001', [], 2))).toEqual(['DE0001', 'DE0002']);
    await serviceClient(backend)
      .from('quote_number_reservations')
      .update({ month: '2020-01-01', day: '2020-01-15' })
      .eq('user_id', user.id);
    // Released, not handed out again (reserved for a day long gone); their quota credit is back.
    expect((await consume(user)).number).toBe('DE0003');
    const rows = await user.client.from('quote_number_reservations').select('number, state').order('number');
    expect(rows.data).toEqual([
      { number: 'DE0001', state: 'released' },
      { number: 'DE0002', state: 'released' },
    ]);
  });

  it('hands a number released on the day it was reserved for out again that day (no gap)', async () => {
    const user = await signUpUser(backend, 'sameday');
    await setPlan(user, 'pro');
    expect(numbers(await sync(user, PHONE, [], 2))).toEqual(['DE0001', 'DE0002']);
    // Released today (its month moved back, its day kept): nothing above it can be dated before today.
    await serviceClient(backend)
      .from('quote_number_reservations')
      .update({ month: '2020-01-01' })
      .eq('user_id', user.id);
    expect((await consume(user)).number).toBe('DE0001');
    expect((await consume(user)).number).toBe('DE0002');
    expect((await consume(user)).number).toBe('DE0003');
  });

  it('carries a device’s block over to the next day when nothing was numbered above it (no gap)', async () => {
    const user = await signUpUser(backend, 'carry');
    await setPlan(user, 'pro');
    expect(numbers(await sync(user, PHONE, [], 3))).toEqual(['DE0001', 'DE0002', 'DE0003']);
    const yesterday = earlierDay();
    if (yesterday === parisDay()) return; // the 1st of the month: covered by the month tests above
    await serviceClient(backend).from('quote_number_reservations').update({ day: yesterday }).eq('user_id', user.id);
    // Used DE0001 yesterday; DE0002 and DE0003 carried over to today, nothing new reserved.
    const back = await sync(user, PHONE, [{ number: 'DE0001', used_at: `${yesterday}T10:00:00Z` }], 3);
    expect(back.confirmed).toEqual(['DE0001']);
    expect(back.held).toEqual([
      { number: 'DE0002', month: thisMonth(), day: parisDay() },
      { number: 'DE0003', month: thisMonth(), day: parisDay() },
      { number: 'DE0004', month: thisMonth(), day: parisDay() },
    ]);
  });

  it('releases a device’s earlier-day numbers overtaken by a devis numbered since, so dates never go backwards', async () => {
    const user = await signUpUser(backend, 'overtaken');
    await setPlan(user, 'pro');
    expect(numbers(await sync(user, PHONE, [], 2))).toEqual(['DE0001', 'DE0002']);
    const yesterday = earlierDay();
    if (yesterday === parisDay()) return;
    await serviceClient(backend)
      .from('quote_number_reservations')
      .update({ day: yesterday })
      .eq('user_id', user.id)
      .eq('device_id', PHONE);
    // Today, the laptop numbers devis: one online (DE0003), one from its own block (DE0004, DE0005).
    expect((await consume(user)).number).toBe('DE0003');
    expect(numbers(await sync(user, LAPTOP, [], 2))).toEqual(['DE0004', 'DE0005']);
    // The phone comes back: DE0001 was used yesterday (before all of them); DE0002, unused, would be dated today
    // below DE0003: released, never used. Its new numbers come after the laptop's.
    const back = await sync(user, PHONE, [{ number: 'DE0001', used_at: `${yesterday}T18:00:00Z` }], 2);
    expect(back.confirmed).toEqual(['DE0001']);
    expect(numbers(back)).toEqual(['DE0006', 'DE0007']);
    expect((await consume(user)).number).toBe('DE0008');
    // The laptop's own block (reserved today) is untouched by the phone's sync.
    const laptop = await sync(user, LAPTOP, [], 2);
    expect(laptop.held.map((h) => [h.number, h.day])).toEqual([
      ['DE0004', parisDay()],
      ['DE0005', parisDay()],
    ]);
  });

  it('never gives the same number to two devices or to an online devis, even concurrently', async () => {
    const user = await signUpUser(backend, 'race');
    await setPlan(user, 'enterprise');
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => sync(user, `device-race-000${i}`, [], 3).then(numbers)),
      ...Array.from({ length: 4 }, () => consume(user).then((r) => [r.number as string])),
    ]);
    const all = results.flat();
    expect(all).toHaveLength(16);
    expect(new Set(all).size).toBe(16);
    expect([...all].sort()).toEqual(Array.from({ length: 16 }, (_, i) => `DE${String(i + 1).padStart(4, '0')}`));
  });

  it('is refused to anon, checks its arguments, and only the owner reads the reservations', async () => {
    const user = await signUpUser(backend, 'owner');
    const other = await signUpUser(backend, 'other');
    await sync(user, PHONE);
    const anon = await raw(backend, '/rest/v1/rpc/sync_quote_reservations', {
      method: 'POST',
      body: JSON.stringify({ p_device_id: PHONE }),
    });
    expect(anon.status).toBeGreaterThanOrEqual(400);
    for (const args of [
      { p_device_id: 'short' },
      { p_device_id: PHONE, p_keep: 6 },
      { p_device_id: PHONE, p_used: { number: 'DE0001' } },
      { p_device_id: PHONE, p_used: Array.from({ length: 51 }, () => ({ number: 'DE0001' })) },
    ]) {
      const bad = await user.client.rpc('sync_quote_reservations', args);
      expect(bad.error?.code).toBe('22023');
    }
    // Entries that are not objects, or numbers of another user, are conflicts: nothing confirmed, nothing counted.
    const odd = await user.client.rpc('sync_quote_reservations', {
      p_device_id: PHONE,
      p_used: ['DE0001', 42, null, { number: { nested: ['DE0001'] } }],
    });
    expect(odd.error).toBeNull();
    expect((odd.data as SyncResult).confirmed).toEqual([]);
    expect((odd.data as SyncResult).quotes_used).toBe(0);
    const stolen = await other.client.rpc('sync_quote_reservations', {
      p_device_id: PHONE,
      p_used: [{ number: 'DE0001' }],
      p_keep: 0,
    });
    expect((stolen.data as SyncResult).conflicts).toEqual(['DE0001']);
    const seen = await other.client.from('quote_number_reservations').select('number');
    expect(seen.data).toEqual([]);
    // Nobody writes the table directly.
    const forged = await user.client
      .from('quote_number_reservations')
      .insert({ user_id: user.id, number: 'DE0100', device_id: PHONE, state: 'held', month: '2026-11-01' });
    expect(forged.error).not.toBeNull();
    // Deleting the user removes the reservations (cascade).
    const svc = serviceClient(backend);
    const before = await svc.from('quote_number_reservations').select('number').eq('user_id', user.id);
    expect(before.data?.length).toBe(2);
    await backend.db.query('delete from auth.users where id = $1', [user.id]);
    const after = await svc.from('quote_number_reservations').select('number').eq('user_id', user.id);
    expect(after.data).toEqual([]);
  });
});
