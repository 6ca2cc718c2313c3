// The functions gateway's JWT check, per function, as on hosted Supabase: supabase/config.toml's
// `[functions.<name>] verify_jwt` (default true). With true, a request other than a CORS preflight must carry
// `Authorization: Bearer <JWT>` signed with the project's secret (any role: the anon key passes, as hosted);
// otherwise it is answered 401 before the function runs.
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';

import type { JwtVerifier } from '../jwt.ts';

/** `verify_jwt` of each function listed in a Supabase config.toml (only what this check needs of TOML). */
export function readVerifyJwt(configPath: string): Map<string, boolean> {
  const settings = new Map<string, boolean>();
  if (!existsSync(configPath)) return settings;
  let current: string | undefined;
  for (const raw of readFileSync(configPath, 'utf8').split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const table = /^\[\s*functions\.("?)([A-Za-z0-9_-]+)\1\s*\]$/.exec(line);
    if (table) {
      current = table[2];
      continue;
    }
    if (line.startsWith('[')) {
      current = undefined;
      continue;
    }
    const setting = /^verify_jwt\s*=\s*(true|false)$/.exec(line);
    if (current && setting) settings.set(current, setting[1] === 'true');
  }
  return settings;
}

export interface GatewayRefusal {
  status: 401;
  body: { code: 401; message: string };
}

/** Undefined when the request may reach the function; the gateway's 401 otherwise. */
export function gatewayJwtCheck(
  req: IncomingMessage,
  verifyJwt: boolean,
  verifier: JwtVerifier,
): GatewayRefusal | undefined {
  if (!verifyJwt || req.method === 'OPTIONS') return undefined;
  const header = req.headers.authorization;
  if (!header) return { status: 401, body: { code: 401, message: 'Missing authorization header' } };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) return { status: 401, body: { code: 401, message: "Auth header is not 'Bearer {token}'" } };
  if (!verifier.verify(match[1]!).ok) return { status: 401, body: { code: 401, message: 'Invalid JWT' } };
  return undefined;
}
