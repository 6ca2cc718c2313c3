// Starts the backend and the static servers in one process and prints where to go.
import { startBackend } from '../backend/src/server.ts';

import { APP_PORTS, appPorts, serveApps } from './lib/serve-apps.mjs';

const DEFAULT_ADMIN_EMAIL = 'admin@atelier.local';

async function main() {
  const adminEmail = process.env.ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL;
  const adminPassword = process.env.ADMIN_PASSWORD || undefined;
  const hosted = process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY;
  // An administrator address without its password would leave the account to whoever sets one first.
  if (process.env.ADMIN_EMAIL && !adminPassword && !hosted) {
    throw new Error('ADMIN_EMAIL est défini sans ADMIN_PASSWORD : définissez les deux (ou aucun des deux).');
  }
  // ATELIER_PORT_BASE moves the shell and the five remotes (base, base+1 … base+5), e.g. for a second copy; the
  // backend's CORS and mail links follow the same ports.
  const base = Number(process.env.ATELIER_PORT_BASE) || 0;
  const ports = base ? appPorts(base) : APP_PORTS;
  const appOrigins = Object.values(ports).map((port) => `http://localhost:${port}`);

  const backend = hosted
    ? null
    : await startBackend({
        port: Number(process.env.BACKEND_PORT ?? 54321),
        databaseUrl: process.env.DATABASE_URL,
        dataDir: process.env.ATELIER_DATA_DIR,
        jwtSecret: process.env.JWT_SECRET,
        adminEmail,
        adminPassword,
        // Neither ADMIN_EMAIL nor ADMIN_PASSWORD: a random password on first start, printed once, never stored.
        generateAdminPassword: !adminPassword,
        appOrigins,
        plateformeSandbox: true, // POST /functions/v1/facturx/send works locally; PA_* configure a real one
      });

  const apps = await serveApps({
    ports,
    // `pnpm release <app>` / `pnpm rollback <app>` publish there (docs/deploy.md, decision 0015).
    releasesDir: process.env.ATELIER_RELEASES_DIR || 'releases',
    runtimeConfig: {
      supabaseUrl: hosted ? process.env.SUPABASE_URL : backend!.url,
      supabaseAnonKey: hosted ? process.env.SUPABASE_ANON_KEY : backend!.anonKey,
      adminEmail,
      contactEmail: process.env.CONTACT_EMAIL ?? 'contact@atelier.fr',
      contactPhone: process.env.CONTACT_PHONE ?? '01 84 60 00 00',
      geocoderUrl: process.env.GEOCODER_URL ?? 'https://data.geopf.fr/geocodage/search',
      ...(process.env.STRIPE_PRICE_PRO ? { stripePricePro: process.env.STRIPE_PRICE_PRO } : {}),
      ...(process.env.STRIPE_PRICE_ENTERPRISE ? { stripePriceEnterprise: process.env.STRIPE_PRICE_ENTERPRISE } : {}),
      // « Mode test » on /account when billing is the local Stripe sandbox (or BILLING_MODE=test on a hosted one).
      billingMode: (backend ? !!backend.stripeSandbox : process.env.BILLING_MODE === 'test') ? 'test' : 'live',
    },
  });

  const startedAt = Number(process.env.ATELIER_STARTED_AT ?? Date.now());
  const lines = [
    '',
    `Atelier est prêt : ${apps.url}`,
    backend ? `  backend local (Supabase-compatible) : ${backend.url}` : `  backend : ${process.env.SUPABASE_URL}`,
    backend?.generatedAdminPassword
      ? `  administrateur : ${adminEmail} / ${backend.generatedAdminPassword}  (mot de passe généré, affiché une seule fois : notez-le)`
      : `  administrateur : ${adminEmail}`,
    ...(backend?.replacedDefaultAdminPassword
      ? [
          '  ATTENTION : le compte administrateur utilisait encore l’ancien mot de passe par défaut public',
          '  (atelier-admin, installations antérieures) : il est désactivé et remplacé par le mot de passe ci-dessus ;',
          '  les sessions de ce compte ont été fermées.',
        ]
      : []),
    backend?.mailboxUrl
      ? `  boîte mail locale (aucun SMTP_URL) : ${backend.mailboxUrl}`
      : backend
        ? '  emails envoyés par SMTP (SMTP_URL)'
        : '',
    `  prêt en ${((Date.now() - startedAt) / 1000).toFixed(1)} s — Ctrl+C pour arrêter`,
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');
  process.stdout.write(`ATELIER_READY ${apps.url}\n`);

  const stop = async () => {
    await apps.close();
    await backend?.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error) => {
  process.stderr.write(`Atelier n'a pas pu démarrer : ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
