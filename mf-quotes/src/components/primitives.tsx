// mf-quotes layout helpers on top of @atelier/ui's primitives (re-exported so features import one place).
import styled from 'styled-components';

export { Banner, Button, Card, Field, Input, PageTitle, Select, Spinner } from '@atelier/ui';

export const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.25rem;
`;

export const CardTitle = styled.h2`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin: 0 0 1rem;
`;

export const FieldRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: 0 1rem;
  align-items: start;
`;

export const LinkButton = styled.button.attrs({ type: 'button' })`
  font: inherit;
  font-size: ${({ theme }) => theme.font.size.sm};
  background: none;
  border: none;
  /* A 44 px tall tap target; the primary colour keeps AA contrast on white (the accent blue does not). */
  min-height: 44px;
  padding: 0;
  color: ${({ theme }) => theme.colors.primary};
  text-decoration: underline;
  cursor: pointer;
  align-self: flex-start;
`;

export const Muted = styled.p`
  color: ${({ theme }) => theme.colors.muted};
  margin: 0;
`;
