// Upgrades (issue 32): an install made before the per-install administrator password still has the old public
// default (admin@atelier.local / atelier-admin). On start, that password is replaced by a random one, printed once
// like on a fresh install, and every session of the account is revoked: the old password never signs in again.
import { randomBytes } from 'node:crypto';

import type { Database } from '../db/database.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import * as store from './store.ts';

/** The passwords earlier releases gave the administrator by default (public: in their README and scripts). */
export const KNOWN_DEFAULT_ADMIN_PASSWORDS: readonly string[] = ['atelier-admin'];

/**
 * When the account `email` still accepts a known default password, gives it a new random one (returned, to print
 * once) and ends its sessions. Returns null when there is nothing to replace.
 */
export async function replaceDefaultAdminPassword(db: Database, email: string): Promise<string | null> {
  const found = await store.findCredentials(db, email.trim().toLowerCase());
  if (!found?.hash) return null;
  let usesDefault = false;
  for (const known of KNOWN_DEFAULT_ADMIN_PASSWORDS) {
    if (await verifyPassword(known, found.hash)) usesDefault = true;
  }
  if (!usesDefault) return null;
  const password = randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await store.updateUser(tx, found.id, { passwordHash });
    await store.deleteSessions(tx, found.id, undefined, 'global');
  });
  return password;
}
