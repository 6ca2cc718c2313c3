// A remise typed as % or € HT (a line's or the whole devis'): the kind select and the amount, typed the French way.
// The number itself is only checked as a number here; the money model (validateDevisLines / discountError) says
// what is refused (negative, over 100 %, over the amount) next to it, and the value typed is kept.
import { MAX_LINE_TOTAL_CENTS, NUMBER_MESSAGES, type Discount, type NumberFieldRules } from '@atelier/domain';
import { NumberInput, useFrenchNumber } from '@atelier/ui';
import { useState } from 'react';
import styled from 'styled-components';

import { Select } from '../../../components/primitives';
import { QUOTE_MESSAGES as M } from '../messages';

const MAX = MAX_LINE_TOTAL_CENTS / 100;

/** Any amount with cents; empty is no remise. Negative values pass here so that the money model's message shows. */
export const DISCOUNT_RULES: NumberFieldRules = {
  min: -MAX,
  max: MAX,
  decimals: 2,
  emptyValue: 0,
  messages: {
    required: NUMBER_MESSAGES.invalid,
    invalid: NUMBER_MESSAGES.invalid,
    negative: NUMBER_MESSAGES.invalid,
    min: NUMBER_MESSAGES.invalid,
    max: NUMBER_MESSAGES.lineTotalMax,
    decimals: NUMBER_MESSAGES.priceDecimals,
  },
};

const Row = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: flex-start;
  select {
    width: auto;
    min-width: 5rem;
  }
  input {
    max-width: 8rem;
  }
`;
const ErrorText = styled.small`
  display: block;
  color: ${({ theme }) => theme.colors.danger};
  font-weight: 600;
`;

interface DiscountFieldProps {
  id: string;
  kindLabel: string;
  valueLabel: string;
  discount: Discount | undefined;
  onChange(discount: Discount | undefined): void;
  /** The money model's refusal of this remise, or null. */
  error?: string | null | undefined;
  disabled?: boolean;
}

export function DiscountField({ id, kindLabel, valueLabel, discount, onChange, error, disabled }: DiscountFieldProps) {
  // The kind picked before any amount is typed (no remise yet) is remembered here.
  const [pickedKind, setPickedKind] = useState<Discount['kind']>('percent');
  const kind = discount?.kind ?? pickedKind;
  const value = useFrenchNumber({
    value: discount?.value ?? 0,
    rules: DISCOUNT_RULES,
    onCommit: (v) => onChange({ kind, value: v }),
  });
  const message = value.error ?? error ?? null;
  return (
    <div>
      <Row>
        <NumberInput
          id={id}
          aria-label={valueLabel}
          state={value}
          disabled={disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${id}-error` : undefined}
        />
        <Select
          aria-label={kindLabel}
          value={kind}
          disabled={disabled}
          onChange={(e) => {
            const next = e.target.value === 'amount' ? 'amount' : 'percent';
            setPickedKind(next);
            onChange({ kind: next, value: discount?.value ?? 0 });
          }}
        >
          <option value="percent">{M.discountPercent}</option>
          <option value="amount">{M.discountAmount}</option>
        </Select>
      </Row>
      {message && (
        <ErrorText id={`${id}-error`} role="alert">
          {message}
        </ErrorText>
      )}
    </div>
  );
}
