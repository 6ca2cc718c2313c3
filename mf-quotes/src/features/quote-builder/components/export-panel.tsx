import { bus } from '@atelier/bus';
import { clientsStore, companyInfoStore, customizationStore, snapshotLogos } from '@atelier/storage';
import { memo, useEffect, useRef, useState } from 'react';
import styled from 'styled-components';

import { Banner, Button } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import { isValidEmail, saveQuoteToClient } from '../model/client-book';
import { generateQuote, type GenerationDeps } from '../model/generate-quote';
import type { QuoteSession } from '../model/quote-session';
import { useQuoteServices, type QuoteServices } from '../services';

import { SendDevis } from './send-devis';

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
  align-items: center;
`;

const Hint = styled.p`
  margin: 0.5rem 0 0;
  color: ${({ theme }) => theme.colors.muted};
  font-size: ${({ theme }) => theme.font.size.sm};
`;

/** Where the company details are set (the shell's route). */
const COMPANY_ROUTE = '/company';

const DownloadLink = styled.a`
  color: ${({ theme }) => theme.colors.accent};
  font-weight: 600;
`;

interface Generated {
  number: string;
  fileName: string;
  url: string | null;
  mailto: string;
  /** The PDF as a file, when the browser can share files (Web Share API level 2). */
  shareable: File | null;
}

/** Phones and browsers that can hand the real PDF file to mail, WhatsApp, SMS… */
function shareableFile(bytes: Uint8Array, fileName: string): File | null {
  if (typeof navigator === 'undefined' || typeof navigator.canShare !== 'function' || typeof File !== 'function') {
    return null;
  }
  const file = new File([bytes as BlobPart], fileName, { type: 'application/pdf' });
  try {
    return navigator.canShare({ files: [file] }) ? file : null;
  } catch {
    return null;
  }
}

export function generationDeps(services: QuoteServices): GenerationDeps {
  return {
    consumeQuoteCredit: () => services.consumeQuoteCredit(),
    renderQuotePdf: (input) => services.renderQuotePdf(input),
    storeDocument: (id, bytes) => services.documentFiles.put(id, bytes),
    saveQuote: (client, quote) =>
      services.saveQuote
        ? services.saveQuote(client, quote)
        : (services.stores?.clients ?? clientsStore).set((prev) => saveQuoteToClient(prev, client, quote)),
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
  clientEmail,
}: {
  session: QuoteSession;
  clientEmail: string;
}) {
  const emailValid = isValidEmail(clientEmail);
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
        mailto: await services.buildQuoteMailto({
          email: result.client.email,
          number: result.quote.number,
          projectTitle: result.quote.projectTitle,
          totalCents: result.totalCents,
          fileName: result.fileName,
        }),
        shareable: shareableFile(result.bytes, result.fileName),
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

  async function share() {
    if (!generated?.shareable) return;
    try {
      await navigator.share({ files: [generated.shareable], title: M.shareTitle(generated.number) });
    } catch {
      // Cancelled by the user, or refused: the download link and the mail link are still there.
    }
  }

  return (
    <section aria-label={M.exportTitle}>
      {error && (
        <Banner tone="error">
          {error}
          {error === M.companyNameRequired && (
            <>
              {' '}
              <a href={COMPANY_ROUTE}>{M.companyLink}</a>
            </>
          )}
        </Banner>
      )}
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
        {generated?.shareable && (
          <Button $variant="secondary" onClick={share}>
            {M.share}
          </Button>
        )}
        <SendDevis ready={!!generated && emailValid} />
        {generated?.url && (
          <DownloadLink href={generated.url} download={generated.fileName}>
            {M.download(generated.fileName)}
          </DownloadLink>
        )}
      </Row>
      {clientEmail.trim() !== '' && !emailValid && <Hint>{M.invalidClientEmail}</Hint>}
    </section>
  );
});
