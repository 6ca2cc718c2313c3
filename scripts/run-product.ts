// Starts the backend and the static servers in one process and prints where to go.
import { startBackend } from '../backend/src/server.ts';

import { serveApps } from './lib/serve-apps.mjs';

const DEFAULT_ADMIN_EMAIL = 'admin@atelier.local';
const DEFAULT_ADMIN_PASSWORD = 'atelier-admin';

async function main() {
  const adminEmail = process.env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL;
  const adminPassword = process.env.ADMIN_PASSWORD ?? (process.env.ADMIN_EMAIL ? undefined : DEFAULT_ADMIN_PASSWORD);
  const hosted = process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY;

  const backend = hosted
    ? null
    : await startBackend({
        port: Number(process.env.BACKEND_PORT ?? 54321),
        databaseUrl: process.env.DATABASE_URL,
        dataDir: process.env.ATELIER_DATA_DIR,
        jwtSecret: process.env.JWT_SECRET,
        adminEmail,
        adminPassword,
      });

  // ATELIER_PORT_BASE moves the shell and the five remotes (base, base+1 … base+5), e.g. for a second copy.
  const base = Number(process.env.ATELIER_PORT_BASE) || 0;
  const ports = base
    ? { shell: base, quotes: base + 1, recognition: base + 2, clients: base + 3, account: base + 4, admin: base + 5 }
    : {};
  const apps = await serveApps({
    ports,
    runtimeConfig: {
      supabaseUrl: hosted ? process.env.SUPABASE_URL : backend!.url,
      supabaseAnonKey: hosted ? process.env.SUPABASE_ANON_KEY : backend!.anonKey,
      adminEmail,
      contactEmail: process.env.CONTACT_EMAIL ?? 'contact@atelier.fr',
      contactPhone: process.env.CONTACT_PHONE ?? '01 84 60 00 00',
      geocoderUrl: process.env.GEOCODER_URL ?? 'https://data.geopf.fr/geocodage/search',
      ...(process.env.STRIPE_PRICE_PRO ? { stripePricePro: process.env.STRIPE_PRICE_PRO } : {}),
      ...(process.env.STRIPE_PRICE_ENTERPRISE ? { stripePriceEnterprise: process.env.STRIPE_PRICE_ENTERPRISE } : {}),
    },
  });

  const startedAt = Number(process.env.ATELIER_STARTED_AT ?? Date.now());
  const lines = [
    '',
    `Atelier est prêt : ${apps.url}`,
    backend ? `  backend local (Supabase-compatible) : ${backend.url}` : `  backend : ${process.env.SUPABASE_URL}`,
    adminPassword ? `  administrateur : ${adminEmail} / ${adminPassword}` : `  administrateur : ${adminEmail}`,
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
