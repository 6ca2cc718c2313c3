// `npm start` and the e2e server start the backend with plateformeSandbox: the fake plateforme agréée
// (backend/src/pa-sandbox) runs and the functions get its PA_* (FUNCTION_ENV_NAMES), so POST
// /functions/v1/facturx/send reaches a PA locally. Without the option, or with a PA configured by env, no fake one.
import type { RunningBackend } from '../src/server.ts';
import { raw, signUpUser, startTestBackend } from './helpers.ts';

const MISSING = '0b7c3a52-5a1e-4c9a-9f3e-8e2d1c0b9a87';

async function send(backend: RunningBackend) {
  const user = await signUpUser(backend, 'pa');
  return raw(backend, '/functions/v1/facturx/send', {
    method: 'POST',
    token: user.accessToken,
    body: JSON.stringify({ documentId: MISSING, table: 'invoices' }),
  });
}

it('starts the fake PA and hands its PA_* to the functions; closes it with the backend', async () => {
  const backend = await startTestBackend({ plateformeSandbox: true });
  try {
    const pa = backend.plateformeSandbox!;
    expect(pa.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(pa.env()).toEqual({ PA_ADAPTER: 'http', PA_API_URL: pa.url, PA_API_KEY: pa.apiKey });
    // A PA is configured: the function goes on to look for the document (404), instead of 503.
    const res = await send(backend);
    expect(res.status).toBe(404);
    const wrongKey = await fetch(`${pa.url}/invoices`, { headers: { authorization: 'Bearer nope' } });
    expect(wrongKey.status).toBe(401);
  } finally {
    await backend.close();
  }
  await expect(fetch(`${backend.plateformeSandbox!.url}/invoices`)).rejects.toThrow();
});

it('no fake PA without the option, nor when a real PA is configured by env', async () => {
  const plain = await startTestBackend();
  try {
    expect(plain.plateformeSandbox).toBeUndefined();
    const res = await send(plain);
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ error: 'Aucune plateforme agréée n’est configurée pour transmettre les factures.' });
  } finally {
    await plain.close();
  }
  const configured = await startTestBackend({
    plateformeSandbox: true,
    env: { PA_ADAPTER: 'http', PA_API_URL: 'https://pa.example.invalid', PA_API_KEY: 'k' },
  });
  try {
    expect(configured.plateformeSandbox).toBeUndefined();
  } finally {
    await configured.close();
  }
});
