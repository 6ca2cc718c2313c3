import { bus } from '@atelier/bus';
import { clientsStore, companyInfoStore, customizationStore, snapshotLogos } from '@atelier/storage';
import { memo, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { Banner, Button } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import { saveQuoteToClient } from '../model/client-book';
import { generateQuote, type GenerationDeps } from '../model/generate-quote';
import type { QuoteSession } from '../model/quote-session';
import { useQuoteServices, type QuoteServices } from '../services';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;

const DownloadLink = styled.a`
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 600;
`;

interface Generated {
  number: string;
  fileName: string;
  url: string | null;
  mailto: string;
}

export function generationDeps(services: QuoteServices): GenerationDeps {
  return {
    consumeQuoteCredit: () => services.consumeQuoteCredit(),
    renderQuotePdf: (input) => services.renderQuotePdf(input),
    storeDocument: (id, bytes) => services.documentFiles.put(id, bytes),
    saveQuote: (client, quote) =>
      (services.stores?.clients ?? clientsStore).set((prev) => saveQuoteToClient(prev, client, quote)),
    company: () => companyInfoStore.get(),
    customization: () => customizationStore.get(),
    keepLogo: (dataUrl) => (services.snapshotLogos ?? snapshotLogos).keep(dataUrl),
    now: () => new Date(),
  };
}

function objectUrl(bytes: Uint8Array): string | null {
  if (typeof URL.createObjectURL !== 'function') return null;
  return URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
}

/**
 * Error banner, « Générer le PDF » (busy label, a second request ignored), download link and
 * « Envoyer par email » (enabled once a PDF exists and the client has an email).
 */
export const ExportPanel = memo(function ExportPanel({
  session,
  clientHasEmail,
}: {
  session: QuoteSession;
  clientHasEmail: boolean;
}) {
  const services = useQuoteServices();
  const busy = useRef(false);
  const [generating, setGenerating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [generated, setGenerated] = useState<Generated | null>(null);

  useEffect(
    () => () => {
      if (generated?.url) URL.revokeObjectURL(generated.url);
    },
    [generated],
  );

  async function generate() {
    if (busy.current) return;
    busy.current = true;
    setGenerating(true);
    setError(null);
    setWarnings([]);
    try {
      const result = await generateQuote(session.getState().draft, generationDeps(services));
      if (!result.ok) {
        setError(result.message);
        return;
      }
      setWarnings(result.warnings);
      setGenerated({
        number: result.quote.number,
        fileName: result.fileName,
        url: objectUrl(result.bytes),
        mailto: services.buildQuoteMailto({
          email: result.client.email,
          number: result.quote.number,
          projectTitle: result.quote.projectTitle,
          totalCents: result.totalCents,
        }),
      });
      bus.emit(
        'quote/generated',
        { quoteId: result.quote.id, number: result.quote.number, clientEmail: result.client.email },
        'mf-quotes',
      );
    } catch {
      setError(M.generationFailed);
    } finally {
      busy.current = false;
      setGenerating(false);
    }
  }

  function sendEmail() {
    if (!generated) {
      setError(M.pdfFirst);
      return;
    }
    window.location.href = generated.mailto;
  }

  return (
    <section aria-label={M.exportTitle}>
      {error && <Banner tone="error">{error}</Banner>}
      {warnings.map((w) => (
        <Banner key={w} tone="warning">
          {w}
        </Banner>
      ))}
      {generated && <Banner tone="success">{M.generated(generated.number)}</Banner>}
      <Row>
        <Button onClick={generate} disabled={generating} aria-busy={generating}>
          {generating ? M.generating : M.generate}
        </Button>
        <Button
          $variant="secondary"
          onClick={sendEmail}
          disabled={!generated || !clientHasEmail}
          data-mailto={generated?.mailto}
        >
          {M.sendEmail}
        </Button>
        {generated?.url && (
          <DownloadLink href={generated.url} download={generated.fileName}>
            {M.download(generated.fileName)}
          </DownloadLink>
        )}
      </Row>
    </section>
  );
});
