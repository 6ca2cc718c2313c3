// merge_clients (migration 0072, issue 32): the merged client's devis and draft invoices move to the kept one, its
// issued invoices stay (immutable) and are found through merged_into, it is archived; attackers refused.
import type { RunningBackend } from '../src/server.ts';
import { anonClient, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;
let user: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend();
  user = await signUpUser(backend, 'merge-clients');
  other = await signUpUser(backend, 'merge-clients-other');
});
afterAll(async () => {
  await backend?.close();
});

let n = 0;
async function client(fields: Record<string, string> = {}): Promise<string> {
  n += 1;
  const { data, error } = await user.client
    .from('clients')
    .insert({ name: `Client ${n}`, email: `merge.${n}.${Date.now()}@example.fr`, user_id: user.id, ...fields })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

async function insert(table: string, row: Record<string, unknown>): Promise<string> {
  const { data, error } = await user.client
    .from(table)
    .insert({ user_id: user.id, ...row })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return data.id as string;
}

const clientOf = async (table: string, id: string) =>
  (await backend.db.query(`select client_id from public.${table} where id = $1`, [id])).rows[0]?.client_id;

it('moves devis and draft invoices, keeps issued invoices on the archived client, fills empty fields', async () => {
  const keep = await client({ phone: '' });
  const merged = await client({ phone: '06 11 22 33 44', address: '2 rue Neuve' });
  const quote = await insert('quotes', { client_id: merged, project_title: 'Cuisine' });
  const draft = await insert('invoices', {
    client_id: merged,
    lines: [{ description: 'Pose', quantity: 1, unitPrice: 50 }],
  });
  const issued = await insert('invoices', {
    client_id: merged,
    lines: [{ description: 'Pose', quantity: 1, unitPrice: 100 }],
  });
  expect((await user.client.rpc('issue_invoice', { p_id: issued })).error).toBeNull();

  const { data, error } = await user.client.rpc('merge_clients', { p_keep: keep, p_merged: merged });
  expect(error).toBeNull();
  expect(data).toMatchObject({ id: keep, phone: '06 11 22 33 44', address: '2 rue Neuve' });
  expect(await clientOf('quotes', quote)).toBe(keep);
  expect(await clientOf('invoices', draft)).toBe(keep);
  expect(await clientOf('invoices', issued)).toBe(merged);
  const { data: gone } = await user.client.from('clients').select('archived_at, merged_into').eq('id', merged).single();
  expect(gone!.archived_at).not.toBeNull();
  expect(gone!.merged_into).toBe(keep);
});

it('refuses the same client twice, a client of another user, anonymous callers', async () => {
  const a = await client();
  const b = await client();
  expect((await user.client.rpc('merge_clients', { p_keep: a, p_merged: a })).error?.message).toBe(
    'Choisissez deux clients différents à fusionner.',
  );
  expect((await other.client.rpc('merge_clients', { p_keep: a, p_merged: b })).error?.code).toBe('P0002');
  const theirs = (
    await other.client
      .from('clients')
      .insert({ name: 'Autre', email: `autre.${Date.now()}@example.fr`, user_id: other.id })
      .select('id')
      .single()
  ).data!.id as string;
  expect((await user.client.rpc('merge_clients', { p_keep: a, p_merged: theirs })).error?.code).toBe('P0002');
  expect((await anonClient(backend).rpc('merge_clients', { p_keep: a, p_merged: b })).error).not.toBeNull();
  const { data } = await other.client.from('clients').select('archived_at').eq('id', theirs).single();
  expect(data!.archived_at).toBeNull();
});
