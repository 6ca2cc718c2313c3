import '@testing-library/jest-dom';
import { bus } from '@atelier/bus';
import { documentRowId, sendQueueFor } from '@atelier/storage';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderWithUi } from '../../../testing/render';

import { SendDevis } from './send-devis';

jest.mock('@atelier/platform', () => ({
  useAuth: () => ({ user: { id: 'user-1' } }),
  getSupabase: () => ({}),
}));

const PDF = new Uint8Array([37, 80, 68, 70]);
const QUOTE_ID = '11111111-1111-4111-8111-111111111111';

function setup(result: Awaited<ReturnType<typeof import('@atelier/documents').sendDocument>>) {
  const flushNow = jest.fn();
  const documents = {
    sendDocument: jest.fn(async () => result),
    startSendQueueFlushing: jest.fn(() => flushNow),
  };
  const deps = { loadDocuments: async () => documents, files: { get: jest.fn(async () => PDF) } };
  return { documents, deps, flushNow };
}

function generate() {
  act(() =>
    bus.emit('quote/generated', { quoteId: QUOTE_ID, number: 'DE0007', clientEmail: 'alice@martin.fr' }, 'test'),
  );
}

const setOnline = (value: boolean) => Object.defineProperty(navigator, 'onLine', { value, configurable: true });

beforeEach(() => {
  localStorage.clear();
  setOnline(true);
});

describe('« Envoyer par email » on the home page', () => {
  it('is disabled until a devis is generated for a client with an email', () => {
    const { deps } = setup('sent');
    renderWithUi(<SendDevis ready={false} deps={deps} />);
    expect(screen.getByRole('button', { name: 'Envoyer par email' })).toBeDisabled();
  });

  it('sends the generated devis with its exact PDF through send-document and says to whom', async () => {
    const { deps, documents } = setup('sent');
    renderWithUi(<SendDevis ready deps={deps} />);
    generate();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Envoyer par email' }));
    expect(await screen.findByTestId('send-devis-notice')).toHaveTextContent(
      'Devis DE0007 envoyé à alice@martin.fr avec son PDF.',
    );
    expect(documents.sendDocument).toHaveBeenCalledWith(
      expect.anything(),
      'quotes',
      { id: QUOTE_ID },
      expect.any(Function),
      PDF,
      expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    );
    expect(sendQueueFor('user-1').list()).toEqual([]);
  });

  it('sends the server row of a devis whose local id is not a UUID (its PDF kept under the local id)', async () => {
    const { deps, documents } = setup('sent');
    renderWithUi(<SendDevis ready deps={deps} />);
    act(() => bus.emit('quote/generated', { quoteId: 'q-17', number: 'DE0008', clientEmail: 'a@b.fr' }, 'test'));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Envoyer par email' }));
    expect(await screen.findByTestId('send-devis-notice')).toHaveTextContent('Devis DE0008 envoyé à a@b.fr');
    const rowId = documentRowId('user-1', 'q-17');
    expect(rowId).toMatch(/^[0-9a-f-]{36}$/);
    expect(deps.files.get).toHaveBeenCalledWith('q-17');
    expect(documents.sendDocument).toHaveBeenCalledWith(
      expect.anything(),
      'quotes',
      { id: rowId },
      expect.any(Function),
      PDF,
      expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    );
  });

  it('offline: queues the send once, says so, and tells when it left', async () => {
    const { deps, documents, flushNow } = setup('sent');
    setOnline(false);
    renderWithUi(<SendDevis ready deps={deps} />);
    generate();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Envoyer par email' }));
    expect(await screen.findByTestId('send-devis-notice')).toHaveTextContent(
      'Hors ligne : le devis DE0007 partira par email dès le retour du réseau.',
    );
    expect(documents.sendDocument).not.toHaveBeenCalled();
    expect(
      sendQueueFor('user-1')
        .list()
        .map((e) => e.id),
    ).toEqual([QUOTE_ID]);
    expect(flushNow).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Envoi en attente du réseau' })).toBeDisabled();
    // The queue's flush (back online) sent it: the entry leaves the queue.
    act(() => sendQueueFor('user-1').remove(QUOTE_ID));
    await waitFor(() =>
      expect(screen.getByTestId('send-devis-notice')).toHaveTextContent(
        'Devis DE0007 envoyé à alice@martin.fr avec son PDF.',
      ),
    );
  });

  it('a devis not yet on the server (sync outbox) waits in the queue; a refusal is shown as is', async () => {
    const waiting = setup({ error: 'Document introuvable.', status: 404 });
    const view = renderWithUi(<SendDevis ready deps={waiting.deps} />);
    generate();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Envoyer par email' }));
    expect(await screen.findByTestId('send-devis-notice')).toHaveTextContent('partira par email');
    expect(sendQueueFor('user-1').list()).toHaveLength(1);
    // The queued retry carries the key of the try already made: the server mails once whichever tab sends it.
    const tried = (waiting.documents.sendDocument as jest.Mock).mock.calls[0]![5] as string;
    expect(sendQueueFor('user-1').list()[0]!.key).toBe(tried);
    view.unmount();

    localStorage.clear();
    const refused = setup({ error: 'Un document ne s’envoie qu’à l’adresse email de son client.', status: 403 });
    renderWithUi(<SendDevis ready deps={refused.deps} />);
    generate();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Envoyer par email' }));
    expect(await screen.findByTestId('send-devis-notice')).toHaveTextContent(
      'Un document ne s’envoie qu’à l’adresse email de son client.',
    );
  });
});
