// Maps supabase-js / GoTrue errors to the French message shown to the user. Duck-typed on name, code
// and status so it works for AuthApiError, AuthWeakPasswordError, AuthRetryableFetchError and raw bodies.
import { AUTH_MESSAGES } from './auth-messages';

interface ErrorLike {
  name?: string;
  code?: string;
  error_code?: string;
  status?: number;
  message?: string;
  reasons?: string[];
  weak_password?: { reasons?: string[] };
}

/** An error whose message is already the French text to display. */
export class AuthFailure extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'AuthFailure';
  }
}

export function isNetworkAuthError(error: unknown): boolean {
  const e = (error ?? {}) as ErrorLike;
  if (e.name === 'AuthRetryableFetchError') return true;
  if (e.name === 'TypeError' && /fetch|network/i.test(e.message ?? '')) return true;
  return e.status === 0 && e.name !== undefined && e.name.startsWith('Auth');
}

export function weakPasswordMessage(reasons: readonly string[] | undefined): string {
  const texts = (reasons ?? []).map((r) => AUTH_MESSAGES.weakPasswordReasons[r]).filter(Boolean);
  const list = texts.length ? texts.join(' ; ') : AUTH_MESSAGES.weakPasswordDefault;
  return `${AUTH_MESSAGES.weakPasswordPrefix} ${list}.`;
}

export function mapAuthError(error: unknown): string {
  if (error instanceof AuthFailure) return error.message;
  const e = (error ?? {}) as ErrorLike;
  const code = e.code ?? e.error_code;
  const message = e.message ?? '';
  if (isNetworkAuthError(error)) return AUTH_MESSAGES.network;
  if (message === AUTH_MESSAGES.missingCredentials || /must provide either an email or phone/i.test(message)) {
    return AUTH_MESSAGES.missingCredentials;
  }
  if (code === 'invalid_credentials' || /invalid login credentials/i.test(message))
    return AUTH_MESSAGES.invalidCredentials;
  if (code === 'user_already_exists' || code === 'email_exists' || /already registered/i.test(message)) {
    return AUTH_MESSAGES.userAlreadyExists;
  }
  if (code === 'weak_password' || e.name === 'AuthWeakPasswordError') {
    return weakPasswordMessage(e.reasons ?? e.weak_password?.reasons);
  }
  if (code === 'over_request_rate_limit' || code === 'over_email_send_rate_limit' || e.status === 429) {
    return AUTH_MESSAGES.rateLimited;
  }
  if (code === 'email_address_invalid' || code === 'validation_failed') return AUTH_MESSAGES.invalidEmail;
  if (code === 'email_not_confirmed') return AUTH_MESSAGES.emailNotConfirmed;
  return AUTH_MESSAGES.generic;
}

export function toAuthFailure(error: unknown): AuthFailure {
  if (error instanceof AuthFailure) return error;
  const e = (error ?? {}) as ErrorLike;
  return new AuthFailure(mapAuthError(error), e.code ?? e.error_code, error);
}

/** Errors meaning the stored session is unusable: it must be removed (SPEC §8). */
export function isDeadSessionError(error: unknown): boolean {
  const e = (error ?? {}) as ErrorLike;
  const code = e.code ?? e.error_code;
  if (code === 'session_not_found' || code === 'refresh_token_not_found' || code === 'refresh_token_already_used') {
    return true;
  }
  if (code === 'bad_jwt' || code === 'user_not_found') return true;
  if (e.name === 'AuthSessionMissingError' || e.name === 'AuthInvalidJwtError') return true;
  return /session.*(not found|missing)|missing sub claim|session_id/i.test(e.message ?? '');
}
