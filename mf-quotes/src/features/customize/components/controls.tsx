// Small form controls of the settings panel (checkbox row, colour picker, fieldset).
import { Field, Input } from '@atelier/ui';
import { useId } from 'react';
import styled from 'styled-components';

import { isHexColour } from '../model/customization-draft';
import { customizeMessages as m } from '../messages';

export const Fieldset = styled.fieldset`
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  padding: 0.75rem 1rem 0.25rem;
  margin: 0 0 1rem;
  legend {
    font-weight: 700;
    padding: 0 0.35rem;
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const CheckRow = styled.label`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  min-height: 44px;
  margin-bottom: 0.5rem;
  cursor: pointer;
  input {
    width: 1.2rem;
    height: 1.2rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
`;

export function Checkbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <CheckRow>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </CheckRow>
  );
}

const ColourRow = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: center;
  input[type='color'] {
    width: 52px;
    min-width: 52px;
    height: 44px;
    padding: 2px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
    background: ${({ theme }) => theme.colors.surface};
    cursor: pointer;
  }
`;

/** A native colour picker plus its hex text, kept in sync; invalid hex shows an error. */
export function ColourField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const valid = isHexColour(value);
  return (
    <Field label={label} htmlFor={id} error={valid ? null : m.colorError}>
      <ColourRow>
        <input
          type="color"
          aria-label={`${label} (sélecteur)`}
          value={valid ? value.toLowerCase() : '#000000'}
          onChange={(e) => onChange(e.target.value)}
        />
        <Input
          id={id}
          value={value}
          maxLength={7}
          spellCheck={false}
          aria-invalid={!valid}
          onChange={(e) => onChange(e.target.value.trim())}
        />
      </ColourRow>
    </Field>
  );
}
