// /functions/v1 under Deno: webhook-test, and the ai proxy (not configured, forwarding, refusing anon).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

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

  it('webhook-test answers GET without authentication', async () => {
    const res = await fetch(`${backend.url}/functions/v1/webhook-test`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
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
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('x-stainless-os');
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
    backend = await startTestBackend({ env: { AI_BASE_URL: provider.url, AI_API_KEY: 'sk-server-side' } });
    user = await signUpUser(backend, 'ai');
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
    expect(call).toEqual({ auth: 'Bearer sk-server-side', body: request, path: '/v1/chat/completions' });
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
});
