// Upgrades (issue 32): a data directory made by an earlier release, whose administrator still has the old public
// default password (admin@atelier.local / atelier-admin), started with today's defaults (no ADMIN_PASSWORD): the
// old password is refused from then on, a new one is generated and reported once, the account's sessions end.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { anonClient, startTestBackend } from './helpers.ts';

const ADMIN = 'admin@atelier.local';
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'atelier-upgrade-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const signIn = async (backend: Awaited<ReturnType<typeof startTestBackend>>, password: string) =>
  anonClient(backend).auth.signInWithPassword({ email: ADMIN, password });

it('replaces an earlier release’s default administrator password on start, once', async () => {
  // The earlier release: the administrator created with the public default password, signed in.
  const old = await startTestBackend({
    dataDir: dir,
    databaseUrl: undefined,
    adminEmail: ADMIN,
    adminPassword: 'atelier-admin',
  });
  const before = await signIn(old, 'atelier-admin');
  expect(before.error).toBeNull();
  const refresh = before.data.session!.refresh_token;
  await old.close();

  // Upgraded: today's start (no ADMIN_PASSWORD: generate).
  const upgraded = await startTestBackend({
    dataDir: dir,
    databaseUrl: undefined,
    adminEmail: ADMIN,
    generateAdminPassword: true,
  });
  try {
    expect(upgraded.replacedDefaultAdminPassword).toBe(true);
    const fresh = upgraded.generatedAdminPassword!;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect((await signIn(upgraded, 'atelier-admin')).error).not.toBeNull();
    expect((await signIn(upgraded, fresh)).error).toBeNull();
    // The session opened with the old password is over.
    const reused = await anonClient(upgraded).auth.refreshSession({ refresh_token: refresh });
    expect(reused.error).not.toBeNull();
  } finally {
    await upgraded.close();
  }

  // Next start: nothing to replace, nothing printed.
  const again = await startTestBackend({
    dataDir: dir,
    databaseUrl: undefined,
    adminEmail: ADMIN,
    generateAdminPassword: true,
  });
  try {
    expect(again.replacedDefaultAdminPassword).toBe(false);
    expect(again.generatedAdminPassword).toBeUndefined();
  } finally {
    await again.close();
  }
}, 120_000);
