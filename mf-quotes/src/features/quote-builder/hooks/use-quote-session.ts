import { bus } from '@atelier/bus';
import { startUpdate } from '@atelier/storage';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';

import { upsertClient } from '../model/client-book';
import { createQuoteSession, type QuoteSession, type QuoteSessionState } from '../model/quote-session';
import { fromStoredDraft, toStoredDraft, type DraftStore } from '../model/draft-storage';
import type { QuoteDraft } from '../model/quote-draft';
import { isQuotaExhausted, type QuotaState, type QuoteStores } from '../services';

/** The latest quota state (the platform's stream is BehaviorSubject-like: it emits on subscribe). */
export function useQuotaState(planState$: Observable<QuotaState>): {
  quota: QuotaState | null;
  latest: () => QuotaState | null;
} {
  const [quota, setQuota] = useState<QuotaState | null>(null);
  const latest = useRef<QuotaState | null>(null);
  useEffect(() => {
    const sub = planState$.subscribe((state) => {
      latest.current = state;
      // The plan arriving from the server redraws the page: in a transition (issue 14, TBT).
      startUpdate(() => setQuota(state));
    });
    return () => sub.unsubscribe();
  }, [planState$]);
  return { quota, latest: () => latest.current };
}

/** One quote session per mounted home page, listening to the recognition events while mounted. */
export function useQuoteSession(
  latestQuota: () => QuotaState | null,
  stores: QuoteStores,
  initialDraft?: QuoteDraft,
  draftStore?: DraftStore | null,
): { session: QuoteSession; state: QuoteSessionState } {
  const latestQuotaRef = useRef(latestQuota);
  useEffect(() => {
    latestQuotaRef.current = latestQuota;
  });
  const [session] = useState(() =>
    createQuoteSession(
      {
        bus,
        catalogue: () => stores.tasks.get(),
        quotaExhausted: () => isQuotaExhausted(latestQuotaRef.current()),
        saveClient: (client) => stores.clients.set((prev) => upsertClient(prev, client)),
      },
      initialDraft ?? (draftStore ? fromStoredDraft(draftStore.get()) : undefined),
    ),
  );
  useEffect(() => session.connect(), [session]);
  // Every change of the draft is kept for this user (survives reloads, online or offline).
  useEffect(() => {
    if (!draftStore) return undefined;
    let last = session.getState().draft;
    return session.subscribe(() => {
      const { draft } = session.getState();
      if (draft === last) return;
      last = draft;
      draftStore.set(toStoredDraft(draft));
    });
  }, [session, draftStore]);
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return { session, state };
}
