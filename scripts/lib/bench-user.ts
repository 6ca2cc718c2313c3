// A bench's artisan: signed up through the real backend's GoTrue endpoint, then confirmed by the service role (the
// e-mail link a person would follow), so that the page can sign in with the password.
import type { startBackend } from '../../backend/src/server.ts';

type Backend = Awaited<ReturnType<typeof startBackend>>;

/** Signs `user` up as Jeanne Martin of Martin Rénovation, confirms the address, and returns the user's id. */
export async function signUpConfirmed(backend: Backend, user: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${backend.url}/auth/v1/signup`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      ...user,
      data: { first_name: 'Jeanne', last_name: 'Martin', company_name: 'Martin Rénovation' },
    }),
  });
  const body = (await res.json()) as { user?: { id: string }; id?: string };
  const userId = body.user?.id ?? body.id;
  if (!userId) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  const confirmed = await fetch(`${backend.url}/auth/v1/admin/users/${userId}`, {
    method: 'PUT',
    headers: {
      apikey: backend.serviceRoleKey,
      authorization: `Bearer ${backend.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email_confirm: true }),
  });
  if (!confirmed.ok) throw new Error(`confirming ${user.email} failed: ${confirmed.status}`);
  return userId;
}
