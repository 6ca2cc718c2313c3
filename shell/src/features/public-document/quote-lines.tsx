// The devis' lines on the client's signing page, as its PDF prints them (issue 27): section headings with their
// « Sous-total », comments, descriptions and detailed ouvrages under the designation, line remises, then the totals
// (remise globale, VAT per rate) and the options listed apart, « non inclus », each with « Je retiens cette option ».
// Every amount comes from @atelier/domain (devisTotals, devisOptionChoices): nothing is computed here.
import {
  devisOptionChoices,
  devisTotals,
  lineInfos,
  withAcceptedOptions,
  type Discount,
  type StoredLine,
  type VatContext,
} from '@atelier/domain';
import { formatEuros } from '@atelier/ui';
import { Fragment, type ReactElement } from 'react';
import styled from 'styled-components';

import { PUBLIC_DOCUMENT_MESSAGES as M } from './messages';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  margin: 1rem 0;
  th,
  td {
    text-align: left;
    padding: 0.35rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  td.num,
  th.num {
    text-align: right;
    white-space: nowrap;
  }
  tr.section td {
    font-weight: 700;
    padding-top: 0.75rem;
  }
  tr.subtotal td {
    font-weight: 600;
    font-style: italic;
  }
  tr.text td {
    font-style: italic;
  }
  small {
    display: block;
    white-space: pre-line;
    color: ${({ theme }) => theme.colors.muted};
  }
`;
const Scroll = styled.div`
  overflow-x: auto;
  max-width: 100%;
`;
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
const Options = styled.ul`
  list-style: none;
  padding: 0;
  li {
    padding: 0.5rem 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

const rate = (value: number) => `${String(value).replace('.', ',')} %`;
const quantity = (value: number) => String(value).replace('.', ',');
const cents = (euros: number) => Math.round(euros * 100);

export interface QuoteMoneyInput {
  lines: StoredLine[];
  discount: Discount | null;
  context: VatContext;
}

/** The totals the client sees with the options they ticked (the domain's, on the lines with those accepted). */
export function quoteTotals({ lines, discount, context }: QuoteMoneyInput, chosen: readonly number[]) {
  return devisTotals(withAcceptedOptions(lines, chosen), discount, context);
}

function Designation({ line, discountCents }: { line: StoredLine; discountCents: number }) {
  const details: string[] = [];
  if (line.description?.trim()) details.push(line.description.trim());
  if (line.detailed && line.components) {
    for (const c of line.components) {
      details.push(M.componentLine(c.name, `${quantity(c.quantity)} ${c.unit}`.trim(), formatEuros(cents(c.price))));
    }
  }
  if (discountCents > 0) {
    const label = line.discount?.kind === 'percent' ? rate(line.discount.value) : null;
    details.push(M.lineDiscount(label, formatEuros(discountCents)));
  }
  return (
    <>
      {line.name}
      {details.map((text, i) => (
        <small key={i}>{text}</small>
      ))}
    </>
  );
}

/** The lines in the total (options left out: QuoteOptions lists them). */
export function QuoteLines({ input }: { input: QuoteMoneyInput }) {
  const { lines, context } = input;
  const infos = lineInfos(lines);
  const totals = devisTotals(lines, null, context);
  const sections = new Map(totals.sections.map((s) => [s.index, s]));
  const rows: ReactElement[] = [];
  let open: number | null = null;
  const close = () => {
    const section = open === null ? undefined : sections.get(open);
    if (section) {
      rows.push(
        <tr key={`subtotal-${section.index}`} className="subtotal">
          <td colSpan={5}>{M.sectionSubtotal(section.name)}</td>
          <td className="num">{formatEuros(section.subtotalCents)}</td>
        </tr>,
      );
    }
    open = null;
  };
  lines.forEach((line, index) => {
    const info = infos[index]!;
    const inOptionSection = info.section !== null && sections.get(info.section)?.option;
    if (info.role === 'section') {
      close();
      if (!sections.get(index)?.option) {
        open = index;
        rows.push(
          <tr key={index} className="section">
            <td colSpan={6}>{line.name}</td>
          </tr>,
        );
      }
      return;
    }
    if (info.role === 'option' || inOptionSection) return;
    if (info.role === 'text') {
      rows.push(
        <tr key={index} className="text">
          <td colSpan={6}>{line.name}</td>
        </tr>,
      );
      return;
    }
    const amounts = totals.lines[index]!;
    rows.push(
      <tr key={index}>
        <td>
          <Designation line={line} discountCents={amounts.discountCents} />
        </td>
        <td className="num">{quantity(line.quantity)}</td>
        <td>{line.unit}</td>
        <td className="num">{formatEuros(cents(line.price))}</td>
        <td className="num">{rate(context.regime === 'franchise' ? 0 : (line.vatRate ?? context.documentRate))}</td>
        <td className="num">{formatEuros(amounts.netCents)}</td>
      </tr>,
    );
  });
  close();
  return (
    <Scroll>
      <Table>
        <thead>
          <tr>
            <th>{M.columns.name}</th>
            <th className="num">{M.columns.quantity}</th>
            <th>{M.columns.unit}</th>
            <th className="num">{M.columns.price}</th>
            <th className="num">{M.columns.vat}</th>
            <th className="num">{M.columns.total}</th>
          </tr>
        </thead>
        <tbody>{rows}</tbody>
      </Table>
    </Scroll>
  );
}

/** Total HT (before / after the remises), VAT per rate, TTC: the domain's totals with the ticked options. */
export function QuoteTotals({ input, chosen }: { input: QuoteMoneyInput; chosen: readonly number[] }) {
  const t = quoteTotals(input, chosen);
  const discounted = t.documentDiscountCents > 0;
  const discountLabel = input.discount?.kind === 'percent' ? rate(input.discount.value) : null;
  return (
    <Totals data-testid="public-quote-totals">
      {discounted ? (
        <>
          <dt>{M.totalBeforeDiscount}</dt>
          <dd>{formatEuros(t.lineTotalCents)}</dd>
          <dt>{M.documentDiscount(discountLabel)}</dt>
          <dd>− {formatEuros(t.documentDiscountCents)}</dd>
          <dt>{M.totalAfterDiscount}</dt>
          <dd data-testid="public-quote-ht">{formatEuros(t.netHtCents)}</dd>
        </>
      ) : (
        <>
          <dt>{M.totalHt}</dt>
          <dd data-testid="public-quote-ht">{formatEuros(t.netHtCents)}</dd>
        </>
      )}
      {t.vat.length > 1 ? (
        t.vat.map((row) => (
          <Fragment key={`${row.category}-${row.rate}`}>
            <dt>{M.vatRow(rate(row.rate))}</dt>
            <dd>{formatEuros(row.vatCents)}</dd>
          </Fragment>
        ))
      ) : (
        <>
          <dt>{t.vat.length === 1 ? M.vatRow(rate(t.vat[0]!.rate)) : M.totalVat}</dt>
          <dd>{formatEuros(t.vatCents)}</dd>
        </>
      )}
      <dt>{M.totalTtc}</dt>
      <dd data-testid="public-quote-ttc">{formatEuros(t.ttcCents)}</dd>
    </Totals>
  );
}

/** The options not included, each with its price and, while the devis is undecided, « Je retiens cette option ». */
export function QuoteOptions({
  input,
  chosen,
  onChange,
  disabled,
}: {
  input: QuoteMoneyInput;
  chosen: readonly number[];
  onChange?: ((next: number[]) => void) | undefined;
  disabled?: boolean;
}) {
  const choices = devisOptionChoices(input.lines, input.context);
  if (choices.length === 0) return null;
  const infos = lineInfos(input.lines);
  return (
    <section data-testid="public-quote-options">
      <h2>{M.optionsTitle}</h2>
      {onChange ? <p>{M.optionsHint}</p> : null}
      <Options>
        {choices.map((choice) => {
          const line = input.lines[choice.index]!;
          const items =
            line.kind === 'section'
              ? input.lines.filter((l, i) => infos[i]!.section === choice.index && i !== choice.index && l.kind !== 'text')
              : [];
          const ticked = chosen.includes(choice.index);
          const id = `option-${choice.index}`;
          return (
            <li key={choice.index} data-testid={id}>
              <strong>{choice.name}</strong> — {M.optionPrice(formatEuros(choice.netHtCents))} (
              {ticked ? M.optionIncluded : M.optionNotIncluded})
              {line.description?.trim() ? <small>{line.description.trim()}</small> : null}
              {items.map((item, i) => (
                <small key={i}>
                  {item.name} : {quantity(item.quantity)} {item.unit} × {formatEuros(cents(item.price))}
                </small>
              ))}
              {onChange ? (
                <div>
                  <label htmlFor={id}>
                    <input
                      id={id}
                      type="checkbox"
                      checked={ticked}
                      disabled={disabled}
                      aria-describedby={`${id}-price`}
                      onChange={(e) =>
                        onChange(
                          e.target.checked
                            ? [...chosen, choice.index].sort((a, b) => a - b)
                            : chosen.filter((i) => i !== choice.index),
                        )
                      }
                    />{' '}
                    {M.keepOption}
                  </label>{' '}
                  <span id={`${id}-price`}>{M.optionPrice(formatEuros(choice.netHtCents))}</span>
                </div>
              ) : null}
            </li>
          );
        })}
      </Options>
    </section>
  );
}
