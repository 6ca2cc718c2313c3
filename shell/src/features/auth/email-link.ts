// Where the e-mail confirmation link lands (issue 29.8). GoTrue's GET /verify redirects to the site with the
// outcome in the URL fragment: `#access_token=…&type=signup` when the address is confirmed, `#error=…&error_code=
// otp_expired` when the link expired or was already used. The shell reads it once, removes it from the address bar
// (tokens must not stay in the history) and shows /auth/confirmation with the matching message.
export type EmailLinkOutcome = 'confirmed' | 'invalid';

const CONFIRMATION_TYPES = new Set(['signup', 'email', 'email_change', 'invite']);

/** The outcome an e-mail link put in `hash`, or null (no link, or a password-reset link: its own page reads it). */
export function emailLinkOutcome(hash: string, pathname: string): EmailLinkOutcome | null {
  if (!hash || hash.length < 2 || pathname.startsWith('/auth/nouveau-mot-de-passe')) return null;
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (params.get('error') || params.get('error_code')) return 'invalid';
  const type = params.get('type') ?? '';
  if (params.get('access_token') && CONFIRMATION_TYPES.has(type)) return 'confirmed';
  return null;
}

export const EMAIL_CONFIRMATION_PATH = '/auth/confirmation';
