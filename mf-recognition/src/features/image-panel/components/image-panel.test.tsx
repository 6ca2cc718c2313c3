import { bus, type EventEnvelope } from '@atelier/bus';
import type { ExtractionResult } from '@atelier/domain';
import { tasksStore } from '@atelier/storage';
import { UiProviders } from '@atelier/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { ImagePanel } from './image-panel';

const RESULT: ExtractionResult = {
  projectTitle: 'Rénovation Salle De Bain',
  tasks: [
    { name: 'Pose de lavabo', quantity: 1, unit: 'unité' },
    { name: 'Dépose de carrelage', quantity: 12, unit: 'm2' },
  ],
  client: { name: 'Jean Dupont', phone: '06 12 34 56 78', email: '', address: undefined },
};

function renderPanel(analyzeImage: (image: Blob) => Promise<ExtractionResult>) {
  return render(
    <UiProviders>
      <MemoryRouter>
        <ImagePanel analyzeImage={analyzeImage} />
      </MemoryRouter>
    </UiProviders>,
  );
}

function chooseFile(file: File) {
  fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [file] } });
}

const png = () => new File([new Uint8Array([137, 80, 78, 71])], 'notes.png', { type: 'image/png' });

let events: EventEnvelope[];
let sub: { unsubscribe(): void };

beforeEach(() => {
  localStorage.clear();
  tasksStore.set([{ name: 'Pose de lavabo', unit: 'unité', price: 180 }]);
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  events = [];
  sub = bus.all().subscribe((e) => events.push(e));
});

afterEach(() => {
  sub.unsubscribe();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('ImagePanel', () => {
  it('starts the OCR engine ahead of the first image when a photo button is pointed at, focused or pressed — never on its own', () => {
    jest.useFakeTimers();
    const warmUp = jest.fn();
    render(
      <UiProviders>
        <MemoryRouter>
          <ImagePanel analyzeImage={jest.fn()} warmUp={warmUp} />
        </MemoryRouter>
      </UiProviders>,
    );
    act(() => void jest.advanceTimersByTime(5000));
    expect(warmUp).not.toHaveBeenCalled();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Choisir une image' }));
    expect(warmUp).toHaveBeenCalledTimes(1);
    fireEvent.focus(screen.getByRole('button', { name: 'Prendre une photo' }));
    expect(warmUp).toHaveBeenCalledTimes(2);
  });

  it('offers a photo and a file, with tips', () => {
    renderPanel(jest.fn());
    expect(screen.getByRole('button', { name: 'Prendre une photo' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Choisir une image' })).toBeEnabled();
    expect(screen.getByText('Conseils')).toBeInTheDocument();
  });

  it('warns when the task catalogue is empty', () => {
    tasksStore.set([]);
    renderPanel(jest.fn());
    expect(screen.getByText('Aucune tâche dans votre catalogue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la Gestion des Tâches' })).toHaveAttribute('href', '/tasks');
  });

  it('refuses files that are not images or over 20 MB', () => {
    const analyze = jest.fn();
    renderPanel(analyze);
    chooseFile(new File(['%PDF'], 'devis.pdf', { type: 'application/pdf' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Veuillez sélectionner une image (JPG, PNG, etc.)');
    const big = png();
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    chooseFile(big);
    expect(screen.getByRole('alert')).toHaveTextContent('Image trop volumineuse (max 20MB)');
    expect(analyze).not.toHaveBeenCalled();
  });

  it('shows a large photo once it is read, not while the OCR decodes it', async () => {
    let resolve!: (r: ExtractionResult) => void;
    renderPanel(() => new Promise((r) => (resolve = r)));
    const photo = new File([new Uint8Array([0xff, 0xd8])], 'photo.jpg', { type: 'image/jpeg' });
    Object.defineProperty(photo, 'size', { value: 4 * 1024 * 1024 });
    chooseFile(photo);
    expect(screen.getByTestId('analysis-spinner')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Image analysée' })).toBeNull();
    await act(async () => resolve(RESULT));
    expect(screen.getByRole('img', { name: 'Image analysée' })).toHaveAttribute('src', 'blob:preview');
  });

  it('publishes what it found, names it for 5 s, and shows the analysed image', async () => {
    jest.useFakeTimers();
    let resolve!: (r: ExtractionResult) => void;
    renderPanel(() => new Promise((r) => (resolve = r)));
    chooseFile(png());
    expect(screen.getByTestId('analysis-spinner')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image analysée' })).toHaveAttribute('src', 'blob:preview');
    await act(async () => resolve(RESULT));
    expect(screen.getByTestId('analysis-success')).toHaveTextContent('2 tâches, informations client, titre du projet');
    expect(events.map((e) => e.type)).toEqual([
      'quote/tasks-recognised',
      'quote/client-recognised',
      'quote/title-recognised',
    ]);
    expect(events[0]!.payload).toEqual({ tasks: RESULT.tasks, source: 'image' });
    // Empty client fields are not sent: they would erase what the quote already has.
    expect(events[1]!.payload).toEqual({ client: { name: 'Jean Dupont', phone: '06 12 34 56 78' }, source: 'image' });
    act(() => jest.advanceTimersByTime(5000));
    expect(screen.queryByTestId('analysis-success')).not.toBeInTheDocument();
  });

  it('says why when the quote side refuses (free quota exhausted)', async () => {
    const refuse = bus.on('quote/tasks-recognised').subscribe(() =>
      bus.emit('quote/recognition-refused', {
        reason: 'quota-exhausted',
        message: 'Vous avez atteint votre limite de devis mensuelle.',
      }),
    );
    renderPanel(async () => RESULT);
    chooseFile(png());
    await waitFor(() =>
      expect(screen.getByText('Vous avez atteint votre limite de devis mensuelle.')).toBeInTheDocument(),
    );
    expect(screen.queryByTestId('analysis-success')).not.toBeInTheDocument();
    refuse.unsubscribe();
  });

  it('reports an empty result and lets the user retry a failed analysis', async () => {
    const analyze = jest
      .fn<Promise<ExtractionResult>, [Blob]>()
      .mockResolvedValueOnce({ projectTitle: 'Projet BTP', tasks: [] })
      .mockRejectedValueOnce(
        Object.assign(new Error('Problème de connexion. Vérifiez votre connexion internet.'), {
          name: 'AnalysisError',
        }),
      )
      .mockRejectedValueOnce(new TypeError('x is undefined'))
      .mockResolvedValueOnce(RESULT);
    renderPanel(analyze);
    chooseFile(png());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent("Aucune information pertinente trouvée dans l'image"),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Problème de connexion. Vérifiez votre connexion internet.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Erreur inattendue. Réessayez avec une image plus claire'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    await waitFor(() => expect(screen.getByTestId('analysis-success')).toBeInTheDocument());
    expect(analyze).toHaveBeenCalledTimes(4);
    fireEvent.click(screen.getByRole('button', { name: 'Choisir une image' })); // still usable
  });

  it('closes the error box', async () => {
    renderPanel(async () => ({ projectTitle: '', tasks: [] }));
    chooseFile(png());
    await waitFor(() => expect(screen.getByRole('alert')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('maps a refused camera permission to the spec message', async () => {
    const getUserMedia = jest
      .fn()
      .mockRejectedValue(Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' }));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    renderPanel(jest.fn());
    fireEvent.click(screen.getByRole('button', { name: 'Prendre une photo' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "Accès à la caméra refusé. Veuillez autoriser l'accès dans votre navigateur.",
      ),
    );
    expect(getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }),
    );
  });

  it('says when the browser has no camera API', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    renderPanel(jest.fn());
    fireEvent.click(screen.getByRole('button', { name: 'Prendre une photo' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent("La caméra n'est pas supportée par votre navigateur."),
    );
  });
});

describe('ImagePanel handed over from the shell placeholder (issue 14)', () => {
  it('analyses the file already chosen on the placeholder', async () => {
    const analyze = jest.fn().mockResolvedValue(RESULT);
    render(
      <UiProviders>
        <MemoryRouter>
          <ImagePanel analyzeImage={analyze} initialImage={png()} />
        </MemoryRouter>
      </UiProviders>,
    );
    await waitFor(() => expect(analyze).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('analysis-success')).toBeInTheDocument();
  });

  it('starts the OCR engine at once when « Prendre une photo » was pressed on the placeholder (decision 0205)', async () => {
    Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
    const warmUp = jest.fn();
    render(
      <UiProviders>
        <MemoryRouter>
          <ImagePanel analyzeImage={jest.fn()} warmUp={warmUp} openCameraAtOnce />
        </MemoryRouter>
      </UiProviders>,
    );
    expect(warmUp).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent("La caméra n'est pas supportée par votre navigateur.");
  });

  it('does not warm the engine up for a file handed over: its read starts the engine', async () => {
    const warmUp = jest.fn();
    const analyze = jest.fn().mockResolvedValue(RESULT);
    render(
      <UiProviders>
        <MemoryRouter>
          <ImagePanel analyzeImage={analyze} warmUp={warmUp} initialImage={png()} />
        </MemoryRouter>
      </UiProviders>,
    );
    await waitFor(() => expect(analyze).toHaveBeenCalledTimes(1));
    expect(warmUp).not.toHaveBeenCalled();
  });

  it('refuses a non-image handed over, as if chosen here', async () => {
    const analyze = jest.fn();
    render(
      <UiProviders>
        <MemoryRouter>
          <ImagePanel analyzeImage={analyze} initialImage={new File(['x'], 'notes.txt', { type: 'text/plain' })} />
        </MemoryRouter>
      </UiProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Veuillez sélectionner une image (JPG, PNG, etc.)');
    expect(analyze).not.toHaveBeenCalled();
  });
});
