import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export const Button = styled.button.attrs<{ type?: string }>((props) => ({ type: props.type ?? 'button' }))<{
  $variant?: ButtonVariant;
  $block?: boolean;
}>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 44px;
  padding: 0.5rem 1.1rem;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid transparent;
  font-weight: 600;
  cursor: pointer;
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  transition: background 0.15s ease;
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  ${({ theme, $variant = 'primary' }) => {
    switch ($variant) {
      case 'secondary':
        return css`
          background: ${theme.colors.surface};
          color: ${theme.colors.primary};
          border-color: ${theme.colors.primary};
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${theme.colors.primary};
        `;
      case 'danger':
        return css`
          background: ${theme.colors.danger};
          color: #fff;
        `;
      default:
        return css`
          background: ${theme.colors.primary};
          color: #fff;
          &:hover:not(:disabled) {
            background: ${theme.colors.primaryHover};
          }
        `;
    }
  }}
`;
