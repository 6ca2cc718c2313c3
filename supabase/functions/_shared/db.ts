// PostgREST and Storage calls of the document functions (issue 26), either AS THE USER (their JWT: RLS decides)
// or as the service role (public pages and the reminder scheduler, through security-definer SQL functions only).
const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';
export const SERVICE_ROLE_KEY = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '';

/** A refusal of the database: PostgREST's code / hint / French message. */
export class DbError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null,
    readonly hint: string | null,
    readonly detail: string | null = null,
  ) {
    super(message);
  }
}

function headers(token: string): Record<string, string> {
  return { apikey: token === SERVICE_ROLE_KEY ? SERVICE_ROLE_KEY : ANON_KEY, Authorization: `Bearer ${token}` };
}

export async function rest<T>(token: string, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    ...init,
    headers: { ...headers(token), 'Content-Type': 'application/json', ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) {
    let body: { message?: string; code?: string; hint?: string; details?: string } = {};
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      // not JSON
    }
    throw new DbError(
      res.status,
      body.message ?? text.slice(0, 300),
      body.code ?? null,
      body.hint ?? null,
      body.details ?? null,
    );
  }
  return (text ? JSON.parse(text) : null) as T;
}

export function rpc<T>(token: string, fn: string, args: Record<string, unknown>): Promise<T> {
  return rest<T>(token, `rpc/${fn}`, { method: 'POST', body: JSON.stringify(args) });
}

export async function download(token: string, path: string): Promise<Uint8Array | null> {
  const res = await fetch(`${SUPABASE_URL}/storage/v1/object/documents/${path}`, { headers: headers(token) });
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  return new Uint8Array(await res.arrayBuffer());
}

/** Uploads without overwriting: true when stored, or already there (a retry). */
export async function upload(token: string, path: string, bytes: Uint8Array): Promise<boolean> {
  const res = await fetch(`${SUPABASE_URL}/storage/v1/object/documents/${path}`, {
    method: 'POST',
    headers: { ...headers(token), 'Content-Type': 'application/pdf' },
    body: new Uint8Array(bytes),
  });
  const detail = await res.text();
  if (res.ok) return true;
  if (res.status === 409 || /exists|duplicate/i.test(detail)) return true;
  throw new Error(`storage upload ${res.status}: ${detail.slice(0, 300)}`);
}

export async function callFunction(token: string, name: string, body: unknown): Promise<Response> {
  return await fetch(`${SUPABASE_URL}/functions/v1/${name}`, {
    method: 'POST',
    headers: { ...headers(token), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
