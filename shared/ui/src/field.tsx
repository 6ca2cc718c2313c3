import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';

const control = css`
  width: 100%;
  min-height: 44px;
  padding: 0.5rem 0.75rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[aria-invalid='true'] {
    border-color: ${({ theme }) => theme.colors.danger};
  }
  /* select matches :read-only in Chromium: only real read-only text fields get the grey background. */
  &[readonly] {
    background: ${({ theme }) => theme.colors.background};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

export const Input = styled.input`
  ${control}
`;
export const Select = styled.select`
  ${control}
`;
export const TextArea = styled.textarea`
  ${control}
  min-height: 6rem;
`;

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: 0.3rem;
  margin-bottom: 1rem;
  label {
    font-weight: 600;
  }
`;

const Hint = styled.small`
  color: ${({ theme }) => theme.colors.muted};
`;

const ErrorText = styled.small`
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

export interface FieldProps {
  label: ReactNode;
  htmlFor: string;
  error?: string | null;
  hint?: ReactNode;
  children: ReactNode;
}

/** A label, its control, an optional hint and the French error message under it. */
export function Field({ label, htmlFor, error, hint, children }: FieldProps) {
  return (
    <Wrapper>
      <label htmlFor={htmlFor}>{label}</label>
      {children}
      {hint ? <Hint>{hint}</Hint> : null}
      {error ? (
        <ErrorText id={`${htmlFor}-error`} role="alert">
          {error}
        </ErrorText>
      ) : null}
    </Wrapper>
  );
}
