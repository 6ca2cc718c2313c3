import { companyVatRegime } from '@atelier/domain';
import {
  STORAGE_KEYS,
  clientsStore,
  companyInfoStore,
  saveCheckpoint,
  tasksStore,
  useStoredValue,
} from '@atelier/storage';
import { useEffect, useMemo, type ReactNode } from 'react';
import styled from 'styled-components';

import { Banner, Card, CardTitle, Muted, Page, PageTitle } from '../../../components/primitives';
import { StorageIssuesBanner } from '../../../components/storage-issues-banner';
import { useQuotaState, useQuoteSession } from '../hooks/use-quote-session';
import { QUOTE_MESSAGES as M } from '../messages';
import { isEmptyDraft } from '../model/draft-storage';
import { draftDevisTotals, type QuoteDraft } from '../model/quote-draft';
import type { QuoteSession } from '../model/quote-session';
import { QuoteServicesContext, isQuotaExhausted, useQuoteServices, type QuoteServices } from '../services';
import { ClientEditor } from './client-editor';
import { CurrentQuote } from './current-quote';
import { ExportPanel } from './export-panel';
import { InitErrorBoundary } from './init-error-boundary';
import { LineEditor } from './line-editor';
import { NewQuoteButton } from './new-quote-button';
import { PlanBadge } from './plan-badge';
import { QuotaBanner } from './quota-banner';

/** SPEC.md §9: a checkpoint 1 s after the home page loads. */
export const CHECKPOINT_DELAY_MS = 1000;

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 1rem;
  margin-bottom: 1rem;
  h1 {
    margin: 0;
  }
`;

const HeaderActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.75rem;
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 1rem;
  align-items: start;
  /* Side by side only when each half leaves the line table room for its task select (tablets stack). */
  @media (max-width: 1024px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

export interface QuoteBuilderPageProps {
  services: QuoteServices;
  /** mf-recognition's panels (image / voice tabs), composed by the shell. */
  recognitionSlot?: ReactNode;
  /** Benchmarks and tests: start from this draft. */
  initialDraft?: QuoteDraft;
  /** Benchmarks and tests: the page's session once created. */
  onSessionReady?: (session: QuoteSession) => void;
}

export function QuoteBuilderPage({ services, ...props }: QuoteBuilderPageProps) {
  return (
    <QuoteServicesContext.Provider value={services}>
      <InitErrorBoundary>
        <QuoteBuilder {...props} />
      </InitErrorBoundary>
    </QuoteServicesContext.Provider>
  );
}

function QuoteBuilder({ recognitionSlot, initialDraft, onSessionReady }: Omit<QuoteBuilderPageProps, 'services'>) {
  const services = useQuoteServices();
  const tasks = services.stores?.tasks ?? tasksStore;
  const clientBook = services.stores?.clients ?? clientsStore;
  const { quota, latest } = useQuotaState(services.planState$);
  const { session, state } = useQuoteSession(latest, { tasks, clients: clientBook }, initialDraft, services.draftStore);
  const { draft, quotaMessage, storageError } = state;
  const catalogue = useStoredValue(tasks);
  const clients = useStoredValue(clientBook);
  const regime = companyVatRegime(useStoredValue(companyInfoStore));

  useEffect(() => {
    onSessionReady?.(session);
  }, [session, onSessionReady]);
  const exhausted = isQuotaExhausted(quota);
  const { lines, vatRate, options, discount } = draft;
  const totals = useMemo(
    () => draftDevisTotals({ lines, vatRate, options, discount }, regime),
    [lines, vatRate, options, discount, regime],
  );

  useEffect(() => {
    const timer = setTimeout(() => saveCheckpoint(), CHECKPOINT_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <Page>
      <Header>
        <PageTitle>{M.pageTitle}</PageTitle>
        <HeaderActions>
          <NewQuoteButton session={session} empty={isEmptyDraft(draft)} />
          <PlanBadge quota={quota} />
        </HeaderActions>
      </Header>
      <StorageIssuesBanner
        keys={[STORAGE_KEYS.tasks, STORAGE_KEYS.clients, STORAGE_KEYS.companyInfo, STORAGE_KEYS.customization]}
      />
      {(exhausted || quotaMessage) && <QuotaBanner />}
      {storageError && <Banner tone="error">{storageError}</Banner>}
      <Card aria-labelledby="recognition-title">
        <CardTitle id="recognition-title">{M.recognitionTitle}</CardTitle>
        {recognitionSlot ?? <Muted>…</Muted>}
      </Card>
      <Columns>
        <LineEditor
          title={draft.title}
          lines={lines}
          vatRate={vatRate}
          regime={regime}
          options={options}
          discount={discount}
          totals={totals}
          catalogue={catalogue}
          session={session}
          additionsBlocked={exhausted}
        >
          <ClientEditor client={draft.client} clients={clients} session={session} disabled={exhausted} />
        </LineEditor>
        <CurrentQuote
          title={draft.title}
          client={draft.client}
          lines={lines}
          discount={discount}
          totals={totals}
          regime={regime}
        >
          <ExportPanel session={session} clientEmail={draft.client.email} />
        </CurrentQuote>
      </Columns>
    </Page>
  );
}
