// The admin page's calls. Every one is checked by the server (is_admin() in SQL), whatever the browser believes.
import { loadSupabase } from '@atelier/platform';

/** One row of admin_clients_view (spec §3 + plan, subscription status, quotes this month). */
export interface AdminUser {
  user_id: string;
  user_email: string;
  user_created_at: string;
  last_sign_in_at: string | null;
  email_confirmed: boolean;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  user_phone: string | null;
  address: string | null;
  siret: string | null;
  plan_id: 'free' | 'pro' | 'enterprise';
  subscription_status: string;
  quotes_used_this_month: number;
}

export interface AdminUserPage {
  total: number;
  page: number;
  per_page: number;
  users: AdminUser[];
}

export interface AdminDashboard {
  users: number;
  free: number;
  pro: number;
  enterprise: number;
  mrr_cents: number;
  quotes_this_month: number;
}

/** The server said this caller is not the administrator (SQLSTATE 42501 / HTTP 401-403). */
export class NotAdminError extends Error {
  constructor() {
    super('not the administrator');
    this.name = 'NotAdminError';
  }
}

function failure(error: { code?: string; message?: string }): Error {
  return error.code === '42501' ? new NotAdminError() : new Error(error.message ?? 'request failed');
}

export const USERS_PER_PAGE = 24;

/** Server-side search (email, names, company; accent- and case-insensitive) and pagination, newest first. */
export async function listUsers(search: string, page: number, perPage = USERS_PER_PAGE): Promise<AdminUserPage> {
  const { data, error } = await (await loadSupabase()).rpc('admin_list_users', { search, page, per_page: perPage });
  if (error) throw failure(error);
  return data as AdminUserPage;
}

export async function getDashboard(): Promise<AdminDashboard> {
  const { data, error } = await (await loadSupabase()).rpc('admin_dashboard');
  if (error) throw failure(error);
  return data as AdminDashboard;
}

/**
 * Deletes a user and all they own. Goes through the admin-delete-user function, which cancels a live Stripe
 * subscription first (SQL cannot call the provider) and then runs rpc delete_user as the administrator.
 */
export async function deleteUser(email: string): Promise<void> {
  const { error } = await (
    await loadSupabase()
  ).functions.invoke('admin-delete-user', {
    body: { user_email: email },
  });
  if (error) throw new Error(error.message);
}
