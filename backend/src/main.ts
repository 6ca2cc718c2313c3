// `tsx backend/src/main.ts`: the local backend alone (the full product starts with `npm start`).
// Environment: PORT, HOST, DATABASE_URL, ATELIER_DATA_DIR, JWT_SECRET, JWT_EXPIRY, ADMIN_EMAIL, ADMIN_PASSWORD,
// CORS_ORIGINS, and the functions' AI_BASE_URL, AI_API_KEY, STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET.
import { startBackend } from './server.ts';

async function main(): Promise<void> {
  const backend = await startBackend();
  process.stdout.write(
    [
      `Atelier backend (Supabase-compatible) listening on ${backend.url}`,
      `  SUPABASE_URL=${backend.url}`,
      `  SUPABASE_ANON_KEY=${backend.anonKey}`,
      `  SUPABASE_SERVICE_ROLE_KEY=${backend.serviceRoleKey}`,
      '',
    ].join('\n'),
  );
  const stop = () => {
    backend.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `backend failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
