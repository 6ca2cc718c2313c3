// The signed-in user's row of `profiles` (filled from the sign-up metadata by the backend).
import { loadSupabase } from './supabase-client';

export interface Profile {
  firstName: string;
  lastName: string;
  phone: string;
  companyName: string;
  address: string;
  siret: string;
}

export type ProfilePatch = Partial<Profile>;

/** Primary key of `profiles`: the auth user's id (Supabase convention, `profiles.id references auth.users`). */
export const PROFILE_ID_COLUMN = 'id';

const COLUMNS = 'first_name, last_name, phone, company_name, address, siret';

const TO_COLUMN: Record<keyof Profile, string> = {
  firstName: 'first_name',
  lastName: 'last_name',
  phone: 'phone',
  companyName: 'company_name',
  address: 'address',
  siret: 'siret',
};

type ProfileRow = Partial<Record<string, string | null>>;

function fromRow(row: ProfileRow): Profile {
  return {
    firstName: row.first_name ?? '',
    lastName: row.last_name ?? '',
    phone: row.phone ?? '',
    companyName: row.company_name ?? '',
    address: row.address ?? '',
    siret: row.siret ?? '',
  };
}

export function profileToRow(patch: ProfilePatch): Record<string, string | null> {
  const row: Record<string, string | null> = {};
  for (const [key, column] of Object.entries(TO_COLUMN) as [keyof Profile, string][]) {
    const value = patch[key];
    if (value === undefined) continue;
    const trimmed = value.trim();
    row[column] = key === 'siret' && trimmed === '' ? null : trimmed;
  }
  return row;
}

/** The profile of `userId`, or null when the row does not exist yet. Throws on any other failure. */
export async function getProfile(userId: string): Promise<Profile | null> {
  const { data, error } = await (
    await loadSupabase()
  )
    .from('profiles')
    .select(COLUMNS)
    .eq(PROFILE_ID_COLUMN, userId)
    .maybeSingle();
  if (error && error.code !== 'PGRST116') throw error;
  return data ? fromRow(data as ProfileRow) : null;
}

/** Updates the given fields of the user's profile; throws when nothing could be written. */
export async function updateProfile(userId: string, patch: ProfilePatch): Promise<Profile> {
  const { data, error } = await (
    await loadSupabase()
  )
    .from('profiles')
    .update(profileToRow(patch))
    .eq(PROFILE_ID_COLUMN, userId)
    .select(COLUMNS)
    .single();
  if (error) throw error;
  return fromRow(data as ProfileRow);
}
