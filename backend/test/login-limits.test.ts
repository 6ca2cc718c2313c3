// Login limits without lock-out (issue 25 item 6), as an attacker would try: wrong passwords from one address,
// then spread over many; the owner — and the administrator — still get in from another address, at worst after
// a recovery link, which resets the account's counters. Addresses are real: requests leave from 127.0.0.x.
import { request } from 'node:http';

import { createClient } from '@supabase/supabase-js';

import { LoginThrottle } from '../src/auth/login-throttle.ts';
import type { RunningBackend } from '../src/server.ts';
import { signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

const ADMIN = { email: 'admin-limits@atelier.local', password: 'Admin-Limits-2026!' };

/** fetch whose requests leave from `localAddress` (another client address on the loopback network). */
function fetchFrom(localAddress: string): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const body =
      init?.body === undefined || init.body === null
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : Buffer.from(await new Response(init.body).arrayBuffer());
    return new Promise<Response>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: url.port,
          path: `${url.pathname}${url.search}`,
          method: init?.method ?? 'GET',
          headers: Object.fromEntries(headers),
          localAddress,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v));
            const status = res.statusCode ?? 500;
            resolve(
              new Response(status === 204 || status === 304 ? null : Buffer.concat(chunks), { status, headers: out }),
            );
          });
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }) as typeof fetch;
}

class NoRealtimeSocket {
  constructor() {
    throw new Error('realtime is not part of the local backend');
  }
}

function clientFrom(backend: RunningBackend, address: string) {
  return createClient(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchFrom(address) },
    realtime: { transport: NoRealtimeSocket as unknown as typeof WebSocket },
  });
}

async function signIn(backend: RunningBackend, address: string, email: string, password: string) {
  const { data, error } = await clientFrom(backend, address).auth.signInWithPassword({ email, password });
  return { session: data.session, error: error as (Error & { status?: number; code?: string }) | null };
}

/** Recovery from `address`: the mail of the local mailbox, its link followed from the same address. */
async function recoverFrom(backend: RunningBackend, address: string, email: string): Promise<string> {
  const { error } = await clientFrom(backend, address).auth.resetPasswordForEmail(email);
  expect(error).toBeNull();
  const mails = (await (await fetch(`${backend.mailboxUrl}messages`)).json()) as Array<{ to: string; text: string }>;
  const mail = mails.find((m) => m.to === email);
  const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail?.text ?? '')?.[1];
  expect(link).toBeDefined();
  const res = await fetchFrom(address)(link!, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const params = new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));
  expect(params.get('type')).toBe('recovery');
  return params.get('access_token')!;
}

describe('LoginThrottle (pure, clock given)', () => {
  it('delays grow by doubling past the free allowance, are capped, and are forgotten; never a lock', () => {
    const t = new LoginThrottle();
    const t0 = 1_000_000;
    for (let i = 0; i < 5; i++) {
      expect(t.retryAfterSeconds('a@x.fr', '1.1.1.1', t0)).toBe(0);
      t.failed('a@x.fr', '1.1.1.1', t0);
    }
    expect(t.retryAfterSeconds('a@x.fr', '1.1.1.1', t0)).toBe(2);
    let now = t0;
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const wait = t.retryAfterSeconds('a@x.fr', '1.1.1.1', now);
      waits.push(wait);
      now += wait * 1000;
      expect(t.retryAfterSeconds('a@x.fr', '1.1.1.1', now)).toBe(0); // after the wait, one more try is allowed
      t.failed('a@x.fr', '1.1.1.1', now);
    }
    expect(waits.slice(0, 6)).toEqual([2, 4, 8, 16, 32, 64]);
    expect(Math.max(...waits)).toBe(900); // 15 minutes at most between two tries
    // Another address on the same account: only the account-wide delay, capped at one minute.
    expect(t.retryAfterSeconds('a@x.fr', '2.2.2.2', now)).toBeLessThanOrEqual(60);
    // Forgotten after a quiet quarter of an hour past the last delay.
    expect(t.retryAfterSeconds('a@x.fr', '1.1.1.1', now + 16 * 60_000 + 900_000)).toBe(0);
  });

  it('a mailbox proof resets the account and its address; the attacker’s address stays slowed', () => {
    const t = new LoginThrottle();
    const now = 5_000_000;
    for (let i = 0; i < 12; i++) t.failed('v@x.fr', `10.0.0.${i % 3}`, now);
    expect(t.retryAfterSeconds('v@x.fr', '9.9.9.9', now)).toBeGreaterThan(0);
    t.provedMailbox('v@x.fr', '9.9.9.9');
    expect(t.retryAfterSeconds('v@x.fr', '9.9.9.9', now)).toBe(0);
    expect(t.retryAfterSeconds('v@x.fr', '10.0.0.0', now)).toBe(0); // 4 failures each: under the per-pair allowance
    for (let i = 0; i < 2; i++) t.failed('v@x.fr', '10.0.0.0', now);
    expect(t.retryAfterSeconds('v@x.fr', '10.0.0.0', now)).toBeGreaterThan(0);
  });
});

describe('over HTTP, from several client addresses', () => {
  let backend: RunningBackend;
  let owner: SignedInUser;

  beforeAll(async () => {
    backend = await startTestBackend({
      adminEmail: ADMIN.email,
      adminPassword: ADMIN.password,
      authLimits: { signUpsPerIpPerHour: 1_000_000, emailsPerIpPerHour: 1_000_000 },
    });
    owner = await signUpUser(backend, 'owner');
  }, 120_000);

  afterAll(async () => {
    await backend?.close();
  });

  it('six wrong passwords from one address slow that address only; the owner signs in from another', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { error } = await signIn(backend, '127.0.0.2', owner.email, `mauvais-${i}`);
      statuses.push(error?.status ?? 200);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // Even the right password waits at the guessing address (no oracle), with a Retry-After.
    const res = await fetchFrom('127.0.0.2')(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await res.json()).toMatchObject({ code: 'over_request_rate_limit' });

    const elsewhere = await signIn(backend, '127.0.0.3', owner.email, owner.password);
    expect(elsewhere.error).toBeNull();
    expect(elsewhere.session?.user.id).toBe(owner.id);
  });

  it('spread over many addresses, the account is slowed (capped) — and a recovery link gets the owner in at once', async () => {
    for (let i = 0; i < 12; i++) await signIn(backend, `127.0.1.${10 + i}`, owner.email, `essai-${i}`);
    const slowed = await signIn(backend, '127.0.0.4', owner.email, owner.password);
    expect(slowed.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });

    const recoverySession = await recoverFrom(backend, '127.0.0.4', owner.email);
    const user = await fetchFrom('127.0.0.4')(`${backend.url}/auth/v1/user`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${recoverySession}` },
    });
    expect(user.status).toBe(200);
    // The mailbox is proven: the password works again from this address right away.
    const after = await signIn(backend, '127.0.0.4', owner.email, owner.password);
    expect(after.error).toBeNull();
    // The guessing address keeps its count (5 failures): once its delay is over, one more failure brings a
    // doubled delay (4 s), where a fresh counter would have allowed five tries.
    const attempt = () =>
      fetchFrom('127.0.0.2')(`${backend.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: owner.email, password: 'encore' }),
      });
    let res = await attempt();
    if (res.status === 429) {
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after')) * 1000 + 50));
      res = await attempt();
    }
    expect(res.status).toBe(400);
    const next = await attempt();
    expect(next.status).toBe(429);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThanOrEqual(3);
  });

  it('unknown emails are counted and answered the same (no account enumeration through the limits)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const { error } = await signIn(backend, '127.0.0.5', 'personne@example.fr', `x-${i}`);
      statuses.push(error?.status ?? 200);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('the administrator, hammered from everywhere, always gets in by recovery', async () => {
    for (let i = 0; i < 25; i++) await signIn(backend, `127.0.2.${10 + (i % 8)}`, ADMIN.email, `admin-${i}`);
    const slowed = await signIn(backend, '127.0.0.6', ADMIN.email, ADMIN.password);
    expect(slowed.error).toMatchObject({ status: 429 });
    const token = await recoverFrom(backend, '127.0.0.6', ADMIN.email);
    expect(token).toMatch(/^ey/);
    const admin = await signIn(backend, '127.0.0.6', ADMIN.email, ADMIN.password);
    expect(admin.error).toBeNull();
  });
});
