// « Supprimer mon compte » on /account (issue 25 §4). POST /functions/v1/delete-account { email } with the user's
// own token: the caller is the live session's user (GET /auth/v1/user: a token of a deleted account or of a
// signed-out session is refused), the typed e-mail must be theirs. Then, in this order: the database's checks
// (delete_account p_check_only: not the administrator's account), the provider subscription cancelled, the files
// removed through the storage API, and every row, session and refresh token deleted in one SQL transaction
// (private.remove_account, the same as the administrator's delete_user). The user is then signed out everywhere.
import { cancelLiveSubscriptions, ClosingError, removeStoredFiles, storedFilesOf } from '../_shared/account-closing.ts';
import { getUser } from '../_shared/auth.ts';
import { readBody } from '../_shared/bytes.ts';
import { json, preflight } from '../_shared/cors.ts';
import { DbError, rpc, SERVICE_ROLE_KEY } from '../_shared/db.ts';

/** `{ "email": "…" }`: an address is at most 320 characters. */
const MAX_BODY_BYTES = 2048;

const M = {
  notSignedIn: 'Session expirée : reconnectez-vous pour supprimer votre compte.',
  badRequest: 'Requête invalide : saisissez l’adresse e-mail de votre compte.',
  tooLarge: 'Requête trop volumineuse.',
  emailMismatch: 'L’adresse e-mail saisie ne correspond pas à celle de votre compte.',
  adminAccount: 'Le compte administrateur ne peut pas être supprimé depuis cette page.',
  provider:
    'Votre abonnement n’a pas pu être résilié auprès du prestataire de paiement : rien n’a été supprimé. Réessayez plus tard.',
  server: 'La suppression a échoué : rien n’a été supprimé. Réessayez plus tard.',
};

async function deleteAccount(req: Request): Promise<Response> {
  const user = await getUser(req);
  if (!user) return json(401, { error: M.notSignedIn });
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === null) return json(413, { error: M.tooLarge });
  let email: unknown;
  try {
    email = (JSON.parse(text) as { email?: unknown } | null)?.email;
  } catch {
    return json(400, { error: M.badRequest });
  }
  if (typeof email !== 'string' || !email.trim() || email.length > 320) return json(400, { error: M.badRequest });
  if (email.trim().toLowerCase() !== (user.email ?? '').toLowerCase()) {
    return json(400, { error: M.emailMismatch, code: 'email_mismatch' });
  }

  const args = { p_user_id: user.id, p_email: email.trim() };
  try {
    await rpc(SERVICE_ROLE_KEY, 'delete_account', { ...args, p_check_only: true });
  } catch (error) {
    if (error instanceof DbError && error.hint === 'admin_account') {
      return json(403, { error: M.adminAccount, code: 'admin_account' });
    }
    if (error instanceof DbError && error.hint === 'email_mismatch') {
      return json(400, { error: M.emailMismatch, code: 'email_mismatch' });
    }
    // The account vanished between the session check and here (a concurrent deletion).
    if (error instanceof DbError && error.code === 'P0002') return json(401, { error: M.notSignedIn });
    throw error;
  }

  try {
    await cancelLiveSubscriptions(user.id);
  } catch (error) {
    if (error instanceof ClosingError) return json(error.status, { error: M.provider, code: 'provider' });
    throw error;
  }
  await removeStoredFiles(await storedFilesOf(user.id));
  await rpc(SERVICE_ROLE_KEY, 'delete_account', args);
  return json(200, { deleted: true });
}

Deno.serve(async (req: Request) => {
  if (req.method === 'OPTIONS') return preflight(req);
  if (req.method !== 'POST') return json(405, { error: 'Use POST' });
  try {
    return await deleteAccount(req);
  } catch (error) {
    console.error('delete-account failed:', error);
    return json(500, { error: M.server });
  }
});
