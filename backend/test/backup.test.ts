// npm run backup / npm run restore (scripts/backup.ts, issue 32): a backup of a stopped install, the data directory
// and its secret files deleted, restored → every row and the JWT secret are back (a token signed before still
// verifies); a backup while the backend runs is refused; a restore moves what is in the way aside, never deletes.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { backup, restore } from '../../scripts/backup.ts';
import { signUpUser, startTestBackend } from './helpers.ts';

let parent: string;
let dataDir: string;

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'atelier-backup-'));
  dataDir = path.join(parent, 'data');
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

const start = () => startTestBackend({ dataDir, databaseUrl: undefined, jwtSecret: undefined });

// The data folder (and so this test) is PGlite's; an install on PostgreSQL backs its database up with pg_dump.
const onPglite = process.env.DATABASE_URL ? it.skip : it;

onPglite(
  'backs up a stopped install and restores every row and the secret',
  async () => {
    const first = await start();
    const user = await signUpUser(first, 'backup');
    const inserted = await user.client
      .from('clients')
      .insert({ name: 'Dupont', email: 'dupont@example.fr', user_id: user.id });
    expect(inserted.error).toBeNull();
    const token = (await user.client.auth.getSession()).data.session!.access_token;
    // Running: refused (the data directory's lock).
    await expect(backup(dataDir, path.join(parent, 'refused.tar.gz'))).rejects.toThrow(/en cours d’exécution/);
    await first.close();
    const secret = readFileSync(`${dataDir}.jwt-secret`, 'utf8');

    const archive = await backup(dataDir, path.join(parent, 'atelier.tar.gz'));
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}.jwt-secret`, { force: true });
    await rm(`${dataDir}.stripe-sandbox`, { force: true });

    await restore(dataDir, archive);
    expect(readFileSync(`${dataDir}.jwt-secret`, 'utf8')).toBe(secret);
    const again = await start();
    try {
      const res = await fetch(`${again.url}/rest/v1/clients?select=name,email`, {
        headers: { apikey: again.anonKey, authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ name: 'Dupont', email: 'dupont@example.fr' }]);
    } finally {
      await again.close();
    }

    // Restoring over an install moves it aside.
    const { movedAside } = await restore(dataDir, archive);
    expect(movedAside.length).toBeGreaterThanOrEqual(2);
    for (const moved of movedAside) expect(existsSync(moved)).toBe(true);
    expect((await readdir(parent)).filter((n) => n.includes('avant-restauration')).length).toBe(movedAside.length);
  },
  180_000,
);

it('refuses an archive that is not an Atelier backup', async () => {
  await expect(restore(dataDir, path.join(parent, 'missing.tar.gz'))).rejects.toThrow(/introuvable/);
});
