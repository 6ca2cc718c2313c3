// bcrypt hashes compatible with GoTrue's (`$2a$10$…`), and GoTrue's default password rule (6 characters).
import bcrypt from 'bcryptjs';

import { authErrors } from './errors.ts';

export const BCRYPT_COST = 10;
export const MIN_PASSWORD_LENGTH = 6;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST);
}

export function verifyPassword(password: string, hash: string | null | undefined): Promise<boolean> {
  // Compare against a fixed hash when the user is unknown, so that timing does not reveal which emails exist.
  return bcrypt.compare(password, hash ?? UNKNOWN_USER_HASH);
}

const UNKNOWN_USER_HASH = '$2a$10$CwTycUXWue0Thq9StjUM0uJ8Hy3Q8dBGJ5uK1Ptsy3F2x0eCVP6mG';

/** Throws GoTrue's weak_password (422) error when the password breaks the rule. */
export function assertPasswordStrength(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw authErrors.weakPassword(['length'], `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
  if (Buffer.byteLength(password, 'utf8') > 72) throw authErrors.passwordTooLong();
}
