// The devis editor's table: on wide screens task | quantity | unit | VAT | remove, each line its own <tbody> with
// its details; on a phone each line becomes a card — the task select across, its tools under it, then quantity,
// unit, VAT and remove, then the details stacked.
import { NumberInput } from '@atelier/ui';
import styled from 'styled-components';

import { Select } from '../../../components/primitives';
import { Table } from './table';

/* Compact in the desktop table; full 44 px tap targets on a phone. */
export const SmallNumberInput = styled(NumberInput)`
  min-height: 36px;
  max-width: 7rem;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    min-height: 44px;
  }
`;
/** The refusal of a quantity, under its field (the table cell has no label of its own). */
export const FieldError = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
  white-space: normal;
`;
export const SmallSelect = styled(Select)`
  min-height: 36px;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    min-height: 44px;
  }
`;

export const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.25rem;
  margin-top: 0.25rem;
`;
export const Tool = styled.button.attrs({ type: 'button' })`
  min-width: 32px;
  min-height: 32px;
  padding: 0 0.4rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  font-size: ${({ theme }) => theme.font.size.sm};
  &.handle {
    cursor: grab;
    touch-action: none;
  }
  &:disabled {
    opacity: 0.4;
    cursor: default;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    min-width: 44px;
    min-height: 44px;
  }
`;
export const Badge = styled.span`
  font-size: ${({ theme }) => theme.font.size.sm};
  padding: 0.05rem 0.4rem;
  border-radius: 999px;
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

export const LinesTable = styled(Table)`
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
  td {
    vertical-align: top;
  }
  tbody.line > tr:not(:last-child) > td {
    border-bottom: 0;
  }
  tbody.section td {
    background: ${({ theme }) => theme.colors.background};
    font-weight: 600;
  }
  tbody.drop-target {
    outline: 2px dashed ${({ theme }) => theme.colors.primary};
    outline-offset: -2px;
  }
  .heading {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
    > input,
    > textarea {
      flex: 1 1 12rem;
      min-width: 0;
    }
    > div {
      margin-top: 0;
    }
    label.option {
      display: flex;
      align-items: center;
      gap: 0.3rem;
      min-height: 44px;
      font-weight: 400;
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
    tbody.line {
      padding: 0.6rem 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tr {
      display: grid;
      grid-template-columns: auto minmax(0, 1fr) auto auto;
      grid-template-areas: 'task task task task' 'quantity unit vat remove';
      align-items: center;
      gap: 0.5rem 0.75rem;
    }
    tr.details,
    tr.error,
    tbody.section tr,
    tbody.comment tr {
      display: block;
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

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem 1rem;
  align-items: flex-end;
  margin-top: 1rem;
  > div {
    margin-bottom: 0;
    max-width: 16rem;
  }
`;

/** The catalogue line picker (type-ahead), under the lines. */
export const PickerBox = styled.div`
  margin-top: 1rem;
  max-width: 32rem;
  > div > div {
    margin-bottom: 0;
  }
`;
