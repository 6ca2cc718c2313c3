// Exposed as mf_quotes/HomePage: quote building on the home page (/). The shell passes mf-recognition's
// panels as `recognitionSlot`. Generated devis are saved into the signed-in user's client book on the server
// (@atelier/storage sync engine); /?devis=<quote id> opens a saved one for editing.
import { consumeQuoteCredit, getSupabase, heldQuoteNumbers, planState$, useAuth } from '@atelier/platform';
import {
  documentFiles,
  engineClientBook,
  pushSavedQuote,
  saveQuoteToBook,
  tasksStore,
  userSyncEngine,
  type SyncEngine,
  type WriteResult,
} from '@atelier/storage';
import { Banner } from '@atelier/ui';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { map } from 'rxjs';

import { QuoteBuilderPage } from '../features/quote-builder/components/quote-builder-page';
import { QUOTE_MESSAGES as M } from '../features/quote-builder/messages';
import {
  draftStoreFor,
  toStoredDraft,
  isEmptyDraft,
  fromStoredDraft,
} from '../features/quote-builder/model/draft-storage';
import { DEVIS_PARAM, loadSavedQuote } from '../features/quote-builder/model/saved-quote';
import type { QuoteServices } from '../features/quote-builder/services';

// @atelier/documents (PDF layout and drawing, fonts, mailto) is not needed to show or edit a devis: it is
// imported on the first « Générer » (cold JS on /, issue 14).
const documents = () => import('@atelier/documents');

const services: QuoteServices = {
  // With the numbers this device holds for today: the editor stays open while it may still use them (0051).
  planState$: planState$.pipe(map((state) => ({ ...state, heldHere: heldQuoteNumbers() }))),
  consumeQuoteCredit,
  renderQuotePdf: async (input) => (await documents()).renderQuotePdf(input),
  buildQuoteMailto: async (input) => (await documents()).buildQuoteMailto(input),
  documentFiles,
};

/** How long « Générer » waits for the server's answer about the client book before calling it queued. */
const SAVE_ANSWER_MS = 8_000;

function bookServices(engine: SyncEngine): Pick<QuoteServices, 'stores' | 'saveQuote'> {
  return {
    stores: { tasks: tasksStore, clients: engineClientBook(engine) },
    async saveQuote(client, quote): Promise<WriteResult> {
      const saved = await saveQuoteToBook(engine, client, quote);
      // Offline or slow: the save stays queued in the outbox and is pushed later.
      const refused = await Promise.race([
        pushSavedQuote(engine, saved),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), SAVE_ANSWER_MS)),
      ]);
      return refused ? { ok: false, message: refused } : { ok: true };
    },
  };
}

function requestedQuoteId(): string | null {
  if (typeof window === 'undefined') return null;
  return new URLSearchParams(window.location.search).get(DEVIS_PARAM);
}

function forgetRequestedQuote(): void {
  const url = new URL(window.location.href);
  url.searchParams.delete(DEVIS_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export default function HomePage({ recognitionSlot }: { recognitionSlot?: ReactNode }) {
  // The draft devis is kept per signed-in user; a new session (another account) gets its own page instance.
  const userId = useAuth().user?.id ?? null;
  // The user's one sync engine of the page (the shell's user data and /clients get the same instance).
  const engine = useMemo(() => (userId ? userSyncEngine(userId, getSupabase) : null), [userId]);
  const withDraft = useMemo(
    () => ({
      ...services,
      ...(engine ? bookServices(engine) : {}),
      draftStore: userId ? draftStoreFor(userId) : null,
    }),
    [userId, engine],
  );
  const [opening, setOpening] = useState<string | null>(() => requestedQuoteId());
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    if (!opening || !engine || !userId) return undefined;
    let alive = true;
    void loadSavedQuote(engine, opening).then(
      (found) => {
        if (!alive) return;
        forgetRequestedQuote();
        setOpening(null);
        if (!found) {
          setNotice({ tone: 'error', text: M.savedQuoteNotFound });
          return;
        }
        const store = draftStoreFor(userId);
        const current = fromStoredDraft(store.get());
        const label = found.number || found.draft.title;
        const same = current.quoteId === found.draft.quoteId;
        if (!same && !isEmptyDraft(current) && !window.confirm(M.openSavedConfirm(label))) return;
        if (!same) store.set(toStoredDraft(found.draft));
        setNotice({ tone: 'info', text: M.savedQuoteOpened(label) });
        setGeneration((g) => g + 1);
      },
      () => {
        if (!alive) return;
        setOpening(null);
        setNotice({ tone: 'error', text: M.savedQuoteNotFound });
      },
    );
    return () => {
      alive = false;
    };
  }, [opening, engine, userId]);

  if (opening && engine) return <p aria-live="polite">{M.openingSavedQuote}</p>;
  return (
    <>
      {notice ? <Banner tone={notice.tone}>{notice.text}</Banner> : null}
      <QuoteBuilderPage
        key={`${userId ?? 'anonymous'}:${generation}`}
        services={withDraft}
        recognitionSlot={recognitionSlot}
      />
    </>
  );
}
