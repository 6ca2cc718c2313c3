import { tasksStore } from '@atelier/storage';
import { UiProviders } from '@atelier/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';

import type { RecognitionStart } from '@atelier/ui/src/recognition-frame';

import { RecognitionSlotContent, resetRecognitionSlotForTests } from './recognition-slot';

const load = jest.fn();
jest.mock('../../federation/remotes', () => ({
  REMOTE_MODULES: { recognition: { remote: 'recognition', expose: 'RecognitionPanels', load: () => load() } },
}));
jest.mock('../../federation/remote-view', () => ({
  RemoteView: () => <p role="alert">Ce module est momentanément indisponible.</p>,
}));

const received: RecognitionStart[] = [];
function FakePanels({ start }: { start?: RecognitionStart }) {
  received.push(start ?? {});
  return (
    <div data-testid="recognition-panels">
      {start?.notes}
      <button type="button" role="tab">
        Reconnaissance vocale
      </button>
    </div>
  );
}

let resolveLoad: (() => void) | null = null;
let rejectLoad: (() => void) | null = null;

async function freshSlot() {
  resetRecognitionSlotForTests();
  received.length = 0;
  load.mockReset();
  load.mockImplementation(
    () =>
      new Promise((resolve, reject) => {
        resolveLoad = () => resolve({ default: FakePanels });
        rejectLoad = () => reject(new Error('down'));
      }),
  );
  return render(
    <UiProviders>
      <MemoryRouter>
        <RecognitionSlotContent />
      </MemoryRouter>
    </UiProviders>,
  );
}

describe('recognition slot of the home page', () => {
  beforeEach(() => {
    localStorage.clear();
    tasksStore.set([{ name: 'Pose de lavabo', unit: 'unité', price: 180 }]);
  });

  it('warns about an empty catalogue like the photo panel does (same height once loaded)', async () => {
    tasksStore.set([]);
    await freshSlot();
    expect(screen.getByText('Aucune tâche dans votre catalogue')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aller à la Gestion des Tâches' })).toHaveAttribute('href', '/tasks');
  });

  it('shows the tabs, the photo buttons and the notes box without loading mf-recognition', async () => {
    await freshSlot();
    expect(screen.getByRole('tab', { name: "Reconnaissance d'image" })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Reconnaissance vocale' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Prendre une photo' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choisir une image' })).toBeInTheDocument();
    expect(screen.getByLabelText('Vos notes')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Analyser les notes' })).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('Aucune tâche dans votre catalogue')).not.toBeInTheDocument();
  });

  it('loads the panels when the notes box is used and hands over the text and the focus', async () => {
    await freshSlot();
    const box = screen.getByLabelText('Vos notes');
    await userEvent.click(box);
    expect(load).toHaveBeenCalledTimes(1);
    await userEvent.type(box, 'carrelage 12 m2');
    await userEvent.click(screen.getByRole('button', { name: 'Analyser les notes' }));
    expect(screen.getByRole('button', { name: 'Analyse en cours...' })).toBeDisabled();
    act(() => resolveLoad?.());
    expect(await screen.findByTestId('recognition-panels')).toHaveTextContent('carrelage 12 m2');
    expect(received[0]).toMatchObject({ notes: 'carrelage 12 m2', analyseNotes: true, focusNotes: false });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('hands the focus of the notes box over', async () => {
    await freshSlot();
    await userEvent.type(screen.getByLabelText('Vos notes'), 'plinthes');
    act(() => resolveLoad?.());
    await screen.findByTestId('recognition-panels');
    expect(received[0]).toMatchObject({ notes: 'plinthes', focusNotes: true });
  });

  it('hands over the chosen tab, a chosen file and « Prendre une photo »', async () => {
    await freshSlot();
    await userEvent.click(screen.getByRole('button', { name: 'Prendre une photo' }));
    const file = new File(['x'], 'note.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('image-file-input'), { target: { files: [file] } });
    await userEvent.click(screen.getByRole('tab', { name: 'Reconnaissance vocale' }));
    expect(screen.getByRole('tab', { name: 'Reconnaissance vocale' })).toHaveAttribute('aria-selected', 'true');
    act(() => resolveLoad?.());
    await screen.findByTestId('recognition-panels');
    expect(received[0]).toMatchObject({ tab: 'voice', openCamera: true, image: file, focusNotes: false });
  });

  it('keeps the keyboard focus on the same tab when the panels replace the placeholder', async () => {
    await freshSlot();
    screen.getByRole('tab', { name: 'Reconnaissance vocale' }).focus();
    expect(load).toHaveBeenCalledTimes(1);
    act(() => resolveLoad?.());
    await screen.findByTestId('recognition-panels');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Reconnaissance vocale' })).toHaveFocus());
  });

  it('waits for a pressed button to be released: the click of « Analyser les notes » is not lost to the swap', async () => {
    await freshSlot();
    await userEvent.type(screen.getByLabelText('Vos notes'), 'carrelage 12 m2');
    const analyse = screen.getByRole('button', { name: 'Analyser les notes' });
    // The panels arrive between the press and the release.
    fireEvent.pointerDown(analyse);
    await act(async () => {
      resolveLoad?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(screen.getByTestId('recognition-placeholder')).toBeInTheDocument();
    fireEvent.pointerUp(analyse);
    fireEvent.click(analyse);
    expect(await screen.findByTestId('recognition-panels')).toHaveTextContent('carrelage 12 m2');
    expect(received.at(-1)).toMatchObject({ notes: 'carrelage 12 m2', analyseNotes: true });
  });

  it('shows the unavailable fallback when mf-recognition cannot load', async () => {
    await freshSlot();
    await userEvent.click(screen.getByRole('tab', { name: 'Reconnaissance vocale' }));
    act(() => rejectLoad?.());
    expect(await screen.findByRole('alert')).toHaveTextContent('momentanément indisponible');
  });

  it('starts loading when the pointer moves over it, before any click', async () => {
    await freshSlot();
    const placeholder = screen.getByTestId('recognition-placeholder');
    fireEvent.pointerMove(placeholder);
    fireEvent.pointerMove(placeholder);
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    act(() => resolveLoad?.());
    expect(await screen.findByTestId('recognition-panels')).toBeInTheDocument();
    expect(received).toHaveLength(1);
  });

  it('does not load when the section merely appears under a resting pointer (pointerover/enter, no move)', async () => {
    await freshSlot();
    const placeholder = screen.getByTestId('recognition-placeholder');
    fireEvent.pointerOver(placeholder);
    fireEvent.pointerEnter(placeholder);
    fireEvent.mouseOver(placeholder);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(load).not.toHaveBeenCalled();
    expect(placeholder).toBeInTheDocument();
  });
});
