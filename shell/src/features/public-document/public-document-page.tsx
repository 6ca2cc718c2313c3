// /signer/<token> and /facture-en-ligne/<token>: the client's page of one devis (read, download, accept with a
// name + ticked terms + drawn signature, or refuse) or one invoice (download, paid / due, bank transfer details).
// Everything comes from the public-document function for that token; a wrong, expired or revoked link shows only
// a French message.
import {
  Banner,
  Button,
  Card,
  Field,
  Input,
  PageTitle,
  Spinner,
  TextArea,
  formatDate,
  formatEuros,
  saveFile,
} from '@atelier/ui';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import styled from 'styled-components';

import { acceptQuote, documentPdf, openDocument, PublicDocumentError, refuseQuote, type PublicDocument } from './api';
import { PUBLIC_DOCUMENT_MESSAGES as M } from './messages';
import { QuoteLines, QuoteOptions, QuoteTotals, type QuoteMoneyInput } from './quote-lines';
import { SignaturePad } from './signature-pad';

const Totals = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content;
  gap: 0.25rem 1rem;
  justify-content: end;
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
  }
`;
const Fingerprint = styled.small`
  overflow-wrap: anywhere;
`;
const BankDetails = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 0.25rem 1rem;
  dd {
    margin: 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;
const Certification = styled.blockquote`
  margin: 1rem 0;
  padding: 0.75rem 1rem;
  border-left: 4px solid ${({ theme }) => theme.colors.accent};
  background: ${({ theme }) => theme.colors.background};
  font-size: 0.9rem;
`;

async function download(token: string, fileName: string): Promise<void> {
  saveFile(fileName, await documentPdf(token));
}

function messageOf(error: unknown): string {
  return error instanceof PublicDocumentError && error.message ? error.message : M.network;
}

export default function PublicDocumentPage() {
  const { token = '' } = useParams();
  const [doc, setDoc] = useState<PublicDocument | null>(null);
  const [failure, setFailure] = useState<{ text: string; final: boolean } | null>(null);

  const load = useCallback(() => {
    setFailure(null);
    openDocument(token).then(setDoc, (error: unknown) =>
      setFailure({
        text: messageOf(error),
        final: error instanceof PublicDocumentError && error.status > 0 && error.status < 500,
      }),
    );
  }, [token]);
  useEffect(load, [load]);

  if (failure) {
    return (
      <Card>
        <PageTitle>{M.invalidTitle}</PageTitle>
        <div data-testid="public-document-error">
          <Banner tone="error">{failure.text}</Banner>
        </div>
        {!failure.final ? <Button onClick={load}>{M.retry}</Button> : null}
      </Card>
    );
  }
  if (!doc) return <Spinner label={M.loading} />;
  return doc.purpose === 'sign_quote' ? (
    <QuoteView doc={doc} token={token} reload={load} />
  ) : (
    <InvoiceView doc={doc} token={token} />
  );
}

function Header({ title, doc }: { title: string; doc: PublicDocument }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {doc.company.name ? <p>{M.from(doc.company.name)}</p> : null}
      {doc.clientName ? <p>{M.forClient(doc.clientName)}</p> : null}
      {doc.projectTitle ? (
        <p>
          {M.project} : {doc.projectTitle}
        </p>
      ) : null}
    </>
  );
}

function QuoteView({ doc, token, reload }: { doc: PublicDocument; token: string; reload(): void }) {
  const [name, setName] = useState('');
  const [terms, setTerms] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [padKey, setPadKey] = useState(0);
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const money: QuoteMoneyInput = useMemo(
    () => ({
      lines: doc.lines ?? [],
      discount: doc.discount ?? null,
      context: { regime: doc.vatRegime ?? 'assujetti', documentRate: doc.documentRate ?? 20 },
    }),
    [doc],
  );

  const submit = async (action: () => Promise<unknown>, thanks: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setDone(thanks);
      reload();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card as="article" data-testid="public-quote">
      <Header title={M.quoteTitle(doc.number)} doc={doc} />
      <p>{M.validUntil(formatDate(doc.expiresAt))}</p>
      <QuoteLines input={money} />
      <QuoteTotals input={money} chosen={doc.decision ? [] : chosen} />
      <QuoteOptions input={money} chosen={chosen} onChange={doc.decision ? undefined : setChosen} disabled={busy} />
      <p>
        <Button
          $variant="secondary"
          onClick={() => void download(token, `devis-${doc.number}.pdf`).catch(() => setError(M.network))}
        >
          {M.downloadPdf}
        </Button>
      </p>
      <p>
        <Fingerprint>{M.fingerprint(doc.pdfSha256)}</Fingerprint>
      </p>
      {doc.certification ? (
        <section>
          <h2>{M.certificationTitle}</h2>
          <Certification>{doc.certification}</Certification>
        </section>
      ) : null}
      {error ? <Banner tone="error">{error}</Banner> : null}
      {done ? <Banner tone="success">{done}</Banner> : null}
      {doc.decision ? (
        <div data-testid="public-quote-decision">
          <Banner tone={doc.decision.decision === 'accepted' ? 'success' : 'info'}>
            {doc.decision.decision === 'accepted'
              ? M.acceptedBy(doc.decision.signerName ?? '', formatDate(doc.decision.decidedAt))
              : M.refused(formatDate(doc.decision.decidedAt))}
            {doc.decision.acceptedOptions?.length
              ? ` ${M.acceptedOptions(doc.decision.acceptedOptions.join(', '))}`
              : null}
          </Banner>
        </div>
      ) : refusing ? (
        <section>
          <h2>{M.refuseTitle}</h2>
          <Field label={M.reasonLabel} htmlFor="refusal-reason">
            <TextArea id="refusal-reason" value={reason} maxLength={1000} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <Button disabled={busy} onClick={() => void submit(() => refuseQuote(token, reason), M.refusedNow)}>
            {M.refuse}
          </Button>{' '}
          <Button $variant="secondary" onClick={() => setRefusing(false)}>
            {M.cancel}
          </Button>
        </section>
      ) : (
        <section>
          <h2>{M.acceptTitle}</h2>
          <Field label={M.nameLabel} htmlFor="signer-name">
            <Input
              id="signer-name"
              value={name}
              maxLength={120}
              autoComplete="name"
              onChange={(e) => setName(e.target.value)}
            />
          </Field>
          <p>
            <label>
              <input type="checkbox" checked={terms} onChange={(e) => setTerms(e.target.checked)} />{' '}
              {doc.certification ? M.termsWithCertification : M.terms}
            </label>
          </p>
          <p>{M.signatureLabel}</p>
          <SignaturePad key={padKey} label={M.signatureLabel} onChange={setSignature} />
          <p>
            <Button
              $variant="secondary"
              onClick={() => {
                setSignature(null);
                setPadKey((k) => k + 1);
              }}
            >
              {M.clearSignature}
            </Button>
          </p>
          <Button
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() =>
              void submit(
                () =>
                  acceptQuote(token, {
                    name,
                    terms,
                    signature: signature ?? '',
                    pdfSha256: doc.pdfSha256,
                    options: chosen,
                  }),
                M.acceptedNow,
              )
            }
          >
            {busy ? M.accepting : M.accept}
          </Button>{' '}
          <Button $variant="secondary" onClick={() => setRefusing(true)}>
            {M.refuseOpen}
          </Button>
        </section>
      )}
    </Card>
  );
}

function InvoiceView({ doc, token }: { doc: PublicDocument; token: string }) {
  const [error, setError] = useState<string | null>(null);
  const netDue = doc.netDueCents ?? doc.totalTtcCents;
  const payment = doc.payment ?? {
    prepaidCents: 0,
    retenueCents: 0,
    paidCents: doc.isPaid ? netDue : 0,
    dueCents: doc.isPaid || doc.cancelled ? 0 : netDue,
  };
  return (
    <Card as="article" data-testid="public-invoice">
      <Header title={M.invoiceTitle(doc.kind, doc.number)} doc={doc} />
      {doc.issueDate ? <p>{M.issueDate(formatDate(doc.issueDate))}</p> : null}
      <Totals data-testid="public-invoice-totals">
        <dt>{M.totalHt}</dt>
        <dd>{formatEuros(doc.totalHtCents)}</dd>
        <dt>{M.totalVat}</dt>
        <dd>{formatEuros(doc.tvaCents)}</dd>
        <dt>{M.totalTtc}</dt>
        <dd>{formatEuros(doc.totalTtcCents)}</dd>
        {payment.prepaidCents > 0 ? (
          <>
            <dt>{M.prepaid}</dt>
            <dd>− {formatEuros(payment.prepaidCents)}</dd>
          </>
        ) : null}
        {payment.retenueCents > 0 ? (
          <>
            <dt>{M.retenue}</dt>
            <dd>− {formatEuros(payment.retenueCents)}</dd>
          </>
        ) : null}
        <dt>{M.netDue}</dt>
        <dd>{formatEuros(netDue)}</dd>
        <dt>{M.alreadyPaid}</dt>
        <dd data-testid="public-invoice-paid">{formatEuros(payment.paidCents)}</dd>
        <dt>{M.remaining}</dt>
        <dd data-testid="public-invoice-due">{formatEuros(payment.dueCents)}</dd>
      </Totals>
      <div data-testid="public-invoice-status">
        <Banner tone={doc.isPaid ? 'success' : doc.cancelled ? 'info' : 'warning'}>
          {doc.cancelled
            ? M.cancelled
            : doc.isPaid
              ? doc.paymentDate
                ? M.paidOn(formatDate(doc.paymentDate))
                : M.paid
              : doc.dueDate
                ? M.dueOn(formatDate(doc.dueDate))
                : M.netDue}
        </Banner>
      </div>
      <p>
        <Button onClick={() => void download(token, `facture-${doc.number}.pdf`).catch(() => setError(M.network))}>
          {M.downloadPdf}
        </Button>
      </p>
      {error ? <Banner tone="error">{error}</Banner> : null}
      {payment.dueCents > 0 ? (
        <section data-testid="public-invoice-bank">
          <h2>{M.bankTitle}</h2>
          {doc.bank ? (
            <BankDetails>
              <dt>{M.amountToPay}</dt>
              <dd data-testid="bank-amount">{formatEuros(payment.dueCents)}</dd>
              <dt>{M.iban}</dt>
              <dd data-testid="bank-iban">{doc.bank.iban}</dd>
              {doc.bank.bic ? (
                <>
                  <dt>{M.bic}</dt>
                  <dd>{doc.bank.bic}</dd>
                </>
              ) : null}
              {doc.bank.bank ? (
                <>
                  <dt>{M.bank}</dt>
                  <dd>{doc.bank.bank}</dd>
                </>
              ) : null}
              {doc.bank.reference ? (
                <>
                  <dt>{M.reference}</dt>
                  <dd data-testid="payment-reference">{doc.bank.reference}</dd>
                </>
              ) : null}
            </BankDetails>
          ) : (
            <p>{M.noBank}</p>
          )}
          {doc.bank?.reference ? <p>{M.referenceHint}</p> : null}
        </section>
      ) : null}
    </Card>
  );
}
