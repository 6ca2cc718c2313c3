import { act, render, screen } from '@testing-library/react';

import { UiProviders } from './providers';
import { SaveButton } from './save-button';

it('goes idle → saving → saved (2 s) → idle', async () => {
  jest.useFakeTimers();
  let resolve!: () => void;
  const onSave = jest.fn(() => new Promise<void>((r) => (resolve = r)));
  render(
    <UiProviders>
      <SaveButton onSave={onSave}>Sauvegarder</SaveButton>
    </UiProviders>,
  );
  act(() => screen.getByRole('button').click());
  expect(screen.getByRole('button')).toHaveTextContent('Sauvegarde...');
  expect(screen.getByRole('button')).toBeDisabled();
  await act(async () => resolve());
  expect(screen.getByRole('button')).toHaveTextContent('Sauvegardé !');
  act(() => jest.advanceTimersByTime(2000));
  expect(screen.getByRole('button')).toHaveTextContent('Sauvegarder');
  jest.useRealTimers();
});

it('returns to idle when saving fails', async () => {
  const onSave = jest.fn(async () => {
    throw new Error('quota');
  });
  render(
    <UiProviders>
      <SaveButton onSave={onSave}>Sauvegarder</SaveButton>
    </UiProviders>,
  );
  await act(async () => screen.getByRole('button').click());
  expect(screen.getByRole('button')).toHaveTextContent('Sauvegarder');
  expect(screen.getByRole('button')).toBeEnabled();
});
