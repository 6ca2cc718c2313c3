// /functions/v1 under Deno: webhook-test, and the ai proxy (not configured, forwarding, refusing anon).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { signJwt } from '../src/jwt.ts';
import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, TEST_JWT_SECRET, type SignedInUser } from './helpers.ts';

/** Gives a user a plan (the local record Stripe webhooks maintain). */
async function subscribe(backend: RunningBackend, userId: string, plan: 'pro' | 'enterprise'): Promise<void> {
  await backend.db.query(
    `insert into public.subscriptions (user_id, plan_id, status) values ($1::uuid, $2, 'active')
     on conflict (user_id) do update set plan_id = excluded.plan_id, status = 'active'`,
    [userId, plan],
  );
}

/** A correctly signed user token without session_id (what an attacker holding the secret could mint). */
function tokenWithoutSession(backend: RunningBackend, userId: string): string {
  const now = Math.floor(Date.now() / 1000);
  return signJwt(
    {
      aud: 'authenticated',
      exp: now + 600,
      iat: now,
      iss: `${backend.url}/auth/v1`,
      sub: userId,
      role: 'authenticated',
    },
    TEST_JWT_SECRET,
  );
}

/** A tiny OpenAI-compatible provider that records what it receives. */
function fakeProvider(): Promise<{
  server: Server;
  url: string;
  calls: Array<{ auth?: string; body: unknown; path?: string }>;
}> {
  const calls: Array<{ auth?: string; body: unknown; path?: string }> = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { model?: string };
      calls.push({ auth: req.headers.authorization, body, path: req.url });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          model: body.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: '{"projectTitle":"Travaux Peinture","tasks":[]}' },
              finish_reason: 'stop',
            },
          ],
        }),
      );
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, calls }),
    ),
  );
}

describe('without an AI provider', () => {
  let backend: RunningBackend;
  let user: SignedInUser;

  beforeAll(async () => {
    backend = await startTestBackend({ env: { AI_BASE_URL: '' } });
    user = await signUpUser(backend, 'fn');
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('webhook-test answers GET with the anon key as JWT (verify_jwt at the gateway)', async () => {
    const res = await fetch(`${backend.url}/functions/v1/webhook-test`, {
      headers: { authorization: `Bearer ${backend.anonKey}` },
    });
    expect(res.status).toBe(200);
    // No Origin (not a browser): no CORS header at all; functions answer CORS for the app origins only.
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const body = (await res.json()) as { ok: boolean; message: string; timestamp: string };
    expect(body).toMatchObject({ ok: true, message: 'Webhook test endpoint' });
    expect(Number.isNaN(Date.parse(body.timestamp))).toBe(false);
  });

  it('supabase-js functions.invoke reaches it too', async () => {
    const { data, error } = await user.client.functions.invoke('webhook-test', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ ok: true });
  });

  it('functions answer their own CORS preflight, allowing the headers the browser asks for', async () => {
    const res = await fetch(`${backend.url}/functions/v1/ai/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3002',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, x-stainless-os',
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3002');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-stainless-os');
    const foreign = await fetch(`${backend.url}/functions/v1/ai/chat/completions`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:9999', 'access-control-request-method': 'POST' },
    });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('unknown functions are 404', async () => {
    const res = await raw(backend, '/functions/v1/does-not-exist');
    expect(res.status).toBe(404);
    expect((await raw(backend, '/functions/v1/..%2F..%2Fbackend')).status).toBe(404);
  });

  it('ai answers 503 ai_not_configured to a signed-in user, 401 to anon', async () => {
    const res = await raw(backend, '/functions/v1/ai/chat/completions', {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify({ model: 'x', messages: [] }),
    });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: { code: 'ai_not_configured', message: 'AI provider not configured' } });
    const anon = await raw(backend, '/functions/v1/ai/chat/completions', {
      method: 'POST',
      token: backend.anonKey,
      body: '{}',
    });
    expect(anon.status).toBe(401);
  });
});

describe('with an OpenAI-compatible provider', () => {
  let backend: RunningBackend;
  let provider: Awaited<ReturnType<typeof fakeProvider>>;
  let user: SignedInUser;

  beforeAll(async () => {
    provider = await fakeProvider();
    backend = await startTestBackend({
      env: { AI_BASE_URL: provider.url, AI_API_KEY: 'sk-server-side', AI_DAILY_REQUESTS: '3', AI_MAX_TOKENS: '4000' },
    });
    user = await signUpUser(backend, 'ai');
    await subscribe(backend, user.id, 'pro');
  });
  afterAll(async () => {
    await backend?.close();
    await new Promise((resolve) => provider?.server.close(resolve));
  });

  it('forwards the chat completion with the server key and streams the reply back', async () => {
    const request = {
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Peinture salon 20 m2' }],
      temperature: 0.2,
    };
    const res = await raw(backend, '/functions/v1/ai/chat/completions', {
      method: 'POST',
      token: user.accessToken,
      body: JSON.stringify(request),
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      object: 'chat.completion',
      model: 'gpt-4o-mini',
      choices: [{ message: { role: 'assistant' } }],
    });
    const call = provider.calls.at(-1);
    // The proxy caps max_tokens (AI_MAX_TOKENS) and forwards the rest unchanged.
    expect(call).toEqual({
      auth: 'Bearer sk-server-side',
      body: { ...request, max_tokens: 4000 },
      path: '/v1/chat/completions',
    });
  });

  it('refuses anon, a signed-out session and a forged token without calling the provider', async () => {
    const before = provider.calls.length;
    expect((await raw(backend, '/functions/v1/ai/chat/completions', { method: 'POST', body: '{}' })).status).toBe(401);
    expect(
      (await raw(backend, '/functions/v1/ai/chat/completions', { method: 'POST', token: backend.anonKey, body: '{}' }))
        .status,
    ).toBe(401);
    expect(
      (await raw(backend, '/functions/v1/ai/chat/completions', { method: 'POST', token: 'a.b.c', body: '{}' })).status,
    ).toBe(401);
    const other = await signUpUser(backend, 'gone');
    await other.client.auth.signOut();
    expect(
      (
        await raw(backend, '/functions/v1/ai/chat/completions', {
          method: 'POST',
          token: other.accessToken,
          body: '{}',
        })
      ).status,
    ).toBe(401);
    expect(provider.calls.length).toBe(before);
  });

  it('refuses a token without session_id, on /auth/v1/user and in the function', async () => {
    const before = provider.calls.length;
    const token = tokenWithoutSession(backend, user.id);
    const direct = await raw(backend, '/auth/v1/user', { token });
    expect(direct.status).toBe(403);
    expect(direct.json).toMatchObject({ code: 'session_not_found' });
    const res = await raw(backend, '/functions/v1/ai/chat/completions', { method: 'POST', token, body: '{}' });
    expect(res.status).toBe(401);
    expect(provider.calls.length).toBe(before);
  });

  it('serves paid plans only, allowed models only, JSON only, caps max_tokens and the body size', async () => {
    const before = provider.calls.length;
    const free = await signUpUser(backend, 'ai-free');
    const call = (token: string, body: string, headers: Record<string, string> = {}) =>
      raw(backend, '/functions/v1/ai/chat/completions', { method: 'POST', token, body, headers });
    const ok = JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], max_tokens: 99999 });
    const plan = await call(free.accessToken, ok);
    expect(plan.status).toBe(403);
    expect(plan.json).toMatchObject({ error: { code: 'plan_required' } });
    const model = await call(user.accessToken, JSON.stringify({ model: 'o1-pro', messages: [] }));
    expect(model.status).toBe(400);
    expect(model.json).toMatchObject({ error: { code: 'model_not_allowed' } });
    const form = await call(user.accessToken, 'a=b', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    expect(provider.calls.length).toBe(before);
    const capped = await call(user.accessToken, ok);
    expect(capped.status).toBe(200);
    expect((provider.calls.at(-1)?.body as { max_tokens: number }).max_tokens).toBe(4000);
    const huge = await fetch(`${backend.url}/functions/v1/ai/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'x'.repeat(30 * 1024 * 1024) }],
      }),
    });
    expect([413]).toContain(huge.status);
  });

  it('enforces the per-user daily request budget (AI_DAILY_REQUESTS)', async () => {
    const pro = await signUpUser(backend, 'ai-budget');
    await subscribe(backend, pro.id, 'pro');
    const body = JSON.stringify({ messages: [{ role: 'user', content: 'x' }] });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      statuses.push(
        (await raw(backend, '/functions/v1/ai/chat/completions', { method: 'POST', token: pro.accessToken, body }))
          .status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
