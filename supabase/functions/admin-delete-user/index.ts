// POST /functions/v1/admin-delete-user {user_email} — the administrator deletes a user (spec §7 delete_user).
// SQL cannot call Stripe, so this function first cancels the user's provider subscription when one is live and
// removes their files through the storage API (_shared/account-closing.ts, shared with delete-account), then
// calls rpc delete_user *with the caller's token*: the database decides who is administrator (is_admin(): the
// ADMIN_EMAIL account with a confirmed email), refuses the admin's own account and unknown emails, and removes
// everything the user owns in one transaction.
import { cancelLiveSubscriptions, ClosingError, removeStoredFiles, storedFilesOf } from '../_shared/account-closing.ts';
import { json, preflight } from '../_shared/cors.ts';

const SUPABASE_URL = Deno.env.get('SUPABASE_URL') ?? '';
const SUPABASE_ANON_KEY = Deno.env.get('SUPABASE_ANON_KEY') ?? '';

function rest(path: string, token: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${SUPABASE_URL}/rest/v1/${path}`, {
    ...init,
    headers: {
      apikey: SUPABASE_ANON_KEY,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
      ...(init.headers ?? {}),
    },
  });
}

/** supabase.auth.getUser(jwt): GET /auth/v1/user, verified by the backend (signature, expiry, live session). */
async function callerIsSignedIn(token: string): Promise<boolean> {
  const res = await fetch(`${SUPABASE_URL}/auth/v1/user`, {
    headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${token}` },
  });
  await res.body?.cancel();
  return res.ok;
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return json(405, { error: 'Use POST' });

  const token = (req.headers.get('Authorization') ?? '').match(/^Bearer\s+(.+)$/i)?.[1]?.trim() ?? '';
  if (!token || token === SUPABASE_ANON_KEY || !(await callerIsSignedIn(token))) {
    return json(401, { error: 'A signed-in administrator is required' });
  }
  const isAdmin = await rest('rpc/is_admin', token, { method: 'POST', body: '{}' });
  if (!isAdmin.ok || (await isAdmin.json()) !== true) return json(403, { error: 'Administrator only' });

  let email = '';
  try {
    const body = (await req.json()) as { user_email?: unknown };
    email = typeof body.user_email === 'string' ? body.user_email.trim().toLowerCase() : '';
  } catch {
    // fall through: missing email
  }
  if (!email) return json(400, { error: 'user_email is required' });

  // The admin's own view tells who the email belongs to (no rows for anyone else).
  const found = await rest(`admin_clients_view?select=user_id&user_email=eq.${encodeURIComponent(email)}`, token);
  const rows = found.ok ? ((await found.json()) as { user_id: string }[]) : [];
  if (rows[0]) {
    try {
      await cancelLiveSubscriptions(rows[0].user_id);
    } catch (error) {
      if (error instanceof ClosingError) return json(error.status, { error: error.message });
      throw error;
    }
    await removeStoredFiles(await storedFilesOf(rows[0].user_id));
  }

  const deleted = await rest('rpc/delete_user', token, { method: 'POST', body: JSON.stringify({ user_email: email }) });
  const result = await deleted.json();
  if (!deleted.ok) {
    const status = deleted.status === 404 || (result as { code?: string }).code === 'P0002' ? 404 : deleted.status;
    return json(status, { error: (result as { message?: string }).message ?? 'delete_user failed', code: result.code });
  }
  return json(200, result);
});
