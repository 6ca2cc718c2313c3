// The local Supabase-compatible backend: one Node HTTP server with /auth/v1 (GoTrue), /rest/v1 (PostgREST) and
// /functions/v1 (Edge Functions under Deno), on PGlite or PostgreSQL. Tests, `npm start`, e2e and the benchmark
// start it in-process with startBackend().
import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import { replaceDefaultAdminPassword } from './auth/default-admin.ts';
import { GoTrue } from './auth/gotrue.ts';
import { AuthError, sendAuthError } from './auth/errors.ts';
import {
  DEFAULT_BODY_LIMIT_BYTES,
  DEFAULT_FUNCTION_BODY_LIMIT_BYTES,
  DEFAULT_JWT_EXPIRY_SECONDS,
  DEFAULT_PORT,
  functionsDir,
  migrationsDir,
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS,
  repoRoot,
} from './config.ts';
import { openDatabase, type Database } from './db/database.ts';
import { FairQueue } from './db/fair-queue.ts';
import { applyMigrations } from './db/migrations.ts';
import { loadSchemaCache, type SchemaCache } from './db/schema-cache.ts';
import { openMigratedMemoryDatabase } from './db/snapshot.ts';
import { FunctionRuntime } from './functions/runtime.ts';
import { bearerToken, corsHeaders, corsPolicy, preflightHeaders, sendJson } from './http.ts';
import { deriveApiKeys, JwtVerifier } from './jwt.ts';
import { createMailer, type LocalMailbox } from './auth/mailer.ts';
import { AuthLimiter, defaultAuthLimits, type AuthLimits } from './auth/rate-limit.ts';
import { startReminderScheduler } from './reminders/scheduler.ts';
import { Postgrest } from './rest/postgrest.ts';
import { resolveJwtSecret, resolveStripeSandboxSecrets } from './security/secrets.ts';
import { StorageApi } from './storage/storage.ts';
import type { FakePlateforme } from './pa-sandbox/index.ts';
import {
  createStripeSandbox,
  isProductionDeployment,
  sandboxWanted,
  type StripeSandbox,
} from './stripe-sandbox/index.ts';

export { deriveApiKeys } from './jwt.ts';

export interface StartBackendOptions {
  /** 0 = any free port. Default PORT or 54321. */
  port?: number;
  /** Listen address; default 127.0.0.1 (HOST). */
  host?: string;
  /** PostgreSQL connection string (DATABASE_URL); PGlite when absent. */
  databaseUrl?: string;
  /** PGlite data directory; default <repo>/.atelier/data; 'memory://' for a throw-away database. */
  dataDir?: string;
  /**
   * The folder of migration files to apply; default supabase/migrations. The upgrade test starts an earlier
   * release's set (extracted from git) on a data directory before today's.
   */
  migrationsDir?: string;
  /** JWT_SECRET; default: a random per-install secret kept in .atelier/jwt-secret (see security/secrets.ts). */
  jwtSecret?: string;
  /** Accept Supabase's public demo secret as jwtSecret (tests only; env ATELIER_INSECURE_DEMO_JWT_SECRET=1). */
  allowDemoJwtSecret?: boolean;
  /** SMTP_URL: auth mail through SMTP; absent = the local mailbox. */
  smtpUrl?: string;
  /** Sign-ups must confirm their email before signing in; default: on when SMTP is configured. */
  requireEmailConfirmation?: boolean;
  /** Origins of the apps (shell and remotes): CORS and mail-link redirects are limited to them. */
  appOrigins?: string[];
  /** Secret path segment of the local mailbox (default derived from the JWT secret); e2e sets a known one. */
  mailboxToken?: string;
  /** Abuse limits of /auth/v1 (tests raise the sign-up budget). */
  authLimits?: Partial<AuthLimits>;
  /**
   * With adminEmail and no adminPassword: when no confirmed administrator exists yet, create it with a random
   * password returned once as `generatedAdminPassword` (nothing stored in clear).
   */
  generateAdminPassword?: boolean;
  /** Local administrator, created (confirmed) at start and recorded as private.settings admin_email. */
  adminEmail?: string;
  adminPassword?: string;
  /** Extra environment for the Edge Functions (AI_BASE_URL, STRIPE_SECRET_KEY, …); overrides process.env. */
  env?: Record<string, string>;
  /** Access-token lifetime in seconds (GoTrue's JWT_EXP); default 3600 or JWT_EXPIRY. */
  jwtExpirySeconds?: number;
  /** Request body limit of /auth/v1 and /rest/v1 in bytes; default 1 MiB. */
  bodyLimitBytes?: number;
  /** Where backend and function logs go; default stderr. */
  log?: (line: string) => void;
  /**
   * Runs the send-reminders function every that many seconds (first run a minute after start); 0 = off. Default:
   * REMINDERS_INTERVAL_SECONDS, else 900 with a kept database and off with a 'memory://' one (tests).
   */
  reminderIntervalSeconds?: number;
  /**
   * Start the fake plateforme agréée (pa-sandbox) and point the functions' PA_* at it when no PA is configured
   * (no PA_ADAPTER / PA_API_URL) and this is not a production deployment (`npm start`, the e2e server).
   */
  plateformeSandbox?: boolean;
  /** Extra routes (e.g. a Stripe sandbox, static files): return true when the request was handled. */
  extraHandlers?: Array<(req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>>;
}

export interface RunningBackend {
  url: string;
  /** The local mailbox page (no SMTP_URL): secret URL printed by `npm start`. */
  mailboxUrl?: string;
  mailbox?: LocalMailbox;
  /** The administrator password generated at this start (generateAdminPassword), to print once. */
  generatedAdminPassword?: string;
  /** That password replaces an earlier release's known default one (an upgraded install): tell the operator. */
  replacedDefaultAdminPassword?: boolean;
  anonKey: string;
  serviceRoleKey: string;
  /** The database, for tests and tools that need owner access. */
  db: Database;
  /** The Stripe sandbox (absent when a real STRIPE_SECRET_KEY is configured). */
  stripeSandbox?: StripeSandbox;
  /** The fake plateforme agréée the functions send to (plateformeSandbox). */
  plateformeSandbox?: FakePlateforme;
  close(): Promise<void>;
}

/** Environment names the hosted Edge Runtime provides or that our functions read. */
const FUNCTION_ENV_NAMES = [
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_API_BASE',
  'AI_BASE_URL',
  'AI_API_KEY',
  'AI_MODEL',
  'AI_ALLOWED_MODELS',
  'AI_MAX_TOKENS',
  'AI_DAILY_REQUESTS',
  'AI_MAX_BODY_BYTES',
  'ADMIN_EMAIL',
  'SITE_URL',
  'SMTP_FROM',
  'PA_ADAPTER',
  'PA_API_URL',
  'PA_API_KEY',
];

export async function startBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  sandboxWanted(options.env); // a production deployment without Stripe refuses to start here, before any work
  const databaseUrl = options.databaseUrl ?? (process.env.DATABASE_URL || undefined);
  const dataDir = options.dataDir ?? process.env.ATELIER_DATA_DIR ?? path.join(repoRoot(), '.atelier', 'data');
  const { secret: jwtSecret } = resolveJwtSecret({
    explicit: options.jwtSecret || process.env.JWT_SECRET || undefined,
    dataDir,
    allowDemoSecret: options.allowDemoJwtSecret,
    log,
  });
  const { anonKey, serviceRoleKey } = deriveApiKeys(jwtSecret);
  const verifier = new JwtVerifier(jwtSecret);
  const smtpUrl = options.smtpUrl ?? (process.env.SMTP_URL || undefined);
  const mailer = createMailer(smtpUrl);
  const mailboxToken =
    options.mailboxToken || createHmac('sha256', jwtSecret).update('atelier-mailbox').digest('hex').slice(0, 32);
  const appOrigins = options.appOrigins ?? [];
  const cors = corsPolicy(process.env.CORS_ORIGINS, appOrigins);
  const siteUrl = (process.env.SITE_URL || cors.origins[0] || 'http://localhost:3000').replace(/\/+$/, '');
  const bodyLimit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const jwtExpirySeconds = options.jwtExpirySeconds ?? (Number(process.env.JWT_EXPIRY) || DEFAULT_JWT_EXPIRY_SECONDS);

  const migrations = options.migrationsDir ?? migrationsDir();
  const db =
    dataDir === 'memory://' && !databaseUrl
      ? await openMigratedMemoryDatabase(migrations, path.join(repoRoot(), '.atelier', 'cache'), repoRoot(), log)
      : await openDatabase({ databaseUrl: databaseUrl || undefined, dataDir });
  let runtime: FunctionRuntime | undefined;
  let plateforme: FakePlateforme | undefined;
  try {
    await applyMigrations(db, migrations);
    let schema: SchemaCache = await loadSchemaCache(db);
    let lastReload = Date.now();
    const reloadSchema = async (): Promise<boolean> => {
      if (Date.now() - lastReload < 2000) return false;
      lastReload = Date.now();
      schema = await loadSchemaCache(db);
      return true;
    };

    let publicUrl = '';
    const adminEmail = options.adminEmail ?? (process.env.ADMIN_EMAIL || undefined);
    const adminPassword = options.adminPassword ?? (process.env.ADMIN_PASSWORD || undefined);
    const gotrue = new GoTrue({
      db,
      jwtSecret,
      verifier,
      url: () => publicUrl,
      jwtExpirySeconds,
      refreshReuseIntervalSeconds: REFRESH_TOKEN_REUSE_INTERVAL_SECONDS,
      bodyLimit,
      mailer,
      requireEmailConfirmation: options.requireEmailConfirmation ?? !!smtpUrl,
      adminEmail: () => adminEmail,
      siteUrl: () => siteUrl,
      allowRedirect: (target) => {
        try {
          const origin = new URL(target).origin;
          return origin === new URL(siteUrl).origin || cors.origins.includes(origin);
        } catch {
          return false;
        }
      },
      limiter: new AuthLimiter({ ...defaultAuthLimits(), ...(options.authLimits ?? {}) }),
    });
    const postgrest = new Postgrest({
      db,
      verifier,
      anonKey,
      serviceRoleKey,
      schema: () => schema,
      reloadSchema,
      bodyLimit,
      // PGlite: one connection, so one request's statement at a time, lanes served in turn; PostgreSQL: as many
      // as the pool, still in turn.
      queue: new FairQueue(db.engine === 'pglite' ? 1 : Number(process.env.DB_POOL_SIZE ?? 8)),
    });

    const storage = new StorageApi({ db, verifier, anonKey, serviceRoleKey });

    let generatedAdminPassword: string | undefined;
    let replacedDefaultAdminPassword = false;
    if (adminEmail) {
      await db.query(
        `insert into private.settings (key, value) values ('admin_email', $1)
         on conflict (key) do update set value = excluded.value`,
        [adminEmail.trim().toLowerCase()],
      );
      if (adminPassword) await gotrue.ensureUser(adminEmail, adminPassword);
      else if (options.generateAdminPassword && !(await gotrue.confirmedUserExists(adminEmail))) {
        generatedAdminPassword = randomBytes(12).toString('base64url');
        await gotrue.ensureUser(adminEmail, generatedAdminPassword);
      } else if (options.generateAdminPassword) {
        // An upgraded install whose administrator still has an earlier release's public default password.
        generatedAdminPassword = (await replaceDefaultAdminPassword(db, adminEmail)) ?? undefined;
        replacedDefaultAdminPassword = generatedAdminPassword !== undefined;
      }
    }

    const stripe = createStripeSandbox({
      env: options.env,
      backendUrl: () => publicUrl,
      secrets: resolveStripeSandboxSecrets(dataDir),
      isServiceRole: (req) => {
        const token = bearerToken(req) ?? (req.headers.apikey as string | undefined);
        if (!token) return false;
        const verified = verifier.verify(token);
        return verified.ok && verified.claims.role === 'service_role';
      },
      log,
    });
    const paEnv = { ...process.env, ...(options.env ?? {}) };
    if (options.plateformeSandbox && !paEnv.PA_ADAPTER && !paEnv.PA_API_URL && !isProductionDeployment(paEnv)) {
      // Loaded only then: the PA's reader pulls pdf-lib and the XML parser.
      plateforme = await (await import('./pa-sandbox/index.ts')).startFakePlateforme();
      log(`fake plateforme agréée (pa-sandbox) on ${plateforme.url}`);
    }
    const functionEnv = (): Record<string, string> => {
      const env: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' };
      for (const name of FUNCTION_ENV_NAMES) if (process.env[name]) env[name] = process.env[name]!;
      for (const name of ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'NPM_CONFIG_REGISTRY', 'DENO_CERT']) {
        if (process.env[name]) env[name] = process.env[name]!;
      }
      Object.assign(env, {
        SUPABASE_URL: publicUrl,
        SUPABASE_ANON_KEY: anonKey,
        SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey,
        ...(databaseUrl ? { SUPABASE_DB_URL: databaseUrl } : {}),
        ...(adminEmail ? { ADMIN_EMAIL: adminEmail } : {}),
        ...(stripe?.functionEnv() ?? {}),
        ...(plateforme?.env() ?? {}),
        // Documents mailed by users (issue 26): links point at the apps; SMTP when configured, else the mailbox.
        SITE_URL: process.env.SITE_URL || siteUrl,
        ...(smtpUrl ? { SMTP_URL: smtpUrl } : { ATELIER_LOCAL_MAILBOX_URL: `${publicUrl}/mailbox/${mailboxToken}` }),
      });
      return { ...env, ...(options.env ?? {}) };
    };
    let functionsRuntime: FunctionRuntime | undefined;
    const functions = (): FunctionRuntime => {
      functionsRuntime ??= new FunctionRuntime({
        functionsDir: functionsDir(),
        denoDir: path.join(repoRoot(), '.atelier', 'deno'),
        env: functionEnv(),
        bodyLimit: DEFAULT_FUNCTION_BODY_LIMIT_BYTES,
        log,
        responseHeaders: (req, headers) => functionCors(req, headers, cors),
        verifier,
      });
      runtime = functionsRuntime;
      return functionsRuntime;
    };

    const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
      // Every answer of the backend (API, functions, sandbox pages, mailbox): no content sniffing.
      res.setHeader('x-content-type-options', 'nosniff');
      const url = new URL(req.url ?? '/', 'http://localhost');
      const pathname = url.pathname;
      if (pathname.startsWith('/functions/v1/')) {
        // Functions answer their own CORS preflight, as on hosted Supabase.
        const [, name = '', ...rest] = pathname.slice('/functions/v1'.length).split('/');
        const restPath = rest.length ? `/${rest.join('/')}` : '';
        return functions().handle(req, res, name, restPath, url.search);
      }
      const mailbox = mailer.mailbox;
      if (mailbox && pathname.startsWith(`/mailbox/${mailboxToken}`)) {
        return mailbox.handle(req, res, pathname.slice(`/mailbox/${mailboxToken}`.length) || '/');
      }
      const api =
        pathname.startsWith('/auth/v1') || pathname.startsWith('/rest/v1') || pathname.startsWith('/storage/v1');
      if (req.method === 'OPTIONS' && api) {
        res.writeHead(204, preflightHeaders(req, cors));
        res.end();
        return;
      }
      const allowOrigin = corsHeaders(req, cors) as Record<string, string>;
      for (const [key, value] of Object.entries(allowOrigin)) res.setHeader(key, value);
      if (pathname === '/auth/v1' || pathname.startsWith('/auth/v1/')) {
        const sub = pathname.slice('/auth/v1'.length) || '/';
        // Like Supabase's gateway, the mail links (GET /verify) open in a browser without an apikey.
        const open = sub === '/health' || (sub === '/verify' && req.method === 'GET');
        if (!open && !isApiKey(req, url, anonKey, serviceRoleKey)) {
          const missing = !req.headers.apikey && !url.searchParams.get('apikey');
          return sendJson(
            res,
            401,
            missing
              ? { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }
              : { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' },
          );
        }
        return gotrue.handle(req, res, sub.replace(/\/+$/, '') || '/', url.searchParams);
      }
      if (pathname === '/rest/v1' || pathname.startsWith('/rest/v1/')) {
        return postgrest.handle(req, res, pathname.slice('/rest/v1'.length), url.searchParams);
      }
      if (pathname.startsWith('/storage/v1/'))
        return storage.handle(req, res, pathname.slice('/storage/v1'.length), url.searchParams);
      if (stripe && (await stripe.sandbox.handle(req, res, url))) return;
      for (const extra of options.extraHandlers ?? []) {
        if (await extra(req, res)) return;
      }
      if (pathname === '/' || pathname === '/health')
        return sendJson(res, 200, { name: 'atelier-backend', status: 'ok' });
      sendJson(res, 404, { message: 'no Route matched with those values' });
    };

    const server = createServer((req, res) => {
      handle(req, res).catch((error: unknown) => {
        log(
          `[backend] ${req.method} ${req.url}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        if (res.headersSent) {
          res.destroy();
          return;
        }
        if ((req.url ?? '').startsWith('/auth/v1')) {
          sendAuthError(
            res,
            new AuthError(
              500,
              'unexpected_failure',
              'Unexpected failure, please check server logs for more information',
            ),
          );
        } else {
          sendJson(res, 500, { code: 'PGRSTX00', message: 'Internal server error', details: null, hint: null });
        }
      });
    });
    server.keepAliveTimeout = 65_000;
    const host = options.host ?? process.env.HOST ?? '127.0.0.1';
    const port = options.port ?? (process.env.PORT ? Number(process.env.PORT) : DEFAULT_PORT);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address() as AddressInfo;
    publicUrl =
      process.env.API_EXTERNAL_URL ||
      `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${address.port}`;

    const reminders = startReminderScheduler({
      // On for a kept database (`npm start`, DATABASE_URL), off for throw-away ones (tests call the function).
      intervalSeconds:
        options.reminderIntervalSeconds ??
        (process.env.REMINDERS_INTERVAL_SECONDS !== undefined
          ? Number(process.env.REMINDERS_INTERVAL_SECONDS)
          : dataDir === 'memory://' && !databaseUrl
            ? 0
            : 900),
      url: `${publicUrl}/functions/v1/send-reminders`,
      serviceRoleKey,
      log,
    });

    let closing: Promise<void> | undefined;
    return {
      url: publicUrl,
      ...(mailer.mailbox ? { mailbox: mailer.mailbox, mailboxUrl: `${publicUrl}/mailbox/${mailboxToken}/` } : {}),
      ...(generatedAdminPassword ? { generatedAdminPassword } : {}),
      replacedDefaultAdminPassword,
      anonKey,
      serviceRoleKey,
      db,
      stripeSandbox: stripe?.sandbox,
      ...(plateforme ? { plateformeSandbox: plateforme } : {}),
      close() {
        closing ??= (async () => {
          await reminders.stop();
          await new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          });
          await runtime?.close();
          await plateforme?.close();
          await db.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await runtime?.close();
    await plateforme?.close();
    await db.close().catch(() => undefined);
    throw error;
  }
}

function isApiKey(req: IncomingMessage, url: URL, anonKey: string, serviceRoleKey: string): boolean {
  const key = (req.headers.apikey as string | undefined) ?? url.searchParams.get('apikey');
  return key === anonKey || key === serviceRoleKey;
}

/**
 * Functions answer CORS for the configured app origins only: whatever Access-Control-Allow-Origin a function
 * sends (Supabase's examples send `*`) is replaced by the caller's origin when allowed, and dropped otherwise.
 */
function functionCors(
  req: IncomingMessage,
  headers: IncomingHttpHeaders,
  cors: ReturnType<typeof corsPolicy>,
): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = { ...headers };
  delete out['access-control-allow-origin'];
  const origin = req.headers.origin;
  if (origin && cors.allowsOrigin(origin)) {
    out['access-control-allow-origin'] = origin;
    out.vary = headers.vary ? `${String(headers.vary)}, Origin` : 'Origin';
  }
  return out;
}
