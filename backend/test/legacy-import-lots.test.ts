// The legacy import in lots (migration 0053, issue 25 §2/§3), as the browser and an attacker send it: ≤ 50
// clients per call, lots adding up to ≤ 1 000 clients, once per account after the final lot, each lot short.
import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

const lot = (user: SignedInUser, clients: unknown[], final?: boolean) =>
  raw(backend, '/rest/v1/rpc/import_legacy_data', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify(final === undefined ? { p_clients: clients } : { p_clients: clients, p_final: final }),
  });

const clients = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    email: `c${from + i}@example.fr`,
    name: `C${from + i}`,
    quotes: [],
    invoices: [],
  }));

async function pro(user: SignedInUser): Promise<void> {
  await backend.db.query(
    `insert into public.subscriptions (user_id, plan_id, status) values ($1::uuid, 'pro', 'active')
     on conflict (user_id) do update set plan_id = 'pro', status = 'active'`,
    [user.id],
  );
}

it('lots add up until the final one; then every call is refused (once per account)', async () => {
  const user = await signUpUser(backend, 'lots');
  await pro(user);
  const durations: number[] = [];
  for (const [i, final] of [false, false, true].entries()) {
    const started = performance.now();
    const res = await lot(user, clients(i * 50, i === 2 ? 25 : 50), final);
    durations.push(performance.now() - started);
    expect([i, res.status]).toEqual([i, 200]);
    expect(res.json).toMatchObject({ clients: i === 2 ? 25 : 50, skipped: 0 });
  }
  const { count } = await user.client.from('clients').select('id', { count: 'exact', head: true });
  expect(count).toBe(125);
  for (const body of [[], clients(900, 1)]) {
    const again = await lot(user, body, false);
    expect(again.status).toBe(400);
    expect(again.json).toMatchObject({ code: 'P0001', hint: 'legacy_import_done' });
  }
  const single = await lot(user, []);
  expect(single.json).toMatchObject({ hint: 'legacy_import_done' });
  process.stdout.write(`[lots] ${backend.db.engine}: 50-client lots took ${durations.map(Math.round).join(', ')} ms\n`);
});

it('a lot of more than 50 clients, or 500 documents, is refused before anything is written', async () => {
  const user = await signUpUser(backend, 'lots-big');
  await pro(user);
  const big = await lot(user, clients(0, 51), false);
  expect(big.status).toBe(400);
  expect(big.json).toMatchObject({ hint: 'legacy_import_too_large' });
  const docs = [{ email: 'd@example.fr', quotes: Array.from({ length: 501 }, () => ({ lines: [] })), invoices: [] }];
  const heavy = await lot(user, docs, false);
  expect(heavy.json).toMatchObject({ hint: 'legacy_import_too_large' });
  const { data } = await user.client.from('clients').select('id');
  expect(data).toEqual([]);
  // Nothing counted: the import can still start.
  expect((await lot(user, clients(0, 1), true)).status).toBe(200);
});

it('lots never add up past 1 000 clients (an import left unfinished cannot grow forever)', async () => {
  const user = await signUpUser(backend, 'lots-cap');
  await pro(user);
  for (let i = 0; i < 20; i += 1) {
    const res = await lot(
      user,
      clients(i * 50, 50).map((c) => ({ email: c.email })),
      false,
    );
    expect([i, res.status]).toEqual([i, 200]);
  }
  const over = await lot(user, clients(1000, 1), false);
  expect(over.status).toBe(400);
  expect(over.json).toMatchObject({ hint: 'legacy_import_too_large' });
  const { count } = await user.client.from('clients').select('id', { count: 'exact', head: true });
  expect(count).toBe(1000);
}, 120_000);

it('another user cannot finish or feed someone else’s import; anonymous callers are refused', async () => {
  const anon = await raw(backend, '/rest/v1/rpc/import_legacy_data', {
    method: 'POST',
    body: JSON.stringify({ p_clients: [], p_final: true }),
  });
  expect([401, 403]).toContain(anon.status);
  const owner = await signUpUser(backend, 'lots-owner');
  const other = await signUpUser(backend, 'lots-other');
  expect((await lot(owner, clients(0, 2), false)).status).toBe(200);
  expect((await lot(other, [], true)).status).toBe(200); // finishes the other user's own (empty) import only
  expect((await lot(owner, clients(2, 1), true)).status).toBe(200);
  const { count } = await owner.client.from('clients').select('id', { count: 'exact', head: true });
  expect(count).toBe(3);
});

it('across lots: a client sent again in any case is the same client; an invoice sent again is skipped, a taken number or an unreadable one reported (0116)', async () => {
  const user = await signUpUser(backend, 'lots-again');
  await pro(user);
  const id = () => crypto.randomUUID();
  const first = id();
  const invoice = (invoiceId: string, legacyId: string, number: string, extra: object = {}) => ({
    id: invoiceId,
    legacy_id: legacyId,
    number,
    issue_date: '2019-01-15',
    lines: [],
    ...extra,
  });
  const one = await lot(
    user,
    [{ email: 'Dupont@Example.fr', name: 'Dupont', invoices: [invoice(first, 'f1', 'X1')], quotes: [] }],
    false,
  );
  expect(one.json).toMatchObject({ clients: 1, invoices: 1, errors: [] });
  const two = await lot(
    user,
    [
      {
        email: ' dupont@example.FR ',
        name: 'Dupont bis',
        address: '1 rue Neuve',
        invoices: [
          invoice(first, 'f1', 'X1'), // the same invoice again: skipped, nothing said
          invoice(id(), 'f1', 'X9'), // the same legacy id under a new id: skipped too
          invoice(id(), 'f2', 'X1'), // a new invoice under a number already imported: reported
          invoice(id(), 'f3', 'X3', { issue_date: 'pas une date' }), // unreadable: reported
        ],
        quotes: [],
      },
      { email: 'neuf@example.fr', name: 'Neuf', invoices: [], quotes: [] },
      { email: 'NEUF@example.fr', name: 'Neuf en double', invoices: [], quotes: [] },
    ],
    true,
  );
  expect(two.status).toBe(200);
  const body = two.json as { clients: number; invoices: number; errors: Array<{ legacy_id: string; message: string }> };
  expect({ clients: body.clients, invoices: body.invoices }).toEqual({ clients: 1, invoices: 0 });
  expect(body.errors.map((e) => [e.legacy_id, e.message])).toEqual([
    ['f2', 'Numéro de facture déjà importé : non importée.'],
    ['f3', 'Facture illisible : non importée.'],
  ]);
  const { data: rows } = await user.client.from('clients').select('name, email, address').order('name');
  expect(rows).toEqual([
    { name: 'Dupont', email: 'Dupont@Example.fr', address: '1 rue Neuve' },
    { name: 'Neuf', email: 'neuf@example.fr', address: '' },
  ]);
  const { data: invoices } = await user.client.from('invoices').select('number');
  expect(invoices).toEqual([{ number: 'IMP-X1' }]);
});
