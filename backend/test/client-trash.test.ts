// Safe deletes (migration 0071, issue 32): a client with a numbered devis or an issued invoice is archived instead
// of deleted (its DE… devis stay); restoring one on the free plan takes a place; purge_client_trash() deletes only
// the caller's clients archived more than 30 days ago without numbered documents.
import type { RunningBackend } from '../src/server.ts';
import { anonClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let user: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  user = await signUpUser(backend, 'trash');
});
afterAll(async () => {
  await backend?.close();
});

let n = 0;
async function client(u: SignedInUser = user): Promise<string> {
  n += 1;
  const { data, error } = await u.client
    .from('clients')
    .insert({ name: `Client ${n}`, email: `trash.${n}.${Date.now()}@example.fr`, user_id: u.id })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

async function quote(clientId: string, numbered: boolean): Promise<string> {
  const { data, error } = await user.client
    .from('quotes')
    .insert({ client_id: clientId, user_id: user.id, project_title: 'Salle de bains' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  if (numbered) await backend.db.query(`update public.quotes set number = 'DE0001' where id = $1`, [data.id]);
  return data.id as string;
}

const exists = async (table: string, id: string) =>
  (await backend.db.query(`select 1 from public.${table} where id = $1`, [id])).rows.length === 1;

it('a client with a numbered devis is archived, never deleted; its devis stays', async () => {
  const id = await client();
  const q = await quote(id, true);
  const deleted = await user.client.from('clients').delete().eq('id', id);
  expect(deleted.error).toBeNull();
  const { data } = await user.client.from('clients').select('archived_at').eq('id', id).single();
  expect(data!.archived_at).not.toBeNull();
  expect(await exists('quotes', q)).toBe(true);
});

it('a client with only draft devis is deleted with them', async () => {
  const id = await client();
  const q = await quote(id, false);
  await user.client.from('clients').delete().eq('id', id);
  expect(await exists('clients', id)).toBe(false);
  expect(await exists('quotes', q)).toBe(false);
});

it('restoring an archived client on the free plan at its limit is refused like an 11th client', async () => {
  const free = await signUpUser(backend, 'trash-free');
  const archived = await client(free);
  await free.client.from('clients').update({ archived_at: new Date().toISOString() }).eq('id', archived);
  for (let i = 0; i < 10; i += 1) await client(free);
  const restore = await free.client.from('clients').update({ archived_at: null }).eq('id', archived);
  expect(restore.error).toMatchObject({ hint: 'client_limit' });
});

it('purge_client_trash deletes only the caller’s clients archived over 30 days ago without numbered documents', async () => {
  const old = await client();
  const oldNumbered = await client();
  await quote(oldNumbered, true);
  const recent = await client();
  const other = await signUpUser(backend, 'trash-other');
  const othersOld = await client(other);
  const ago = new Date(Date.now() - 31 * 86_400_000).toISOString();
  for (const id of [old, oldNumbered, othersOld]) {
    await backend.db.query(`update public.clients set archived_at = $2 where id = $1`, [id, ago]);
  }
  await backend.db.query(`update public.clients set archived_at = now() where id = $1`, [recent]);

  expect((await anonClient(backend).rpc('purge_client_trash')).error).not.toBeNull();
  const { data, error } = await user.client.rpc('purge_client_trash');
  expect(error).toBeNull();
  expect(data).toBe(1);
  expect(await exists('clients', old)).toBe(false);
  expect(await exists('clients', oldNumbered)).toBe(true);
  expect(await exists('clients', recent)).toBe(true);
  expect(await exists('clients', othersOld)).toBe(true);
});
