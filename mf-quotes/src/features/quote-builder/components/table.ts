import { formatFrenchNumber } from '@atelier/domain';
import styled from 'styled-components';

export const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  /* Fixed layout: editing one cell does not re-measure all 200 rows. */
  table-layout: fixed;
  font-size: ${({ theme }) => theme.font.size.sm};
  th,
  td {
    text-align: left;
    padding: 0.45rem 0.5rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: middle;
    overflow-wrap: anywhere;
  }
  th {
    color: ${({ theme }) => theme.colors.muted};
    font-weight: 600;
  }
  td.num,
  th.num {
    text-align: right;
    white-space: nowrap;
  }
`;

export const TableScroll = styled.div`
  overflow-x: auto;
`;

export function formatQuantity(quantity: number, unit: string): string {
  return `${formatFrenchNumber(quantity)} ${unit}`;
}
