import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy, useState } from 'react';

import { UiProviders } from './providers';
import { RemoteBoundary } from './remote-boundary';

function Remote({ load }: { load: () => Promise<{ default: () => React.JSX.Element }> }) {
  const [attempt, setAttempt] = useState(0);
  // A new lazy component per attempt: React.lazy caches a rejected load forever.
  const [Lazy, setLazy] = useState(() => lazy(load));
  return (
    <RemoteBoundary
      name="mf_test"
      onRetry={() => {
        setAttempt(attempt + 1);
        setLazy(() => lazy(load));
      }}
    >
      <Lazy />
    </RemoteBoundary>
  );
}

it('shows the French fallback when a remote fails and really retries the load', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const load = jest
    .fn()
    .mockRejectedValueOnce(new Error('ChunkLoadError'))
    .mockResolvedValueOnce({ default: () => <p>Contenu du module</p> });

  render(
    <UiProviders>
      <Remote load={load} />
    </UiProviders>,
  );

  expect(await screen.findByText('Ce module est momentanément indisponible.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByText('Contenu du module')).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
});
