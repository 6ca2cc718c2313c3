// Small styled primitives for mf-quotes until every screen moves to @atelier/ui's.
import styled, { css } from 'styled-components';

export const Page = styled.main`
  max-width: 1100px;
  margin: 0 auto;
  padding: 24px 16px 48px;
  display: flex;
  flex-direction: column;
  gap: 20px;
  font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  color: #1f2937;
`;

export const PageTitle = styled.h1`
  font-size: 1.6rem;
  margin: 0;
`;

export const Card = styled.section`
  background: #fff;
  border: 1px solid #e5e7eb;
  border-radius: 10px;
  padding: 18px 20px;
  box-shadow: 0 1px 2px rgb(0 0 0 / 5%);
`;

export const CardTitle = styled.h2`
  font-size: 1.15rem;
  margin: 0 0 14px;
`;

export const FieldRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: flex-end;
`;

export const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: 4px;
  font-size: 0.9rem;
  font-weight: 500;
  min-width: 160px;
  flex: 1;
`;

const control = css`
  font: inherit;
  font-weight: 400;
  padding: 8px 10px;
  border: 1px solid #cbd5e1;
  border-radius: 6px;
  background: #fff;
  &:focus {
    outline: 2px solid #4299e1;
    outline-offset: 1px;
  }
  &:disabled {
    background: #f3f4f6;
  }
`;

export const Input = styled.input`
  ${control}
`;

export const Select = styled.select`
  ${control}
`;

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' | 'danger' }>`
  font: inherit;
  padding: 8px 14px;
  border-radius: 6px;
  cursor: pointer;
  border: 1px solid transparent;
  ${({ $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: #1a365d;
          color: #fff;
        `
      : $variant === 'danger'
        ? css`
            background: #fff;
            color: #b91c1c;
            border-color: #fca5a5;
          `
        : css`
            background: #fff;
            color: #1a365d;
            border-color: #cbd5e1;
          `}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export const LinkButton = styled.button`
  font: inherit;
  font-size: 0.85rem;
  background: none;
  border: none;
  padding: 0;
  color: #2563eb;
  text-decoration: underline;
  cursor: pointer;
  align-self: flex-start;
`;

const tones = {
  error: css`
    background: #fef2f2;
    border-color: #fca5a5;
    color: #991b1b;
  `,
  warning: css`
    background: #fff7ed;
    border-color: #fb923c;
    color: #9a3412;
  `,
  success: css`
    background: #f0fdf4;
    border-color: #86efac;
    color: #166534;
  `,
  info: css`
    background: #eff6ff;
    border-color: #93c5fd;
    color: #1e3a8a;
  `,
};

export const Banner = styled.div<{ $tone: keyof typeof tones }>`
  border: 1px solid;
  border-radius: 8px;
  padding: 10px 14px;
  display: flex;
  gap: 12px;
  justify-content: space-between;
  align-items: center;
  ${({ $tone }) => tones[$tone]}
`;

export const Muted = styled.p`
  color: #6b7280;
  margin: 0;
`;
