// Issue 25 §2–3, as an attacker sends it: a second legacy import, an oversized or deeply nested one, an import
// that forges FA numbers, rows without ids, a 7 MB body anywhere on /rest/v1, and an RPC called in a loop.
import { randomUUID } from 'node:crypto';

import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

let backend: RunningBackend;

beforeAll(async () => {
  backend = await startTestBackend();
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

const rpc = (user: SignedInUser, body: string) =>
  raw(backend, '/rest/v1/rpc/import_legacy_data', { method: 'POST', token: user.accessToken, body });

function invoice(number: string | null, id: string | null = randomUUID()) {
  return {
    id,
    legacy_id: `legacy-${Math.random().toString(36).slice(2)}`,
    number,
    issue_date: '2019-01-15',
    lines: [],
  };
}

describe('legacy import', () => {
  it('forged FA numbers land in the import series and never move the FA counter; rows without id are reported', async () => {
    const user = await signUpUser(backend, 'import-forger');
    const res = await rpc(
      user,
      JSON.stringify({
        p_clients: [
          {
            email: 'cible@example.fr',
            name: 'Cible',
            invoices: [invoice('FA0500'), invoice('FA0501', null), invoice('FA0502', 'not-a-uuid')],
            quotes: [{ legacy_id: 'q-no-id', lines: [] }],
          },
        ],
      }),
    );
    expect(res.status).toBe(200);
    const body = res.json as { invoices: number; errors: Array<{ kind: string; message: string }> };
    expect(body.invoices).toBe(1);
    expect(body.errors).toHaveLength(3);
    expect(body.errors.map((e) => e.kind).sort()).toEqual(['invoice', 'invoice', 'quote']);
    expect(body.errors[0]!.message).toMatch(/identifiant/);
    const { data } = await user.client.from('invoices').select('number, status');
    expect(data).toEqual([{ number: 'IMP-FA0500', status: 'issued' }]);
    const { data: counters } = await user.client.from('document_counters').select('kind, last_number');
    expect((counters ?? []).find((c) => c.kind === 'invoice')).toBeUndefined();

    // Once per account.
    const second = await rpc(user, JSON.stringify({ p_clients: [] }));
    expect(second.status).toBe(400);
    expect(second.json).toMatchObject({ code: 'P0001', hint: 'legacy_import_done' });
  });

  it('more than 1 000 clients (more than a 50-client lot): 400 before anything is written', async () => {
    const user = await signUpUser(backend, 'import-big');
    const clients = Array.from({ length: 1001 }, (_, i) => ({ email: `c${i}@example.fr` }));
    const res = await rpc(user, JSON.stringify({ p_clients: clients }));
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ hint: 'legacy_import_too_large' });
    const { data } = await user.client.from('clients').select('id');
    expect(data).toEqual([]);
  });

  it('a body over 2 MB: 413 JSON, quickly, and the connection still answers', async () => {
    const user = await signUpUser(backend, 'import-huge');
    const started = Date.now();
    const res = await rpc(user, JSON.stringify({ p_clients: [{ email: 'x@example.fr', name: 'x'.repeat(2_200_000) }] }));
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'PGRST413' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('deeply nested JSON: 400, never 500', async () => {
    const user = await signUpUser(backend, 'import-deep');
    for (const depth of [100, 100_000]) {
      const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const res = await rpc(user, `{"p_clients":[{"email":"a@example.fr","quotes":${deep}}]}`);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'PGRST102' });
    }
    const res = await raw(backend, '/rest/v1/clients', {
      method: 'POST',
      token: user.accessToken,
      body: `{"name":"a","email":"b@example.fr","address":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`,
    });
    expect(res.status).toBe(400);
  });

  it('called in a loop: limited per user with 429 and Retry-After', async () => {
    const user = await signUpUser(backend, 'import-loop');
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    // 60 calls a minute: a 1 000-client import is 40 lots of 25 (migration 0053).
    for (let i = 0; i < 62; i += 1) {
      const res = await rpc(user, JSON.stringify({ p_clients: [] }));
      statuses.push(res.status);
      if (res.status === 429) retryAfter = res.headers.get('retry-after');
    }
    expect(statuses.slice(60)).toEqual([429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    // Another user is not affected.
    const other = await signUpUser(backend, 'import-other');
    expect((await rpc(other, JSON.stringify({ p_clients: [] }))).status).toBe(200);
  });
});

describe('request bodies everywhere', () => {
  it('a 7 MB body on /rest/v1 gets a 413 JSON answer, not a closed socket', async () => {
    const user = await signUpUser(backend, 'seven-mb');
    const res = await raw(backend, '/rest/v1/clients', {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({ name: 'x'.repeat(7 * 1024 * 1024), email: 'big@example.fr' }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.json).toMatchObject({ code: 'PGRST413' });
  });
});

describe('headers', () => {
  it('every backend answer carries X-Content-Type-Options: nosniff', async () => {
    for (const path of ['/rest/v1/clients', '/auth/v1/health', '/functions/v1/nope', '/stripe-sandbox/x', '/nope']) {
      const res = await raw(backend, path);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});
