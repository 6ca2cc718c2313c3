import { VAT_RATES, VAT_RATE_RULES, formatVatRate, quantityRules, type Task, type VatRegime } from '@atelier/domain';
import { NumberInput, useFrenchNumber } from '@atelier/ui';
import { memo, useMemo } from 'react';
import styled from 'styled-components';

import { Button, Card, CardTitle, Field, Input, Muted, Select } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';
import { lineQuantityError, type DraftLine } from '../model/quote-draft';
import type { QuoteSession } from '../model/quote-session';
import type { QuoteOptions } from '../model/quote-draft';
import { QuoteOptionsPanel } from './quote-options';
import { Table, TableScroll } from './table';

/* Compact in the desktop table; full 44 px tap targets on a phone. */
const SmallNumberInput = styled(NumberInput)`
  min-height: 36px;
  max-width: 7rem;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    min-height: 44px;
  }
`;
/** The refusal of a quantity, under its field (the table cell has no label of its own). */
const FieldError = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  white-space: normal;
`;
const SmallSelect = styled(Select)`
  min-height: 36px;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    min-height: 44px;
  }
`;
/**
 * The lines: a table on wide screens (task | quantity | unit | remove, the task taking what is left); on a
 * phone each line becomes two rows — the task select across the card, then quantity, unit and remove.
 */
const LinesTable = styled(Table)`
  col.quantity {
    width: 5.5rem;
  }
  col.unit {
    width: 4.5rem;
  }
  col.vat {
    width: 6rem;
  }
  col.remove {
    width: 7.5rem;
  }
  td.unit {
    overflow-wrap: normal;
    word-break: keep-all;
  }
  td.remove {
    text-align: right;
    button {
      white-space: nowrap;
      padding-inline: 0.5rem;
    }
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    &,
    tbody {
      display: block;
    }
    colgroup {
      display: none;
    }
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
    }
    tr {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr) auto;
      grid-template-columns: auto minmax(0, 1fr) auto auto;
      grid-template-areas: 'task task task task' 'quantity unit vat remove';
      align-items: center;
      gap: 0.5rem 0.75rem;
      padding: 0.6rem 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    td {
      display: block;
      padding: 0;
      border: 0;
    }
    td.task {
      grid-area: task;
    }
    td.task select {
      width: 100%;
    }
    td.quantity {
      grid-area: quantity;
    }
    td.unit {
      grid-area: unit;
    }
    td.vat {
      grid-area: vat;
    }
    td.remove {
      grid-area: remove;
    }
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 1rem;
  align-items: flex-end;
  margin-top: 1rem;
  > div {
    margin-bottom: 0;
    max-width: 12rem;
  }
`;

interface LineRowProps {
  line: DraftLine;
  index: number;
  catalogue: readonly Task[];
  session: QuoteSession;
  /** The devis' rate, for a line without one of its own. */
  defaultRate: number;
  /** Franchise en base: no VAT, the rate is 0 and cannot change. */
  franchise: boolean;
}

const FRANCHISE_RATES = [0] as const;

const LineRow = memo(function LineRow({ line, index, catalogue, session, defaultRate, franchise }: LineRowProps) {
  const n = index + 1;
  const rules = useMemo(() => quantityRules(line.unit), [line.unit]);
  const quantity = useFrenchNumber({
    value: line.quantity,
    rules,
    onCommit: (q) => session.setQuantity(line.id, q),
    validate: (q) => lineQuantityError(line, q),
  });
  const inputId = `quote-line-quantity-${line.id}`;
  const inCatalogue = catalogue.some((t) => t.name === line.name);
  return (
    <tr>
      <td className="task">
        <SmallSelect
          aria-label={M.lineTask(n)}
          value={line.name}
          onChange={(e) => session.changeLineTask(line.id, e.target.value)}
        >
          {!inCatalogue && <option value={line.name}>{line.name}</option>}
          {catalogue.map((task) => (
            <option key={task.name} value={task.name}>
              {task.name}
            </option>
          ))}
        </SmallSelect>
      </td>
      <td className="quantity">
        <SmallNumberInput id={inputId} aria-label={M.lineQuantity(n)} state={quantity} />
        {quantity.error && (
          <FieldError id={`${inputId}-error`} role="alert">
            {quantity.error}
          </FieldError>
        )}
      </td>
      <td className="unit">{line.unit}</td>
      <td className="vat">
        <SmallSelect
          aria-label={M.lineVatRate(n)}
          value={String(franchise ? 0 : (line.vatRate ?? defaultRate))}
          disabled={franchise}
          onChange={(e) => session.setLineVatRate(line.id, Number(e.target.value))}
        >
          {(franchise ? FRANCHISE_RATES : VAT_RATES).map((rate) => (
            <option key={rate} value={String(rate)}>
              {formatVatRate(rate)}
            </option>
          ))}
          {!franchise && line.vatRate === undefined && !(VAT_RATES as readonly number[]).includes(defaultRate) && (
            <option value={String(defaultRate)}>{formatVatRate(defaultRate)}</option>
          )}
        </SmallSelect>
      </td>
      <td className="remove">
        <Button $variant="ghost" aria-label={M.removeLine(n)} onClick={() => session.removeLine(line.id)}>
          {M.removeLineButton}
        </Button>
      </td>
    </tr>
  );
});

interface LineEditorProps {
  title: string;
  lines: readonly DraftLine[];
  vatRate: number;
  regime: VatRegime;
  options?: QuoteOptions | undefined;
  catalogue: readonly Task[];
  session: QuoteSession;
  additionsBlocked: boolean;
  children?: React.ReactNode;
}

const VatField = memo(function VatField({ vatRate, session }: { vatRate: number; session: QuoteSession }) {
  // Empty → 20 (SPEC.md §5); out of 0–100 is refused with a message and the previous rate stays.
  const vat = useFrenchNumber({ value: vatRate, rules: VAT_RATE_RULES, onCommit: (v) => session.setVatRate(v) });
  return (
    <Field label={M.vatRate} htmlFor="quote-vat-rate" error={vat.error}>
      <SmallNumberInput id="quote-vat-rate" state={vat} />
    </Field>
  );
});

/** The quote-edit view: title, client (children), lines, VAT. */
export function LineEditor({
  title,
  lines,
  vatRate,
  regime,
  options,
  catalogue,
  session,
  additionsBlocked,
  children,
}: LineEditorProps) {
  // Franchise en base or autoliquidation: every line at 0 %, the rate cannot be picked.
  const franchise = regime === 'franchise' || options?.autoliquidation === true;
  return (
    <Card aria-labelledby="quote-edit-title">
      <CardTitle id="quote-edit-title">{M.editTitle}</CardTitle>
      <Field label={M.projectTitleInput} htmlFor="quote-project-title">
        <Input
          id="quote-project-title"
          value={title}
          disabled={additionsBlocked}
          onChange={(e) => session.setTitle(e.target.value)}
        />
      </Field>
      {children}
      {lines.length > 0 && (
        <TableScroll>
          <LinesTable aria-label={M.editTitle}>
            <colgroup>
              <col className="task" />
              <col className="quantity" />
              <col className="unit" />
              <col className="vat" />
              <col className="remove" />
            </colgroup>
            <thead>
              <tr>
                <th>{M.columnTask}</th>
                <th>{M.columnQuantity}</th>
                <th>{M.columnUnit}</th>
                <th>{M.columnVat}</th>
                <th aria-label={M.columnActions} />
              </tr>
            </thead>
            <tbody>
              {lines.map((line, index) => (
                <LineRow
                  key={line.id}
                  line={line}
                  index={index}
                  catalogue={catalogue}
                  session={session}
                  defaultRate={vatRate}
                  franchise={franchise}
                />
              ))}
            </tbody>
          </LinesTable>
        </TableScroll>
      )}
      {catalogue.length === 0 && <Muted>{M.emptyCatalogue}</Muted>}
      <Actions>
        <Button
          $variant="secondary"
          onClick={() => session.addLine()}
          disabled={additionsBlocked || catalogue.length === 0}
        >
          {M.addLine}
        </Button>
        {!franchise && <VatField vatRate={vatRate} session={session} />}
      </Actions>
      <QuoteOptionsPanel options={options} regime={regime} session={session} />
    </Card>
  );
}
