// A text field for numbers typed the French way (@atelier/domain's parseNumberField). What the user types stays
// in the field even when it is refused; the error shows next to it and the last valid value stays in use.
// The numbers module itself (pure functions), not @atelier/domain's index: the schemas stay off the /auth first load.
import {
  formatFrenchNumber,
  parseNumberField,
  type FieldParseResult,
  type NumberFieldRules,
} from '@atelier/domain/src/numbers';
import { useRef, useState, type ComponentProps } from 'react';

import { Input } from './field';

export interface FrenchNumberState {
  /** The text in the field, as typed. */
  text: string;
  /** The French refusal of that text, or null. */
  error: string | null;
  onChange(event: { target: { value: string } }): void;
  onFocus(): void;
  onBlur(): void;
}

export interface UseFrenchNumberOptions {
  /** The valid value in use. */
  value: number;
  rules: NumberFieldRules;
  /** Called with each valid value typed. */
  onCommit(value: number): void;
  /** Extra check once the number itself is valid (e.g. the line total): the French message or null. */
  validate?(value: number): string | null;
  /** Decimals shown when the value is (re)displayed; defaults to the rules' decimals. */
  minDecimals?: number;
}

export function formatForInput(value: number, maxDecimals: number, minDecimals = 0): string {
  return formatFrenchNumber(value, { maxDecimals, minDecimals, plainSpaces: true });
}

export function useFrenchNumber({
  value,
  rules,
  onCommit,
  validate,
  minDecimals,
}: UseFrenchNumberOptions): FrenchNumberState {
  const show = (n: number) => formatForInput(n, rules.decimals, minDecimals);
  const [text, setText] = useState(() => show(value));
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(value);
  // The value before the current edit: a refused text brings it back, so the valid prefixes typed on the way
  // (« 1 », « 10 » while typing « 1e12 ») do not stay in use.
  const before = useRef(value);
  const check = (typed: string): FieldParseResult => {
    const result = parseNumberField(typed, rules);
    if (!result.ok || !validate) return result;
    const message = validate(result.value);
    return message ? { ok: false, message } : result;
  };
  if (value !== shown) {
    // Changed from elsewhere (recognition, another tab, a reload): show it unless the text already says it.
    setShown(value);
    const current = check(text);
    if (!current.ok || current.value !== value) {
      setText(show(value));
      setError(null);
      before.current = value;
    }
  }
  return {
    text,
    error,
    onChange(event) {
      const typed = event.target.value;
      setText(typed);
      const result = check(typed);
      if (result.ok) {
        setError(null);
        if (result.value !== value) {
          setShown(result.value);
          onCommit(result.value);
        }
      } else {
        setError(result.message);
        if (value !== before.current) {
          setShown(before.current);
          onCommit(before.current);
        }
      }
    },
    onFocus() {
      before.current = value;
    },
    onBlur() {
      const result = check(text);
      // A refused text stays as typed (with its message) so nothing the user typed is lost.
      if (result.ok) {
        setText(show(result.value));
        before.current = result.value;
      }
    },
  };
}

export type NumberInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'onBlur' | 'type'> & {
  state: FrenchNumberState;
};

/** The input of a useFrenchNumber state: text with a decimal keypad, aria-invalid and the error linked. */
export function NumberInput({ state, id, ...rest }: NumberInputProps) {
  return (
    <Input
      {...rest}
      id={id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={state.text}
      onChange={state.onChange}
      onFocus={state.onFocus}
      onBlur={state.onBlur}
      aria-invalid={state.error ? true : undefined}
      aria-describedby={state.error && id ? `${id}-error` : undefined}
    />
  );
}
