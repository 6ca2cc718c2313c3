import { bus, type EventEnvelope } from '@atelier/bus';
import type { ExtractionResult } from '@atelier/domain';
import { tasksStore, voiceStateStore } from '@atelier/storage';
import { UiProviders } from '@atelier/ui';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';

import { VoicePanel } from './voice-panel';

/** Scripted Web Speech API recogniser, like Chrome's: cumulative results, `end` after stop. */
class FakeRecognition {
  static last: FakeRecognition | null = null;
  static failStart = false;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((e: unknown) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  starts = 0;
  start() {
    if (FakeRecognition.failStart) throw new Error('InvalidStateError');
    this.starts++;
    FakeRecognition.last = this;
  }
  stop() {
    this.onend?.();
  }
  abort() {}
  emit(list: [string, boolean][]) {
    const results = list.map(([t, isFinal]) => Object.assign([{ transcript: t }], { isFinal }));
    this.onresult?.({ resultIndex: 0, results });
  }
}

const RESULT: ExtractionResult = {
  projectTitle: 'Travaux Peinture',
  tasks: [{ name: 'Peinture plafond', quantity: 25, unit: 'm2' }],
};

function renderPanel(analyzeText: (text: string) => Promise<ExtractionResult>) {
  return render(
    <UiProviders>
      <MemoryRouter>
        <VoicePanel analyzeText={analyzeText} />
      </MemoryRouter>
    </UiProviders>,
  );
}

const w = window as unknown as Record<string, unknown>;
let events: EventEnvelope[];
let sub: { unsubscribe(): void };

beforeEach(() => {
  localStorage.clear();
  voiceStateStore.set({ transcript: '', isMuted: false });
  tasksStore.set([{ name: 'Peinture plafond', unit: 'm2', price: 28 }]);
  FakeRecognition.last = null;
  FakeRecognition.failStart = false;
  w.webkitSpeechRecognition = FakeRecognition;
  // No audio device in jsdom: the level animation is skipped, dictation still works.
  Object.defineProperty(navigator, 'mediaDevices', {
    value: { getUserMedia: jest.fn().mockRejectedValue(new TypeError('no audio')) },
    configurable: true,
  });
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  events = [];
  sub = bus.all().subscribe((e) => events.push(e));
});

afterEach(() => {
  delete w.webkitSpeechRecognition;
  delete w.SpeechRecognition;
  sub.unsubscribe();
  jest.restoreAllMocks();
});

async function startListening() {
  fireEvent.click(screen.getByRole('button', { name: "Démarrer l'écoute" }));
  await waitFor(() => expect(screen.getByRole('button', { name: "Arrêter l'écoute" })).toBeInTheDocument());
  return FakeRecognition.last!;
}

describe('VoicePanel', () => {
  it('listens in French, continuously, with interim results, and analyses the dictation once stopped', async () => {
    const analyze = jest.fn().mockResolvedValue(RESULT);
    renderPanel(analyze);
    const rec = await startListening();
    expect([rec.lang, rec.continuous, rec.interimResults]).toEqual(['fr-FR', true, true]);
    act(() => rec.emit([['peinture plafond', false]]));
    expect(screen.getByText('peinture plafond')).toBeInTheDocument(); // interim text shown while listening
    expect(screen.queryByRole('button', { name: 'Analyse' })).not.toBeInTheDocument();
    act(() => rec.emit([['peinture plafond vingt-cinq mètres carrés', true]]));
    fireEvent.click(screen.getByRole('button', { name: "Arrêter l'écoute" }));
    expect(screen.getByLabelText('Texte reconnu')).toHaveValue('peinture plafond vingt-cinq mètres carrés');
    expect(voiceStateStore.get().transcript).toBe('peinture plafond vingt-cinq mètres carrés');
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(screen.getByTestId('analysis-success')).toHaveTextContent('1 tâche, titre du projet'));
    expect(analyze).toHaveBeenCalledWith('peinture plafond vingt-cinq mètres carrés');
    expect(events[0]).toMatchObject({
      type: 'quote/tasks-recognised',
      payload: { source: 'voice', tasks: RESULT.tasks },
    });
  });

  it('keeps listening after a silence ends the session, keeping the earlier text', async () => {
    renderPanel(jest.fn());
    const rec = await startListening();
    act(() => rec.emit([['projet cuisine', true]]));
    act(() => rec.onend?.()); // Chrome ends a session after a silence
    expect(rec.starts).toBe(2);
    act(() => rec.emit([['client Jean Dupont', true]]));
    fireEvent.click(screen.getByRole('button', { name: "Arrêter l'écoute" }));
    expect(screen.getByLabelText('Texte reconnu')).toHaveValue('projet cuisine client Jean Dupont');
  });

  it('says when nothing was heard', async () => {
    renderPanel(jest.fn());
    await startListening();
    fireEvent.click(screen.getByRole('button', { name: "Arrêter l'écoute" }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Aucun texte détecté. Veuillez réessayer.');
  });

  it('maps a refused microphone and a failed start to the spec messages', async () => {
    renderPanel(jest.fn());
    const rec = await startListening();
    act(() => rec.onerror?.({ error: 'not-allowed' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Microphone non disponible. Vérifiez les permissions de votre navigateur.',
    );
    act(() => rec.stop());
    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    FakeRecognition.failStart = true;
    fireEvent.click(screen.getByRole('button', { name: "Démarrer l'écoute" }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Impossible de démarrer la reconnaissance vocale. Vérifiez les permissions du microphone.',
    );
  });

  it('does not take results while muted and remembers the mute flag', async () => {
    renderPanel(jest.fn());
    const rec = await startListening();
    fireEvent.click(screen.getByRole('button', { name: 'Couper le micro' }));
    expect(voiceStateStore.get().isMuted).toBe(true);
    act(() => rec.emit([['ne pas noter ceci', true]]));
    expect(screen.queryByDisplayValue(/ne pas noter/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Réactiver le micro' }));
    expect(voiceStateStore.get().isMuted).toBe(false);
  });

  it('restores the saved transcript and clears it on demand', () => {
    voiceStateStore.set({ transcript: 'pose de lavabo', isMuted: false });
    renderPanel(jest.fn());
    expect(screen.getByLabelText('Texte reconnu')).toHaveValue('pose de lavabo');
    fireEvent.click(screen.getByRole('button', { name: 'Effacer le texte' }));
    expect(voiceStateStore.get().transcript).toBe('');
    expect(screen.queryByLabelText('Texte reconnu')).not.toBeInTheDocument();
  });

  it('lets an unsupported browser type or paste the notes and analyse them', async () => {
    delete w.webkitSpeechRecognition;
    const analyze = jest.fn().mockResolvedValue(RESULT);
    renderPanel(analyze);
    expect(screen.getByText(/Chrome, Edge ou Safari/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Aucun texte détecté. Veuillez réessayer.');
    fireEvent.change(screen.getByLabelText('Saisissez ou collez vos notes'), {
      target: { value: 'Peinture plafond 25 m2' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Analyse' }));
    await waitFor(() => expect(screen.getByTestId('analysis-success')).toBeInTheDocument());
    expect(analyze).toHaveBeenCalledWith('Peinture plafond 25 m2');
  });
});
