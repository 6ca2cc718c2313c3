// Issue 25 §4–5, as an attacker sends it: a user ties their devis / facture / avoir to another user's client,
// devis or facture (ids leak through URLs and exports) → refused at insert like any foreign key (PostgREST 409,
// 23503); deleting an account with issued invoices and avoirs never fails (admin RPC and admin API); an owner
// deletes their own draft invoice while an issued one keeps its French refusal.
import type { RunningBackend } from '../src/server.ts';
import { anonClient, raw, serviceClient, signUpUser, startTestBackend, uniqueEmail, type SignedInUser } from './helpers.ts';

const ADMIN_EMAIL = uniqueEmail('patron-owner');
const ADMIN_PASSWORD = 'Patron-Secret-2026!';

let backend: RunningBackend;
let victim: SignedInUser;
let attacker: SignedInUser;

beforeAll(async () => {
  backend = await startTestBackend({ adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  victim = await signUpUser(backend, 'owner-victim');
  attacker = await signUpUser(backend, 'owner-attacker');
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

async function client(user: SignedInUser, email = uniqueEmail('client')): Promise<string> {
  const { data, error } = await user.client
    .from('clients')
    .insert({ user_id: user.id, name: 'Client', email })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

async function draft(user: SignedInUser, clientId: string | null, extra: Record<string, unknown> = {}) {
  return user.client
    .from('invoices')
    .insert({
      user_id: user.id,
      client_id: clientId,
      project_title: 'Salle de bain',
      lines: [{ name: 'Carrelage', unit: 'm2', price: 40, quantity: 10 }],
      total_ht_cents: 40000,
      tva_cents: 8000,
      total_ttc_cents: 48000,
      snapshot: { client: { name: 'Client', email: 'c@example.fr' } },
      ...extra,
    })
    .select('id')
    .single();
}

async function quote(user: SignedInUser, clientId: string | null) {
  return user.client
    .from('quotes')
    .insert({ user_id: user.id, client_id: clientId, project_title: 'Cuisine', lines: [] })
    .select('id')
    .single();
}

describe('references stay within one owner', () => {
  let victimClient: string;
  beforeAll(async () => {
    victimClient = await client(victim);
  });

  it("a devis, a draft facture or an update pointing at another user's client: 409 23503, nothing written", async () => {
    for (const attempt of [await quote(attacker, victimClient), await draft(attacker, victimClient)]) {
      expect(attempt.data).toBeNull();
      expect(attempt.error).toMatchObject({ code: '23503' });
      expect(attempt.status).toBe(409);
    }
    const rawInsert = await raw(backend, '/rest/v1/invoices', {
      method: 'POST',
      token: attacker.accessToken,
      body: JSON.stringify({ user_id: attacker.id, client_id: victimClient }),
    });
    expect(rawInsert.status).toBe(409);
    expect(rawInsert.json).toMatchObject({ code: '23503', details: expect.any(String), hint: null });
    expect((rawInsert.json as { message: string }).message).toMatch(/foreign key/);

    const own = await draft(attacker, await client(attacker));
    expect(own.error).toBeNull();
    const moved = await attacker.client
      .from('invoices')
      .update({ client_id: victimClient })
      .eq('id', (own.data as { id: string }).id)
      .select();
    expect(moved.error).toMatchObject({ code: '23503' });

    const { rows } = await backend.db.query(
      `select (select count(*) from public.quotes where client_id = $1 and user_id <> $2)
            + (select count(*) from public.invoices where client_id = $1 and user_id <> $2) as n`,
      [victimClient, victim.id],
    );
    expect(Number((rows[0] as { n: number }).n)).toBe(0);
  });

  it("a facture naming another user's devis is refused", async () => {
    const victimQuote = await quote(victim, victimClient);
    expect(victimQuote.error).toBeNull();
    const attempt = await draft(attacker, null, { quote_id: (victimQuote.data as { id: string }).id });
    expect(attempt.error).toMatchObject({ code: '23503' });
    expect(attempt.status).toBe(409);
  });

  it('the victim can still delete the client the attacker tried to reference', async () => {
    const del = await victim.client.from('clients').delete().eq('id', victimClient).select('id');
    expect(del.error).toBeNull();
    expect(del.data).toEqual([{ id: victimClient }]);
  });
});

describe('draft invoices and their owner', () => {
  it('the owner deletes a draft; an issued invoice keeps its French refusal', async () => {
    const user = await signUpUser(backend, 'draft-owner');
    const clientId = await client(user);
    const a = (await draft(user, clientId)).data as { id: string };
    const del = await user.client.from('invoices').delete().eq('id', a.id).select('id');
    expect(del.error).toBeNull();
    expect(del.data).toEqual([{ id: a.id }]);

    const b = (await draft(user, clientId)).data as { id: string };
    expect((await user.client.rpc('issue_invoice', { p_id: b.id })).error).toBeNull();
    const refused = await user.client.from('invoices').delete().eq('id', b.id);
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toBe('Une facture émise ne peut pas être supprimée : émettez un avoir (Annuler).');
    // Another user cannot delete someone's draft (RLS: nothing matches).
    const c = (await draft(user, clientId)).data as { id: string };
    const foreign = await attacker.client.from('invoices').delete().eq('id', c.id).select('id');
    expect(foreign.data).toEqual([]);
  });
});

describe('deleting an account never fails', () => {
  async function userWithHistory(prefix: string): Promise<SignedInUser> {
    const user = await signUpUser(backend, prefix);
    const clientId = await client(user);
    expect((await quote(user, clientId)).error).toBeNull();
    for (let i = 0; i < 2; i += 1) {
      const inv = (await draft(user, clientId)).data as { id: string };
      expect((await user.client.rpc('issue_invoice', { p_id: inv.id })).error).toBeNull();
      if (i === 0) expect((await user.client.rpc('issue_credit_note', { p_invoice_id: inv.id })).error).toBeNull();
    }
    expect((await draft(user, clientId)).error).toBeNull();
    return user;
  }

  async function leftovers(userId: string): Promise<number> {
    const { rows } = await backend.db.query(
      `select (select count(*) from public.clients where user_id = $1) + (select count(*) from public.quotes where user_id = $1)
            + (select count(*) from public.invoices where user_id = $1)
            + (select count(*) from public.credit_notes where user_id = $1) as n`,
      [userId],
    );
    return Number((rows[0] as { n: number }).n);
  }

  it('with issued invoices and avoirs: the administrator deletes it (delete_user and the admin API)', async () => {
    const admin = anonClient(backend);
    const signIn = await admin.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    expect(signIn.error).toBeNull();

    const first = await userWithHistory('history-rpc');
    const rpc = await admin.rpc('delete_user', { user_email: first.email });
    expect(rpc.error).toBeNull();
    expect(await leftovers(first.id)).toBe(0);

    const second = await userWithHistory('history-api');
    const api = await serviceClient(backend).auth.admin.deleteUser(second.id);
    expect(api.error).toBeNull();
    expect(await leftovers(second.id)).toBe(0);
    // The other accounts are untouched.
    expect(await leftovers(attacker.id)).toBeGreaterThan(0);
  }, 60_000);
});
