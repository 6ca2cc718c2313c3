// Exposed as mf_quotes/HomePage: quote building on the home page (/). The shell passes mf-recognition's
// panels as `recognitionSlot`.
import { buildQuoteMailto, renderQuotePdf } from '@atelier/documents';
import { consumeQuoteCredit, planState$, useAuth } from '@atelier/platform';
import { documentFiles } from '@atelier/storage';
import { useMemo, type ReactNode } from 'react';

import { QuoteBuilderPage } from '../features/quote-builder/components/quote-builder-page';
import { draftStoreFor } from '../features/quote-builder/model/draft-storage';
import type { QuoteServices } from '../features/quote-builder/services';

const services: QuoteServices = {
  planState$,
  consumeQuoteCredit,
  renderQuotePdf,
  buildQuoteMailto,
  documentFiles,
};

if (typeof window !== 'undefined') {
  // For the benchmark script (Chromium): times recompute + re-render of edits on a 200-line quote.
  // The bench code is a separate chunk, loaded only when this is called.
  (window as unknown as { __atelierQuoteEditBench?: unknown }).__atelierQuoteEditBench = (options?: object) =>
    import('../features/quote-builder/bench/edit-200-lines').then((m) => m.runEdit200LinesBench(options));
}

export default function HomePage({ recognitionSlot }: { recognitionSlot?: ReactNode }) {
  // The draft devis is kept per signed-in user; a new session (another account) gets its own page instance.
  const userId = useAuth().user?.id ?? null;
  const withDraft = useMemo(() => ({ ...services, draftStore: userId ? draftStoreFor(userId) : null }), [userId]);
  return <QuoteBuilderPage key={userId ?? 'anonymous'} services={withDraft} recognitionSlot={recognitionSlot} />;
}
