import { UiProviders } from '@atelier/ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { waitingWorker$ } from './service-worker';
import { OfflineNotice, UpdatePrompt } from './update-prompt';

afterEach(() => waitingWorker$.next(null));

it('offers « Recharger » when a new version waits, and only activates it when asked', async () => {
  const postMessage = jest.fn();
  const listeners: Record<string, () => void> = {};
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { addEventListener: (type: string, fn: () => void) => (listeners[type] = fn), controller: {} },
  });
  render(
    <UiProviders>
      <UpdatePrompt />
    </UiProviders>,
  );
  expect(screen.queryByText('Nouvelle version disponible')).not.toBeInTheDocument();
  act(() => waitingWorker$.next({ postMessage } as unknown as ServiceWorker));
  expect(screen.getByRole('status')).toHaveTextContent('Nouvelle version disponible');
  expect(postMessage).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: 'Recharger' }));
  expect(postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  expect(listeners.controllerchange).toBeDefined();
});

it('says so in French when the network is gone', () => {
  render(
    <UiProviders>
      <OfflineNotice />
    </UiProviders>,
  );
  expect(screen.getByRole('status')).toBeEmptyDOMElement();
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  act(() => {
    window.dispatchEvent(new Event('offline'));
  });
  expect(screen.getByRole('status')).toHaveTextContent('Hors ligne');
});
