// PostgREST-compatible /rest/v1 through postgrest-js: profiles, isolation by RLS, quotas and the numbering RPCs.
import type { RunningBackend } from '../src/server.ts';
import {
  anonClient,
  PROFILE_METADATA,
  raw,
  serviceClient,
  signUpUser,
  startTestBackend,
  type SignedInUser,
} from './helpers.ts';

let backend: RunningBackend;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  alice = await signUpUser(backend, 'alice');
  bob = await signUpUser(backend, 'bob');
});
afterAll(async () => {
  await backend?.close();
});

describe('profiles', () => {
  it('reads and updates the own profile', async () => {
    const updated = await alice.client
      .from('profiles')
      .update({ phone: '07 00 00 00 01', company_name: 'Alice SARL' })
      .eq('id', alice.id)
      .select('id, phone, company_name, updated_at')
      .single();
    expect(updated.error).toBeNull();
    expect(updated.data).toMatchObject({ id: alice.id, phone: '07 00 00 00 01', company_name: 'Alice SARL' });

    const read = await alice.client.from('profiles').select('first_name, phone').eq('id', alice.id).maybeSingle();
    expect(read.data).toEqual({ first_name: PROFILE_METADATA.first_name, phone: '07 00 00 00 01' });
  });

  it('upserts the own profile on its primary key', async () => {
    const { data, error } = await alice.client
      .from('profiles')
      .upsert({ id: alice.id, first_name: 'Alice', last_name: 'Durand' }, { onConflict: 'id' })
      .select()
      .single();
    expect(error).toBeNull();
    expect(data).toMatchObject({ id: alice.id, first_name: 'Alice', last_name: 'Durand', company_name: 'Alice SARL' });
  });
});

describe('isolation (row-level security)', () => {
  it('user A cannot read user B’s profile or quotas', async () => {
    const profiles = await alice.client.from('profiles').select('*');
    expect(profiles.data?.map((p) => p.id)).toEqual([alice.id]);
    const bobsProfile = await alice.client.from('profiles').select('*').eq('id', bob.id);
    expect(bobsProfile.data).toEqual([]);
    const single = await alice.client.from('profiles').select('*').eq('id', bob.id).single();
    expect(single.status).toBe(406);
    expect(single.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' });
    const quotas = await alice.client.from('user_quotas').select('*');
    expect(quotas.data?.map((q) => q.user_id)).toEqual([alice.id]);
  });

  it('user A cannot update or delete user B’s profile', async () => {
    const update = await alice.client.from('profiles').update({ first_name: 'Pirate' }).eq('id', bob.id).select();
    expect(update.error).toBeNull();
    expect(update.data).toEqual([]);
    const del = await alice.client.from('profiles').delete().eq('id', bob.id).select();
    expect(del.data).toEqual([]);
    const bobs = await bob.client.from('profiles').select('first_name').single();
    expect(bobs.data).toEqual({ first_name: PROFILE_METADATA.first_name });
  });

  it('user A cannot insert a row for B, nor change their quotas', async () => {
    const insert = await alice.client.from('profiles').insert({ id: bob.id, first_name: 'Pirate' });
    expect(insert.status).toBe(403);
    expect(insert.error?.code).toBe('42501');
    const own = await alice.client.from('user_quotas').update({ quotes_used: 0 }).eq('user_id', alice.id).select();
    expect(own.data ?? []).toEqual([]); // no update policy: even the own row is read-only
    const subscription = await alice.client
      .from('subscriptions')
      .insert({ user_id: alice.id, plan_id: 'pro', status: 'active' });
    expect(subscription.error?.code).toBe('42501');
  });

  it('anon sees nothing and may not write', async () => {
    const anon = anonClient(backend);
    expect((await anon.from('profiles').select('*')).data).toEqual([]);
    expect((await anon.from('user_quotas').select('*')).data).toEqual([]);
    const insert = await anon.from('profiles').insert({ id: alice.id });
    expect(insert.status).toBe(401);
    expect(insert.error?.code).toBe('42501');
  });

  it('the service role sees every row', async () => {
    const { data } = await serviceClient(backend).from('profiles').select('id').in('id', [alice.id, bob.id]);
    expect(data?.map((p) => p.id).sort()).toEqual([alice.id, bob.id].sort());
  });
});

describe('PostgREST query features', () => {
  it('filters, orders, limits and counts', async () => {
    const admin = serviceClient(backend);
    const ids = [alice.id, bob.id];
    const ordered = await admin
      .from('profiles')
      .select('id, first_name')
      .in('id', ids)
      .order('first_name', { ascending: false });
    expect(ordered.data?.map((p) => p.first_name)).toEqual(['Jeanne', 'Alice']);
    const counted = await admin.from('profiles').select('id', { count: 'exact' }).in('id', ids).limit(1);
    expect(counted.count).toBe(2);
    expect(counted.data).toHaveLength(1);
    expect(counted.status).toBe(206);
    const ilike = await admin.from('profiles').select('id').in('id', ids).ilike('first_name', 'ali%');
    expect(ilike.data).toEqual([{ id: alice.id }]);
    const or = await admin.from('profiles').select('id').in('id', ids).or('first_name.eq.Alice,last_name.eq.Nobody');
    expect(or.data).toEqual([{ id: alice.id }]);
    const not = await admin.from('profiles').select('id').in('id', ids).not('first_name', 'eq', 'Alice');
    expect(not.data).toEqual([{ id: bob.id }]);
    const isNull = await admin.from('profiles').select('id').eq('id', bob.id).is('siret', null);
    expect(isNull.data).toEqual([]);
    const range = await admin.from('profiles').select('id').in('id', ids).order('id').range(1, 1);
    expect(range.data).toEqual([{ id: [alice.id, bob.id].sort()[1] }]);
    const alias = await admin.from('profiles').select('prenom:first_name').eq('id', alice.id).single();
    expect(alias.data).toEqual({ prenom: 'Alice' });
    const head = await admin.from('profiles').select('*', { count: 'exact', head: true }).in('id', ids);
    expect(head.count).toBe(2);
  });

  it('inserts, upserts on a conflict column and deletes as the service role (subscriptions)', async () => {
    const admin = serviceClient(backend);
    const created = await admin
      .from('subscriptions')
      .insert({ user_id: bob.id, plan_id: 'pro', status: 'active' })
      .select('plan_id, status')
      .single();
    expect(created.error).toBeNull();
    expect(created.status).toBe(201);
    expect(created.data).toEqual({ plan_id: 'pro', status: 'active' });
    const duplicate = await admin.from('subscriptions').insert({ user_id: bob.id, plan_id: 'pro', status: 'active' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    const upserted = await admin
      .from('subscriptions')
      .upsert({ user_id: bob.id, plan_id: 'enterprise', status: 'active' }, { onConflict: 'user_id' })
      .select('plan_id');
    expect(upserted.data).toEqual([{ plan_id: 'enterprise' }]);
    const ignored = await admin
      .from('subscriptions')
      .upsert({ user_id: bob.id, plan_id: 'free' }, { onConflict: 'user_id', ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    const mine = await bob.client.from('subscriptions').select('plan_id, status').single();
    expect(mine.data).toEqual({ plan_id: 'enterprise', status: 'active' });
    expect((await alice.client.from('subscriptions').select('*')).data).toEqual([]);
    const removed = await admin.from('subscriptions').delete().eq('user_id', bob.id);
    expect(removed.status).toBe(204);
    expect((await bob.client.from('subscriptions').select('*')).data).toEqual([]);
  });
});

describe('Prefer and HEAD', () => {
  it('tx=rollback answers as if committed but changes nothing; HEAD carries the count only', async () => {
    const res = await raw(backend, `/rest/v1/profiles?id=eq.${alice.id}&select=siret`, {
      method: 'PATCH',
      token: alice.accessToken,
      headers: { prefer: 'return=representation,tx=rollback' },
      body: JSON.stringify({ siret: '99999999999999' }),
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([{ siret: '99999999999999' }]);
    const after = await alice.client.from('profiles').select('siret').single();
    expect(after.data?.siret).not.toBe('99999999999999');

    const head = await fetch(`${backend.url}/rest/v1/profiles?select=id`, {
      method: 'HEAD',
      headers: { apikey: backend.anonKey, authorization: `Bearer ${alice.accessToken}`, prefer: 'count=exact' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-range')).toBe('0-0/1');
    expect(await head.text()).toBe('');
  });
});

describe('quote credits and numbering', () => {
  it('allows 3 free quotes a month with gapless numbers, then refuses (even when called directly)', async () => {
    const user = await signUpUser(backend, 'quota');
    const results = [];
    for (let i = 0; i < 4; i++) results.push((await user.client.rpc('consume_quote_credit')).data);
    expect(results.slice(0, 3)).toEqual([
      { allowed: true, plan: 'free', quotes_used: 1, remaining: 2, number: 'DE0001' },
      { allowed: true, plan: 'free', quotes_used: 2, remaining: 1, number: 'DE0002' },
      { allowed: true, plan: 'free', quotes_used: 3, remaining: 0, number: 'DE0003' },
    ]);
    expect(results[3]).toEqual({ allowed: false, plan: 'free', quotes_used: 3, remaining: 0, number: null });
    const direct = await raw(backend, '/rest/v1/rpc/consume_quote_credit', {
      method: 'POST',
      body: '{}',
      token: user.accessToken,
    });
    expect(direct.json).toMatchObject({ allowed: false, number: null });
    const quotas = await user.client.from('user_quotas').select('quotes_used').single();
    expect(quotas.data).toEqual({ quotes_used: 3 });

    // A new month: the service role moves last_reset back; the next call starts again at 1.
    const moved = await serviceClient(backend)
      .from('user_quotas')
      .update({ last_reset: new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString() })
      .eq('user_id', user.id);
    expect(moved.error).toBeNull();
    const next = await user.client.rpc('consume_quote_credit');
    expect(next.data).toEqual({ allowed: true, plan: 'free', quotes_used: 1, remaining: 2, number: 'DE0004' });
  });

  it('is unlimited on an active paid plan', async () => {
    const user = await signUpUser(backend, 'pro');
    await serviceClient(backend).from('subscriptions').insert({ user_id: user.id, plan_id: 'pro', status: 'active' });
    for (let i = 0; i < 4; i++) await user.client.rpc('consume_quote_credit');
    const fifth = await user.client.rpc('consume_quote_credit');
    expect(fifth.data).toEqual({ allowed: true, plan: 'pro', quotes_used: 5, remaining: null, number: 'DE0005' });
  });

  it('never hands out the same number twice under concurrency', async () => {
    const user = await signUpUser(backend, 'concurrent');
    await serviceClient(backend)
      .from('subscriptions')
      .insert({ user_id: user.id, plan_id: 'enterprise', status: 'active' });
    const numbers = await Promise.all(
      Array.from({ length: 8 }, () => user.client.rpc('consume_quote_credit').then((r) => r.data.number as string)),
    );
    expect(new Set(numbers).size).toBe(8);
    expect([...numbers].sort()).toEqual([
      'DE0001',
      'DE0002',
      'DE0003',
      'DE0004',
      'DE0005',
      'DE0006',
      'DE0007',
      'DE0008',
    ]);
  });

  it('numbers invoices per user (FA0001…), separately from quotes', async () => {
    expect((await alice.client.rpc('next_document_number', { kind: 'invoice' })).data).toBe('FA0001');
    expect((await alice.client.rpc('next_document_number', { kind: 'invoice' })).data).toBe('FA0002');
    expect((await bob.client.rpc('next_document_number', { kind: 'invoice' })).data).toBe('FA0001');
    const bad = await alice.client.rpc('next_document_number', { kind: 'quote' });
    expect(bad.status).toBe(400);
    expect(bad.error?.code).toBe('22023');
    const anon = await anonClient(backend).rpc('next_document_number', { kind: 'invoice' });
    expect(anon.status).toBe(401);
    expect(anon.error?.code).toBe('42501');
    const unknown = await alice.client.rpc('no_such_function');
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
  });
});
