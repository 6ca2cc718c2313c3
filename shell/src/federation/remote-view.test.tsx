import { UiProviders } from '@atelier/ui';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { resetRemote } from './remote-registry';
import type { RemoteModule } from './remotes';
import { RemoteView } from './remote-view';

jest.mock('./remote-registry', () => ({ resetRemote: jest.fn() }));

function remote(expose: string, load: RemoteModule<object>['load']): RemoteModule<object> {
  return { remote: 'clients', expose, load };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => {}));

it('shows the fallback for a failed remote and retries after resetting it', async () => {
  const load = jest
    .fn()
    .mockRejectedValueOnce(new Error('ScriptNetworkError'))
    .mockResolvedValueOnce({ default: () => <h1>Clients</h1> });
  render(
    <UiProviders>
      <RemoteView module={remote('ClientsPage', load)} />
    </UiProviders>,
  );
  expect(await screen.findByText('Ce module est momentanément indisponible.')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
  expect(await screen.findByRole('heading', { name: 'Clients' })).toBeInTheDocument();
  expect(resetRemote).toHaveBeenCalledWith('clients');
});

it('does not carry a failure over to another module rendered at the same place', async () => {
  const failing = remote('ClientsPage', jest.fn().mockRejectedValue(new Error('down')));
  const working = remote('TasksPage', jest.fn().mockResolvedValue({ default: () => <h1>Tâches</h1> }));
  const { rerender } = render(
    <UiProviders>
      <RemoteView module={failing} />
    </UiProviders>,
  );
  expect(await screen.findByText('Ce module est momentanément indisponible.')).toBeInTheDocument();
  rerender(
    <UiProviders>
      <RemoteView module={working} />
    </UiProviders>,
  );
  expect(await screen.findByRole('heading', { name: 'Tâches' })).toBeInTheDocument();
});
