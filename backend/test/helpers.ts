// Shared set-up of the backend suites: one in-memory backend per test file, supabase-js clients, raw fetch.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';

import { startBackend, type RunningBackend, type StartBackendOptions } from '../src/server.ts';

export const TEST_JWT_SECRET = 'test-secret-for-the-backend-suite-0123456789';

export async function startTestBackend(options: StartBackendOptions = {}): Promise<RunningBackend> {
  const logs: string[] = [];
  return startBackend({
    port: 0,
    dataDir: 'memory://',
    databaseUrl: process.env.DATABASE_URL || undefined,
    jwtSecret: TEST_JWT_SECRET,
    // Suites sign up many users from 127.0.0.1: only the limits a test asks for apply.
    authLimits: { signUpsPerIpPerHour: 1_000_000, emailsPerIpPerHour: 1_000_000, failedLoginsPerIp: 1_000_000 },
    appOrigins: [0, 1, 2, 3, 4, 5].map((i) => `http://localhost:${3000 + i}`),
    log: (line) => {
      logs.push(line);
      if (process.env.BACKEND_LOG) process.stderr.write(`${line}\n`);
    },
    ...options,
  });
}

/**
 * supabase-js 2.119 wants a WebSocket class on Node 20 (no global one) even though these tests never open a
 * realtime channel: this stand-in fails loudly if one ever does.
 */
class NoRealtimeSocket {
  constructor() {
    throw new Error('realtime is not part of the local backend');
  }
}

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtimeSocket as unknown as typeof WebSocket },
  });
}

export function anonClient(backend: RunningBackend): SupabaseClient {
  return client(backend.url, backend.anonKey);
}

export function serviceClient(backend: RunningBackend): SupabaseClient {
  return client(backend.url, backend.serviceRoleKey);
}

let counter = 0;
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.fr`;
}

export const PROFILE_METADATA = {
  first_name: 'Jeanne',
  last_name: 'Martin',
  company_name: 'Martin Rénovation',
  phone: '06 12 34 56 78',
  address: '12 rue de la Paix 75002 Paris',
  siret: '12345678901234',
};

export interface SignedInUser {
  client: SupabaseClient;
  id: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * Signs up a fresh user and returns a client holding its session. Without SMTP a sign-up is usable at once but
 * unconfirmed; by default the helper then confirms the email (admin API, email_confirm) as following the mailed
 * link would, so suites get the confirmed users they had before issue 9.
 */
export async function signUpUser(
  backend: RunningBackend,
  prefix = 'user',
  options: { confirmed?: boolean } = {},
): Promise<SignedInUser> {
  const client = anonClient(backend);
  const email = uniqueEmail(prefix);
  const password = 'Chantier-2026!';
  const { data, error } = await client.auth.signUp({ email, password, options: { data: PROFILE_METADATA } });
  if (error || !data.session || !data.user) throw error ?? new Error('no session after sign-up');
  if (options.confirmed !== false) await confirmEmail(backend, data.user.id);
  return {
    client,
    id: data.user.id,
    email,
    password,
    accessToken: data.session.access_token,
    refreshToken: data.session.refresh_token,
  };
}

/** A raw request, for what supabase-js cannot express (hostile input, exact statuses and bodies). */
export async function raw(
  backend: RunningBackend,
  path: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    token?: string;
    apikey?: string | null;
  } = {},
): Promise<{ status: number; headers: Headers; text: string; json: unknown }> {
  const headers: Record<string, string> = { ...(init.headers ?? {}) };
  const apikey = init.apikey === undefined ? backend.anonKey : init.apikey;
  if (apikey !== null) headers.apikey = apikey;
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined && !headers['content-type']) headers['content-type'] = 'application/json';
  const res = await fetch(`${backend.url}${path}`, { method: init.method ?? 'GET', headers, body: init.body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** Marks a user's email confirmed through the admin API (PUT /auth/v1/admin/users/{id} {email_confirm: true}). */
export async function confirmEmail(backend: RunningBackend, userId: string): Promise<void> {
  const { error } = await serviceClient(backend).auth.admin.updateUserById(userId, { email_confirm: true });
  if (error) throw error;
}
