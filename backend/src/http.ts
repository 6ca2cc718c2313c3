// Small HTTP helpers over node:http (no framework on the hot path): bodies with a size limit, JSON replies, CORS.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${limit} bytes`);
  }
}

/** Bodies bigger than this are not even drained before the 413: the connection is dropped after the answer. */
const MAX_DRAINED_BYTES = 64 * 1024 * 1024;

/**
 * Reads the whole body, refusing more than `limit` bytes (announced by Content-Length or actually sent). A refused
 * body is drained (up to 64 MiB) before the promise rejects, so the 413 answer reaches a client that is still
 * sending instead of a reset connection.
 */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
    let settled = false;
    const refuse = () => {
      if (settled) return;
      settled = true;
      reject(new BodyTooLargeError(limit));
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAINED_BYTES) {
        refuse();
        req.socket.destroySoon?.();
        return;
      }
      if (tooLarge || size > limit) {
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (tooLarge) return refuse();
      if (settled) return;
      settled = true;
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    });
    req.on('error', (error) => {
      if (!settled) {
        settled = true;
        reject(error);
      }
    });
  });
}

/** Nesting depth of a JSON text (arrays and objects), counted without parsing it; strings are skipped. */
export function jsonDepth(text: string, stopAt = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > max) {
        max = depth;
        if (max > stopAt) return max;
      }
    } else if (c === 93 || c === 125) depth -= 1;
  }
  return max;
}

export function send(res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body?: string | Buffer): void {
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = body ?? '';
  res.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(payload) });
  res.end(payload);
}

export function sendJson(res: ServerResponse, status: number, value: unknown, headers: OutgoingHttpHeaders = {}): void {
  send(res, status, { 'content-type': 'application/json; charset=utf-8', ...headers }, JSON.stringify(value));
}

const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'content-type',
  'x-client-info',
  'x-supabase-api-version',
  'prefer',
  'accept',
  'accept-profile',
  'content-profile',
  'range',
  'range-unit',
  'x-region',
  'x-retry-count',
  // Storage uploads (supabase-js storage.from(bucket).upload)
  'x-upsert',
  'cache-control',
  'x-metadata',
];
const EXPOSED_HEADERS = 'Content-Range, X-Supabase-Api-Version, X-Total-Count, Link, Location, Preference-Applied';

export interface CorsPolicy {
  allowsOrigin(origin: string): boolean;
  origins: string[];
}

/**
 * The configured app origins only (the shell and its remotes, given by `npm start` / e2e, plus CORS_ORIGINS,
 * comma-separated; `*` allows any). Without any configuration: the default shell origin http://localhost:3000.
 * Tokens travel in headers, never in cookies, so no credentials mode is needed.
 */
export function corsPolicy(extraOrigins: string | undefined, appOrigins: string[] = []): CorsPolicy {
  const extras = (extraOrigins ?? '')
    .split(',')
    .map((o) => o.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  const any = extras.includes('*');
  const allowed = new Set([...appOrigins, ...extras]);
  if (allowed.size === 0) allowed.add('http://localhost:3000');
  return { allowsOrigin: (origin) => any || allowed.has(origin), origins: [...allowed] };
}

export function corsHeaders(req: IncomingMessage, policy: CorsPolicy): OutgoingHttpHeaders {
  const origin = req.headers.origin;
  if (!origin || !policy.allowsOrigin(origin)) return {};
  return { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSED_HEADERS, vary: 'Origin' };
}

export function preflightHeaders(req: IncomingMessage, policy: CorsPolicy): OutgoingHttpHeaders {
  const base = corsHeaders(req, policy);
  if (!base['access-control-allow-origin']) return {};
  const requested = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter((h) => /^[a-z0-9-]+$/.test(h));
  const allowed = [...new Set([...ALLOWED_HEADERS, ...requested])];
  return {
    ...base,
    'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
    'access-control-allow-headers': allowed.join(', '),
    'access-control-max-age': '86400',
  };
}

export function clientIp(req: IncomingMessage): string {
  return req.socket.remoteAddress ?? 'unknown';
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(.*)$/i.exec(header);
  return match ? match[1]!.trim() : undefined;
}
