// /customize: quote and invoice appearance with a live preview drawn from the documents' layout model.
import type { QuoteCustomization } from '@atelier/domain';
import { buildInvoiceLayout, buildQuoteLayout, DocumentPreview } from '@atelier/documents';
import { companyInfoStore, customizationStore, useStoredValue } from '@atelier/storage';
import { Banner, Card, PageTitle, SaveButton, Tabs } from '@atelier/ui';
import { useCallback, useMemo, useState } from 'react';
import styled from 'styled-components';

import { draftProblems } from '../model/customization-draft';
import {
  previewCompany,
  randomSampleDigits,
  SAMPLE_CLIENT,
  sampleInvoice,
  sampleQuote,
} from '../model/sample-document';
import { customizeMessages as m } from '../messages';
import { MailSettingsPanel } from './mail-settings-panel';
import { AppearanceSettings, InvoiceSettings, QuoteSettings } from './settings-panels';

type TabKey = 'quote' | 'invoice';

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(280px, 400px) minmax(0, 1fr);
  gap: 1.25rem;
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    grid-template-columns: 1fr;
  }
`;

const PreviewColumn = styled.section`
  position: sticky;
  top: 1rem;
  background: ${({ theme }) => theme.colors.background};
  border-radius: ${({ theme }) => theme.radius};
  padding: 1rem;
  h2 {
    margin: 0 0 0.75rem;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    position: static;
    padding: 0.5rem;
  }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-top: 0.5rem;
`;

const Intro = styled.p`
  margin: -0.5rem 0 1rem;
  color: ${({ theme }) => theme.colors.muted};
`;

export function CustomizePage() {
  const stored = useStoredValue(customizationStore);
  const company = useStoredValue(companyInfoStore);
  const [draft, setDraft] = useState<QuoteCustomization>(stored);
  const [tab, setTab] = useState<TabKey>('quote');
  const [digits] = useState(() => randomSampleDigits());
  const [deadlineValid, setDeadlineValid] = useState(true);
  const [error, setError] = useState<string | null>(null);

  const layout = useMemo(() => {
    const input = { client: SAMPLE_CLIENT, company: previewCompany(company), customization: draft };
    return tab === 'quote'
      ? buildQuoteLayout({ ...input, quote: sampleQuote(digits) })
      : buildInvoiceLayout({ ...input, invoice: sampleInvoice(digits), quoteNumber: `DE${digits}` });
  }, [tab, draft, company, digits]);

  const change = useCallback((next: QuoteCustomization) => {
    setDraft(next);
    setError(null);
  }, []);

  const save = async () => {
    setError(null);
    if (!deadlineValid || draftProblems(draft).length > 0) {
      setError(m.saveError);
      throw new Error('invalid customisation');
    }
    const result = customizationStore.set(draft);
    if (!result.ok) {
      setError(`${m.saveError} ${result.message}`);
      throw new Error(result.message);
    }
  };

  return (
    <div>
      <PageTitle>{m.title}</PageTitle>
      <Intro>{m.intro}</Intro>
      <Tabs<TabKey>
        items={[
          { key: 'quote', label: m.tabs.quote },
          { key: 'invoice', label: m.tabs.invoice },
        ]}
        value={tab}
        onChange={setTab}
      />
      {error && <Banner tone="error">{error}</Banner>}
      <Layout>
        <Card
          as="form"
          aria-label={tab === 'quote' ? m.sections.quote : m.sections.invoice}
          onSubmit={(e) => e.preventDefault()}
        >
          {tab === 'quote' ? (
            <QuoteSettings draft={draft} onChange={change} />
          ) : (
            <InvoiceSettings draft={draft} onChange={change} onDeadlineValidity={setDeadlineValid} />
          )}
          <AppearanceSettings draft={draft} onChange={change} />
          <Actions>
            <SaveButton onSave={save} disabled={!deadlineValid}>
              {m.save}
            </SaveButton>
          </Actions>
        </Card>
        <PreviewColumn aria-label={m.previewTitle}>
          <h2>{m.previewTitle}</h2>
          <DocumentPreview layout={layout} label={m.previewLabel(tab === 'quote' ? m.tabs.quote : m.tabs.invoice)} />
        </PreviewColumn>
      </Layout>
      <MailSettingsPanel />
    </div>
  );
}
