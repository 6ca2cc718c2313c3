// GoTrue error replies. auth-js reads `code` when the response carries X-Supabase-Api-Version ≥ 2024-01-01 and
// `error_code` otherwise; sending both (plus msg/message) satisfies every auth-js 2.x.
import type { ServerResponse } from 'node:http';

import { sendJson } from '../http.ts';

export const API_VERSION_HEADERS = { 'x-supabase-api-version': '2024-01-01' } as const;

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export function sendAuthError(res: ServerResponse, error: AuthError, headers: Record<string, string> = {}): void {
  sendJson(
    res,
    error.status,
    { code: error.code, error_code: error.code, msg: error.message, message: error.message, ...error.extra },
    {
      ...API_VERSION_HEADERS,
      'x-sb-error-code': error.code,
      ...(typeof error.extra.retry_after_seconds === 'number'
        ? { 'retry-after': String(error.extra.retry_after_seconds) }
        : {}),
      ...headers,
    },
  );
}

export const authErrors = {
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token'),
  badJwt: (why: string) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${why}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  userNotFoundFromJwt: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  rateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  invalidEmail: () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  missingEmail: () => new AuthError(400, 'validation_failed', 'To signup, please provide your email'),
  missingPassword: () => new AuthError(400, 'validation_failed', 'Signup requires a valid password'),
  phoneDisabled: () => new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled'),
  weakPassword: (reasons: string[], message: string) =>
    new AuthError(422, 'weak_password', message, { weak_password: { reasons, message } }),
  passwordTooLong: () => new AuthError(422, 'validation_failed', 'Password cannot be longer than 72 characters'),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  refreshSessionNotFound: () => new AuthError(400, 'session_not_found', 'Invalid Refresh Token: Session Not Found'),
  unsupportedGrant: () => new AuthError(400, 'validation_failed', 'unsupported_grant_type'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  tooLarge: (limit: number) => new AuthError(413, 'request_too_large', `Request body exceeds ${limit} bytes`),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  emailRateLimited: (seconds: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${seconds} seconds.`,
    ),
  emailIpRateLimited: () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded'),
  signUpRateLimited: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  /** A sign-in asked to wait (growing delays after failures): the code auth-js and the apps know, and when. */
  loginDelayed: (seconds: number) =>
    new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached', { retry_after_seconds: seconds }),
  metadataTooLarge: (why: string) => new AuthError(422, 'validation_failed', why),
  currentPasswordRequired: () =>
    new AuthError(400, 'current_password_required', 'Current password required when setting new password.'),
  currentPasswordInvalid: () =>
    new AuthError(400, 'current_password_invalid', 'Current password required when setting new password.'),
  reauthenticationNotValid: () => new AuthError(400, 'reauthentication_not_valid', 'Requires reauthentication'),
  otpDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  verifyMissing: () => new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash'),
  verifyType: () => new AuthError(400, 'validation_failed', 'Verify requires a verification type'),
  resendType: () =>
    new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change'),
  sessionMissingClaim: () => new AuthError(403, 'session_not_found', 'invalid claim: missing session_id claim'),
  badAudience: () => new AuthError(403, 'bad_jwt', 'invalid JWT: token has invalid audience'),
  badIssuer: () => new AuthError(403, 'bad_jwt', 'invalid JWT: token has invalid issuer'),
  missingExp: () => new AuthError(403, 'bad_jwt', 'invalid JWT: token has invalid claims: missing exp claim'),
} as const;
