// Issue 29.3: the sign-up's company details are the user's company settings from the start (migration 0080).
import type { RunningBackend } from '../src/server.ts';
import { anonClient, PROFILE_METADATA, raw, signUpUser, startTestBackend, uniqueEmail } from './helpers.ts';

let backend: RunningBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(async () => {
  await backend.close();
});

async function companyInfo(client: ReturnType<typeof anonClient>): Promise<Record<string, unknown> | null> {
  const { data, error } = await client.from('user_settings').select('value').eq('key', 'companyInfo').maybeSingle();
  if (error) throw error;
  return (data?.value as Record<string, unknown> | undefined) ?? null;
}

it('saves the sign-up company, address, phone, SIRET and account email as companyInfo', async () => {
  const user = await signUpUser(backend, 'entreprise');
  expect(await companyInfo(user.client)).toEqual({
    name: PROFILE_METADATA.company_name,
    address: PROFILE_METADATA.address,
    phone: PROFILE_METADATA.phone,
    email: user.email,
    siret: PROFILE_METADATA.siret,
  });
});

it('stores nothing for a sign-up without company details, and nothing is readable by another user', async () => {
  const client = anonClient(backend);
  const email = uniqueEmail('sans-entreprise');
  const { error } = await client.auth.signUp({ email, password: 'Chantier-2026!' });
  expect(error).toBeNull();
  // Only the account email is known: it is the company email until the user says otherwise.
  expect(await companyInfo(client)).toEqual({ email });

  const other = await signUpUser(backend, 'voisin');
  const { data } = await other.client.from('user_settings').select('user_id, value').eq('key', 'companyInfo');
  expect(data?.map((row) => row.user_id)).toEqual([other.id]);
});

it('fills only the empty fields of settings the user already saved', async () => {
  const user = await signUpUser(backend, 'deja');
  const saved = { name: 'Plomberie Martin', address: '', phone: '01 02 03 04 05', website: 'https://martin.fr' };
  const { error } = await user.client.from('user_settings').update({ value: saved }).eq('key', 'companyInfo');
  expect(error).toBeNull();

  await backend.db.query(`select public.seed_company_settings($1::uuid, public.signup_company_info($2::jsonb, $3))`, [
    user.id,
    JSON.stringify(PROFILE_METADATA),
    user.email,
  ]);
  expect(await companyInfo(user.client)).toEqual({
    name: 'Plomberie Martin',
    address: PROFILE_METADATA.address,
    phone: '01 02 03 04 05',
    email: user.email,
    siret: PROFILE_METADATA.siret,
    website: 'https://martin.fr',
  });
});

it('the seeding function is not callable through the API (anonymous or signed in)', async () => {
  const user = await signUpUser(backend, 'intrus');
  const body = JSON.stringify({ p_user_id: user.id, p_signup: { name: 'Pirate' } });
  for (const token of [undefined, user.accessToken]) {
    const res = await raw(backend, '/rest/v1/rpc/seed_company_settings', { method: 'POST', body, token });
    expect([401, 403, 404]).toContain(res.status);
  }
  expect((await companyInfo(user.client))?.name).toBe(PROFILE_METADATA.company_name);
});
