import { getProfile, updateProfile, type Profile } from '@atelier/platform';
import { useCallback, useEffect, useRef, useState } from 'react';

import { ACCOUNT_MESSAGES as M, PROFILE_SAVED_MS } from './messages';

export interface PersonalInfo {
  firstName: string;
  lastName: string;
  phone: string;
}

export type ProfileFeedback = { tone: 'success' | 'error'; text: string } | null;

const EMPTY: PersonalInfo = { firstName: '', lastName: '', phone: '' };

function pick(profile: Profile | null, metadata: Record<string, unknown> | undefined): PersonalInfo {
  const meta = (key: string) => (typeof metadata?.[key] === 'string' ? (metadata[key] as string) : '');
  return {
    firstName: profile?.firstName || meta('first_name'),
    lastName: profile?.lastName || meta('last_name'),
    phone: profile?.phone || meta('phone'),
  };
}

/** Loads the signed-in user's personal info and saves it back to `profiles`. */
export function useProfileForm(userId: string | null, metadata?: Record<string, unknown>) {
  const [values, setValues] = useState<PersonalInfo>(EMPTY);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<ProfileFeedback>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const metadataRef = useRef(metadata);
  metadataRef.current = metadata;

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    setLoading(true);
    getProfile(userId)
      .then((profile) => {
        if (!cancelled) setValues(pick(profile, metadataRef.current));
      })
      .catch((error: unknown) => {
        console.error('[atelier] profile load failed', error);
        if (!cancelled) setFeedback({ tone: 'error', text: M.loadFailed });
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [userId]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const save = useCallback(async () => {
    if (!userId) return;
    setSaving(true);
    if (timer.current) clearTimeout(timer.current);
    try {
      const saved = await updateProfile(userId, values);
      setValues(pick(saved, undefined));
      setFeedback({ tone: 'success', text: M.saved });
      timer.current = setTimeout(() => setFeedback(null), PROFILE_SAVED_MS);
    } catch (error) {
      console.error('[atelier] profile save failed', error);
      setFeedback({ tone: 'error', text: M.saveFailed });
    } finally {
      setSaving(false);
    }
  }, [userId, values]);

  const setField = (key: keyof PersonalInfo, value: string) => setValues((prev) => ({ ...prev, [key]: value }));

  return { values, setField, loading, saving, feedback, save };
}
