import { formatEuros, formatFrenchNumber, lineTotalCents, type Totals } from '@atelier/domain';
import { memo, type ReactNode } from 'react';
import styled from 'styled-components';

import { Card, CardTitle, Muted } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import type { DraftClient, DraftLine } from '../model/quote-draft';
import { Table, TableScroll, formatQuantity } from './table';

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

const LineRow = memo(function LineRow({ line }: { line: DraftLine }) {
  return (
    <tr>
      <td>{line.name}</td>
      <td className="num">{formatQuantity(line.quantity, line.unit)}</td>
      <td className="num">{formatEuros(lineTotalCents(line))}</td>
    </tr>
  );
});

const LinesTable = memo(function LinesTable({ lines }: { lines: readonly DraftLine[] }) {
  if (lines.length === 0) return <Muted>{M.noLines}</Muted>;
  return (
    <TableScroll>
      <Table aria-label={M.currentQuoteTitle}>
        <thead>
          <tr>
            <th style={{ width: '42%' }}>{M.columnTask}</th>
            <th className="num" style={{ width: '26%' }}>
              {M.columnQuantity}
            </th>
            <th className="num" style={{ width: '32%' }}>
              {M.columnPrice}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <LineRow key={line.id} line={line} />
          ))}
        </tbody>
      </Table>
    </TableScroll>
  );
});

interface CurrentQuoteProps {
  title: string;
  client: DraftClient;
  lines: readonly DraftLine[];
  vatRate: number;
  totals: Totals;
  /** The generate control (export panel). */
  children?: ReactNode;
}

/** « Devis en cours »: project title, client block, task table, totals, generate control. */
export function CurrentQuote({ title, client, lines, vatRate, totals, children }: CurrentQuoteProps) {
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
      <LinesTable lines={lines} />
      <TotalsList aria-label={M.total}>
        <dt>{M.totalHT}</dt>
        <dd data-testid="total-ht">{formatEuros(totals.totalHTCents)}</dd>
        <dt>{M.totalTVA(formatFrenchNumber(vatRate, { maxDecimals: 1 }))}</dt>
        <dd data-testid="total-tva">{formatEuros(totals.tvaCents)}</dd>
        <dt className="ttc">{M.totalTTC}</dt>
        <dd className="ttc" data-testid="total-ttc">
          {formatEuros(totals.totalTTCCents)}
        </dd>
      </TotalsList>
      {children}
    </Card>
  );
}
