// Exposed as mf_quotes/HomePage: quote building on the home page (/). The shell passes mf-recognition's
// panels as `recognitionSlot`.
import { buildQuoteMailto, renderQuotePdf } from '@atelier/documents';
import { consumeQuoteCredit, planState$ } from '@atelier/platform';
import { documentFiles } from '@atelier/storage';
import type { ReactNode } from 'react';

import { QuoteBuilderPage } from '../features/quote-builder/components/quote-builder-page';
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
  return <QuoteBuilderPage services={services} recognitionSlot={recognitionSlot} />;
}
