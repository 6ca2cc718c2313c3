// The « Devis en cours » line table: sections with their subtotal, comments, items with their description, remise
// and net amount, ouvrages detailed into their components, options marked « non inclus ». Every amount is the
// money model's (devisTotals), formatted here only.
import {
  formatEuros,
  formatFrenchNumber,
  lineInfos,
  type DevisTotals,
  type Discount,
  type LineRole,
} from '@atelier/domain';
import { Fragment, memo, useMemo } from 'react';
import styled from 'styled-components';

import { Muted } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import { isOuvrage } from '../model/catalogue-line';
import type { DraftLine } from '../model/quote-draft';
import { Table, TableScroll, formatQuantity } from './table';

const ViewTable = styled(Table)`
  tr.section th {
    text-align: left;
    color: ${({ theme }) => theme.colors.text};
    padding-top: 0.8rem;
  }
  tr.subtotal td {
    font-weight: 600;
  }
  tr.component td {
    color: ${({ theme }) => theme.colors.muted};
    padding-left: 1.25rem;
  }
  .description {
    display: block;
    white-space: pre-line;
    color: ${({ theme }) => theme.colors.muted};
  }
  .not-included {
    display: block;
    font-style: italic;
    color: ${({ theme }) => theme.colors.muted};
  }
  em.comment {
    white-space: pre-line;
  }
`;

/** « 10 % » or « 15,00 € »: a remise as the devis shows it. */
export function discountText(discount: Discount): string {
  return discount.kind === 'percent'
    ? `${formatFrenchNumber(discount.value)} %`
    : `${formatFrenchNumber(discount.value, { minDecimals: 2 })} €`;
}

const ItemRow = memo(function ItemRow({ line, netCents, option }: { line: DraftLine; netCents: number; option: boolean }) {
  return (
    <>
      <tr data-testid="current-line">
        <td>
          {line.name}
          {line.description && <span className="description">{line.description}</span>}
          {line.discount && <span className="description">{M.discountShort(discountText(line.discount))}</span>}
        </td>
        <td className="num">{formatQuantity(line.quantity, line.unit)}</td>
        <td className="num">
          {formatEuros(netCents)}
          {option && <span className="not-included">{M.notIncluded}</span>}
        </td>
      </tr>
      {isOuvrage(line) &&
        line.detailed &&
        (line.components ?? []).map((c, i) => (
          <tr className="component" key={i}>
            <td>{c.name}</td>
            <td className="num">{formatQuantity(c.quantity, c.unit)}</td>
            <td />
          </tr>
        ))}
    </>
  );
});

function SubtotalRow({ name, cents, option, index }: { name: string; cents: number; option: boolean; index: number }) {
  return (
    <tr className="subtotal">
      <td colSpan={2}>{M.sectionSubtotal(name)}</td>
      <td className="num" data-testid={`section-subtotal-${index}`}>
        {formatEuros(cents)}
        {option && <span className="not-included">{M.notIncluded}</span>}
      </td>
    </tr>
  );
}

export const QuoteLinesView = memo(function QuoteLinesView({
  lines,
  totals,
}: {
  lines: readonly DraftLine[];
  totals: DevisTotals;
}) {
  const roles: LineRole[] = useMemo(() => lineInfos(lines).map((info) => info.role), [lines]);
  if (lines.length === 0) return <Muted>{M.noLines}</Muted>;
  const sectionAt = new Map(totals.sections.map((s) => [s.index, s]));
  let open: number | null = null;
  const closeSection = (key: string) => {
    const section = open === null ? undefined : sectionAt.get(open);
    open = null;
    return section ? (
      <SubtotalRow key={key} name={section.name} cents={section.subtotalCents} option={section.option} index={section.index} />
    ) : null;
  };
  return (
    <TableScroll>
      <ViewTable aria-label={M.currentQuoteTitle}>
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
          {lines.map((line, index) => {
            const role = roles[index];
            if (role === 'section') {
              const before = closeSection(`subtotal-${line.id}`);
              open = index;
              const section = sectionAt.get(index);
              return (
                <Fragment key={line.id}>
                  {before}
                  <tr className="section">
                    <th colSpan={3} scope="rowgroup">
                      {line.name}
                      {section?.option && <span className="not-included">{`${M.optionLabel} — ${M.notIncluded}`}</span>}
                    </th>
                  </tr>
                </Fragment>
              );
            }
            if (role === 'text') {
              return (
                <tr key={line.id}>
                  <td colSpan={3}>
                    <em className="comment">{line.name}</em>
                  </td>
                </tr>
              );
            }
            return (
              <ItemRow
                key={line.id}
                line={line}
                netCents={totals.lines[index]?.netCents ?? 0}
                option={role === 'option'}
              />
            );
          })}
          {closeSection('subtotal-end')}
        </tbody>
      </ViewTable>
    </TableScroll>
  );
});
