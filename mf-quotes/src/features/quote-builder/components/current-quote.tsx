import {
  FRANCHISE_MENTION,
  formatEuros,
  formatFrenchNumber,
  type DevisTotals,
  type Discount,
  type VatRegime,
} from '@atelier/domain';
import { memo, type ReactNode } from 'react';
import styled from 'styled-components';

import { Card, CardTitle, Muted } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import type { DraftClient, DraftLine } from '../model/quote-draft';
import { QuoteLinesView, discountText } from './quote-lines-view';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  gap: 1rem;
  margin-bottom: 1rem;
  h3 {
    margin: 0 0 0.4rem;
    font-size: ${({ theme }) => theme.font.size.md};
  }
  dl {
    display: grid;
    grid-template-columns: auto minmax(0, 1fr);
    gap: 0.2rem 0.75rem;
    margin: 0;
  }
  dt {
    color: ${({ theme }) => theme.colors.muted};
  }
  dd {
    margin: 0;
    /* A long email or address wraps inside the card instead of running out of it on a phone. */
    overflow-wrap: anywhere;
  }
`;

const TotalsList = styled.dl`
  display: grid;
  grid-template-columns: auto auto;
  justify-content: end;
  gap: 0.25rem 1.5rem;
  margin: 1rem 0;
  dt {
    text-align: right;
  }
  dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .ttc {
    font-weight: 700;
    font-size: ${({ theme }) => theme.font.size.lg};
  }
`;

const orNotSpecified = (value: string) => value.trim() || M.notSpecified;

const ClientBlock = memo(function ClientBlock({ client }: { client: DraftClient }) {
  return (
    <section aria-label={M.clientHeading}>
      <h3>{M.clientHeading}</h3>
      <dl>
        <dt>{M.clientName}</dt>
        <dd data-testid="current-client-name">{orNotSpecified(client.name)}</dd>
        <dt>{M.clientAddress}</dt>
        <dd data-testid="current-client-address">{orNotSpecified(client.address)}</dd>
        <dt>{M.clientPhone}</dt>
        <dd data-testid="current-client-phone">{orNotSpecified(client.phone)}</dd>
        <dt>{M.clientEmail}</dt>
        <dd data-testid="current-client-email">{orNotSpecified(client.email)}</dd>
      </dl>
    </section>
  );
});

interface CurrentQuoteProps {
  title: string;
  client: DraftClient;
  lines: readonly DraftLine[];
  discount?: Discount | undefined;
  totals: DevisTotals;
  regime: VatRegime;
  /** The generate control (export panel). */
  children?: ReactNode;
}

/** « Devis en cours »: project title, client block, task table, totals, generate control. */
const rateText = (rate: number) => formatFrenchNumber(rate, { maxDecimals: 1 });

/**
 * The totals of the money model: HT, the VAT of each rate (its base beside it when there are several), TTC. A
 * franchise-en-base devis has no VAT line and says why.
 */
const TotalsBlock = memo(function TotalsBlock({
  totals: devis,
  discount,
  regime,
}: {
  totals: DevisTotals;
  discount: Discount | undefined;
  regime: VatRegime;
}) {
  const totals = devis.totals;
  const taxed = totals.breakdown.filter((row) => row.code === 'S');
  const several = taxed.length > 1;
  const documentDiscount = devis.documentDiscountCents > 0 && discount;
  return (
    <>
      <TotalsList aria-label={M.total}>
        {devis.lineDiscountsCents > 0 && (
          <>
            <dt>{M.grossHT}</dt>
            <dd data-testid="total-gross-ht">{formatEuros(devis.grossHtCents)}</dd>
            <dt>{M.lineDiscounts}</dt>
            <dd data-testid="total-line-discounts">{formatEuros(-devis.lineDiscountsCents)}</dd>
          </>
        )}
        {documentDiscount && (
          <>
            <dt>{M.totalBeforeDiscount}</dt>
            <dd data-testid="total-before-discount">{formatEuros(devis.lineTotalCents)}</dd>
            <dt>{M.documentDiscount(discountText(discount))}</dt>
            <dd data-testid="total-document-discount">{formatEuros(-devis.documentDiscountCents)}</dd>
          </>
        )}
        <dt>{documentDiscount ? M.totalAfterDiscount : M.totalHT}</dt>
        <dd data-testid="total-ht">{formatEuros(devis.netHtCents)}</dd>
        {taxed.map((row) => (
          <VatRow
            key={row.rate}
            rate={row.rate}
            base={several ? row.baseCents : null}
            vat={row.vatCents}
            single={!several}
          />
        ))}
        {several && (
          <>
            <dt>{M.totalVat}</dt>
            <dd data-testid="total-tva">{formatEuros(totals.totalVatCents)}</dd>
          </>
        )}
        <dt className="ttc">{M.totalTTC}</dt>
        <dd className="ttc" data-testid="total-ttc">
          {formatEuros(devis.ttcCents)}
        </dd>
      </TotalsList>
      {devis.options.length > 0 && (
        <section aria-label={M.optionsHeading}>
          <h3 style={{ fontSize: '1rem', margin: '0 0 0.3rem' }}>{M.optionsHeading}</h3>
          <ul data-testid="options-list" style={{ margin: 0, paddingLeft: '1.1rem' }}>
            {devis.options.map((o) => (
              <li key={o.index}>
                {o.name} : {formatEuros(o.netHtCents)} HT — {M.notIncluded}
              </li>
            ))}
          </ul>
        </section>
      )}
      {regime === 'franchise' && <Muted data-testid="vat-mention">{FRANCHISE_MENTION}</Muted>}
    </>
  );
});

function VatRow({ rate, base, vat, single }: { rate: number; base: number | null; vat: number; single: boolean }) {
  return (
    <>
      <dt>{base === null ? M.totalTVA(rateText(rate)) : M.totalTVAOn(rateText(rate), formatEuros(base))}</dt>
      <dd data-testid={single ? 'total-tva' : `total-tva-${rateText(rate)}`}>{formatEuros(vat)}</dd>
    </>
  );
}

export function CurrentQuote({ title, client, lines, discount, totals, regime, children }: CurrentQuoteProps) {
  return (
    <Card aria-labelledby="current-quote-title">
      <CardTitle id="current-quote-title">{M.currentQuoteTitle}</CardTitle>
      <Grid>
        <section>
          <h3>{M.projectTitleLabel}</h3>
          <p data-testid="current-project-title" style={{ margin: 0 }}>
            {orNotSpecified(title)}
          </p>
        </section>
        <ClientBlock client={client} />
      </Grid>
      <QuoteLinesView lines={lines} totals={totals} />
      <TotalsBlock totals={totals} discount={discount} regime={regime} />
      {children}
    </Card>
  );
}
