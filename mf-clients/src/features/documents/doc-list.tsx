// The list of documents on a card: one styled list whose rules style plain <button>s, so a card with many
// documents renders cheaply (a styled Button per action costs a style computation each; 500 clients' search
// re-renders many of them per keystroke).
import styled from 'styled-components';

export const DocList = styled.ul`
  padding-left: 1rem;
  > li {
    margin-bottom: 0.6rem;
  }
  .doc-actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
    margin-top: 0.25rem;
  }
  button {
    min-height: 44px;
    padding: 0.4rem 0.8rem;
    border-radius: ${({ theme }) => theme.radius};
    border: 1px solid ${({ theme }) => theme.colors.primary};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    cursor: pointer;
  }
  button.primary {
    background: ${({ theme }) => theme.colors.primary};
    color: #fff;
  }
  button.danger {
    background: ${({ theme }) => theme.colors.danger};
    border-color: ${({ theme }) => theme.colors.danger};
    color: #fff;
  }
  button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  .status-paid {
    color: #276749;
  }
  .status-pending {
    color: #744210;
  }
  .status-late {
    color: #c53030;
  }
  .status-draft,
  .status-cancelled {
    color: #4a5568;
  }
  .status {
    font-weight: 600;
  }
`;
