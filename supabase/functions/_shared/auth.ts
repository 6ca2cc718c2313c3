// The signed-in user behind a request's bearer token, as supabase.auth.getUser(jwt) does it: GET /auth/v1/user,
// which the backend verifies (signature, expiry, live session). Never decodes the JWT itself.
const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const SUPABASE_ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';

export interface RequestUser {
  id: string;
  email: string | null;
}

export async function getUser(req: Request): Promise<RequestUser | null> {
  const token = (req.headers.get('Authorization') ?? '').match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!token || token === SUPABASE_ANON_KEY) return null;
  const res = await fetch(`${SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
  });
  if (!res.ok) {
    await res.body?.cancel();
    return null;
  }
  const user = (await res.json()) as { id?: unknown; email?: unknown };
  return typeof user.id === 'string'
    ? { id: user.id, email: typeof user.email === 'string' ? user.email : null }
    : null;
}
