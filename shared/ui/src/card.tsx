import styled from 'styled-components';

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  box-shadow: ${({ theme }) => theme.shadow};
  padding: 1.25rem;
  margin-bottom: 1rem;
  /* Section titles read the same size in every remote. */
  > h2 {
    font-size: ${({ theme }) => theme.font.size.lg};
    margin: 1.5rem 0 0.75rem;
  }
  > h2:first-child {
    margin-top: 0;
  }
  /* A card composed inside another (a remote's panel in a host card) does not draw a second frame. */
  & & {
    border: none;
    box-shadow: none;
    padding: 0;
    margin-bottom: 0;
    background: transparent;
  }
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    padding: 1rem;
  }
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.font.size.xl};
  margin: 0 0 1rem;
  overflow-wrap: break-word;
  @media (max-width: ${({ theme }) => theme.breakpoints.mobile}) {
    font-size: 1.5rem;
  }
`;
