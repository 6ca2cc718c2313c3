import '@testing-library/jest-dom';
import { UNIT_PRICE_RULES } from '@atelier/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';

import { Field } from './field';
import { NumberInput, useFrenchNumber } from './number-input';
import { UiProviders } from './providers';

function PriceField({ initial, onCommit }: { initial: number; onCommit: (n: number) => void }) {
  const [price, setPrice] = useState(initial);
  const state = useFrenchNumber({
    value: price,
    rules: UNIT_PRICE_RULES,
    minDecimals: 2,
    onCommit: (n) => {
      setPrice(n);
      onCommit(n);
    },
  });
  return (
    <>
      <Field label="Prix" htmlFor="price" error={state.error}>
        <NumberInput id="price" state={state} />
      </Field>
      <output>{price}</output>
    </>
  );
}

function setup(initial = 12.5) {
  const onCommit = jest.fn();
  render(
    <UiProviders>
      <PriceField initial={initial} onCommit={onCommit} />
    </UiProviders>,
  );
  return { onCommit, input: screen.getByLabelText('Prix'), user: userEvent.setup() };
}

it('shows the value the French way and reads what is typed the French way', async () => {
  const { input, user, onCommit } = setup();
  expect(input).toHaveValue('12,50');
  expect(input).toHaveAttribute('inputmode', 'decimal');
  await user.clear(input);
  await user.type(input, '1 250,5');
  expect(onCommit).toHaveBeenLastCalledWith(1250.5);
  await user.tab();
  expect(input).toHaveValue('1 250,50');
});

it('keeps a refused text with its message next to the field, and the value from before the edit', async () => {
  const { input, user } = setup();
  await user.clear(input);
  await user.type(input, '2000000');
  await user.tab();
  expect(input).toHaveValue('2000000');
  expect(input).toHaveAttribute('aria-invalid', 'true');
  expect(input).toHaveAccessibleDescription('Le prix unitaire ne peut pas dépasser 1 000 000 €.');
  // « 2 », « 20 »… were valid on the way: the price in use is the one from before the edit.
  expect(screen.getByRole('status')).toHaveTextContent('12.5');
  await user.clear(input);
  await user.type(input, '9,90');
  expect(input).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('status')).toHaveTextContent('9.9');
});
