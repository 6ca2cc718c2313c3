// Upgrades (issue 32): a data directory made by an EARLIER RELEASE — the migrations as they were at f50f8b5, the
// last release before the per-install admin secret, extracted from git — with rows seeded as that release's app
// wrote them and the administrator still on the old public default password (admin@atelier.local /
// atelier-admin), then started with today's migrations and defaults (no ADMIN_PASSWORD): every later migration
// applies, the old password is refused, a new one is generated and reported once, the account's sessions end, the
// seeded rows are intact and readable by their owner, the issued invoice stays immutable and FA numbering
// continues. Then a backup of the upgraded install, the data directory and its secret deleted, restored: every row
// and the secret are back.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { backup, restore } from '../../scripts/backup.ts';
import { repoRoot } from '../src/config.ts';
import { listMigrations } from '../src/db/migrations.ts';
import { anonClient, PROFILE_METADATA, signUpUser, startTestBackend, type SignedInUser } from './helpers.ts';

/** The last release before this round (issue 32): its migration set is the "earlier release". */
const EARLIER_RELEASE = 'f50f8b5';
const MIGRATIONS = 'supabase/migrations';
const ADMIN = 'admin@atelier.local';
const OLD_DEFAULT_PASSWORD = 'atelier-admin';

/**
 * Writes the earlier release's migration files into `target` with git (CI runs on a clone, so the history is
 * there). Returns a reason instead when the history is missing (a shallow clone or an exported tree).
 */
function extractEarlierMigrations(target: string): string | undefined {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: repoRoot(), encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  let files: string[];
  try {
    git('cat-file', '-e', `${EARLIER_RELEASE}^{commit}`);
    files = git('ls-tree', '--name-only', EARLIER_RELEASE, `${MIGRATIONS}/`)
      .split('\n')
      .filter((f) => f.endsWith('.sql'));
  } catch (error) {
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    return `git history without ${EARLIER_RELEASE} (shallow clone or no git: fetch with --unshallow): ${message}`;
  }
  if (files.length === 0) return `no ${MIGRATIONS}/*.sql at ${EARLIER_RELEASE}`;
  for (const file of files)
    writeFileSync(path.join(target, path.basename(file)), git('show', `${EARLIER_RELEASE}:${file}`));
  return undefined;
}

let parent: string;
let dataDir: string;
let oldMigrations: string;
let skipReason: string | undefined;

beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'atelier-upgrade-'));
  dataDir = path.join(parent, 'data');
  oldMigrations = path.join(parent, 'migrations-earlier');
  await mkdir(oldMigrations);
  skipReason = extractEarlierMigrations(oldMigrations);
  if (skipReason) process.stderr.write(`[upgrade-admin] SKIPPED: ${skipReason}\n`);
});
afterAll(async () => {
  await rm(parent, { recursive: true, force: true });
});

type Backend = Awaited<ReturnType<typeof startTestBackend>>;

// Every start keeps the data directory and its per-install secret file (jwtSecret undefined), as `npm start` does.
const start = (options: Parameters<typeof startTestBackend>[0] = {}) =>
  startTestBackend({ dataDir, databaseUrl: undefined, jwtSecret: undefined, reminderIntervalSeconds: 0, ...options });

const signIn = (backend: Backend, password: string) =>
  anonClient(backend).auth.signInWithPassword({ email: ADMIN, password });

const LINES = [{ name: 'Pose de carrelage', unit: 'forfait', price: 100, quantity: 1, vatRate: 20 }];
const TOTALS = { vat_rate: 20, total_ht_cents: 10_000, tva_cents: 2_000, total_ttc_cents: 12_000 };
const COMPANY = { name: 'Martin Rénovation', siret: '12345678901234', address: '12 rue de la Paix 75002 Paris' };

/** The owner's rows, read through /rest/v1 with their own token (RLS). */
async function ownerRows(backend: Backend, token: string) {
  const read = async (pathAndQuery: string) => {
    const res = await fetch(`${backend.url}/rest/v1/${pathAndQuery}`, {
      headers: { apikey: backend.anonKey, authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Array<Record<string, unknown>>;
  };
  return {
    clients: await read('clients?select=id,name,email,phone&order=name'),
    quotes: await read('quotes?select=id,client_id,number,total_ttc_cents&order=number'),
    invoices: await read('invoices?select=id,client_id,status,number,total_ttc_cents&order=number'),
    settings: await read('user_settings?select=key,value&key=eq.companyInfo'),
  };
}

// The data folder (and so this test) is PGlite's; an install on PostgreSQL backs its database up with pg_dump.
const onPglite = process.env.DATABASE_URL ? it.skip : it;

onPglite(
  'upgrades an earlier release’s install: default admin password replaced once, rows kept, backup restorable',
  async () => {
    if (skipReason) {
      // Clear in the output (beforeAll printed it): the earlier release's migrations could not be rebuilt.
      console.warn(`upgrade test skipped: ${skipReason}`);
      return;
    }
    const earlier = listMigrations(oldMigrations).map((m) => m.version);
    const today = listMigrations(path.join(repoRoot(), MIGRATIONS)).map((m) => m.version);
    expect(earlier.length).toBeGreaterThan(0);
    expect(today.length).toBeGreaterThan(earlier.length);

    // ── The earlier release: its migrations only, the administrator on the public default password.
    const old = await start({ migrationsDir: oldMigrations, adminEmail: ADMIN, adminPassword: OLD_DEFAULT_PASSWORD });
    let user: SignedInUser;
    let adminRefresh: string;
    let clientId: string;
    let quoteNumber: string;
    let issuedId: string;
    try {
      const applied = (await old.db.query('select version from supabase_migrations.schema_migrations order by 1')).rows;
      expect(applied.map((r) => String(r.version))).toEqual(earlier);

      const before = await signIn(old, OLD_DEFAULT_PASSWORD);
      expect(before.error).toBeNull();
      adminRefresh = before.data.session!.refresh_token;

      // Rows as that release's app wrote them: a client, a numbered devis, an issued invoice, the company settings.
      user = await signUpUser(old, 'upgrade');
      const client = await user.client
        .from('clients')
        .insert({ user_id: user.id, name: 'Dupont', email: 'dupont@example.fr', phone: '06 00 00 00 01' })
        .select()
        .single();
      expect(client.error).toBeNull();
      clientId = client.data.id as string;
      const credit = await user.client.rpc('consume_quote_credit');
      expect(credit.error).toBeNull();
      quoteNumber = (credit.data as { number: string }).number;
      expect(quoteNumber).toBe('DE0001');
      const quote = await user.client
        .from('quotes')
        .insert({ user_id: user.id, client_id: clientId, number: quoteNumber, lines: LINES, ...TOTALS })
        .select()
        .single();
      expect(quote.error).toBeNull();
      const draft = await user.client
        .from('invoices')
        .insert({
          user_id: user.id,
          client_id: clientId,
          quote_id: quote.data.id,
          quote_number: quoteNumber,
          lines: LINES,
          ...TOTALS,
          snapshot: { client: { name: 'Dupont', email: 'dupont@example.fr' }, company: COMPANY },
        })
        .select()
        .single();
      expect(draft.error).toBeNull();
      issuedId = draft.data.id as string;
      const issued = await user.client.rpc('issue_invoice', { p_id: issuedId });
      expect(issued.error).toBeNull();
      expect((issued.data as { number: string }).number).toBe('FA0001');
      const settings = await user.client
        .from('user_settings')
        .insert({ user_id: user.id, key: 'companyInfo', value: COMPANY });
      expect(settings.error).toBeNull();
    } finally {
      await old.close();
    }
    const secretBefore = readFileSync(`${dataDir}.jwt-secret`, 'utf8');

    // ── Upgraded: today's start on the same data directory (no ADMIN_PASSWORD: generate).
    const upgraded = await start({ adminEmail: ADMIN, generateAdminPassword: true });
    let rowsAfterUpgrade: Awaited<ReturnType<typeof ownerRows>>;
    let token: string;
    try {
      const applied = (await upgraded.db.query('select version from supabase_migrations.schema_migrations order by 1'))
        .rows;
      expect(applied.map((r) => String(r.version))).toEqual(today);

      expect(upgraded.replacedDefaultAdminPassword).toBe(true);
      const fresh = upgraded.generatedAdminPassword!;
      expect(fresh).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect((await signIn(upgraded, OLD_DEFAULT_PASSWORD)).error).not.toBeNull();
      expect((await signIn(upgraded, fresh)).error).toBeNull();
      // The session opened with the old password is over.
      const reused = await anonClient(upgraded).auth.refreshSession({ refresh_token: adminRefresh });
      expect(reused.error).not.toBeNull();

      // The user's rows are there, readable by their owner (same secret file: they sign in again as usual).
      const owner = anonClient(upgraded);
      const signedIn = await owner.auth.signInWithPassword({ email: user.email, password: user.password });
      expect(signedIn.error).toBeNull();
      token = signedIn.data.session!.access_token;
      rowsAfterUpgrade = await ownerRows(upgraded, token);
      expect(rowsAfterUpgrade.clients).toEqual([
        { id: clientId, name: 'Dupont', email: 'dupont@example.fr', phone: '06 00 00 00 01' },
      ]);
      expect(rowsAfterUpgrade.quotes).toEqual([
        expect.objectContaining({ client_id: clientId, number: 'DE0001', total_ttc_cents: 12_000 }),
      ]);
      expect(rowsAfterUpgrade.invoices).toEqual([
        { id: issuedId, client_id: clientId, status: 'issued', number: 'FA0001', total_ttc_cents: 12_000 },
      ]);
      // What the user saved is kept; 0080 only fills the empty fields from the sign-up (e-mail, phone).
      expect(rowsAfterUpgrade.settings).toEqual([
        { key: 'companyInfo', value: { ...COMPANY, email: user.email, phone: PROFILE_METADATA.phone } },
      ]);

      // The issued invoice is still immutable.
      const edit = await owner
        .from('invoices')
        .update({ lines: [{ ...LINES[0], price: 1 }] })
        .eq('id', issuedId)
        .select();
      expect(edit.error?.message ?? '').toMatch(/facture émise ne peut pas être modifiée/);
      const removal = await owner.from('invoices').delete().eq('id', issuedId).select();
      expect(removal.error?.message ?? '').toMatch(/facture émise ne peut pas être supprimée/);

      // Numbering continues: the next invoice is FA0002, the next devis DE0002.
      const next = await owner
        .from('invoices')
        .insert({
          user_id: user.id,
          client_id: clientId,
          lines: LINES,
          ...TOTALS,
          snapshot: { client: { name: 'Dupont', email: 'dupont@example.fr' }, company: COMPANY },
        })
        .select()
        .single();
      expect(next.error).toBeNull();
      const nextIssued = await owner.rpc('issue_invoice', { p_id: next.data.id });
      expect(nextIssued.error).toBeNull();
      expect((nextIssued.data as { number: string }).number).toBe('FA0002');
      const nextCredit = await owner.rpc('consume_quote_credit');
      expect(nextCredit.error).toBeNull();
      expect((nextCredit.data as { number: string }).number).toBe('DE0002');
      rowsAfterUpgrade = await ownerRows(upgraded, token);
      expect(rowsAfterUpgrade.invoices.map((i) => i.number)).toEqual(['FA0001', 'FA0002']);
    } finally {
      await upgraded.close();
    }
    // The per-install secret of the earlier install is kept by the upgrade.
    expect(readFileSync(`${dataDir}.jwt-secret`, 'utf8')).toBe(secretBefore);

    // Next start: nothing to replace, nothing printed.
    const again = await start({ adminEmail: ADMIN, generateAdminPassword: true });
    try {
      expect(again.replacedDefaultAdminPassword).toBe(false);
      expect(again.generatedAdminPassword).toBeUndefined();
    } finally {
      await again.close();
    }

    // ── Backup of the upgraded (stopped) install, data directory and secret deleted, restored.
    const archive = await backup(dataDir, path.join(parent, 'atelier-upgraded.tar.gz'));
    await rm(dataDir, { recursive: true, force: true });
    await rm(`${dataDir}.jwt-secret`, { force: true });
    await rm(`${dataDir}.stripe-sandbox`, { force: true });
    await restore(dataDir, archive);
    expect(readFileSync(`${dataDir}.jwt-secret`, 'utf8')).toBe(secretBefore);
    const restored = await start({ adminEmail: ADMIN, generateAdminPassword: true });
    try {
      // Every row is back, read with the token signed before the backup (same secret).
      expect(await ownerRows(restored, token)).toEqual(rowsAfterUpgrade);
      // The replaced admin password stays replaced: the old default is still refused, nothing new generated.
      expect(restored.replacedDefaultAdminPassword).toBe(false);
      expect((await signIn(restored, OLD_DEFAULT_PASSWORD)).error).not.toBeNull();
    } finally {
      await restored.close();
    }
  },
  240_000,
);
