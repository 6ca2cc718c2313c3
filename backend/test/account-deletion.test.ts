// Issue 25 §4: « Télécharger toutes mes données » (account-export) and « Supprimer mon compte » (delete-account),
// and the administrator's delete, on a user with every kind of row (account-deletion-fixture.ts). Deleting never
// fails (no 500), removes every row, file, session and refresh token, and cancels the paid subscription in the
// Stripe sandbox. Attackers: anonymous, the anon key, another user's token, a JWT signed with another secret,
// a replay after the account is gone, a huge or deeply nested body, the export's rate limit.
import { signJwt } from '../src/jwt.ts';
import type { RunningBackend } from '../src/server.ts';
import {
  leftovers,
  nothingLeft,
  providerStatus,
  userWithEverything,
  type FullUser,
} from './account-deletion-fixture.ts';
import { anonClient, raw, signUpUser, startTestBackend, uniqueEmail, type SignedInUser } from './helpers.ts';
import { readZip } from './read-zip.ts';

jest.setTimeout(240_000);

const ADMIN_EMAIL = uniqueEmail('patron-delete');
const ADMIN_PASSWORD = 'Patron-Suppression-2026!';

let backend: RunningBackend;
let alice: FullUser;
let bob: SignedInUser;
/** The backend's and the functions' log lines (a file the deletion could not remove is logged, not fatal). */
const logs: string[] = [];

beforeAll(async () => {
  backend = await startTestBackend({
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    log: (line) => {
      logs.push(line);
      if (process.env.BACKEND_LOG) process.stderr.write(`${line}\n`);
    },
  });
  alice = await userWithEverything(backend, 'export-alice');
  bob = await signUpUser(backend, 'export-bob');
}, 240_000);
afterAll(async () => {
  await backend?.close();
});

const exportZip = (token: string | undefined, init: { body?: string; apikey?: string | null } = {}) =>
  fetch(`${backend.url}/functions/v1/account-export`, {
    method: 'POST',
    headers: {
      ...(init.apikey === null ? {} : { apikey: init.apikey ?? backend.anonKey }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'content-type': 'application/json',
    },
    body: init.body ?? '{}',
  });
const deleteAccount = (token: string | undefined, body: unknown) =>
  raw(backend, '/functions/v1/delete-account', {
    method: 'POST',
    token,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('account-export', () => {
  let files: Map<string, Buffer>;
  beforeAll(async () => {
    const res = await exportZip(alice.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="atelier-export-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    files = readZip(new Uint8Array(await res.arrayBuffer()));
  });

  it('holds the archived Factur-X of the issued invoice, the sent and the signed devis, the received invoice', () => {
    const names = [...files.keys()];
    const invoice = files.get(`factures/facture-${alice.invoiceNumber}.pdf`);
    expect(invoice?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(invoice!.includes('factur-x.xml')).toBe(true);
    expect(names.filter((n) => n.startsWith('devis/') && n.endsWith('.pdf')).length).toBeGreaterThanOrEqual(2);
    expect(names.some((n) => n.startsWith('factures-recues/') && n.endsWith('.pdf'))).toBe(true);
    // The avoir was never archived: its Factur-X XML, built from the stored rows, is given and listed.
    const xml = files.get(`factures-xml/avoir-${alice.creditNoteNumber}.xml`)?.toString('utf8') ?? '';
    expect(xml).toContain('<rsm:CrossIndustryInvoice');
    expect(xml).toContain(`<ram:ID>${alice.creditNoteNumber}</ram:ID>`);
    expect(xml).toContain('<ram:TypeCode>381</ram:TypeCode>');
  });

  it('writes the CSV files of « Exporter (CSV) » (same headers and rows) plus payments and received invoices', () => {
    const csv = (name: string) => files.get(`csv/${name}`)!.toString('utf8');
    const clients = csv('clients.csv');
    expect(clients.startsWith('\uFEFFNom;Email;Téléphone;Adresse;Créé le;Dans la corbeille\r\n')).toBe(true);
    expect(clients).toContain(`Paul Client;${alice.clientEmail};`);
    const documents = csv('devis-factures-avoirs.csv').split('\r\n');
    expect(documents[0]).toBe(
      '\uFEFFType;Numéro;Statut;Date;Client;Email du client;Projet;Référence;Total HT (€);TVA (€);Total TTC (€);Net à payer (€);Payée;Date de paiement',
    );
    expect(documents.filter((l) => l.startsWith('Devis;')).length).toBe(3);
    expect(documents.find((l) => l.startsWith(`Facture;${alice.invoiceNumber};Émise;`))).toContain(
      ';1250,00;250,00;1500,00;1500,00;Oui;20/11/2026',
    );
    expect(documents.some((l) => l.startsWith('Facture d’acompte;'))).toBe(true);
    expect(documents.some((l) => l.startsWith('Facture de situation n° 1;'))).toBe(true);
    expect(documents.find((l) => l.startsWith(`Avoir;${alice.creditNoteNumber};`))).toContain(
      `;${alice.invoiceNumber};-1250,00;-250,00;-1500,00;`,
    );
    expect(csv('paiements.csv')).toContain(`${alice.invoiceNumber};Facture;Paul Client;`);
    expect(csv('factures-recues.csv')).toContain(`;${alice.receivedNumber};`);
  });

  it('has the settings and every row as JSON, and a French README with the 10-year retention duty', () => {
    expect(JSON.parse(files.get('parametres/catalogue.json')!.toString())).toEqual([
      { name: 'Pose de carrelage', unit: 'm²', price: 40 },
    ]);
    expect(JSON.parse(files.get('parametres/entreprise.json')!.toString()).companyInfo.name).toBe('Durand Rénovation');
    expect(JSON.parse(files.get('donnees/factures.json')!.toString())).toHaveLength(3);
    const readme = files.get('README.txt')!.toString('utf8');
    expect(readme).toContain(`Compte : ${alice.email}`);
    expect(readme).toContain('10 ans');
    expect(readme).toContain('L123-22');
    expect(readme).toContain(`Avoir ${alice.creditNoteNumber}`);
  });

  it("another user's token exports only that user's data", async () => {
    const res = await exportZip(bob.accessToken);
    expect(res.status).toBe(200);
    const mine = readZip(new Uint8Array(await res.arrayBuffer()));
    const all = [...mine.values()].map((b) => b.toString('utf8')).join('\n');
    expect(all).not.toContain(alice.clientEmail);
    expect(all).not.toContain(alice.id);
    expect([...mine.keys()].some((n) => n.endsWith('.pdf'))).toBe(false);
  });

  it('refuses anonymous callers, the anon key, a JWT signed with another secret, a huge body', async () => {
    expect((await exportZip(undefined)).status).toBe(401);
    expect((await exportZip(undefined, { apikey: null })).status).toBe(401);
    expect((await exportZip(backend.anonKey)).status).toBe(401);
    const forged = signJwt(
      { sub: alice.id, role: 'authenticated', email: alice.email, aud: 'authenticated', exp: 4102444800 },
      'another-secret-entirely-0123456789abcdef',
    );
    const refused = await exportZip(forged);
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain(alice.clientEmail);
    expect((await exportZip(bob.accessToken, { body: JSON.stringify({ pad: 'x'.repeat(3_000_000) }) })).status).toBe(
      413,
    );
  });

  it('is rate limited: 3 exports per 10 minutes, then 429 with Retry-After and nothing built', async () => {
    const carol = await signUpUser(backend, 'export-carol');
    for (let i = 0; i < 3; i++) {
      const ok = await exportZip(carol.accessToken);
      expect(ok.status).toBe(200);
      await ok.arrayBuffer();
    }
    const limited = await exportZip(carol.accessToken);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({
      error: 'Trop d’exports demandés : réessayez dans quelques minutes.',
      code: 'rate_limited',
    });
    // Another user is not slowed by Carol's limit.
    expect((await exportZip(bob.accessToken)).status).toBe(200);
  });
});

describe('delete-account (self-service)', () => {
  it('refuses anonymous, the anon key, a forged JWT, a foreign e-mail, huge and deeply nested bodies: nothing deleted', async () => {
    expect((await deleteAccount(undefined, { email: alice.email })).status).toBe(401);
    expect((await deleteAccount(backend.anonKey, { email: alice.email })).status).toBe(401);
    const forged = signJwt(
      { sub: alice.id, role: 'authenticated', email: alice.email, aud: 'authenticated', exp: 4102444800 },
      'another-secret-entirely-0123456789abcdef',
    );
    expect((await deleteAccount(forged, { email: alice.email })).status).toBe(401);
    // Bob cannot delete Alice: the e-mail must be the caller's own; the service-role RPCs are closed to him.
    const foreign = await deleteAccount(bob.accessToken, { email: alice.email });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toEqual({
      error: 'L’adresse e-mail saisie ne correspond pas à celle de votre compte.',
      code: 'email_mismatch',
    });
    const direct = await bob.client.rpc('delete_account', { p_user_id: alice.id, p_email: alice.email });
    expect(direct.error?.code).toBe('42501');
    expect((await bob.client.rpc('stored_files_of', { p_user_id: alice.id })).error?.code).toBe('42501');
    expect((await deleteAccount(bob.accessToken, 'x'.repeat(3_000_000))).status).toBe(413);
    const deep = await deleteAccount(bob.accessToken, `${'['.repeat(900)}${']'.repeat(900)}`);
    expect(deep.status).toBe(400);
    expect((await deleteAccount(bob.accessToken, '{"email":')).status).toBe(400);
    expect((await deleteAccount(bob.accessToken, { email: { $ne: '' } })).status).toBe(400);
    expect(nothingLeft(await leftovers(backend, alice.id))).toBe(false);
    expect((await leftovers(backend, alice.id))['public.invoices']).toBe(3);
  });

  it('the administrator cannot delete their own account here (the instance keeps its admin)', async () => {
    const admin = anonClient(backend);
    const { data } = await admin.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const res = await deleteAccount(data.session!.access_token, { email: ADMIN_EMAIL });
    expect(res.status).toBe(403);
  });

  it('deletes everything of a user with every kind of row, cancels the subscription, signs out everywhere', async () => {
    // A second device of Alice, to check « everywhere ».
    const other = anonClient(backend);
    const second = await other.auth.signInWithPassword({ email: alice.email, password: alice.password });
    expect(second.error).toBeNull();
    expect(await providerStatus(backend, alice.subscriptionId)).toBe('active');

    const res = await deleteAccount(alice.accessToken, { email: `  ${alice.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ deleted: true });
    expect(await leftovers(backend, alice.id)).toEqual(
      Object.fromEntries(Object.keys(await leftovers(backend, alice.id)).map((k) => [k, 0])),
    );
    expect(await providerStatus(backend, alice.subscriptionId)).toBe('canceled');
    // The files went through the storage API first (hosted Supabase keeps the bytes outside the database).
    expect(logs.filter((l) => /storage remove failed|stored_files_of failed/.test(l))).toEqual([]);

    // Replay of the same request, and every token of both devices: refused, nothing to see.
    const replay = await deleteAccount(alice.accessToken, { email: alice.email });
    expect(replay.status).toBe(401);
    expect((await exportZip(alice.accessToken)).status).toBe(401);
    // An access token still unexpired (a JWT is checked by signature, as PostgREST does) sees and writes nothing.
    const rest = await raw(backend, '/rest/v1/invoices?select=id', { token: second.data.session!.access_token });
    expect(rest.json).toEqual([]);
    const write = await raw(backend, '/rest/v1/clients', {
      method: 'POST',
      token: second.data.session!.access_token,
      body: JSON.stringify({ user_id: alice.id, name: 'Fantôme', email: 'fantome@example.fr' }),
    });
    expect(write.status).toBeGreaterThanOrEqual(400);
    expect(write.status).toBeLessThan(500);
    const refresh = await anonClient(backend).auth.refreshSession({
      refresh_token: second.data.session!.refresh_token,
    });
    expect(refresh.error).not.toBeNull();
    const signIn = await anonClient(backend).auth.signInWithPassword({ email: alice.email, password: alice.password });
    expect(signIn.error).not.toBeNull();
    // Bob is untouched.
    expect((await leftovers(backend, bob.id))['auth.users']).toBe(1);
  });
});

describe("the administrator's delete works the same way", () => {
  it('admin-delete-user on a user with every kind of row: 200, nothing left, subscription cancelled', async () => {
    const dave = await userWithEverything(backend, 'export-dave');
    const admin = anonClient(backend);
    const { data } = await admin.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const res = await raw(backend, '/functions/v1/admin-delete-user', {
      method: 'POST',
      token: data.session!.access_token,
      body: JSON.stringify({ user_email: dave.email }),
    });
    expect(res.status).toBe(200);
    expect(nothingLeft(await leftovers(backend, dave.id))).toBe(true);
    expect(await providerStatus(backend, dave.subscriptionId)).toBe('canceled');
    expect(logs.filter((l) => /storage remove failed|stored_files_of failed/.test(l))).toEqual([]);
    const again = await raw(backend, '/functions/v1/admin-delete-user', {
      method: 'POST',
      token: data.session!.access_token,
      body: JSON.stringify({ user_email: dave.email }),
    });
    expect(again.status).toBe(404);
  });

  it('rpc delete_user alone (no function) also removes a user with every kind of row', async () => {
    const erin = await userWithEverything(backend, 'export-erin');
    const admin = anonClient(backend);
    await admin.auth.signInWithPassword({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
    const { error } = await admin.rpc('delete_user', { user_email: erin.email });
    expect(error).toBeNull();
    expect(nothingLeft(await leftovers(backend, erin.id))).toBe(true);
  });
});
