// /storage/v1 through supabase-js storage.from('documents'): upload/download/list/remove, RLS by owner folder
// between two users and for anon, the size counted in user_quotas.storage_used_mb, the plan's limit refused with
// a French message, and an account deletion removing its files.
import type { RunningBackend } from '../src/server.ts';
import { anonClient, serviceClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

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

const pdf = (size: number) => new Blob([new Uint8Array(size).fill(37)], { type: 'application/pdf' });

async function usedMb(userId: string): Promise<number> {
  const { rows } = await backend.db.query(
    'select storage_used_mb::float8 as mb from public.user_quotas where user_id = $1',
    [userId],
  );
  return Number(rows[0]?.mb);
}

describe('documents bucket', () => {
  it('uploads, downloads, lists and removes an own file; counts its size', async () => {
    const bucket = alice.client.storage.from('documents');
    const before = await usedMb(alice.id);
    const up = await bucket.upload(`${alice.id}/facture-FA0001.pdf`, pdf(2048), { contentType: 'application/pdf' });
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({
      path: `${alice.id}/facture-FA0001.pdf`,
      fullPath: `documents/${alice.id}/facture-FA0001.pdf`,
    });
    expect((await usedMb(alice.id)) - before).toBeCloseTo(2048 / 1048576, 8);

    const again = await bucket.upload(`${alice.id}/facture-FA0001.pdf`, pdf(10));
    expect(again.error).not.toBeNull(); // no upsert: the archived PDF is not overwritten

    const raw = await bucket.upload(`${alice.id}/sub/avoir-AV0001.pdf`, new Uint8Array([1, 2, 3]), {
      contentType: 'application/pdf',
      upsert: true,
    });
    expect(raw.error).toBeNull();

    const down = await bucket.download(`${alice.id}/facture-FA0001.pdf`);
    expect(down.error).toBeNull();
    expect(down.data?.size).toBe(2048);
    expect(down.data?.type).toBe('application/pdf');

    const list = await bucket.list(alice.id, { sortBy: { column: 'name', order: 'asc' } });
    expect(list.error).toBeNull();
    expect(list.data?.map((f) => f.name)).toEqual(['sub', 'facture-FA0001.pdf']);
    expect(list.data?.[1]?.metadata).toMatchObject({ size: 2048, mimetype: 'application/pdf' });

    const removed = await bucket.remove([`${alice.id}/facture-FA0001.pdf`, `${alice.id}/sub/avoir-AV0001.pdf`]);
    expect(removed.error).toBeNull();
    expect(removed.data).toHaveLength(2);
    expect(await usedMb(alice.id)).toBeCloseTo(before, 8);
  });

  it('isolates owner folders between two users and from anon', async () => {
    const path = `${alice.id}/facture-FA0002.pdf`;
    await alice.client.storage.from('documents').upload(path, pdf(100));

    const bobDown = await bob.client.storage.from('documents').download(path);
    expect(bobDown.error).not.toBeNull();
    const bobList = await bob.client.storage.from('documents').list(alice.id);
    expect(bobList.data).toEqual([]);
    const bobRemove = await bob.client.storage.from('documents').remove([path]);
    expect(bobRemove.data).toEqual([]);
    const bobWrite = await bob.client.storage.from('documents').upload(`${alice.id}/pirate.pdf`, pdf(10));
    expect(bobWrite.error).not.toBeNull();
    const bobOverwrite = await bob.client.storage.from('documents').upload(path, pdf(10), { upsert: true });
    expect(bobOverwrite.error).not.toBeNull();

    const anon = anonClient(backend).storage.from('documents');
    expect((await anon.download(path)).error).not.toBeNull();
    expect((await anon.upload(`${alice.id}/anon.pdf`, pdf(10))).error).not.toBeNull();
    expect((await anon.list(alice.id)).data ?? []).toEqual([]);

    const still = await alice.client.storage.from('documents').download(path);
    expect(still.data?.size).toBe(100);
  });

  it('refuses an upload past the plan’s storage limit with a French message; pro has more room', async () => {
    const user = await signUpUser(backend, 'full');
    await backend.db.query('update public.user_quotas set storage_used_mb = 99.999 where user_id = $1', [user.id]);
    const refused = await user.client.storage.from('documents').upload(`${user.id}/facture-FA0001.pdf`, pdf(4096));
    expect(refused.error?.message).toMatch(/Espace de stockage insuffisant : votre plan est limité à 100 Mo/);
    expect(await usedMb(user.id)).toBeCloseTo(99.999, 6);

    await serviceClient(backend).from('subscriptions').insert({ user_id: user.id, plan_id: 'pro', status: 'active' });
    const accepted = await user.client.storage.from('documents').upload(`${user.id}/facture-FA0001.pdf`, pdf(4096));
    expect(accepted.error).toBeNull();
  });

  it('an account deletion removes its objects and their bytes', async () => {
    const user = await signUpUser(backend, 'gone');
    await user.client.storage.from('documents').upload(`${user.id}/facture-FA0001.pdf`, pdf(100));
    const removed = await serviceClient(backend).auth.admin.deleteUser(user.id);
    expect(removed.error).toBeNull();
    const { rows } = await backend.db.query(
      `select count(*)::int as n from storage.objects where owner = $1 or name like $2`,
      [user.id, `${user.id}/%`],
    );
    expect(rows[0]?.n).toBe(0);
    const orphans = await backend.db.query(
      'select count(*)::int as n from storage.object_contents c where not exists (select 1 from storage.objects o where o.id = c.object_id)',
    );
    expect(orphans.rows[0]?.n).toBe(0);
  });
});
