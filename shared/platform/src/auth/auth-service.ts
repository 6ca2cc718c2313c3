// Session and authentication service (SPEC.md §4 "Session", §8 "Sign-in and session").
// supabase-js already runs the 30 s refresh tick, refreshes at ≤ 90 s before expiry, retries with
// exponential backoff from 200 ms and removes a session whose refresh fails non-retryably; this service
// adds the server-side validation of a stored session, the 5 s cached check and the page-wide auth state.
import type { Session, SupabaseClient, User } from '@supabase/supabase-js';
import type { Observable } from 'rxjs';

import { getRuntimeConfig } from '../config';
import { nextTask } from '../next-task';
import { AUTH_STORAGE_KEY, hasStoredSession, isSupabaseLoaded, loadSupabase } from '../supabase-client';
import { StateCell } from '../state-stream';
import { useCellState } from '../use-observable-state';
import { AuthFailure, isDeadSessionError, isNetworkAuthError, mapAuthError, toAuthFailure } from './auth-errors';
import { AUTH_MESSAGES } from './auth-messages';

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  user: User | null;
  /** French reason when the authentication check itself could not run. */
  error?: string;
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  address: string;
  siret?: string;
}

export interface SignUpResult {
  session: Session | null;
  user: User | null;
  /** True when the backend requires an email confirmation before the first sign-in. */
  needsConfirmation: boolean;
}

/** The sign-in check result is cached for 5 s (SPEC §4, §9). */
export const AUTH_CHECK_CACHE_MS = 5_000;

interface AuthRuntime {
  subject: StateCell<AuthState>;
  cache: { value: boolean; at: number } | null;
  inflight: Promise<boolean> | null;
  init: Promise<void> | null;
  unsubscribe: (() => void) | null;
  listening: SupabaseClient | null;
}

const KEY = Symbol.for('atelier.auth.v2');
type GlobalWithAuth = typeof globalThis & { [KEY]?: AuthRuntime };

function createRuntime(): AuthRuntime {
  return {
    subject: new StateCell<AuthState>({ status: 'loading', session: null, user: null }),
    cache: null,
    inflight: null,
    init: null,
    unsubscribe: null,
    listening: null,
  };
}

const runtime: AuthRuntime = ((globalThis as GlobalWithAuth)[KEY] ??= createRuntime());

export const authState$: Observable<AuthState> = runtime.subject.stream;

export function getAuthState(): AuthState {
  return runtime.subject.getValue();
}

export function useAuth(): AuthState {
  return useCellState(runtime.subject);
}

function publish(next: AuthState): void {
  const prev = runtime.subject.getValue();
  if (
    prev.status === next.status &&
    prev.session?.access_token === next.session?.access_token &&
    prev.user?.id === next.user?.id &&
    prev.user?.email === next.user?.email &&
    prev.error === next.error
  ) {
    return;
  }
  runtime.subject.next(next);
}

function signedIn(session: Session, user: User = session.user): AuthState {
  return { status: 'signed-in', session, user };
}

const SIGNED_OUT: AuthState = { status: 'signed-out', session: null, user: null };

/** The supabase client, loaded on demand, with the auth-event listener attached once. */
async function client(): Promise<SupabaseClient> {
  const supabase = await loadSupabase();
  if (runtime.listening !== supabase) {
    runtime.unsubscribe?.();
    const { data } = supabase.auth.onAuthStateChange((event, session) => {
      if (event === 'SIGNED_OUT' || !session) {
        if (event !== 'INITIAL_SESSION') {
          clearAuthCache();
          publish(SIGNED_OUT);
        }
        return;
      }
      // SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED, PASSWORD_RECOVERY, MFA_CHALLENGE_VERIFIED: keep the
      // freshest session; INITIAL_SESSION is validated by isAuthenticated().
      if (event !== 'INITIAL_SESSION') publish(signedIn(session));
    });
    runtime.listening = supabase;
    runtime.unsubscribe = () => data.subscription.unsubscribe();
  }
  return supabase;
}

function remember(value: boolean): void {
  runtime.cache = { value, at: Date.now() };
}

export function clearAuthCache(): void {
  runtime.cache = null;
}

const SIGN_OUT_REASON_KEY = 'atelier.auth.signOutReason';

/**
 * Why the stored session was dropped, for the sign-in page to say it once: 'updated' when the server no longer
 * recognises its signature (an upgrade gave the install its own secret: « Atelier a été mis à jour »).
 */
export function takeSignOutReason(): 'updated' | null {
  try {
    const reason = globalThis.localStorage?.getItem(SIGN_OUT_REASON_KEY);
    globalThis.localStorage?.removeItem(SIGN_OUT_REASON_KEY);
    return reason === 'updated' ? 'updated' : null;
  } catch {
    return null;
  }
}

function rememberSignOutReason(reason: 'updated'): void {
  try {
    globalThis.localStorage?.setItem(SIGN_OUT_REASON_KEY, reason);
  } catch {
    // Storage unavailable: the sign-in page simply says nothing.
  }
}

/** Drop the stored session locally, whatever the server says. */
async function removeLocalSession(): Promise<void> {
  try {
    if (isSupabaseLoaded()) await (await client()).auth.signOut({ scope: 'local' });
  } catch (error) {
    console.warn('[atelier] local sign-out failed', error);
  }
  try {
    globalThis.localStorage?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): nothing stored to remove.
  }
  clearAuthCache();
  publish(SIGNED_OUT);
}

async function checkWithServer(): Promise<boolean> {
  // Nothing stored and no client yet: signed out, without downloading supabase-js.
  if (!isSupabaseLoaded() && !hasStoredSession()) {
    publish(SIGNED_OUT);
    return false;
  }
  let session: Session | null;
  let auth: SupabaseClient['auth'];
  try {
    auth = (await client()).auth;
    const { data, error } = await auth.getSession();
    if (error) {
      console.warn('[atelier] stored session is invalid, removing it', error);
      await removeLocalSession();
      return false;
    }
    session = data.session;
  } catch (error) {
    console.warn('[atelier] authentication check failed', error);
    await removeLocalSession();
    return false;
  }
  if (!session) {
    publish(SIGNED_OUT);
    return false;
  }
  try {
    const { data, error } = await auth.getUser();
    if (!error && data.user) {
      publish(signedIn(session, data.user));
      return true;
    }
    if (error && isNetworkAuthError(error)) {
      // Server unreachable: the stored session is not proven invalid, keep it (supabase-js retries).
      publish(signedIn(session));
      return true;
    }
    if (error && isDeadSessionError(error)) {
      console.warn('[atelier] session not found on the server, signing out', error);
      // Signed with a key this server does not have: the install was upgraded (its own secret since).
      if (/signature/i.test(error.message ?? '')) rememberSignOutReason('updated');
    }
    else console.warn('[atelier] authentication check failed, signing out', error);
    await removeLocalSession();
    return false;
  } catch (error) {
    console.warn('[atelier] authentication check failed, signing out', error);
    await removeLocalSession();
    return false;
  }
}

/** Whether a valid session exists, checked against the server and cached for 5 s. */
export async function isAuthenticated(): Promise<boolean> {
  if (runtime.cache && Date.now() - runtime.cache.at < AUTH_CHECK_CACHE_MS) return runtime.cache.value;
  if (runtime.inflight) return runtime.inflight;
  runtime.inflight = checkWithServer()
    .then((value) => {
      remember(value);
      return value;
    })
    .finally(() => {
      runtime.inflight = null;
    });
  return runtime.inflight;
}

/**
 * Starts listening to supabase-js auth events and validates the stored session once. Idempotent; call it
 * after loadRuntimeConfig() (the shell's bootstrap and mountStandalone do).
 */
export function initAuth(): Promise<void> {
  if (runtime.init) return runtime.init;
  runtime.init = (async () => {
    try {
      if (isSupabaseLoaded() || hasStoredSession()) {
        await client();
        // Reading and checking the stored session in a task of its own, not in the one that made the client
        // (issue 14, TBT on a phone).
        await nextTask();
      }
      await isAuthenticated();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      runtime.subject.next({ status: 'signed-out', session: null, user: null, error: reason });
    }
  })();
  return runtime.init;
}

/** Retry after the guard's error display: forget the failed check and run it again. */
export function retryAuthCheck(): Promise<void> {
  runtime.init = null;
  runtime.unsubscribe?.();
  runtime.unsubscribe = null;
  runtime.listening = null;
  clearAuthCache();
  runtime.subject.next({ status: 'loading', session: null, user: null });
  return initAuth();
}

function requireCredentials(email: string, password: string): void {
  if (!email?.trim() || !password) throw new AuthFailure(AUTH_MESSAGES.missingCredentials, 'missing_credentials');
}

export async function signIn(email: string, password: string): Promise<Session> {
  requireCredentials(email, password);
  let result;
  try {
    result = await (await client()).auth.signInWithPassword({ email: email.trim(), password });
  } catch (error) {
    console.error('[atelier] sign-in failed', error);
    throw toAuthFailure(error);
  }
  if (result.error || !result.data.session) {
    console.error('[atelier] sign-in failed', result.error);
    throw toAuthFailure(result.error ?? new Error(mapAuthError(null)));
  }
  remember(true);
  publish(signedIn(result.data.session, result.data.user ?? result.data.session.user));
  return result.data.session;
}

export async function signUp(input: SignUpInput): Promise<SignUpResult> {
  requireCredentials(input.email, input.password);
  let result;
  try {
    result = await (
      await client()
    ).auth.signUp({
      email: input.email.trim(),
      password: input.password,
      options: {
        data: {
          first_name: input.firstName.trim(),
          last_name: input.lastName.trim(),
          company_name: input.companyName.trim(),
          phone: input.phone.trim(),
          address: input.address.trim(),
          siret: input.siret?.trim() || null,
        },
      },
    });
  } catch (error) {
    throw toAuthFailure(error);
  }
  if (result.error) throw toAuthFailure(result.error);
  const { session, user } = result.data;
  if (session) {
    remember(true);
    publish(signedIn(session, user ?? session.user));
  }
  return { session, user, needsConfirmation: !session };
}

/** POST /recover: mails a reset link leading to `redirectTo` (always succeeds for a well-formed address). */
export async function requestPasswordReset(email: string, redirectTo: string): Promise<void> {
  if (!email?.trim()) throw new AuthFailure(AUTH_MESSAGES.invalidEmail, 'validation_failed');
  let result;
  try {
    result = await (await client()).auth.resetPasswordForEmail(email.trim(), { redirectTo });
  } catch (error) {
    throw toAuthFailure(error);
  }
  if (result.error) throw toAuthFailure(result.error);
}

/**
 * The reset link lands with the recovery session in the URL fragment (`#access_token=…&refresh_token=…&type=
 * recovery`, or `#error=…`): installs that session. False when the link is invalid or expired.
 */
export async function openRecoverySession(fragment: string): Promise<boolean> {
  const params = new URLSearchParams(fragment.replace(/^#/, ''));
  const accessToken = params.get('access_token');
  const refreshToken = params.get('refresh_token');
  if (params.get('error') || !accessToken || !refreshToken) return false;
  const { data, error } = await (
    await client()
  ).auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
  if (error || !data.session) return false;
  remember(true);
  publish(signedIn(data.session, data.user ?? data.session.user));
  return true;
}

/** Sets a new password for the signed-in user (a fresh recovery session needs no current password). */
export async function updatePassword(password: string): Promise<void> {
  let result;
  try {
    result = await (await client()).auth.updateUser({ password });
  } catch (error) {
    throw toAuthFailure(error);
  }
  if (result.error) throw toAuthFailure(result.error);
}

/**
 * Signs out. `'local'` (the default) ends this device's session only, as « Se déconnecter » promises; `'global'`
 * ends every session of the account (« Se déconnecter de tous les appareils »). The local session and the cached
 * flag are cleared once the server has answered (a session it no longer knows counts as signed out).
 */
export async function signOut(scope: 'local' | 'global' = 'local'): Promise<void> {
  clearAuthCache();
  const auth = (await client()).auth;
  const { error } = await auth.signOut({ scope });
  if (error && !isDeadSessionError(error)) throw toAuthFailure(error);
  try {
    globalThis.localStorage?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // nothing stored
  }
  clearAuthCache();
  publish(SIGNED_OUT);
}

/** Ends every session of the account, this one included. */
export function signOutEverywhere(): Promise<void> {
  return signOut('global');
}

/** The single administrator, identified by email (runtime config), case-insensitive. */
export function isAdmin(user: Pick<User, 'email'> | null | undefined): boolean {
  const email = user?.email?.trim().toLowerCase();
  return !!email && email === getRuntimeConfig().adminEmail.trim().toLowerCase();
}

/** Tests only: forget every cached state. */
export function resetAuthForTests(): void {
  runtime.unsubscribe?.();
  Object.assign(runtime, { cache: null, inflight: null, init: null, unsubscribe: null, listening: null });
  runtime.subject.next({ status: 'loading', session: null, user: null });
}
