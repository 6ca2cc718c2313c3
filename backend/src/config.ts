// Defaults and locations shared by the backend's parts.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Development JWT secret used when JWT_SECRET is not set (Supabase's well-known local demo secret). */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEFAULT_PORT = 54321;
/** Access-token lifetime, as GoTrue's GOTRUE_JWT_EXP default. */
export const DEFAULT_JWT_EXPIRY_SECONDS = 3600;
/** Request bodies of /auth/v1 and /rest/v1. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/** Request bodies of /functions/v1 (the AI proxy carries photos as data URLs; the spec allows 20 MB images). */
export const DEFAULT_FUNCTION_BODY_LIMIT_BYTES = 30 * 1024 * 1024;
/** How long a just-rotated refresh token may still be used (two tabs refreshing at once), like GoTrue's. */
export const REFRESH_TOKEN_REUSE_INTERVAL_SECONDS = 10;

let cachedRoot: string | undefined;

/** The pnpm workspace root (the directory holding pnpm-workspace.yaml and backend/). */
export function repoRoot(): string {
  if (cachedRoot) return cachedRoot;
  const starts = [process.env.ATELIER_ROOT, typeof __dirname === 'string' ? __dirname : undefined, process.cwd()];
  for (const start of starts) {
    if (!start) continue;
    let dir = path.resolve(start);
    for (;;) {
      const marker = path.join(dir, 'pnpm-workspace.yaml');
      if (
        existsSync(marker) &&
        existsSync(path.join(dir, 'backend')) &&
        readFileSync(marker, 'utf8').includes('backend')
      ) {
        cachedRoot = dir;
        return dir;
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  throw new Error('Cannot find the Atelier workspace root (pnpm-workspace.yaml); set ATELIER_ROOT');
}

export function migrationsDir(): string {
  return path.join(repoRoot(), 'supabase', 'migrations');
}

export function functionsDir(): string {
  return path.join(repoRoot(), 'supabase', 'functions');
}
